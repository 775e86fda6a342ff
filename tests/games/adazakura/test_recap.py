"""The post-game recap [ADZ-11.11], [ADZ-10.3]: after the final announcement, one public message per night
and per day with the actions on their actual targets, deck operations, every ballot with its weight, and
every death with its cause, in Japanese and English; no message too long for a chat."""

from __future__ import annotations

import pytest

from core.engine import bots
from core.engine.commands import Join, StartGame
from core.engine.notice import KeyRef, Notice
from core.engine.result import Accepted
from core.engine.rng import Rng
from core.engine.table import Member
from core.games.adazakura import recap
from core.i18n import render
from tests.games.adazakura.table import RULES, Heard, Table, table

pytestmark = pytest.mark.scenario

#: Telegram splits at 4096; we promise less (recap.MAX_CHARS, with room to spare).
LIMIT = 3000
LOCALES = ("ja", "en")


def recaps(t: Table) -> list[Heard]:
    return [h for h in t.public() if h.key.startswith("recap.")]


def lines_of(heard: Heard) -> list[tuple[str, dict[str, object]]]:
    return list(heard.params["lines"])


#: 1 renri · 2 yatsuha/A · 3 yukihi/A · 4 himika · 5 shinra · 6 oboro · 7 megumi.
SEATS = "renri/- yatsuha/A yukihi/A himika/S shinra/S oboro/S megumi/S"
DECK = ["hagane", "yurina", "saine", "tokoyo", "chikage", "kururu", "saliya", "raira"]


def played() -> Table:
    """Night 0: Renri removes Hagane; Shinra looks at the deck; the Adazakura Yukihi shifts Himika's mark
    from 7 to 6 and Oboro's look at 7 onto Oboro herself (it fizzles). Day 1: Renri claims Saine; a
    three-way tie (Oboro's marked ballot weighs 0), then an empty runoff. Night 1: Oboro's kill aimed at
    3 lands on 2, the team erases 5. Day 2: seat 3 is exiled and the Sakura side wins."""
    t = table(SEATS, deck=DECK)
    t.night({5: ("night.shinra", "deck"), 4: ("night.himika", 7), 6: ("night.oboro", "learn", 7)})
    t.discuss({1: "saine"}).vote({1: 2, 4: 2, 5: 3, 6: 3, 7: 3, 2: 4, 3: 4})
    t.vote()  # the runoff: everybody abstains
    t.night({6: ("night.oboro", "kill", 3)}, kill={2: 5, 3: 5})
    t.discuss().vote({1: 3, 4: 3, 6: 3, 7: 3})
    assert (t.result, t.winners) == ("sakura", [1, 4, 5, 6, 7])
    return t


def test_adz_11_11_one_message_per_night_and_per_day_after_the_final_announcement() -> None:
    t = played()
    keys = t.said()
    assert keys.index("end.result") < keys.index("recap.night")
    assert [(h.key, h.params.get("night", h.params.get("day"))) for h in recaps(t)] == [
        ("recap.night", 0),
        ("recap.day", 1),
        ("recap.night", 1),
        ("recap.day", 2),
    ]


def test_adz_11_11_night_actions_with_their_actual_targets_and_deck_operations() -> None:
    night0 = lines_of(recaps(played())[0])
    assert night0[0] == ("recap.deck.removed.by", {"player": 1, "megami": "hagane"})
    assert ("recap.deck.look", {"player": 5, "cards": ["yurina", "saine", "tokoyo"]}) in night0
    himika = next(line for line in night0 if line[0] == "recap.act.shifted")
    assert himika == (
        "recap.act.shifted",
        {"player": 4, "megami": "himika", "action": ("action.night.himika", {"a0": 6}), "chosen": [7]},
    )
    oboro = next(line for line in night0 if line[1].get("megami") == "oboro")
    assert oboro == (
        "recap.act.fizzled",
        {
            "player": 6,
            "megami": "oboro",
            "action": ("action.night.oboro.learn", {"a0": ("option.night.oboro.learn", {}), "a1": 7}),
        },
    )


