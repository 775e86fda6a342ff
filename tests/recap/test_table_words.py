"""The result table says what the game said, in the game's words, on whole bot games: DEATH NOTE 人狼's
arrested Kira is alive, as the end text says (an arrest eliminates nobody, ``deathnote.md`` §6.2, §8),
its nights (Shinigami nights and Judgments) are counted in rounds and a seat holds an identity card;
政治家人狼's runoff drawn by lot says so and its nights are negative campaigns; a vote that led to a
runoff says so in every game."""

from __future__ import annotations

import core.i18n as i18n
from core.games import registry
from handlers.recap import grid
from tests.property import deathnote_playout


def test_deathnote_s_arrested_kira_reads_alive_as_the_end_text_and_its_nights_go_by_rounds() -> None:
    state = deathnote_playout.play(deathnote_playout.seeded_game(6, 0)).final
    assert any(e.kind == "ArrestResolved" and e.data.get("success") for e in state.log), "Kira is arrested"
    shinigami = [e for e in state.log if e.kind == "ShinigamiResolved"]
    assert shinigami, "a Shinigami night was played"
    kira = next(p for p in state.players if p.identity == "IDENT_KIRA")
    assert kira.alive
    table = registry()["deathnote"].table(state)
    assert table is not None
    for locale, alive, game_round, card in (("ja", "生存", "ラウンド", "身分カード"),
                                            ("en", "alive", "Round", "identity card")):  # fmt: skip
        assert i18n.text("status.alive", locale, "deathnote") == alive  # the end text's word (reveal.line)
        shown = grid.grid(table, locale)
        fate = next(s.fate for s in shown.seats if s.seat == str(kira.seat))
        assert fate.startswith(alive), fate
        assert str(state.round) in fate, "the round of the arrest"
        assert all(not line.startswith(f"{kira.seat} ") for n in shown.nights for line in n.lines)
        labels = [n.label for n in shown.nights]
        assert len([x for x in labels if x.startswith(game_round)]) == len(labels), labels
        assert len(labels) == len(shinigami) + len([e for e in state.log if e.kind == "JudgmentResolved"])
        assert "巡" not in "".join(labels + [s.fate for s in shown.seats])
        assert card.lower() in shown.headings["seats"].lower()
        assert shown.headings["role"].lower() == card.lower()
