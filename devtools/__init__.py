"""Developer and operator tools of jinro-gm, apart from what ships to Lambda (``core``, ``handlers``,
``infra``; the Makefile's build targets copy only those): the ``jinro-gm`` command line (:mod:`devtools.cli`),
the local playground (:mod:`devtools.local`), ``simulate`` and ``scenario`` on the pure core, ``make
screenshots``, the LINE rich-menu image, ``setup-webhook`` / ``setup-richmenu`` for a deployed stack, and a
local DynamoDB endpoint for tests and benchmarks (:mod:`devtools.store_server`). Nothing that ships imports
this package (``tests/test_architecture.py``, import-linter).
"""
