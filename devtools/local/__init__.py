"""The local playground: the real game service over an in-memory store, a simulated group chat with one
private chat per player, bot players and a fake clock (design §4, ``jinro-gm play``), in the browser (the
default) or in the terminal (``--terminal``).

Any game of :func:`core.games.registry` can be played; nothing here is one game's. Modules: ``game``
(wiring, the clock, the join flow, bot turns), ``reading`` (the committed state and feeds read back),
``bots`` (the bot policy), ``watched`` (the service,
watched for what the bots may know), ``sender`` (the simulated chats), ``terminal`` (what the person sees
and types), ``parse`` (typed lines), ``texts`` (the playground's own words); the browser playground:
``hotseat`` (any seat a person or a bot), ``session`` (one table at a time on an event loop thread, its seat
tokens and the player console, :mod:`handlers.console`), ``routes`` (its JSON API), ``web`` (the stdlib HTTP
server), ``handler`` (its requests) and ``static/`` (the page).
"""
