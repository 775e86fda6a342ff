"""Every catalog key the DEATH NOTE 人狼 code can emit exists in every language and needs only params the
code passes; every button has a label; and the catalog keeps the wording rules of ``deathnote.md`` §11.6
and §11.7 that a player would notice.

The scan (:mod:`tests.i18n.emitted`) reads the keys from the source; :mod:`tests.i18n.key_checks` holds
the rules all games share; ``test_deathnote_render.py`` renders real games on top of this.
"""

from __future__ import annotations

import pytest

from core.engine.notice import Action, CardRef, KeyRef, Param, PlayerRef, Scalar
from core.games.deathnote.cards import IDENTITY_ROLE, NUMBER, ROLE_TEAM, TARGETED, TYPES
from core.games.deathnote.legal import DECLINE, NONE, SIGNALS
from core.games.deathnote.turn import DISCARD, PLAY
from core.i18n import render_action, render_key, text
from core.i18n.catalog import card_id, catalog, locales, placeholders
from tests.i18n.emitted import scan
from tests.i18n.key_checks import missing_texts, shown_bools, unknown_params
from tests.i18n.source import calls_in, key_arg, name_of

GAME = "deathnote"
EMITTED = scan(GAME)
#: Card types a player can play (the Death Note never, §6.1).
PLAYABLE = tuple(t for t in TYPES if t != "DEATH_NOTE")
#: Every button kind of ``legal.py``: the scan finds the literal ones; ``play.<TYPE>``, ``discard`` and the
#: three argument-less signals are built from constants (``turn.PLAY``, ``turn.DISCARD``, ``legal.SIGNALS``).
KINDS = sorted({*EMITTED.kinds, *(PLAY + t for t in PLAYABLE), DISCARD, *SIGNALS})
#: Params of the sites whose params the scan cannot read (a ``**params`` dict built in the function, a
#: conditional ``params=``), as the code passes them (effects._prompt, settings.summary, night.signal,
#: recap._line).
PASSED = {
    "prompt.pass": {"hand", "seconds", "direction", "to"},
    "prompt.exchange_take": {"hand", "seconds", "player"},
    "prompt.exchange_give": {"hand", "seconds", "player", "card", "decline"},
    "prompt.face_down": {"hand", "seconds"},
    "lobby.options": {"players", "identities", "items", "options", "preset"},
    "signal.point.said": {"player"},
    "signal.yes.said": set(),
    "signal.no.said": set(),
    "signal.ask.said": set(),
    "recap.recognised": {"kira", "follower"},
    "recap.played": {"player", "card"},
    "recap.played.target": {"player", "card", "target"},
    "recap.swap": {"player", "gave", "took"},
}
#: Printed names (§1.1, §1.2).
CARD_NAMES = {
    "DEATH_NOTE": "デスノート", "ARREST": "逮捕", "FAKE_NAME": "偽名", "ALIBI": "アリバイ",
    "INVESTIGATION_LEFT": "捜査（左）", "INVESTIGATION_RIGHT": "捜査（右）", "EXCHANGE": "交換",
    "SURVEILLANCE": "監視", "APPLE": "リンゴ", "SHINIGAMI": "死神",
}  # fmt: skip
IDENTITY_NAMES = {
    "IDENT_L": "L（エル）", "IDENT_NEAR_MELLO": "L（ニア・メロ）",
    "IDENT_POLICE_SOICHIRO": "警察（夜神総一郎）", "IDENT_POLICE_TASKFORCE": "警察（特別捜査本部）",
    "IDENT_KIRA": "キラ（夜神月）", "IDENT_FOLLOWER": "信者（弥海砂）",
}  # fmt: skip
NAMES = {seat: f"P{seat}" for seat in range(1, 7)}
#: ``turn.play`` announces a targeted card in one branch and any other card in the other; the scan expands
#: both branches to every type, but a targeted card never reaches the branch without a target.
UNREACHED = {(f"play.{t}", frozenset({"player"})) for t in TARGETED}


def _ref(seat: int) -> PlayerRef:
    return PlayerRef(seat=seat, name=f"P{seat}")


