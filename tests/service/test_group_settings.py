"""Group settings (issue 8 §2): who may change them, how a wrong value is refused, and how they carry
over to the next lobby. The service on the in-memory store with a recording sender that knows the
group's administrators (the Telegram sender's ``getChatMember`` capability, :class:`ChatAdmins`)."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import core.i18n as i18n
from handlers import settingsview
from handlers.messages import Button, Inbound, Intent, Outcome, OutMessage, Tap, TextCommand
from handlers.service import Service
from infra.store import MemoryStore

GROUP = "local:-100"
NOW = 1_767_225_600
HOST, PLAYER, ADMIN, STRANGER = "local:1", "local:2", "local:9", "local:7"


class AdminAwareSender:
    """Records what is sent; ``admins`` are the group's administrators (``ChatAdmins``)."""

    def __init__(self, admins: set[str]) -> None:
        self.sent: list[OutMessage] = []
        self.admins = admins

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)

    async def is_chat_admin(self, chat_id: str, user_id: str) -> bool:
        return chat_id == GROUP and user_id in self.admins

    def last(self) -> OutMessage:
        return self.sent[-1]


class Group:
    def __init__(self, *, admins: set[str] | None = None, with_admins: bool = True) -> None:
        self.store = MemoryStore()
        self.sender: Any = AdminAwareSender(admins or {ADMIN}) if with_admins else _PlainSender()
        ids = itertools.count(1)
        self.service = Service(self.store, self.sender, new_id=lambda: f"g{next(ids)}", new_seed=lambda: 7)
        self._deliveries = itertools.count(1)

    def deliver(self, user: str, intent: Intent, *, private: bool = False) -> Outcome:
        chat = user if private else GROUP
        inbound = Inbound("local", f"d{next(self._deliveries)}", chat, private, user, user[-1], intent)
        return asyncio.run(self.service.handle(inbound, now=NOW))

    def say(self, user: str, text: str, *, private: bool = False) -> Outcome:
        name, *args = text.removeprefix("/").split()
        return self.deliver(user, TextCommand(name, tuple(args)), private=private)

    def press(self, user: str, button: Button) -> Outcome:
        return self.deliver(user, button.tap)

    def game_settings(self) -> dict[str, Any]:
        game_id = self.store.get_pointer("chat", GROUP)
        assert game_id is not None
        stored = self.store.load(game_id)
        assert stored is not None
        settings: dict[str, Any] = json.loads(stored.state)["settings"]
        return settings

    def game_locale(self) -> str:
        game_id = self.store.get_pointer("chat", GROUP)
        stored = self.store.load(game_id or "")
        assert stored is not None
        return str(json.loads(stored.state)["locale"])

    def preset(self, game: str) -> dict[str, Any]:
        record = self.store.load_group(GROUP)
        return {} if record is None else dict(record.settings.get("games", {}).get(game, {}))

    def texts(self) -> list[str]:
        return [m.text for m in self.sender.sent if m.chat_id == GROUP]


class _PlainSender:
    """A sender that cannot tell administrators (LINE)."""

    def __init__(self) -> None:
        self.sent: list[OutMessage] = []

    async def send(self, message: OutMessage) -> None:
        self.sent.append(message)


def refusal(key: str, locale: str = "ja", game: str = "adazakura", **params: Any) -> str:
    return i18n.text(f"reason.{key}", locale, game, **params)


def button(rows: tuple[tuple[Button, ...], ...], label_start: str) -> Button:
    return next(b for row in rows for b in row if b.label.startswith(label_start))


# -- who may change -------------------------------------------------------------------------------------
def test_the_host_of_the_open_lobby_may_change_a_setting() -> None:
    group = Group()
    group.say(HOST, "/newgame politician")

    group.say(HOST, "/settings politician nightSeconds 120")

    assert group.preset("politician") == {"options": {"nightSeconds": 120}}
    assert group.texts()[-1].startswith(i18n.text("settings.saved", "ja", "common"))


def test_a_group_admin_may_change_settings_without_any_game() -> None:
    group = Group()

    group.say(ADMIN, "/settings deathnote t_turn 300")

    assert group.preset("deathnote") == {"options": {"t_turn": 300}}


def test_anyone_else_is_refused_and_nothing_changes() -> None:
    group = Group()
    group.say(HOST, "/newgame politician")
    group.deliver(PLAYER, TextCommand("start", ("g1",)), private=True)

    outcome = group.say(PLAYER, "/settings politician nightSeconds 120")
    group.say(STRANGER, "/settings lang en")

    assert outcome.reason == "settings.not_allowed"
    assert group.texts()[-2:] == [refusal("settings.not_allowed")] * 2
    assert group.store.load_group(GROUP) is None


