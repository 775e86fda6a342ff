"""The one table of resolution order for 徒桜戦争 nights and the erasure pipeline.

Role modules register handlers under these step ids; nothing else writes an order. Within a step, the
player dealt the Megami resolves first, then copy holders in seat order [ADZ-6.3].
"""

from __future__ import annotations

#: [ADZ-6.1] opening, [ADZ-6.3] resolution R0-R5 with the death phase D1-D6.
NIGHT_STEPS: tuple[str, ...] = (
    "O3", "O4",
    "R1.yurina", "R1.himika", "R1.oboro", "R1.shinra", "R1.hagane", "R1.chikage", "R1.kururu", "R1.raira",
    "R1.utsuro", "R1.honoka", "R1.korunu", "R1.yatsuha", "R1.hatsumi", "R1.mizuki", "R1.kamui",
    "R2.a", "R2.b", "R2.c", "R2.d", "R2.e",
    "R3",
    "D1", "D2", "D3", "D4", "D5", "D6",
)  # fmt: skip

#: [ADZ-7.2] the erasure pipeline after K0 (no target) and before K8 (the target dies).
ERASURE_STEPS: tuple[str, ...] = ("K1", "K2", "K3", "K4", "K5", "K6", "K7")

#: [ADZ-5.4] morning steps at which roles may act (M1 revivals, M2 housekeeping).
MORNING_STEPS: tuple[str, ...] = ("M1", "M2")
