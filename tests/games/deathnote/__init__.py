"""DEATH NOTE 人狼 rule scenario tests (``deathnote.md``), on the fluent table of :mod:`.table`."""