def test_the_host_of_a_finished_game_is_no_longer_allowed() -> None:
    group = Group()
    group.say(HOST, "/newgame politician")
    group.say(HOST, "/cancel")

    outcome = group.say(HOST, "/settings politician nightSeconds 120")

    assert outcome.reason == "settings.not_allowed"


def test_without_an_admin_api_only_the_host_may_change_them() -> None:
    group = Group(with_admins=False)
    assert group.say(ADMIN, "/settings lang en").reason == "settings.not_allowed"
    group.say(HOST, "/newgame adazakura")

    group.say(HOST, "/settings lang en")

    record = group.store.load_group(GROUP)
    assert record is not None
    assert record.settings["locale"] == "en"


def test_anyone_may_look_at_the_settings() -> None:
    group = Group()

    outcome = group.say(STRANGER, "/settings")

    assert outcome.result == "accepted"
    assert group.texts()[-1].startswith("⚙")


# -- validation -----------------------------------------------------------------------------------------
def test_a_value_out_of_range_is_refused_with_the_allowed_range() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings politician nightSeconds 5")

    assert outcome.reason == "option.invalid"
    assert group.texts()[-1] == refusal("option.invalid", option="nightSeconds", allowed="15-172800")
    assert group.preset("politician") == {}


def test_an_unknown_option_is_refused_with_the_games_own_reason() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings deathnote speed 3")

    assert outcome.reason == "option.unknown"
    assert "t_turn" in group.texts()[-1]


def test_a_rule_breaking_cast_is_refused_with_the_rule() -> None:
    group = Group()

    outcome = group.say(ADMIN, "/settings politician cast human_member=1 seats=4 human=3 wolf=2")

    assert outcome.reason is not None
    assert outcome.reason.startswith("cast.")
    assert group.preset("politician") == {}


def test_an_unknown_language_or_game_is_refused() -> None:
    group = Group()

    assert group.say(ADMIN, "/settings lang fr").reason == "option.invalid"
    assert group.say(ADMIN, "/settings chess speed 3").reason == "settings.usage"
    assert group.say(ADMIN, "/settings", private=True).reason == "settings.group_only"


# -- presets carry over ---------------------------------------------------------------------------------
def test_settings_apply_to_the_next_lobby_and_survive_between_games() -> None:
    group = Group()
    group.say(ADMIN, "/settings politician nightSeconds 120")
    group.say(ADMIN, "/settings politician endWhenDecided on")
    group.say(ADMIN, "/settings lang en")

    group.say(HOST, "/newgame politician")
    first = group.game_settings()
    group.say(HOST, "/cancel")
    group.say(HOST, "/newgame politician")

    expected = {"locale": "en", "options": {"nightSeconds": 120, "endWhenDecided": True}}
    assert first == expected
    assert group.game_settings() == expected
    assert group.game_locale() == "en"


def test_a_preset_belongs_to_its_game_only() -> None:
    group = Group()
    group.say(ADMIN, "/settings politician nightSeconds 120")

    group.say(HOST, "/newgame deathnote")

    assert "options" not in group.game_settings()


def test_an_option_set_in_a_lobby_becomes_the_groups_preset() -> None:
    group = Group()
    group.say(HOST, "/newgame deathnote")
    group.say(HOST, "/option max_rounds 10")
    group.say(HOST, "/cancel")

    group.say(PLAYER, "/newgame deathnote")

    assert group.preset("deathnote") == {"options": {"max_rounds": 10}}
    assert group.game_settings()["options"] == {"max_rounds": 10}


def test_a_one_game_language_is_not_kept() -> None:
    group = Group()
    group.say(HOST, "/newgame deathnote en")
    group.say(HOST, "/option max_rounds 10")

    assert group.preset("deathnote") == {"options": {"max_rounds": 10}}
    assert group.store.load_group(GROUP).settings.get("locale") is None  # type: ignore[union-attr]


def test_the_pool_of_adazakura_is_kept_like_the_lobbys_pool() -> None:
    group = Group()

    group.say(ADMIN, "/settings adazakura pool yukihi saine hagane")

    pool = group.preset("adazakura")["pool"]
    assert set(pool) == {"yatsuha", "yukihi", "saine", "hagane"}


