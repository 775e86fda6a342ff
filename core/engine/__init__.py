"""The game-neutral engine: seeded RNG, notices, actions, commands and results.

Every game under ``core.games`` builds on these types; nothing here knows a rule of any game.
"""
