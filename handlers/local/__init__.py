"""The local playground: a terminal game through the real service, an in-memory store, a simulated
group chat with one private chat per player, bot players and a fake clock (design §4, ``jinro-gm play``).

Any game of :func:`core.games.registry` can be played; nothing here is one game's. Modules: ``game``
(wiring, the clock, the join flow, bot turns), ``bots`` (the bot policy), ``watched`` (the service,
watched for what the bots may know), ``sender`` (the simulated chats), ``terminal`` (what the person sees
and types), ``parse`` (typed lines), ``texts`` (the playground's own words).
"""