def test_adz_11_11_every_ballot_with_its_weight_and_the_sums() -> None:
    day1 = lines_of(recaps(played())[1])
    assert day1[0] == ("recap.co", {"player": 1, "megami": "saine"})
    assert day1[1] == ("recap.vote", {})
    assert ("recap.ballot", {"voter": 6, "target": 3, "weight": 0}) in day1  # Himika's mark (shifted to 6)
    assert ("recap.ballot", {"voter": 7, "target": 3, "weight": 1}) in day1  # Megumi on Day 1
    assert day1[-11:] == [
        ("recap.tally", {"player": 2, "total": 2}),
        ("recap.tally", {"player": 3, "total": 2}),
        ("recap.tally", {"player": 4, "total": 2}),
        ("recap.runoff", {}),
        *[("recap.ballot.none", {"voter": seat}) for seat in range(1, 8)],
    ]


def test_adz_11_11_deaths_with_their_causes() -> None:
    t = played()
    night1, day2 = lines_of(recaps(t)[2]), lines_of(recaps(t)[3])
    kill = ("action.night.oboro.kill", {"a0": ("option.night.oboro.kill", {}), "a1": 2})
    assert ("recap.act.shifted", {"player": 6, "megami": "oboro", "action": kill, "chosen": [3]}) in night1
    assert night1[-3:] == [
        ("recap.erasure.aimed", {"player": 5}),
        ("recap.death", {"player": 5, "cause": ("recap.cause.erasure", {})}),
        ("recap.death", {"player": 2, "cause": ("recap.cause.trap", {})}),
    ]
    assert ("recap.ballot", {"voter": 7, "target": 3, "weight": 2}) in day2  # Megumi on Day 2
    assert day2[-1] == ("recap.death", {"player": 3, "cause": ("recap.cause.exile", {})})


def test_adz_11_11_the_recap_reads_in_japanese_and_english() -> None:
    t = played()
    notices = [n for n in t.heard if n.key.startswith("recap.")]
    ja = [render(n, "ja", "adazakura") for n in notices]
    en = [render(n, "en", "adazakura") for n in notices]
    assert ja[0].splitlines()[:2] == ["振り返り: 夜0", "・1番 P1 山札からハガネを除外"]
    assert en[0].splitlines()[:2] == ["Recap: Night 0", "- seat 1 (P1) removed Hagane from the deck"]
    assert "・4番 P4 [ヒミカ] 6番 P6の票を0にする (選んだのは7番 P7、ずれて届いた)" in ja[0].splitlines()
    assert "・6番 P6 死亡 (消滅)" not in ja[2]
    assert "・5番 P5 死亡 (消滅)" in ja[2].splitlines()


def test_adz_11_11_a_segment_too_long_for_one_message_continues_in_the_next() -> None:
    line = KeyRef(key="recap.death", params={"player": KeyRef(key="recap.nothing"), "cause": "x" * 200})
    chunks = recap.split([line] * 40)
    assert len(chunks) > 1
    assert sum(len(c) for c in chunks) == 40
    assert all(sum(recap.width(x) for x in chunk) <= recap.MAX_CHARS for chunk in chunks)


def long_game(seed: int, name_length: int) -> list[Notice]:
    """A whole 16-bot game with long display names; the notices of its last step (the end)."""
    host = Member(user_id=bots.bot_user(1), name="H")
    state = RULES.new_game(game_id="g", chat_id="c", host=host, settings={}, seed=seed, now=0)
    for i in range(1, 17):
        name = (f"{i}" + "ながいなまえ" * 20)[:name_length]
        result = RULES.decide(state, Join(user_id=bots.bot_user(i), name=name), now=0)
        assert isinstance(result, Accepted)
        state = result.state
    started = RULES.decide(state, StartGame(user_id=bots.bot_user(1)), now=0)
    assert isinstance(started, Accepted)
    last: list[Notice] = []

    def keep(step: Accepted[object]) -> None:
        last[:] = step.notices

    out = bots.play_out(RULES, started.state, Rng.seeded(seed), 0, heard=started.notices, on_step=keep)
    assert out.state.phase == "ended"
    return last