# -- buttons --------------------------------------------------------------------------------------------
def test_buttons_lead_from_the_overview_to_a_value_and_save_it() -> None:
    group = Group()
    group.say(ADMIN, "/settings")
    overview = group.sender.last().buttons

    game_level = group.press(ADMIN, button(overview, i18n.text("game.name", "ja", "deathnote")))
    option_level = group.press(ADMIN, button(game_level.messages[0].buttons, "t_turn"))
    saved = group.press(ADMIN, button(option_level.messages[0].buttons, "240"))

    assert game_level.messages[0].edit_of == "tap"
    assert saved.ack == i18n.text("settings.saved", "ja", "common")
    assert group.preset("deathnote") == {"options": {"t_turn": 240}}
    assert "t_turn = 240" in [b.label for row in saved.messages[0].buttons for b in row]


def test_a_language_button_changes_the_language() -> None:
    group = Group()
    group.say(ADMIN, "/settings")

    outcome = group.press(ADMIN, button(group.sender.last().buttons, "English"))

    assert outcome.ack == i18n.text("settings.lang.saved", "en", "common")
    group.say(HOST, "/newgame adazakura")
    assert group.game_settings()["locale"] == "en"


def test_a_value_button_pressed_by_someone_else_is_refused() -> None:
    group = Group()
    group.say(ADMIN, "/settings deathnote")
    option_level = group.press(STRANGER, button(group.sender.last().buttons, "max_rounds"))

    outcome = group.press(STRANGER, button(option_level.messages[0].buttons, "10"))

    assert outcome.reason == "settings.not_allowed"
    assert outcome.ack == refusal("settings.not_allowed")
    assert group.preset("deathnote") == {}


def test_forged_settings_data_is_checked_on_the_server() -> None:
    group = Group()

    def tap(kind: str, *args: int | str) -> Outcome:
        forged = Tap(game_id=settingsview.TAP_GAME, phase_seq=None, action=_action(kind, args))
        return group.deliver(ADMIN, forged)

    assert tap(settingsview.SET, "deathnote", "t_turn", 5).reason == "option.invalid"
    assert tap(settingsview.SET, "deathnote", "no_such", 5).reason == "option.unknown"
    assert tap(settingsview.SET, "chess", "t_turn", 30).reason == "action.forged"
    assert tap(settingsview.LANG, "fr").reason == "action.forged"
    assert group.store.load_group(GROUP) is None


def test_every_settings_button_fits_telegrams_callback_data() -> None:
    from handlers.telegram.callback import encode

    group = Group()
    for game in ("adazakura", "politician", "deathnote", "werewolf"):
        group.say(ADMIN, f"/settings {game}")
        for row in group.sender.last().buttons:
            for option in row:
                level = group.press(ADMIN, option)
                for value_row in level.messages[0].buttons if level.messages else ():
                    for value in value_row:
                        assert encode(value.tap)


def _action(kind: str, args: tuple[int | str, ...]) -> Any:
    from core.engine.notice import Action

    return Action(kind=kind, args=args)


def test_looking_at_the_options_in_a_lobby_writes_no_preset() -> None:
    group = Group()
    group.say(HOST, "/newgame politician")

    group.say(HOST, "/option")

    assert group.store.load_group(GROUP) is None


# -- the printed preset ----------------------------------------------------------------------------------
def test_settings_preset_printed_switches_every_reading_of_the_game_and_default_takes_them_back() -> None:
    from core.games.deathnote.settings import PRINTED

    group = Group()
    group.say(ADMIN, "/settings deathnote t_turn 300")

    group.say(ADMIN, "/settings deathnote preset printed")

    assert group.preset("deathnote") == {"options": {"t_turn": 300, **PRINTED}}
    shown = group.texts()[-1]
    assert "t_judgment = 13 (裁きの時間の秒数。原作どおり)" in shown
    assert "プリセット: 原作どおり" in shown
    group.say(ADMIN, "/settings deathnote preset default")
    assert group.preset("deathnote") == {"options": {"t_turn": 300}}
    group.say(ADMIN, "/settings deathnote preset house")
    assert "default / printed / long" in group.texts()[-1]


def test_option_preset_in_a_lobby_becomes_the_preset_and_the_lobby_says_so() -> None:
    from core.games.politician.settings import PRINTED

    group = Group()
    group.say(HOST, "/newgame politician")

    group.say(HOST, "/option preset printed")

    assert group.game_settings()["options"] == PRINTED
    assert group.preset("politician") == {"options": PRINTED}
    assert "・guardSelfProtect = on (警備員が自分自身を警備できる。原作どおり)" in group.texts()[-1]
    group.say(HOST, "/option")
    assert "・プリセット: 原作どおり" in group.texts()[-1]
