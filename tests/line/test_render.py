"""What players see of the bot's messages on LINE: texts stay texts, menus are bubbles of postback buttons
that never echo a choice into the chat, nothing breaks LINE's limits (so no reply is refused), the lobby
offers the add-friend link, and in free mode the group always has 「進行」 and the way into the 1:1 chat."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest
from linebot.v3.messaging.models import Message

from core.engine.notice import Action
from handlers import menu, taps
from handlers.line import render
from handlers.line.render import Links, fit, messages, size_of
from handlers.messages import Button, Link, OutMessage, Tap
from handlers.textunits import units

GROUP = "line:C1234567890abcdef1234567890abcdef"
ROOM = "line:R1234567890abcdef1234567890abcdef"
USER = "line:U1234567890abcdef1234567890abcdef"
BASIC_ID = "@123abcde"
FREE = Links(basic_id=BASIC_ID, free_mode=True)
PUSH = Links(basic_id=BASIC_ID, free_mode=False)


def vote_menu(players: int, locale: str = "ja") -> tuple[tuple[Button, ...], ...]:
    actions = [Action(kind="vote", args=(seat,)) for seat in range(1, players + 1)]
    actions.append(Action(kind="vote", args=("none",)))
    names = {seat: f"プレイヤー{seat}" for seat in range(1, players + 1)}
    return menu.build(
        actions, None, game_id="g1a2b3c4", phase_seq=12, locale=locale, game="adazakura", names=names
    )


def lobby(locale: str = "ja") -> OutMessage:
    join = Button("参加する", Tap(game_id="g1a2b3c4", phase_seq=None, action=Action(kind="join")))
    return OutMessage(chat_id=GROUP, text="参加者を募集しています。", buttons=((join,),), locale=locale)


def buttons_of(obj: dict[str, Any]) -> list[dict[str, Any]]:
    footer = obj["contents"].get("footer", {"contents": []})
    return [component["action"] for component in footer["contents"]]


def body_texts(obj: dict[str, Any]) -> list[str]:
    return [component["text"] for component in obj["contents"].get("body", {"contents": []})["contents"]]


def actions_in(obj: dict[str, Any]) -> list[dict[str, Any]]:
    found = buttons_of(obj) if obj["type"] == "flex" else []
    return found + [item["action"] for item in obj.get("quickReply", {}).get("items", [])]


def assert_within_limits(objects: list[dict[str, Any]]) -> None:
    """LINE's limits (Messaging API reference), so the reply is not refused with 400."""
    assert 1 <= len(objects) <= 5
    for obj in objects:
        assert Message.from_dict(obj).to_dict() == obj  # the SDK's models know every field, none dropped
        if obj["type"] == "text":
            assert 1 <= units(obj["text"]) <= 5000
        else:
            assert 1 <= units(obj["altText"]) <= 400
            assert size_of(obj["contents"]) <= 30_000
            assert all(units(action["label"]) <= 40 for action in buttons_of(obj))
        items = obj.get("quickReply", {}).get("items", [])
        assert len(items) <= 13
        assert all(units(item["action"]["label"]) <= 20 for item in items)
        assert all(len(a["data"]) <= 300 for a in actions_in(obj) if a["type"] == "postback")
    assert all("quickReply" not in obj for obj in objects[:-1])


def test_a_plain_text_stays_a_text_message() -> None:
    objects = messages([OutMessage(chat_id=USER, text="あなたは「ユリナ」です。")], FREE)
    assert objects == [{"type": "text", "text": "あなたは「ユリナ」です。"}]


def test_a_vote_menu_is_a_bubble_of_secret_postbacks_that_come_back_as_the_same_taps() -> None:
    rows = vote_menu(8)
    [obj] = messages([OutMessage(chat_id=USER, text="投票先を選んでください。", buttons=rows)], FREE)
    assert obj["type"] == "flex"
    assert body_texts(obj) == ["投票先を選んでください。"]
    actions = buttons_of(obj)
    drawn = [button for row in rows for button in row]
    assert [a["label"] for a in actions] == [b.label for b in drawn]
    assert [taps.decode(a["data"], max_bytes=300) for a in actions] == [b.tap for b in drawn]
    # Nothing a tap would say in the chat: the group must not see who voted for whom.
    assert all(set(a) == {"type", "label", "data"} for a in actions)
    assert_within_limits([obj])