@pytest.mark.parametrize("seed", [3, 11])
def test_adz_11_11_no_recap_message_of_a_long_game_is_too_long_for_a_chat(seed: int) -> None:
    notices = [n for n in long_game(seed, name_length=64) if n.to.kind == "public"]
    recap_notices = [n for n in notices if n.key.startswith("recap.")]
    assert len(recap_notices) >= 4
    for notice in notices:
        for locale in LOCALES:
            text = render(notice, locale, "adazakura")
            assert len(text) <= LIMIT, f"{notice.key} in {locale}: {len(text)} characters"
            if notice in recap_notices:  # short lines: at most three names each
                assert max(len(line) for line in text.splitlines()) <= 3 * 64 + 80


def exact_split(lines: list[KeyRef]) -> list[list[KeyRef]]:
    """The splitting rule itself, every line rendered in every locale (``recap.width``): a chunk takes the
    next line while its widths stay within ``MAX_CHARS`` less a header's worth."""
    chunks: list[list[KeyRef]] = [[]]
    size = 0
    for line in lines:
        if chunks[-1] and size + recap.width(line) > recap.MAX_CHARS - 100:
            chunks.append([])
            size = 0
        chunks[-1].append(line)
        size += recap.width(line)
    return chunks


def recap_segments(players: int, seed: int, name_length: int) -> list[list[KeyRef]]:
    """The lines of every recap segment of a whole bots game (``name_length`` > 0: 16 players named that
    long, :func:`long_game`), as ``recap.split`` was given them."""
    seen: list[list[KeyRef]] = []
    split = recap.split

    def kept(lines: list[KeyRef]) -> list[list[KeyRef]]:
        seen.append(list(lines))
        return split(lines)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(recap, "split", kept)
        if name_length:
            long_game(seed, name_length)
        else:
            start = bots.start_bot_game(RULES, players, seed=seed)
            bots.play_out(RULES, start.state, Rng.seeded(seed ^ bots.BOT_SALT), 0, heard=start.notices)
    assert seen
    return seen


@pytest.mark.parametrize(
    ("players", "seed", "name_length"),
    [(4, 1, 0), (10, 3, 0), (10, 4, 0), (16, 2, 0), (16, 3, 64), (16, 11, 64)],
)
def test_adz_11_11_a_line_s_bound_is_never_below_its_width_and_the_chunks_are_the_widths(
    players: int, seed: int, name_length: int
) -> None:
    """Over whole games, every recap line's ``bound`` (counted without rendering) is at least its rendered
    ``width``, and the chunks are those the widths make; the long names make some segments too long for
    one message, so the rendered path is taken too."""
    segments = recap_segments(players, seed, name_length)
    for lines in segments:
        for line in lines:
            assert recap.bound(line) >= recap.width(line), line
        assert recap.split(lines) == exact_split(lines)
    if name_length:
        assert any(len(recap.split(lines)) > 1 for lines in segments)


def test_adz_11_11_a_segment_the_bound_cannot_place_is_split_by_its_widths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bound only spares rendering: however loose it is, the chunks are those the widths make."""
    lines = [KeyRef(key="recap.death", params={"player": KeyRef(key="recap.nothing"), "cause": "x" * n})
             for n in range(0, 600, 20)]  # fmt: skip
    expected = exact_split(lines)
    assert len(expected) > 1
    monkeypatch.setattr(recap, "bound", lambda line: recap.MAX_CHARS)
    assert recap.split(lines) == expected
    assert recap.split(lines[:3]) == [lines[:3]]
