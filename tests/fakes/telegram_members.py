"""Chat members of the fake Bot API (``tests.fakes.telegram_api``): owners, administrators, restrictions.

Answers ``getChatMember`` and ``restrictChatMember`` (core.telegram.org/bots/api#getchatmember,
#restrictchatmember) with the real ``ChatMember`` shapes, and refuses what Telegram refuses, in this order:
a chat that is not a supergroup ("method is available only for supergroups"), a bot that is not an
administrator with ``can_restrict_members`` (``error_400_not_enough_rights_to_restrict.json``), the bot
itself ("can't restrict self"), the owner ("can't remove chat owner") and an administrator
(``error_400_user_is_an_administrator_of_the_chat.json``).

Without ``use_independent_chat_permissions`` the Bot API's implications apply (``can_send_other_messages``
and ``can_add_web_page_previews`` imply sending messages and media, ``can_send_polls`` implies sending
messages), so a mute that leaves one of them on does not mute.
A restriction with every permission on is lifted (the member is a plain member again).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "telegram"
PERMISSIONS = (
    "can_send_messages", "can_send_audios", "can_send_documents", "can_send_photos", "can_send_videos",
    "can_send_video_notes", "can_send_voice_notes", "can_send_polls", "can_send_other_messages",
    "can_add_web_page_previews", "can_change_info", "can_invite_users", "can_pin_messages",
    "can_manage_topics", "can_edit_tag", "can_react_to_messages",
)  # fmt: skip
MEDIA = PERMISSIONS[1:7]
ADMIN_RIGHTS = {
    "can_be_edited": False, "is_anonymous": False, "can_manage_chat": True, "can_delete_messages": True,
    "can_manage_video_chats": True, "can_promote_members": False, "can_change_info": True,
    "can_invite_users": True, "can_post_stories": False, "can_edit_stories": False,
    "can_delete_stories": False, "can_pin_messages": True, "can_manage_topics": False,
}  # fmt: skip


class Refused(Exception):
    """Telegram's answer to a refused call: the error ``body`` (``ok``, ``error_code``, ``description``)."""

    def __init__(self, body: dict[str, Any]) -> None:
        super().__init__(body["description"])
        self.body = body


def _fixture(name: str) -> Refused:
    return Refused(json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8")))


def _bad_request(description: str) -> Refused:
    return Refused({"ok": False, "error_code": 400, "description": f"Bad Request: {description}"})


class Members:
    """Who is who in each chat of the fake; everyone not set otherwise is a plain member.
    ``bot``: the bot's ``User`` object."""

    def __init__(self, bot: dict[str, Any]) -> None:
        self._bot = bot
        self._chats: dict[int, dict[int, dict[str, Any]]] = {}

    # -- set up by tests ------------------------------------------------------------------------------
    def promote(self, chat: int, user: int | None = None, *, can_restrict_members: bool = True) -> None:
        """Make ``user`` (the bot when ``None``) an administrator of ``chat``."""
        user = self._bot["id"] if user is None else user
        record = {"status": "administrator", **ADMIN_RIGHTS, "can_restrict_members": can_restrict_members}
        self._chats.setdefault(chat, {})[user] = record

    def make_owner(self, chat: int, user: int) -> None:
        self._chats.setdefault(chat, {})[user] = {"status": "creator", "is_anonymous": False}

    def set_status(self, chat: int, user: int, status: dict[str, Any]) -> None:
        """``user``'s ``ChatMember`` fields in ``chat`` other than ``user`` (``{"status": "left"}``,
        ``{"status": "kicked", "until_date": 0}``, a ``restricted`` record with ``is_member`` …)."""
        self._chats.setdefault(chat, {})[user] = dict(status)

    # -- read by tests --------------------------------------------------------------------------------
    def muted(self, chat: int) -> set[int]:
        """Members of ``chat`` who cannot send messages now because of a restriction."""
        members = self._chats.get(chat, {})
        return {u for u, m in members.items() if m["status"] == "restricted" and not m["can_send_messages"]}

    def restriction(self, chat: int, user: int) -> dict[str, Any] | None:
        """The restriction of ``user`` in ``chat`` (permissions and ``until_date``), or ``None``."""
        record = self._chats.get(chat, {}).get(user)
        return record if record is not None and record["status"] == "restricted" else None

    # -- the Bot API methods --------------------------------------------------------------------------
    def get(self, params: dict[str, Any]) -> dict[str, Any]:
        """``getChatMember``: the ``ChatMember`` of ``user_id`` in ``chat_id``."""
        chat, user = params["chat_id"], params["user_id"]
        record = self._chats.get(chat, {}).get(user, {"status": "member"})
        return {**record, "user": self._user(user)}

    def restrict(self, params: dict[str, Any]) -> bool:
        """``restrictChatMember``; raises :class:`Refused` as Telegram would (see the module docstring)."""
        chat, user = params["chat_id"], params["user_id"]
        if not str(chat).startswith("-100"):
            raise _bad_request("method is available only for supergroups")
        members = self._chats.setdefault(chat, {})
        bot = members.get(self._bot["id"], {})
        if bot.get("status") != "administrator" or not bot.get("can_restrict_members"):
            raise _fixture("error_400_not_enough_rights_to_restrict")
        if user == self._bot["id"]:
            raise _bad_request("can't restrict self")
        status = members.get(user, {}).get("status")
        if status == "creator":
            raise _bad_request("can't remove chat owner")
        if status == "administrator":
            raise _fixture("error_400_user_is_an_administrator_of_the_chat")
        permissions = _effective(params["permissions"], str(params.get("use_independent_chat_permissions")))
        if all(permissions.values()):
            members.pop(user, None)
        else:
            until = int(params.get("until_date") or 0)
            members[user] = {"status": "restricted", "is_member": True, "until_date": until, **permissions}
        return True

    def _user(self, user: int) -> dict[str, Any]:
        if user == self._bot["id"]:
            return {key: self._bot[key] for key in ("id", "is_bot", "first_name", "username")}
        return {"id": user, "is_bot": False, "first_name": f"Player{user}"}


def _effective(given: dict[str, Any], independent: str) -> dict[str, bool]:
    """Every permission, absent ones off, with the Bot API's implications unless set independently."""
    permissions = {name: bool(given.get(name, False)) for name in PERMISSIONS}
    if independent.lower() == "true":
        return permissions
    if permissions["can_send_other_messages"] or permissions["can_add_web_page_previews"]:
        permissions.update(dict.fromkeys(("can_send_messages", *MEDIA), True))
    if permissions["can_send_polls"]:
        permissions["can_send_messages"] = True
    return permissions
