"""Addressed notices: what the core asks the shell to tell someone, as a catalog key plus typed params.

The core never builds sentences. A notice names its audience and carries typed parameters
(:class:`PlayerRef`, :class:`RoleRef`, :class:`FactionRef`, plain numbers and catalog keys); ``core.i18n``
renders it in the chat's language, and the platform adapter turns ``actions`` into buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from core.engine.unchecked import instance


class PlayerRef(BaseModel):
    """A seated player, rendered as "seat k (name)"."""

    model_config = ConfigDict(frozen=True)
    t: Literal["player"] = "player"
    seat: int
    name: str


@lru_cache(maxsize=4096, typed=True)
def player_ref(seat: int, name: str) -> PlayerRef:
    """``PlayerRef(seat=seat, name=name)``, one shared instance per seat and name (a reference is frozen):
    the rules name the same few players in most notices, lines and recaps, each once validated."""
    return PlayerRef(seat=seat, name=name)


class RoleRef(BaseModel):
    """A role of the game (a Megami id for adazakura), rendered by its catalog name."""

    model_config = ConfigDict(frozen=True)
    t: Literal["role"] = "role"
    id: str


class FactionRef(BaseModel):
    """A faction id (``sakura``, ``adazakura``, ``none``), rendered by its catalog name."""

    model_config = ConfigDict(frozen=True)
    t: Literal["faction"] = "faction"
    id: str


class CardRef(BaseModel):
    """A card type of a card game (DEATH NOTE 人狼's ``EXCHANGE``), rendered by its catalog name
    (``card.<id>``). Never a card instance: players only see types."""

    model_config = ConfigDict(frozen=True)
    t: Literal["card"] = "card"
    id: str


class KeyRef(BaseModel):
    """Another catalog key, rendered in place (for sub-phrases chosen by the rules)."""

    model_config = ConfigDict(frozen=True)
    t: Literal["key"] = "key"
    key: str
    params: dict[str, Param] = Field(default_factory=dict)


Ref = Annotated[PlayerRef | RoleRef | FactionRef | CardRef | KeyRef, Field(discriminator="t")]
#: The reference first: pydantic's smart union then takes a reference instance in 0.6 us instead of 4 us
#: (``bool | int | str | Ref``; an int takes 0.6 us instead of 0.3); the values accepted and what they
#: become are the same in either order (each input matches one member exactly).
Scalar = Ref | bool | int | str
Param = Scalar | list[Scalar]
KeyRef.model_rebuild()


class Action(BaseModel):
    """One legal action: ``kind`` (e.g. ``vote``, ``night.shinra``, ``kill``, ``done``) and its arguments.

    Arguments are seat numbers (int) or option ids (str). Legality is exact membership in
    ``legal_actions(state, seat)``, so two equal actions are interchangeable.
    """

    model_config = ConfigDict(frozen=True)
    kind: str
    args: tuple[int | str, ...] = ()

    def __eq__(self, other: object) -> bool:
        """Pydantic's comparison (same class, same field values) without its generic steps: the legality
        check compares a tap with the legal actions one by one."""
        if type(other) is not Action:
            return super().__eq__(other)
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    @staticmethod
    @lru_cache(maxsize=8192, typed=True)  # the cache itself is the method: no call in between
    def of(kind: str, *args: int | str) -> Action:
        """``Action(kind=kind, args=args)``, one shared instance per ``(kind, args)`` (an action is frozen):
        the legal-action lists of every seat in every state reuse it instead of validating a new one
        (``typed``: ``1`` and ``True`` stay different arguments)."""
        return Action(kind=kind, args=args)


class Audience(BaseModel):
    """Who may read a notice.

    ``public``: the group chat. ``seat``: the listed seats' 1:1 chats. ``team``: the listed seats, as the
    Adazakura team channel. ``user``: the 1:1 chat of the platform user ``user_id`` (a lobby member, a
    spectator; only this kind names ``user_id``). ``afterlife``: the 霊界 (``core.engine.afterlife``): the
    listed seats, all out of the table, plus every spectator of the game, which the shell adds when it
    renders (``TableState.spectators``); ``sender``, the user id of who wrote it (None for none): their
    words are theirs to read (the console's 霊界 tab, ``handlers.console.feed``) but their chat is not sent
    an echo (the sender is told ``afterlife.sent`` apart).
    """

    model_config = ConfigDict(frozen=True)
    kind: Literal["public", "seat", "team", "user", "afterlife"]
    seats: tuple[int, ...] = ()
    user_id: str | None = None
    sender: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _stored_sender(cls, data: object) -> object:
        """A 霊界 audience stored before ``sender`` existed (the game's history) named its sender in
        ``user_id``: read it as the sender."""
        if isinstance(data, dict) and data.get("kind") == "afterlife" and data.get("user_id"):
            return {**data, "user_id": None, "sender": data.get("sender") or data["user_id"]}
        return data

    @model_serializer(mode="wrap")
    def _without_no_sender(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        """As stored: ``sender`` only where there is one (every other audience stays as it was)."""
        data: dict[str, object] = handler(self)
        if data.get("sender") is None:
            data.pop("sender", None)
        return data


PUBLIC = Audience(kind="public")


@lru_cache(maxsize=1024)
def to_seat(*seats: int) -> Audience:
    """The 1:1 chats of ``seats`` (one shared instance per seats: an audience is frozen)."""
    return Audience(kind="seat", seats=tuple(seats))


def to_team(seats: list[int]) -> Audience:
    return Audience(kind="team", seats=tuple(seats))


def to_afterlife(seats: list[int], *, sender: str | None) -> Audience:
    """The 霊界: ``seats`` (out of the table, the sender's own seat not among them) and the game's
    spectators; ``sender``, the user id of who wrote it (see :class:`Audience`)."""
    return Audience(kind="afterlife", seats=tuple(sorted(seats)), sender=sender)


def to_user(user_id: str) -> Audience:
    return Audience(kind="user", user_id=user_id)


class Notice(BaseModel):
    """A message to render: catalog ``key``, ``to`` whom, typed ``params``, and ``actions`` as buttons.

    ``prompt`` names the phase the buttons belong to (``phase_seq``) so stale taps can be refused.
    ``silent``: deliver without a notification sound where the platform allows it (DEATH NOTE 人狼's
    night relay, ``deathnote.md`` §11.4: a buzzing phone must not betray anyone).
    ``slot``: a group notice that replaces the chat's previous message of the same slot where the
    platform can edit messages (e.g. ``"countdown"``: one status message whose text is updated, Telegram
    ``editMessageText``); ``None`` (default): an ordinary new message. Platforms without editing (LINE)
    send it as a new message.
    """

    key: str
    to: Audience
    params: dict[str, Param] = Field(default_factory=dict)
    actions: list[Action] = Field(default_factory=list)
    phase_seq: int | None = None
    silent: bool = False
    slot: str | None = None

    @classmethod
    def unchecked(
        cls,
        key: str,
        to: Audience,
        params: Mapping[str, Param | tuple[Scalar, ...]],
        actions: list[Action] | None = None,
        *,
        phase_seq: int | None = None,
        silent: bool = False,
    ) -> Notice:
        """``Notice(key=…, to=…, params=…, actions=…, phase_seq=…, silent=…)`` without validation, for the
        notices ``TableCtx`` makes on every input (:mod:`core.engine.unchecked`): the same values as
        validation gives (``params`` in a new dict; a list or tuple param as a new list, as validation makes
        it; ``actions`` as a new list; no ``slot``). ``params`` must hold values of the declared types."""
        values = {name: list(v) if type(v) is list or type(v) is tuple else v for name, v in params.items()}
        fields = {
            "key": key, "to": to, "params": values, "actions": list(actions) if actions else [],
            "phase_seq": phase_seq, "silent": silent, "slot": None,
        }  # fmt: skip
        return instance(cls, fields, _NOTICE_FIELDS)


_NOTICE_FIELDS = set(Notice.model_fields)
