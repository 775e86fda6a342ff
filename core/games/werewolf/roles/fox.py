"""妖狐: fox camp, counted on neither side; the wolves' attack has no effect and no sign (AMB-23); dies when
divined (呪殺, even guarded, AMB-13); foxes know each other (AMB-05); their night chat with
``teamChat = all`` [WW-3.4.6, WW-8.4]."""

from __future__ import annotations

from core.games.werewolf.roles.base import Role


class Fox(Role):
    id = "fox"
    order = 7
    camp = "fox"
    counted = "none"
    cursed = True
    immune = True
    npc_card = False
    knows = ("fox",)
    chat = "all"


ROLE = Fox()
