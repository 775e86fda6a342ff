"""The LINE adapter: the webhook Lambda entry point (:mod:`handlers.line.webhook`), the event parser, the
message renderer, the sender and the thin REST client (docs/line.md).

Light on purpose (cold start): the signature is checked with the standard library before anything is
loaded; events are read with line-bot-sdk's webhook models, and the few REST calls go through httpx
instead of ``linebot.v3.messaging``, whose import alone costs over a second. Never imports Telegram code.
"""