def test_a_sixteen_player_vote_shows_every_choice_within_the_limits() -> None:
    objects = messages([OutMessage(chat_id=GROUP, text="投票の時間です。", buttons=vote_menu(16))], FREE)
    assert_within_limits(objects)
    assert len(buttons_of(objects[-1])) == 17


def test_a_12000_character_text_arrives_whole_in_three_messages() -> None:
    text = "\n".join(f"{line}行目: 夜が明けました。昨夜の出来事をお知らせします。" for line in range(400))
    assert units(text) > 12_000
    objects = messages([OutMessage(chat_id=USER, text=text)], FREE)
    assert_within_limits(objects)
    assert len(objects) == 3
    assert "\n".join(obj["text"] for obj in objects) == text


def test_a_long_text_with_buttons_keeps_its_buttons_under_the_end_of_the_text() -> None:
    text = "あ" * 7000
    objects = messages([OutMessage(chat_id=USER, text=text, buttons=vote_menu(4))], FREE)
    assert_within_limits(objects)
    assert [obj["type"] for obj in objects] == ["text", "flex"]
    assert objects[0]["text"] + body_texts(objects[1])[0] == text
    assert len(buttons_of(objects[1])) == 5


def test_what_does_not_fit_in_one_reply_is_left_for_the_next() -> None:
    long = OutMessage(chat_id=USER, text="\n".join(["い" * 100] * 120))  # 12 119 characters: 3 messages
    batch = [long, OutMessage(chat_id=USER, text="次のお知らせ"), long]
    assert fit(batch) == 2
    objects = messages(batch, FREE)
    assert_within_limits(objects)
    assert objects[-1]["text"] == "次のお知らせ"
    assert_within_limits(messages(batch[fit(batch) :], FREE))


def test_a_single_text_too_long_for_one_reply_is_cut_with_a_note() -> None:
    objects = messages([OutMessage(chat_id=USER, text="う" * 40_000)], FREE)
    assert_within_limits(objects)
    assert objects[-1]["text"].endswith("(長すぎるため、ここから先は省略しました)")


def test_extreme_buttons_are_cut_with_a_note_and_the_bubble_still_fits() -> None:
    label = "とても長い名前のプレイヤー" * 5
    many = [
        Button(
            label,
            Tap(
                game_id="Zz9_-Zz9_-Zz",
                phase_seq=999_999,
                action=Action(kind="pick", args=(f"o{n:02d}" * 90,)),
            ),
        )
        for n in range(40)
    ]
    message = OutMessage(chat_id=USER, text="え" * 5000, buttons=tuple((b,) for b in many))
    objects = messages([message], FREE)
    assert_within_limits(objects)
    shown = buttons_of(objects[-1])
    assert 0 < len(shown) < render.MAX_BUTTONS  # the 30 KB, not the count, stops this list
    assert (
        body_texts(objects[-1])[-1] == f"ボタンが多すぎるため、ほかの{40 - len(shown)}個は表示していません。"
    )
    assert all(action["label"].endswith("…") for action in shown)


def test_a_list_too_long_for_a_phone_screen_shows_30_buttons_and_says_how_many_are_missing() -> None:
    message = OutMessage(chat_id=USER, text="選んでください。", buttons=vote_menu(39))
    [obj] = messages([message], FREE)
    assert len(buttons_of(obj)) == render.MAX_BUTTONS == 30
    assert body_texts(obj)[-1] == "ボタンが多すぎるため、ほかの10個は表示していません。"


def test_the_lobby_offers_the_join_postback_and_the_add_friend_link() -> None:
    [obj] = messages([lobby()], PUSH)
    join, friend = buttons_of(obj)
    assert taps.decode(join["data"], max_bytes=300).action.kind == "join"
    assert "displayText" not in join
    assert friend == {
        "type": "uri",
        "label": "ボットを友だち追加",
        "uri": "https://line.me/R/ti/p/%40123abcde",
    }
    assert_within_limits([obj])


def test_without_a_basic_id_the_lobby_has_only_the_join_postback() -> None:
    [obj] = messages([lobby()], Links(basic_id=None, free_mode=False))
    assert [action["type"] for action in buttons_of(obj)] == ["postback"]


