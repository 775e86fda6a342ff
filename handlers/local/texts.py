"""The playground's own words (headers, hints, its /help, bot names), Japanese first, English complete.

Game text never lives here: every notice, button and refusal comes rendered from ``core/i18n`` through the
service. These few strings belong to the terminal only; they use the catalog's template format (named
``str.format`` fields) so that they can move to ``core/i18n/<locale>/local.toml`` unchanged.
"""

from __future__ import annotations

from typing import Final

#: Locales of the playground, reference first (as in core/i18n).
LANGS: Final = ("ja", "en")

TEXTS: Final[dict[str, dict[str, str]]] = {
    "ja": {
        "header.group": "── グループ ──",
        "header.private": "── あなた（1:1）──",
        "intro": "徒桜戦争 ローカル対戦: {players}人 (あなた + ボット{bots}人)、シード {seed}",
        "hint": "ボタンは番号で押せます。/help でコマンド一覧、空行で Enter を押すと締切まで時間が進みます。",
        "watch": "あなたは脱落しました。Enter で観戦を進めます (/quit で終了)。",
        "ack": "› {text}",
        "said": "{name}: {text}",
        "no_buttons": "いま押せるボタンはありません。",
        "bad_number": "その番号のボタンはありません (1〜{max})。",
        "no_deadline": "いまは進める締切がありません。",
        "advanced": "⏩ 締切まで時間を進めました。",
        "over": "ゲームが終わりました。",
        "bye": "終了します。",
        "you": "あなた",
        "help": (
            "番号        直前に表示されたボタンを押す (多段メニューはボタンで次へ)\n"
            "Enter (空行) 締切まで時間を進める (観戦中は次の場面へ)\n"
            "/me         自分のメガミと能力・得た情報\n"
            "/status     場面・生存者・締切\n"
            "/board      CO一覧\n"
            "/co 名前     メガミをCOする (/co だけでボタン)\n"
            "/ready      議論を終えて投票へ (全員そろうと投票開始)\n"
            "/vote 番号   投票 (/vote none で棄権)   /done 夜の行動を完了\n"
            "/t 文       夜に徒桜側の仲間へ伝える\n"
            "それ以外の文  グループでの発言 (ボットは読みません)\n"
            "/quit       終了"
        ),
    },
    "en": {
        "header.group": "── Group ──",
        "header.private": "── You (1:1) ──",
        "intro": "Adazakura War, local game: {players} players (you + {bots} bots), seed {seed}",
        "hint": (
            "Press a button by its number. /help lists the commands; "
            "Enter on an empty line jumps to the deadline."
        ),
        "watch": "You are out. Press Enter to watch the next scene (/quit to leave).",
        "ack": "› {text}",
        "said": "{name}: {text}",
        "no_buttons": "There is no button to press right now.",
        "bad_number": "There is no button with that number (1-{max}).",
        "no_deadline": "There is no deadline to jump to right now.",
        "advanced": "⏩ Time jumped to the deadline.",
        "over": "The game is over.",
        "bye": "Bye.",
        "you": "You",
        "help": (
            "number       press that button of the last list shown (menus open their next level)\n"
            "Enter        jump to the deadline (while watching: the next scene)\n"
            "/me          your Megami, ability and what you have learned\n"
            "/status      phase, living players, deadline\n"
            "/board       the CO board\n"
            "/co NAME     come out as a Megami (/co alone shows buttons)\n"
            "/ready       end the discussion (the vote starts when everyone is ready)\n"
            "/vote SEAT   vote (/vote none to abstain)   /done  finish your night\n"
            "/t TEXT      tell your Adazakura teammates at night\n"
            "other text   say it in the group (bots do not read it)\n"
            "/quit        leave"
        ),
    },
}

#: Display names of the bot players, in join order (at most 9 bots: 10 players).
BOT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "ja": ("アオイ", "ハル", "ソラ", "リン", "ユキ", "カエデ", "ミオ", "レン", "ツバキ"),
    "en": ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"),
}


def ui(key: str, lang: str, /, **params: object) -> str:
    """The playground text ``key`` in ``lang`` (unknown → ``ja``); raises ``KeyError`` for a missing key."""
    table = TEXTS.get(lang, TEXTS["ja"])
    return table[key].format_map(params)


def bot_names(lang: str) -> tuple[str, ...]:
    """Bot display names for ``lang`` (unknown → ``ja``)."""
    return BOT_NAMES.get(lang, BOT_NAMES["ja"])
