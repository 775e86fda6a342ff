"""The console page (handlers/console/static) in headless Chromium against a stubbed API.

The page is served with ``page.route`` on a made-up https origin: the three static files from disk with the
two placeholders filled in the way the console server does (the platform's SDK tag, the config JSON), and
``/console/api/{view,act,say}`` answered with View JSON written here per game (plan: issue9-plan.md, "View
JSON"). The platform SDKs are stubs routed in place of telegram.org / static.line-scdn.net. Uses the
``browser`` / ``page`` fixtures of tests/browser/conftest.py.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, Route, expect

import core.i18n as i18n

STATIC = Path(__file__).resolve().parents[2] / "handlers" / "console" / "static"
ORIGIN = "https://console.test"
SDK_TAGS = {
    "telegram": '<script src="https://telegram.org/js/telegram-web-app.js"></script>',
    "line": '<script charset="utf-8" src="https://static.line-scdn.net/liff/edge/2/sdk.js"></script>',
    "local": "",
}
TELEGRAM_STUB = """window.__calls = [];
window.Telegram = {WebApp: {
  initData: 'query_id=AAE&user=%7B%22id%22%3A42%7D&auth_date=1767225600&hash=abc',
  initDataUnsafe: {start_param: 'dn01', user: {id: 42}},
  themeParams: {bg_color: '#102030', text_color: '#f0f0f0', button_color: '#ff8800'},
  colorScheme: 'dark',
  ready() { window.__calls.push('ready'); }, expand() { window.__calls.push('expand'); },
  onEvent(name, fn) { window.__calls.push('on:' + name); window.__themeChanged = fn; }
}};"""
LIFF_STUB = """window.__calls = [];
window.liff = {
  init: async (config) => { window.__calls.push('init:' + config.liffId); },
  isLoggedIn: () => window.__loggedIn !== false,
  login: () => { window.__calls.push('login'); },
  getIDToken: () => 'stub.id.token'
};"""


def _view(game: str, **fields: Any) -> dict[str, Any]:
    base = {"game_id": "ab12cd34", "game": game, "locale": "ja", "phase_seq": 7, "now": 1767225600,
            "deadline_at": 1767225690, "seconds_left": 90, "paused": False, "over": False,
            "me": {"seat": 3, "name": "Alice", "alive": True}, "actions": [], "prompt": None, "feed": [],
            "say": None, "ui": i18n.texts("console.ui.", "ja", game)}  # fmt: skip
    return base | fields


def _leaf(label: str, kind: str, *args: Any) -> dict[str, Any]:
    return {"label": label, "action": {"kind": kind, "args": list(args)}, "children": None}


OBORO = "あなたはオボロ (桜陣営) です。\n罠: 夜に1人を選んで罠を仕掛けます。"
ADAZAKURA_NIGHT = _view(
    "adazakura", title="徒桜戦争", phase="night", phase_label="夜",
    sections=[{"id": "status", "title": "卓の様子", "text": "夜1\n生存: 1番 Bob、2番 Carol、3番 Alice"},
              {"id": "card", "title": "あなたの役", "text": OBORO}],
    prompt="夜1です。行動をボタンから選び、終わったら「完了」を押してください。",
    actions=[{"label": "罠を使う", "action": {"kind": "oboro", "args": []},
              "children": [_leaf("1番 Bob", "oboro", "trap", 1), _leaf("2番 Carol", "oboro", "trap", 2)]},
             _leaf("完了", "done")],
    feed=[{"n": 1, "text": "あなたはオボロです。", "phase_seq": 1},
          {"n": 2, "text": "夜1です。行動をボタンから選んでください。", "phase_seq": 7}],
    say={"channel": "team", "title": "仲間へのメッセージ", "placeholder": "仲間だけに届きます"},
)  # fmt: skip
DEATHNOTE_HAND = _view(
    "deathnote", title="DEATH NOTE 人狼", phase="exchange", phase_label="交換", game_id="dn01",
    sections=[{"id": "card", "title": "あなたの役", "text": "🪪 あなたは3番 Aliceです。\n身分カード: 捜査員"},
              {"id": "hand", "title": "手札", "text": "捜査2、アリバイ3"}],
    prompt="🔁 1番 Bobがあなたに交換を使いました。1番 Bobに渡すカードを1枚選んでください。",
    actions=[_leaf("捜査2", "give", "investigate2"), _leaf("アリバイ3", "give", "alibi3")],
)  # fmt: skip
ENDED = _view(
    "politician", title="政治家人狼", phase="over", phase_label="終了", over=True, seconds_left=None,
    deadline_at=None, me={"seat": 3, "name": "Alice", "alive": False},
    sections=[{"id": "card", "title": "あなたの役", "text": "あなたは政治家でした。"},
              {"id": "recap", "title": "振り返り", "text": "政治家陣営の勝ち。\n1番 Bob: 人狼"}],
)  # fmt: skip


class Stub:
    """Serves the page and answers the API for one test; records every API request."""

    def __init__(self, page: Page, view: dict[str, Any], *, platform: str = "local",
                 config: dict[str, Any] | None = None) -> None:  # fmt: skip
        self.page, self.view = page, view
        self.config = {"platform": platform} | (config or {})
        self.sdk = SDK_TAGS[platform]
        self.requests: list[dict[str, Any]] = []
        self.view_status = 200
        self.view_error: dict[str, Any] = {}
        self.hold_acts = False
        self.held: list[Route] = []
        self.act_reply: Callable[[Any], dict[str, Any]] = lambda body: {
            "ok": True, "message": "受け付けました。", "view": self.view}  # fmt: skip
        page.route(f"{ORIGIN}/**", self._serve)

    def _serve(self, route: Route) -> None:
        request = route.request
        url = urlsplit(request.url)
        if url.path == "/console":
            html = (STATIC / "index.html").read_text(encoding="utf-8")
            html = html.replace("<!--PLATFORM_SDK-->", self.sdk).replace(
                "__CONSOLE_CONFIG__", json.dumps(self.config)
            )
            route.fulfill(body=html, content_type="text/html; charset=utf-8")
        elif url.path.startswith("/console/static/"):
            name = url.path.rsplit("/", 1)[1]
            kind = "text/css" if name.endswith(".css") else "text/javascript"
            route.fulfill(body=(STATIC / name).read_text(encoding="utf-8"), content_type=kind)
        elif url.path.startswith("/console/api/"):
            self._api(route, url.path.rsplit("/", 1)[1], parse_qs(url.query))
        else:
            route.fulfill(status=404, body="")

    def _api(self, route: Route, name: str, query: dict[str, list[str]]) -> None:
        request = route.request
        body = request.post_data_json if request.method == "POST" else None
        self.requests.append({"name": name, "query": query, "auth": request.headers.get("authorization"),
                              "body": body})  # fmt: skip
        if name == "view":
            status, reply = (
                (200, self.view) if self.view_status == 200 else (self.view_status, self.view_error)
            )
            route.fulfill(status=status, json=reply)
        elif name == "act" and self.hold_acts:
            self.held.append(route)
        elif name == "act":
            route.fulfill(json=self.act_reply(body))
        else:
            route.fulfill(json={"ok": True, "message": "仲間に送りました。", "view": self.view})

    def of(self, name: str) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["name"] == name]

    def open(self, query: str = "g=ab12cd34&token=seat-token") -> None:
        self.page.goto(f"{ORIGIN}/console?{query}")


def _sdk_stub(page: Page, host: str, script: str) -> None:
    page.route(f"https://{host}/**", lambda route: route.fulfill(body=script, content_type="text/javascript"))


@pytest.fixture
def night(page: Page) -> Stub:
    stub = Stub(page, copy.deepcopy(ADAZAKURA_NIGHT))
    stub.open()
    expect(page.get_by_role("heading", name="徒桜戦争", level=1)).to_be_visible()
    return stub


def test_the_view_shows_title_phase_role_card_prompt_and_feed_newest_first(night: Stub, page: Page) -> None:
    assert page.evaluate("document.documentElement.lang") == "ja"
    expect(page.locator("#phase")).to_have_text("夜")
    expect(page.get_by_role("timer")).to_contain_text("1:30")
    expect(page.locator("#me")).to_have_text("#3 Alice")
    sections = page.locator("#sections h2")
    expect(sections).to_have_text(["あなたの役", "卓の様子"])
    expect(page.locator("#sec-card .text")).to_have_text(OBORO)
    expect(page.locator("#actions .prompt")).to_contain_text("夜1です。")
    expect(page.locator("#feed li")).to_have_text(
        ["夜1です。行動をボタンから選んでください。", "あなたはオボロです。"]
    )
    assert night.of("view")[0]["auth"] == "Seat seat-token"
    assert night.of("view")[0]["query"] == {"g": ["ab12cd34"]}


def test_server_text_is_shown_as_text_never_as_markup(page: Page) -> None:
    view = copy.deepcopy(ADAZAKURA_NIGHT)
    view["sections"][1]["text"] = '<img src=x onerror="window.__owned=1"><b>太字</b>'
    Stub(page, view).open()
    expect(page.locator("#sec-card .text")).to_have_text(view["sections"][1]["text"])
    assert page.locator("#sec-card img").count() == 0
    assert page.evaluate("window.__owned") is None


def test_the_countdown_ticks_down_locally_and_asks_again_at_zero(page: Page) -> None:
    page.clock.install(time=1767225600)
    page.clock.pause_at(1767225601)
    stub = Stub(page, _view("adazakura", title="徒桜戦争", phase="night", phase_label="夜", seconds_left=3,
                            sections=[]))  # fmt: skip
    stub.open()
    timer = page.get_by_role("timer")
    expect(timer).to_have_text("残り 0:03")
    page.clock.run_for(2000)
    expect(timer).to_have_text("残り 0:01")
    assert len(stub.of("view")) == 1
    stub.view = stub.view | {"phase": "day", "phase_label": "昼", "phase_seq": 8, "seconds_left": 60}
    with page.expect_request(f"{ORIGIN}/console/api/view?g=ab12cd34"):
        page.clock.run_for(1000)
    expect(page.locator("#phase")).to_have_text("昼")
    expect(timer).to_have_text("残り 1:00")


def test_a_long_games_countdown_shows_hours(page: Page) -> None:
    """A phase of a long game (up to 48 hours) counts down as H:MM:SS, not thousands of minutes."""
    page.clock.install(time=1767225600)
    page.clock.pause_at(1767225601)
    view = _view("werewolf", title="人狼", phase="discussion", phase_label="昼", seconds_left=43265)
    Stub(page, view | {"sections": []}).open()

    expect(page.get_by_role("timer")).to_have_text("残り 12:01:05")


def test_a_two_step_choice_opens_its_step_and_back_returns(night: Stub, page: Page) -> None:
    page.get_by_role("button", name="罠を使う").click()
    step = page.get_by_role("heading", name="罠を使う", level=2)
    expect(step).to_be_focused()
    expect(page.locator("#actions .act")).to_have_text(["1番 Bob", "2番 Carol"])
    page.get_by_role("button", name="戻る").click()
    expect(page.get_by_role("heading", name="いまできること")).to_be_focused()
    expect(page.locator("#actions .act")).to_have_text(["罠を使う", "完了"])
    assert night.of("act") == []


def test_a_double_tap_posts_one_act_with_a_client_id_and_the_answer_is_announced(
    night: Stub, page: Page
) -> None:
    night.hold_acts = True
    page.get_by_role("button", name="罠を使う").click()
    bob = page.get_by_role("button", name="1番 Bob")
    # The buttons turn disabled before the POST leaves: wait for the request itself, so the held route
    # is recorded (Playwright runs the route handler while the next call waits) before it is counted.
    with page.expect_request(lambda r: r.method == "POST" and urlsplit(r.url).path == "/console/api/act"):
        bob.dblclick()
    expect(bob).to_be_disabled()
    page.wait_for_function("() => document.querySelectorAll('#actions button:disabled').length === 3")
    assert len(night.held) == 1
    after = copy.deepcopy(ADAZAKURA_NIGHT) | {
        "actions": [_leaf("完了", "done")],
        "prompt": "罠を仕掛けました。",
    }
    night.held[0].fulfill(json={"ok": True, "message": "1番 Bobに罠を仕掛けました。", "view": after})
    notice = page.locator("#notice")
    expect(notice).to_have_attribute("aria-live", "polite")
    expect(notice).to_have_text("1番 Bobに罠を仕掛けました。")
    expect(page.locator("#actions .act")).to_have_text(["完了"])
    acts = night.of("act")
    assert len(acts) == 1
    body = acts[0]["body"]
    assert (body["g"], body["phase_seq"]) == ("ab12cd34", 7)
    assert body["action"] == {"kind": "oboro", "args": ["trap", 1]}
    assert len(body["client_id"]) >= 16
    assert acts[0]["auth"] == "Seat seat-token"


def test_a_refused_act_shows_the_reason_and_the_buttons_work_again(night: Stub, page: Page) -> None:
    stale = "その選択はもう締め切られました。"
    night.act_reply = lambda body: {
        "ok": False,
        "reason": "phase.stale",
        "message": stale,
        "view": night.view,
    }
    page.get_by_role("button", name="完了").click()
    expect(page.locator("#notice")).to_have_text(stale)
    expect(page.get_by_role("button", name="完了")).to_be_enabled()
    with page.expect_response(f"{ORIGIN}/console/api/act"):
        page.get_by_role("button", name="完了").click()
    assert len({a["body"]["client_id"] for a in night.of("act")}) == len(night.of("act")) == 2


def test_the_keyboard_reaches_a_step_and_sends_an_act(night: Stub, page: Page) -> None:
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="罠を使う")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="罠を使う")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="1番 Bob")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#notice")).to_have_text("受け付けました。")
    assert [a["body"]["action"] for a in night.of("act")] == [{"kind": "oboro", "args": ["trap", 1]}]


def test_the_say_form_posts_to_the_team_channel(night: Stub, page: Page) -> None:
    box = page.get_by_role("textbox", name="仲間へのメッセージ")
    box.fill("Bob が怪しい")
    box.press("Enter")
    expect(page.locator("#notice")).to_have_text("仲間に送りました。")
    expect(box).to_have_value("")
    (said,) = night.of("say")
    assert (said["body"]["text"], said["body"]["g"]) == ("Bob が怪しい", "ab12cd34")
    assert said["body"]["client_id"]


def test_the_executed_players_box_is_headed_as_the_last_words_to_the_group(page: Page) -> None:
    """人狼's 遺言 [WW-6.9]: the box is headed and hinted as what ``/t`` does now (the group reads it), never
    as a message to a team the player may not have."""
    view = copy.deepcopy(ADAZAKURA_NIGHT)
    say = {"channel": "group", "title": i18n.text("console.say.group.title", "ja", "werewolf"),
           "placeholder": i18n.text("console.say.group", "ja", "werewolf")}  # fmt: skip
    view.update(game="werewolf", title="人狼", phase="last_words", phase_label="遺言",
                actions=[], prompt=None, say=say)  # fmt: skip
    stub = Stub(page, view)
    stub.open()
    box = page.get_by_role("textbox", name="📜 遺言")
    expect(box).to_have_attribute("placeholder", "遺言を書く (グループに発表されます)")
    expect(page.locator("#say")).not_to_contain_text("仲間")
    box.fill("私は騎士でした")
    with page.expect_response(re.compile(r"/console/api/say")):  # the stub recorded it
        box.press("Enter")
    (said,) = stub.of("say")
    assert said["body"]["text"] == "私は騎士でした"


@pytest.mark.parametrize(
    "error", [{"error": "unauthorized", "message": "このゲームの参加者だけが開けます。"}, {}]
)
def test_a_refusal_shows_only_the_message(page: Page, error: dict[str, Any]) -> None:
    stub = Stub(page, copy.deepcopy(ADAZAKURA_NIGHT))
    stub.view_status, stub.view_error = 401, error
    stub.open()
    expected = error.get("message") or "このページを開けません"
    expect(page.get_by_role("heading", level=1)).to_contain_text(expected)
    body = page.locator("body").inner_text()
    for secret in ("徒桜戦争", "オボロ", "Alice", "罠を使う"):
        assert secret not in body
    assert page.locator("button").count() == 0


def test_a_death_note_hand_offers_the_candidate_cards(page: Page) -> None:
    stub = Stub(page, copy.deepcopy(DEATHNOTE_HAND))
    stub.open("g=dn01&token=t")
    expect(page.locator("#sec-hand .text")).to_have_text("捜査2、アリバイ3")
    expect(page.locator("#actions .act")).to_have_text(["捜査2", "アリバイ3"])
    page.get_by_role("button", name="アリバイ3").click()
    expect(page.locator("#notice")).to_have_text("受け付けました。")
    assert stub.of("act")[0]["body"]["action"] == {"kind": "give", "args": ["alibi3"]}


def test_an_ended_game_shows_the_recap_first_and_no_clock(page: Page) -> None:
    Stub(page, copy.deepcopy(ENDED)).open()
    expect(page.locator("main h2").first).to_have_text("振り返り")
    expect(page.locator("#sections h2")).to_have_text(["振り返り", "あなたの役"])
    expect(page.get_by_role("timer")).to_be_hidden()
    expect(page.locator("#me")).to_have_text("#3 Alice · 死亡")
    expect(page.locator("#actions")).to_be_hidden()


def test_in_line_the_page_uses_the_liff_id_token_and_the_game_id_from_liff_state(page: Page) -> None:
    _sdk_stub(page, "static.line-scdn.net", LIFF_STUB)
    stub = Stub(
        page, copy.deepcopy(ADAZAKURA_NIGHT), platform="line", config={"liff_id": "2000000000-abcdefgh"}
    )
    stub.open("liff.state=%3Fg%3Dab12cd34")
    expect(page.get_by_role("heading", name="徒桜戦争", level=1)).to_be_visible()
    assert page.evaluate("window.__calls") == ["init:2000000000-abcdefgh"]
    (view,) = stub.of("view")[:1]
    assert (view["auth"], view["query"]) == ("Bearer stub.id.token", {"g": ["ab12cd34"]})


def test_in_line_a_logged_out_viewer_is_sent_to_login_first(page: Page) -> None:
    page.add_init_script("window.__loggedIn = false")
    _sdk_stub(page, "static.line-scdn.net", LIFF_STUB)
    stub = Stub(
        page, copy.deepcopy(ADAZAKURA_NIGHT), platform="line", config={"liff_id": "2000000000-abcdefgh"}
    )
    stub.open("g=ab12cd34")
    page.wait_for_function("() => window.__calls.includes('login')")
    assert stub.of("view") == []


def test_in_telegram_the_page_sends_init_data_and_follows_the_theme(page: Page) -> None:
    _sdk_stub(page, "telegram.org", TELEGRAM_STUB)
    stub = Stub(page, copy.deepcopy(DEATHNOTE_HAND), platform="telegram")
    stub.open("")
    expect(page.get_by_role("heading", name="DEATH NOTE 人狼", level=1)).to_be_visible()
    assert page.evaluate("window.__calls") == ["ready", "expand", "on:themeChanged"]
    (view,) = stub.of("view")[:1]
    assert view["auth"].startswith("tma query_id=AAE&user=")
    assert view["query"] == {"g": ["dn01"]}
    background = "getComputedStyle(document.body).backgroundColor"
    assert page.evaluate(background) == "rgb(16, 32, 48)"
    page.evaluate("Telegram.WebApp.themeParams.bg_color = '#fafafa'; window.__themeChanged()")
    assert page.evaluate(background) == "rgb(250, 250, 250)"


def _feed(count: int) -> list[dict[str, Any]]:
    return [{"n": n, "text": f"メッセージ{n}", "phase_seq": 7} for n in range(1, count + 1)]


def _poll(page: Page) -> None:
    with page.expect_response(f"{ORIGIN}/console/api/view?g=ab12cd34"):
        page.evaluate("window.dispatchEvent(new Event('console-refresh'))")


@pytest.mark.parametrize(("locale", "earlier"), [("ja", "それ以前のメッセージ"), ("en", "Earlier messages")])
def test_the_feed_lists_the_newest_3_and_folds_the_rest_as_the_player_left_it(
    page: Page, locale: str, earlier: str
) -> None:
    ui = i18n.texts("console.ui.", locale, "adazakura")
    stub = Stub(page, copy.deepcopy(ADAZAKURA_NIGHT) | {"feed": _feed(30), "locale": locale, "ui": ui})
    stub.open()
    feed = page.locator("#feed")
    expect(feed.locator(":scope > ol > li")).to_have_text(["メッセージ30", "メッセージ29", "メッセージ28"])
    summary = feed.locator("details > summary")
    expect(summary).to_have_text(f"{earlier} (27)")
    expect(feed.get_by_text("メッセージ27", exact=True)).to_be_hidden()
    summary.focus()
    page.keyboard.press("Enter")
    expect(feed.get_by_text("メッセージ1", exact=True)).to_be_visible()
    stub.view = stub.view | {"feed": _feed(31)}
    _poll(page)
    expect(feed.locator(":scope > ol > li").first).to_have_text("メッセージ31")
    expect(summary).to_have_text(f"{earlier} (28)")
    expect(feed.get_by_text("メッセージ1", exact=True)).to_be_visible()
    expect(summary).to_be_focused()
    page.keyboard.press("Enter")
    expect(feed.get_by_text("メッセージ1", exact=True)).to_be_hidden()
    stub.view = stub.view | {"feed": _feed(32)}
    _poll(page)
    expect(summary).to_have_text(f"{earlier} (29)")
    expect(feed.get_by_text("メッセージ1", exact=True)).to_be_hidden()


@pytest.mark.parametrize(
    ("prompt", "message", "focused"),
    [
        (None, "受け付けました。", "#notice"),
        ("罠を仕掛けました。", "受け付けました。", "#notice"),
        (None, None, "#phase"),
    ],
)
def test_an_act_that_leaves_no_buttons_moves_focus_to_its_answer_or_else_the_phase(
    night: Stub, page: Page, prompt: str | None, message: str | None, focused: str
) -> None:
    after = copy.deepcopy(ADAZAKURA_NIGHT) | {"actions": [], "prompt": prompt}
    night.act_reply = lambda body: {"ok": True, "view": after} | ({"message": message} if message else {})
    page.get_by_role("button", name="完了").press("Enter")
    expect(page.locator("#actions button")).to_have_count(0)
    expect(page.locator(focused)).to_be_focused()
    if message:
        expect(page.locator("#notice")).to_have_text(message)
    assert page.evaluate("document.activeElement !== document.body")


def test_a_poll_that_takes_the_focused_button_away_moves_focus_to_the_phase(night: Stub, page: Page) -> None:
    page.get_by_role("button", name="完了").focus()
    night.view = copy.deepcopy(ADAZAKURA_NIGHT) | {"phase_seq": 8, "phase_label": "昼", "actions": []}
    _poll(page)
    expect(page.locator("#phase")).to_have_text("昼")
    expect(page.locator("#phase")).to_be_focused()


SPECTATING = _view(
    "werewolf", title="人狼", phase="night", phase_label="夜",
    me={"seat": None, "name": "Kai", "alive": True, "state": "spectator"},
    sections=[{"id": "status", "title": "卓の様子", "text": "夜2\n生存: 1番 Bob、2番 Carol"}],
    feed=[], read_only=True,
    afterlife=[{"n": 2001, "text": "👻 [霊界] 3番 Alice: 狼は2番", "phase_seq": 6},
               {"n": 3001, "text": "👻 [霊界] 4番 Dan: たしかに", "phase_seq": 7}],
    say={"channel": "afterlife", "title": i18n.text("console.say.afterlife.title", "ja", "werewolf"),
         "placeholder": i18n.text("console.say.afterlife", "ja", "werewolf")},
)  # fmt: skip


def test_a_spectator_reads_the_afterlife_tab_newest_first_and_writes_in_it_without_buttons(
    page: Page,
) -> None:
    stub = Stub(page, copy.deepcopy(SPECTATING))
    stub.open()
    tab = page.locator("#afterlife")
    afterlife = i18n.text("console.ui.afterlife", "ja", "werewolf")
    expect(tab.get_by_role("heading", name=afterlife)).to_be_visible()
    # One heading names the 霊界's messages; the box that writes in it has its own.
    expect(page.get_by_role("heading", name=afterlife, exact=True)).to_have_count(1)
    expect(tab.locator("li")).to_have_text(["👻 [霊界] 4番 Dan: たしかに", "👻 [霊界] 3番 Alice: 狼は2番"])
    expect(tab).to_contain_text(i18n.text("console.ui.read_only", "ja", "werewolf"))
    expect(page.locator("#actions button")).to_have_count(0)
    box = page.get_by_role("textbox", name=i18n.text("console.say.afterlife.title", "ja", "werewolf"))
    box.fill("見てるよ")
    with page.expect_response(re.compile(r"/console/api/say")):  # the stub recorded it
        box.press("Enter")
    (said,) = stub.of("say")
    assert said["body"]["text"] == "見てるよ"


def test_a_player_in_the_game_sees_no_afterlife_tab(night: Stub, page: Page) -> None:
    expect(page.locator("#afterlife")).to_be_hidden()