@pytest.mark.parametrize("chat", [GROUP, ROOM])
def test_a_free_mode_group_batch_ends_with_progress_and_the_way_into_the_1_1_chat(chat: str) -> None:
    batch = [
        OutMessage(chat_id=chat, text="夜になりました。"),
        OutMessage(chat_id=chat, text="投票", buttons=vote_menu(5)),
    ]
    objects = messages(batch, FREE)
    assert_within_limits(objects)
    progress, private = [item["action"] for item in objects[-1]["quickReply"]["items"]]
    assert progress == {"type": "postback", "label": "進行", "data": render.NUDGE, "displayText": "進行"}
    assert private["label"] == "個別トークを開く"
    assert private["uri"] == "https://line.me/R/oaMessage/%40123abcde/?%E8%87%AA%E5%88%86%E3%81%AE%E7%95%AA"
    assert unquote(private["uri"].split("?", 1)[1]) == "自分の番"


def test_without_a_basic_id_the_group_still_gets_progress() -> None:
    objects = messages([OutMessage(chat_id=GROUP, text="朝です。")], Links(basic_id=None, free_mode=True))
    assert [item["action"]["data"] for item in objects[-1]["quickReply"]["items"]] == [render.NUDGE]


@pytest.mark.parametrize(
    ("chat", "links", "quick_reply_ok"),
    [(USER, FREE, True), (GROUP, PUSH, True), (GROUP, FREE, False)],
    ids=["private chat", "push mode", "caller said no"],
)
def test_private_push_mode_or_refused_batches_carry_no_quick_reply(
    chat: str, links: Links, quick_reply_ok: bool
) -> None:
    objects = messages([OutMessage(chat_id=chat, text="お知らせ")], links, quick_reply_ok=quick_reply_ok)
    assert all("quickReply" not in obj for obj in objects)


def test_english_games_get_english_labels() -> None:
    group = messages([OutMessage(chat_id=GROUP, text="Night falls.", locale="en")], FREE)
    progress, private = [item["action"] for item in group[-1]["quickReply"]["items"]]
    assert (progress["label"], progress["displayText"], private["label"]) == (
        "Continue",
        "Continue",
        "Open 1:1 chat",
    )
    assert private["uri"].endswith("/?My%20turn")
    [obj] = messages([lobby(locale="en")], PUSH)
    assert buttons_of(obj)[1]["label"] == "Add bot as a friend"
    assert_within_limits(group)
    assert_within_limits([obj])


def test_nothing_to_show_renders_nothing() -> None:
    assert messages([OutMessage(chat_id=USER, text="")], FREE) == []
    assert messages([], FREE) == []


def test_a_text_with_a_link_ends_in_a_bubble_with_its_uri_action_within_the_limits() -> None:
    page = Link(label="結果表を開く", url="https://example.lambda-url.ap-northeast-1.on.aws/recap/g1?t=abc")
    short = messages([OutMessage(chat_id=GROUP, text="🏁 ゲーム終了！", link=page)], PUSH)
    assert_within_limits(short)
    assert [obj["type"] for obj in short] == ["flex"]
    assert body_texts(short[0]) == ["🏁 ゲーム終了！"]
    assert buttons_of(short[0]) == [{"type": "uri", "label": page.label, "uri": page.url}]
    text = "あ" * 7000
    assert fit([OutMessage(chat_id=GROUP, text=text, link=page)]) == 1
    long = messages([OutMessage(chat_id=GROUP, text=text, link=page)], PUSH)
    assert_within_limits(long)
    assert [obj["type"] for obj in long] == ["text", "flex"], "the link under the end of the text"
    assert long[0]["text"] + body_texts(long[1])[0] == text
    assert buttons_of(long[1])[-1]["uri"] == page.url


def test_fold_joins_runs_of_plain_texts_and_leaves_buttons_and_links_their_own() -> None:
    page = Link(label="振り返り", url="https://example.com/recap/g1")
    linked = OutMessage(chat_id=GROUP, text="結果", link=page)
    texts = [OutMessage(chat_id=GROUP, text=f"{day}日目") for day in range(1, 8)]
    batch = [linked, *texts[:4], lobby(), *texts[4:]]

    folded = render.fold(batch)

    assert fit(batch) < len(batch)
    assert folded == [
        linked,
        OutMessage(chat_id=GROUP, text="1日目\n\n2日目\n\n3日目\n\n4日目"),
        lobby(),
        OutMessage(chat_id=GROUP, text="5日目\n\n6日目\n\n7日目"),
    ]
    assert fit(folded) == len(folded)
