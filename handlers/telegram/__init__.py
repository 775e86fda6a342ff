"""The Telegram adapter: webhook entry point, update parser, callback-data codec and message sender.

Uses python-telegram-bot as a typed client only (``telegram.Bot`` + ``telegram.Update.de_json``), never its
``Application`` framework (design §4). Never imports LINE code.
"""
