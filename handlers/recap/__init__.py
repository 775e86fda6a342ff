"""The recap people look at: a finished game's :class:`~core.engine.recaptable.RecapTable`
as a read-only page (``GET /recap/<game id>?t=<token>``) and a PNG picture (``/recap/<game id>.png``),
served by the platform's function beside the console, and the group's end message that shows the picture
and links the page.

Modules: :mod:`.links` (tokens, URLs, the end message; light, loaded with the webhook), :mod:`.grid` (the
table as texts in a locale), :mod:`.page` (HTML), :mod:`.image` (PNG with Pillow, imported only there) and
:mod:`.serve` (the Function URL routes); :mod:`.answer` (``/recap`` in a chat: the text recap again
with the page's button).
"""