def test_the_walk_finds_what_each_kind_of_emitter_says() -> None:
    wanted = {
        "identity.card", "identity.IDENT_NEAR_MELLO", "team.KIRA_TEAM", "role.KIRA.text.follower",
        "direction.right", "circle", "circle.line", "game.setup", "turn.start", "turn.drew", "turn.played",
        "play.FAKE_NAME", "play.ALIBI", "play.stuck", "play.nothing", "pile.reshuffled", "arrest.failed",
        "step.exchange_take", "prompt.face_down", "choice.locked", "passed", "exchange.received",
        "ledger.drew", "night.judgment", "night.shinigami", "night.mode.no_note",
        "night.face_down.line", "signal.point.said", "signal.text.said", "judgment.saved",
        "judgment.eliminated_l", "shinigami.returned", "game.over", "result.draw", "end.max_rounds",
        "end.l_team_one", "reveal.line", "recap.round", "recap.written.default", "recap.card_of", "hand",
        "status", "status.line.active", "status.line.idle", "phase.face_down", "phase.exchange_give",
        "phase.cancelled", "lobby.options", "composition.line", "option.line", "reason.card.arrest_l_only",
        "reason.choice.not_candidate", "reason.signal.closed", "reason.option.invalid", "reason.lobby.full",
    }  # fmt: skip
    assert wanted - set(EMITTED.keys) == set()
    assert {"pick", "give", "name", "signal.point", "start"} <= set(EMITTED.kinds)
    by_key = {site.key: site for site in EMITTED.sites}
    assert by_key["arrest.failed"].params == frozenset({"player", "left"})
    assert by_key["night.judgment"].params == frozenset({"n", "seconds", "mode", "partner", "hand"})


def test_only_deathnote_and_engine_code_is_read() -> None:
    assert not [p for p in EMITTED.trees if p.startswith(("core/games/adazakura/", "core/games/politician/"))]


def test_every_f_string_key_has_its_values_listed() -> None:
    assert EMITTED.unexpanded == []


@pytest.mark.parametrize("locale", locales())
def test_every_emitted_key_has_a_text(locale: str) -> None:
    assert missing_texts(EMITTED.sites, locale, GAME) == []


@pytest.mark.parametrize("locale", locales())
@pytest.mark.parametrize("role", sorted(ROLE_TEAM))
def test_every_role_has_a_name_and_a_help(locale: str, role: str) -> None:
    """A ``RoleRef`` (the partner's role) renders as ``role.<id>.name``; the identity card shows the text."""
    texts = catalog(locale, GAME)
    assert f"role.{role}.name" in texts
    assert f"role.{role}.text" in texts


@pytest.mark.parametrize("locale", locales())
def test_templates_name_only_params_the_code_passes(locale: str) -> None:
    assert unknown_params(EMITTED.sites, locale, GAME, passed=PASSED, unreached=UNREACHED) == {}


def test_every_site_whose_params_the_scan_cannot_read_is_listed() -> None:
    unread = {s.key for s in EMITTED.sites if s.params is None}
    assert unread - set(PASSED) == set()


@pytest.mark.parametrize("locale", locales())
def test_no_template_shows_a_bool_or_a_raw_deadline(locale: str) -> None:
    assert shown_bools(EMITTED.sites, locale, GAME) == {}
    assert [k for k, body in catalog(locale, GAME).items() if "deadline" in placeholders(body)] == []


def _learned_keys() -> set[str]:
    """Keys told through ``Ctx.learn``: the same key is kept in the ledger and shown again by ``/hand``."""
    found: set[str] = set()
    for path, tree in EMITTED.trees.items():
        if path.startswith("core/games/deathnote/"):
            calls = [c for c in calls_in(tree) if name_of(c.func) == "learn"]
            found |= {k for c in calls for k in EMITTED.strings(key_arg(c, 1, "key"), path, {})}
    return found


@pytest.mark.parametrize("locale", locales())
def test_a_private_fact_reads_the_same_later_in_hand(locale: str) -> None:
    """A fact told through ``Ctx.learn`` ends with the hand after the change on a line of its own; ``/hand``
    re-renders the fact from the ledger with that line left out (``hand`` empty), so nothing dangles."""
    learned = _learned_keys()
    assert {"passed", "surveil.result", "apple.result", "exchange.gave", "shinigami.returned"} <= learned
    texts = catalog(locale, GAME)
    assert [k for k in sorted(learned) if "{hand}" not in texts[k].splitlines()] == []
    after = KeyRef(key="hand.after", params={"cards": [CardRef(id="EXCHANGE"), CardRef(id="ALIBI")]})
    params: dict[str, Param] = {
        "player": _ref(2), "card": CardRef(id="EXCHANGE"), "gave": CardRef(id="ALIBI"),
        "got": CardRef(id="EXCHANGE"), "to": _ref(2), "source": _ref(3), "cards": [CardRef(id="ALIBI")],
        "identity": KeyRef(key="identity.IDENT_L"), "drew": "",
    }  # fmt: skip
    for key in sorted(learned):
        told = render_key(key, {**params, "hand": after}, locale, GAME)
        kept = render_key(key, {**params, "hand": ""}, locale, GAME)
        assert told.splitlines()[:-1] == kept.splitlines(), key
        assert told.splitlines()[-1] == render_key("hand.after", after.params, locale, GAME), key


