"""The state of a DEATH NOTE 人狼 game (``deathnote.md`` §1.4): pydantic models, serialised to one item."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from core.engine.notice import KeyRef
from core.engine.table import TableState
from core.games.deathnote.cards import IDENTITY_ROLE, ROLE_TEAM, Team

Step = Literal["pass", "face_down", "exchange_take", "exchange_give"]
Result = Literal["L_TEAM", "KIRA_TEAM", "draw"]


class Player(BaseModel):
    """A seat (§1.4 per-player flags). ``hand``: card instance ids; ``ledger``: the private facts this seat
    has learned (``/hand`` shows them again); missed prompts: ``TableState.missed`` (``core.engine.afk``)."""

    seat: int
    user_id: str
    name: str
    identity: str
    hand: list[str] = Field(default_factory=list)
    alive: bool = True
    fake_name_used: bool = False
    alibi_used: bool = False
    exposed_l: bool = False
    ledger: list[KeyRef] = Field(default_factory=list)

    @property
    def role(self) -> str:
        """``L``, ``POLICE``, ``KIRA`` or ``FOLLOWER`` (§1.1)."""
        return IDENTITY_ROLE[self.identity]

    @property
    def team(self) -> Team:
        return ROLE_TEAM[self.role]


class Discarded(BaseModel):
    """A discard-pile entry (§1.4): ``hidden`` for an eliminated player's card (never shown)."""

    model_config = ConfigDict(frozen=True)

    card: str
    hidden: bool = False


class Choice(BaseModel):
    """An open secret step (§11.2): Investigation passes (``pass``), the Shinigami ``face_down`` step, or
    the two halves of an Exchange. ``waiting``: seats prompted; ``picks``: seat → card instance chosen."""

    step: Step
    user: int
    target: int | None = None
    direction: Literal["left", "right"] | None = None
    waiting: list[int] = Field(default_factory=list)
    picks: dict[int, str] = Field(default_factory=dict)
    #: Exchange: the card the user just took (the give-back default, §11.5).
    taken: str | None = None
    #: Exchange: the user declined the card and handed it back (``exchange_decline``).
    declined: bool = False


class Night(BaseModel):
    """An open night phase (§7, §6.10): ``writer`` = Kira when he holds the Death Note as a Judgment
    falls; ``named``: each living seat's last tap (a seat, or ``"none"`` at a Shinigami night)."""

    kind: Literal["judgment", "shinigami"]
    n: int = 0
    writer: int | None = None
    named: dict[int, int | str] = Field(default_factory=dict)


class DNState(TableState):
    """Whole game state. Phases: ``lobby``, ``start_player``, ``turn``, ``pass``, ``exchange_take``,
    ``exchange_give``, ``face_down``, ``shinigami_night``, ``judgment``, ``ended``, ``cancelled``."""

    game: str = "deathnote"
    players: list[Player] = Field(default_factory=list)
    draw: list[str] = Field(default_factory=list)
    discard: list[Discarded] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    face_down: dict[int, str] = Field(default_factory=dict)
    round: int = 0
    start_seat: int = 1
    active: int | None = None
    #: Seats still to play this round, the active one first (§4.1).
    to_play: list[int] = Field(default_factory=list)
    judgments: int = 0
    #: ``shinigami_first``: the active player played a held Shinigami before drawing and draws when the
    #: Shinigami has left (``night.resolve_shinigami``).
    late_draw: bool = False
    recognised: bool = False
    choice: Choice | None = None
    night: Night | None = None
    #: Test mode: remaining injected shuffle results, or ``"noop"`` (§1.4, §13).
    shuffles: list[list[str]] | Literal["noop"] | None = None
    result: Result | None = None
    reason: str | None = None
    winners: list[int] = Field(default_factory=list)

    def items(self) -> list[str]:
        """Every item card in a zone (the §1.4 conservation multiset)."""
        zones = [c for p in self.players for c in p.hand] + [d.card for d in self.discard]
        return zones + self.draw + self.removed + list(self.face_down.values())
