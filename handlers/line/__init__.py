"""The LINE adapter: the webhook Lambda entry point (:mod:`handlers.line.webhook`).

Stays light on purpose: the webhook checks ``X-Line-Signature`` with the standard library, so a cold
start does not load line-bot-sdk's generated models (``linebot.v3.webhook`` alone imports ~0.6 s of them).
Never imports Telegram code.
"""