def _every_action() -> list[Action]:
    """One action of every kind ``legal.py`` builds, with each argument shape it uses."""
    plays = [Action(kind=PLAY + t, args=(3,) if t in TARGETED else ()) for t in PLAYABLE]
    cards = [Action(kind=kind, args=(t,)) for kind in ("pick", "give") for t in TYPES]
    return [
        *plays, *cards, Action(kind=DISCARD, args=("ARREST",)), Action(kind="name", args=(3,)),
        Action(kind="name", args=(NONE,)), Action(kind="signal.point", args=(3,)),
        *(Action(kind=k) for k in SIGNALS), Action(kind="start", args=(3,)), Action(kind="rematch"),
        Action(kind=DECLINE), Action(kind="join"),
    ]  # fmt: skip


def test_every_action_kind_is_in_the_sample() -> None:
    assert {a.kind for a in _every_action()} == set(KINDS)


@pytest.mark.parametrize("locale", locales())
def test_every_button_renders_in_words(locale: str) -> None:
    labels = {a: render_action(a, locale, GAME, NAMES) for a in _every_action()}
    assert [a for a, label in labels.items() if not label or "{" in label or "_" in label] == []
    assert [a for a in _every_action() if a.args and a.args[0] == 3 and "P3" not in labels[a]] == []
    assert text("action.name.none", locale, GAME) == labels[Action(kind="name", args=(NONE,))]


@pytest.mark.parametrize("locale", locales())
@pytest.mark.parametrize("type_id", TYPES)
def test_a_card_button_names_the_card_as_the_hand_shows_it(locale: str, type_id: str) -> None:
    name = text(f"card.{type_id}", locale, GAME)
    assert name in render_action(Action(kind="pick", args=(type_id,)), locale, GAME, NAMES)
    assert name in render_action(Action(kind="give", args=(type_id,)), locale, GAME, NAMES)
    if type_id in PLAYABLE:
        args = (3,) if type_id in TARGETED else ()
        assert name in render_action(Action(kind=PLAY + type_id, args=args), locale, GAME, NAMES)


def test_the_names_are_the_official_ones() -> None:
    ja = catalog("ja", GAME)
    assert ja["game.name"] == "DEATH NOTE 人狼"
    assert {i: ja[f"identity.{i}"] for i in IDENTITY_ROLE} == IDENTITY_NAMES
    assert {t: ja[f"card.{t}"] for t in TYPES} == {t: f"{CARD_NAMES[t]}({NUMBER[t]})" for t in TYPES}
    en = catalog("en", GAME)
    assert en["game.name"] == "DEATH NOTE Jinro"
    assert [t for t in TYPES if not en[f"card.{t}"].endswith(f"({NUMBER[t]})")] == []


def test_a_card_can_be_typed_by_its_printed_name() -> None:
    """``/play 交換 3``: the catalog names carry the card number, which a player does not type."""
    typed = {t: [CARD_NAMES[t], text(f"card.{t}", "en", GAME).rsplit("(", 1)[0]] for t in TYPES}
    unknown = {t: [n for n in names if card_id(GAME, n) != t] for t, names in typed.items()}
    assert {t: names for t, names in unknown.items() if names} == {}


@pytest.mark.parametrize("locale", locales())
def test_the_game_has_a_name_a_summary_a_help_and_team_names(locale: str) -> None:
    texts = catalog(locale, GAME)
    wanted = ["game.name", "game.summary", "help", "team.L_TEAM", "team.KIRA_TEAM", "lobby.welcome"]
    assert [k for k in wanted if k not in texts] == []


# -- wording rules of §11.6 / §11.7 ---------------------------------------------------------------------

#: Words that would tell a denied arrest from an innocent target (§6.2, §11.6.4).
ALIBI_HINTS = {
    "ja": ("アリバイ", "キラではな", "無実", "否認"),
    "en": ("alibi", "not kira", "innocent", "denied"),
}
#: Words of waiting or progress (§11.6.2).
WAITING = {
    "ja": ("待ち", "待って", "まだ選", "あと何", "選び終え", "人が選"),
    "en": ("waiting", "still", "left to", "has chosen"),
}
#: Words that would make the Kira–Follower relay more than signals (§11.4, AMB-46).
TALK = {"ja": ("会話", "話し合", "相談"), "en": ("chat", "talk", "conversation")}


@pytest.mark.parametrize("locale", locales())
def test_a_failed_arrest_reads_the_same_whatever_the_cause(locale: str) -> None:
    """One template, with only the target and the Arrest cards left: nothing differs between an innocent
    target and Kira's Alibi, and no word hints at either."""
    body = catalog(locale, GAME)["arrest.failed"]
    assert placeholders(body) <= {"player", "left"}
    assert not any(word in body.lower() for word in ALIBI_HINTS[locale])


