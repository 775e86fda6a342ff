"""The steps of ``decide`` for 政治家人狼 open rule (``politician.md``): the start, the options, each phase's
deadline, the relay and a legal action; the shared skeleton is :class:`core.engine.decide.Steps`.

Pure: the input state is copied, never mutated; time comes in as ``now`` (UTC epoch seconds).
"""

from __future__ import annotations

from core.engine import afterlife, lobby
from core.engine.decide import Steps
from core.engine.notice import Action
from core.engine.result import Rejected
from core.games.politician import day as day_flow
from core.games.politician import lottery, settings, setup, view
from core.games.politician import night as night_flow
from core.games.politician.ctx import Ctx
from core.games.politician.legal import legal, refusal
from core.games.politician.model import PolState
from core.games.politician.roles import MAX_PLAYERS, MIN_PLAYERS
from core.games.politician.settings import option

#: Longest relayed message (collusion channel, AMB-48), in characters.
MAX_SAY = 500


def start(g: Ctx, user_id: str) -> Rejected | None:
    """§6.1-§6.2: deal the cast for the table (or the host's custom cast), announce the composition, send
    the role cards and the role check; candidacy follows once the lover's favourite is fixed."""
    s = g.s
    refused = lobby.check_start(s, user_id, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)
    if refused:
        return refused
    test_setup = s.settings.get("setup")
    if test_setup:
        s.rng.script = list(test_setup.get("rng", []))
        try:
            s.players, s.cast = setup.injected(s.members, test_setup)
        except setup.SetupError:
            return Rejected(reason="setup.invalid")
    else:
        cast = settings.cast_for(s, len(s.members))
        if cast is None or cast.players != len(s.members):
            players = cast.players if cast else 0
            return Rejected(reason="cast.mismatch", params={"players": players, "joined": len(s.members)})
        s.players, s.cast = setup.deal(s.members, s.rng, cast), cast
    g.log("GameStarted", seats=[p.role for p in s.players], cast=s.cast.model_dump())
    view.announce_deal(g)
    for p in s.players:
        view.role_card(g, p.seat)
    if setup.role_check(g):
        s.enter("role_check", now=g.now, seconds=option(s, "wakeupSeconds"))
        g.announce("role_check.start", deadline=s.deadline_at or 0)
        lover = g.holders("lover")[0]
        g.tell(lover, "favourite.prompt", actions=legal(g, lover), deadline=s.deadline_at or 0)
    else:
        day_flow.open_candidacy(g)
    return None


def clear(s: PolState) -> None:
    """What a cancel drops: the open night."""
    s.night = None


def deadline(g: Ctx) -> Rejected | None:
    """The current phase's deadline passed: the §10.8 outcome of the open prompt."""
    s = g.s
    if s.phase == "role_check":
        setup.choose_favourite(g, g.s.rng.choice(g.holders("wolf_member")), drawn=True)
        day_flow.open_candidacy(g)
    elif s.phase == "candidacy":
        day_flow.next_speaker(g, (s.speaker or 0) + 1)
    elif s.phase == "campaign":
        day_flow.start_vote(g)
    elif s.phase in ("vote", "runoff"):
        day_flow.close_round(g)
    elif s.phase == "policy_speech":
        day_flow.returns(g)
    elif s.phase == "lottery":
        lottery.timeout(g, day_flow.elect)
    elif s.phase == "night":
        end_night(g)
    else:
        return Rejected(reason="phase.stale")
    return None


def end_night(g: Ctx) -> None:
    night = g.s.night
    assert night is not None
    night_flow.resolve(g)
    day_flow.morning(g, night.n + 1)


def apply(g: Ctx, seat: int, action: Action) -> None:
    """A seat's legal action in the current phase."""
    s = g.s
    if s.phase == "role_check":
        target = action.args[0]
        assert isinstance(target, int)
        setup.choose_favourite(g, target)
        day_flow.open_candidacy(g)
    elif s.phase == "candidacy":
        day_flow.next_speaker(g, seat + 1)
    elif s.phase == "policy_speech":
        day_flow.returns(g)
    elif s.phase == "campaign":
        day_flow.ready(g, seat)
    elif s.phase in ("vote", "runoff"):
        day_flow.cast(g, seat, action)
    elif s.phase == "lottery":
        lottery.take(g, seat, int(action.args[0]), day_flow.elect)
    elif night_flow.submit(g, seat, action):
        end_night(g)


def _out(state: PolState) -> set[int]:
    """The ``ELECTED`` and ``OUT`` players, but the elected player during their policy speech: they may
    still post their statement in the group (§6.7 step 5), so nothing of the 霊界 (its words, 霊界表示's
    roles) may reach them before it ends (docs/rules/politician-decisions.md P22)."""
    out = afterlife.the_dead(state)
    if state.phase == "policy_speech" and state.elected:
        out.discard(state.elected)
    return out


def _welcome(state: PolState, seat: int) -> str:
    """The 1:1 notice of a player arriving in the 霊界, in the game's word for how they left."""
    return "afterlife.you.elected" if state.players[seat - 1].status == "elected" else "afterlife.you.out"


#: The 霊界: the ``ELECTED`` and ``OUT`` players, who watch (AMB-03, §6), while ``afterlife`` is on; with
#: ``afterlifeSees`` (霊界表示, off) each is shown every role on arrival (docs/rules/politician-decisions.md).
AFTERLIFE = afterlife.Afterlife(
    out=_out,
    enabled=lambda state: bool(option(state, "afterlife")),
    sees_option="afterlifeSees",
    sees=lambda state: bool(option(state, "afterlifeSees")),
    reveal=True,
    welcome=_welcome,
)


def say(g: Ctx, seat: int, text: str) -> Rejected | None:
    """AMB-48 (``allowCollusion``): relay ``text`` among the wolves and the lover during the role check,
    and among the active wolves at night; refused otherwise. An elected or ``OUT`` player's text goes to
    the 霊界 (``core.engine.afterlife``)."""
    s = g.s
    if not g.p(seat).alive:
        return afterlife.say(g, AFTERLIFE, text, seat=seat)
    if s.phase == "role_check":
        channel = g.holders("wolf_member") + g.holders("lover")
    elif s.phase == "night":
        channel = night_flow.wolves(g)
    else:
        channel = []
    if not option(s, "allowCollusion") or seat not in channel:
        lover_at_night = s.phase == "night" and g.p(seat).role == "lover" and option(s, "allowCollusion")
        return Rejected(reason="team.wolves_only_at_night" if lover_at_night else "team.closed")
    if len(text) > MAX_SAY:
        return Rejected(reason="input.too_long", params={"max": MAX_SAY})
    g.tell_team("team.say", [c for c in channel if c != seat], member=g.ref(seat), text=text)
    g.tell(seat, "team.sent")
    return None


def speakers(state: PolState) -> set[int] | None:
    """Seats that may post in the group now (§6.5, §10.7, AMB-49/50): the speaker during candidacy, the
    eligible voters in the campaign, the elected player during the policy speech; nobody during the role
    check, votes and nights; ``None`` (everyone) in the lobby and once the game is over."""
    if not state.players or state.is_over:
        return None
    if state.phase == "candidacy":
        return {state.speaker} if state.speaker else set()
    if state.phase == "policy_speech":
        return {state.elected} if state.elected else set()
    if state.phase == "campaign":
        return {p.seat for p in state.players if p.eligible}
    return set()


#: Phases that wait for a choice (§6.2 the lover's favourite, §6.6 ballots, §10.6 the draw, §6.9 the
#: night prompts); candidacy, campaign and policy speech are speech slots that owe nothing (§6.3-§6.5).
CHOICE_PHASES = frozenset({"role_check", "vote", "runoff", "lottery", "night"})


def pending(g: Ctx) -> set[int]:
    """Seats whose choice the phase still needs (the 30 s reminder): at night every prompted player (real
    or dummy prompt, §10.5) who has not answered (agreeing wolves have, AMB-27); in the other choice
    phases those with a legal action left: the lover before the favourite, voters without a ballot, the
    candidate whose card it is."""
    if g.s.phase == "night" and g.s.night is not None:
        return night_flow.unanswered(g)
    if g.s.phase not in CHOICE_PHASES:
        return set()
    return {seat for seat in g.seats() if legal(g, seat)}


#: Prompts whose unanswered state never counts as missed (P11): only the lover has one at the role
#: check, and a night's dummy prompts are ignored by those without a role: counting either would tell
#: roles apart in ``/status`` (§8, §10.5).
AFK_EXEMPT = frozenset({"role_check", "night"})

#: Where /extend and the /skip vote apply (P14): the campaign, the day's open discussion (§6.5;
#: §11 ``campaignSeconds`` "extend once by 60"); candidacy and the policy speech are one speaker's slots.
DISCUSSION = frozenset({"campaign"})

STEPS = Steps(
    model=PolState, ctx=Ctx, max_players=lambda _: MAX_PLAYERS, start=start, configure=settings.configure,
    deadline=deadline, query=view.query, say=say, legal=legal, refusal=refusal, apply=apply, clear=clear,
    afterlife=AFTERLIFE,
    pending=pending, discussion=DISCUSSION, afk_exempt=AFK_EXEMPT, leave=day_flow.mark_out,
    speakers=speakers,
)  # fmt: skip