@pytest.mark.parametrize("locale", locales())
def test_a_judgment_morning_says_only_what_the_rules_allow(locale: str) -> None:
    texts = catalog(locale, GAME)
    assert placeholders(texts["judgment.nobody"]) == set()
    assert placeholders(texts["judgment.saved"]) == {"player"}
    assert placeholders(texts["judgment.eliminated"]) == {"player"}
    assert placeholders(texts["judgment.eliminated_l"]) == {"player", "identity"}
    assert text("card.FAKE_NAME", locale, GAME) in texts["judgment.saved"]
    mornings = [texts[k] for k in ("judgment.nobody", "judgment.saved", "judgment.eliminated")]
    assert not [m for m in mornings if any(w in m.lower() for w in WAITING[locale])]


@pytest.mark.parametrize("locale", locales())
def test_nothing_public_counts_or_names_who_is_still_choosing(locale: str) -> None:
    texts = catalog(locale, GAME)
    public = [k for k in texts if k.split(".")[0] in ("step", "phase", "judgment", "shinigami")]
    assert public
    assert [k for k in public if any(w in texts[k].lower() for w in WAITING[locale])] == []


@pytest.mark.parametrize("locale", locales())
@pytest.mark.parametrize("screen", ["night.judgment", "night.shinigami"])
def test_a_night_screen_differs_between_players_only_by_its_own_lines(locale: str, screen: str) -> None:
    """§11.2: the same screen for everyone. What a tap means (``{mode}``), the partner, Kira's view of the
    face-down cards and one's own cards are whole lines of their own; the rest is the same for all."""
    body = catalog(locale, GAME)[screen]
    own = {"mode", "partner", "table", "hand"}
    assert placeholders(body) - own <= {"n", "seconds", "laid"}
    lines = body.splitlines()
    assert [name for name in own & placeholders(body) if f"{{{name}}}" not in lines] == []
    modes = {k: t for k, t in catalog(locale, GAME).items() if k.startswith("night.mode.")}
    assert sorted(modes) == [f"night.mode.{m}" for m in ("decoy", "no_note", "swap", "write")]
    assert [k for k, t in modes.items() if placeholders(t) or "\n" in t] == []


@pytest.mark.parametrize("locale", locales())
def test_both_nights_close_with_the_same_words(locale: str) -> None:
    texts = catalog(locale, GAME)
    judgment, shinigami = texts["night.judgment"].splitlines(), texts["night.shinigami"].splitlines()
    assert judgment[-5:] == shinigami[-5:]


@pytest.mark.parametrize("locale", locales())
def test_kira_and_the_follower_only_ever_signal(locale: str) -> None:
    texts = catalog(locale, GAME)
    relay = [k for k in texts if k.startswith(("signal.", "night.", "role.KIRA.", "role.FOLLOWER."))]
    assert [k for k in relay if any(w in texts[k].lower() for w in TALK[locale])] == []
    signal = {"ja": "合図", "en": "signal"}[locale]
    assert signal in texts["role.KIRA.text.follower"]
    assert signal in texts["role.FOLLOWER.text"]


@pytest.mark.parametrize("locale", locales())
def test_l_s_help_explains_renumbering_in_player_terms(locale: str) -> None:
    """§5: the bot never asks for a number; L reads that an Arrest may count as the lowest or the highest."""
    body = catalog(locale, GAME)["role.L.text"]
    words = {"ja": ("いちばん小さい", "いちばん大きい"), "en": ("lowest", "highest")}[locale]
    assert all(word in body for word in words)


@pytest.mark.parametrize("locale", locales())
def test_optional_lines_leave_no_blank_line(locale: str) -> None:
    """A night screen without a partner or face-down table, and a ``/hand`` without partner, Fake Name
    or eliminated line, render without empty lines."""
    cards: list[Scalar] = [CardRef(id="EXCHANGE"), CardRef(id="ALIBI")]
    mine: dict[str, Param] = {"mode": KeyRef(key="night.mode.decoy"), "partner": "", "hand": cards}
    judgment = render_key("night.judgment", {"n": 1, "seconds": 45, **mine}, locale, GAME)
    face_down: dict[str, Param] = {"seconds": 30, "laid": CardRef(id="ALIBI"), "table": []}
    shinigami = render_key("night.shinigami", {**face_down, **mine}, locale, GAME)
    card: dict[str, Param] = {
        "player": _ref(2), "identity": KeyRef(key="identity.IDENT_L"), "team": KeyRef(key="team.L_TEAM"),
        "ability": [KeyRef(key="role.L.text")], "hand": cards, "partner": "", "fake_name": "",
        "eliminated": "", "learned": "",
    }  # fmt: skip
    hand = render_key("hand", card, locale, GAME).strip()
    for body in (judgment, shinigami, hand):
        assert "" not in body.splitlines(), body
    assert text("card.EXCHANGE", locale, GAME) in hand
