"""The request-body limits the fake LINE API enforces on message objects, with LINE's error shape.

Limits (Messaging API reference, "Message objects", "Action objects", "Quick reply"): 1-5 message objects
per reply or push; text 1-5000 characters (counted in UTF-16 code units, "Character counting in a
text"); Flex ``altText`` 1-400 characters (the render contract's limit; LINE itself now allows 1500, so
the fake is the stricter); postback ``data`` 1-300 characters; quick reply ≤ 13 items with action labels
≤ 20 characters; Flex button action labels ≤ 40 characters.

A body that breaks them is answered 400 ``{"message": "The request body has N error(s)", "details":
[{"message": …, "property": …}]}`` (the example of "Error responses"; the detail texts are
reconstructed in the style of LINE's validation messages).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

MAX_MESSAGES = 5
MAX_TEXT = 5000
MAX_ALT_TEXT = 400
MAX_POSTBACK_DATA = 300
MAX_QUICK_REPLY_ITEMS = 13
MAX_QUICK_REPLY_LABEL = 20
MAX_BUTTON_LABEL = 40
#: An image message's URLs ("Image message": https, at most 2000 characters).
MAX_URL = 2000
TYPES = ("text", "image", "video", "audio", "location", "sticker", "template", "imagemap", "flex")

Problem = tuple[str, str]  # (detail message, property)


def units(text: str) -> int:
    """Length in UTF-16 code units (how LINE counts characters)."""
    return len(text.encode("utf-16-le")) // 2


def request_body_error(problems: list[Problem]) -> dict[str, Any]:
    """LINE's 400 body for validation ``problems``."""
    details = [{"message": message, "property": prop} for message, prop in problems]
    return {"message": f"The request body has {len(problems)} error(s)", "details": details}


def message_problems(messages: Any) -> list[Problem]:
    """What is wrong with a request's ``messages`` (empty when nothing)."""
    if not isinstance(messages, list) or not 1 <= len(messages) <= MAX_MESSAGES:
        return [(f"Size must be between 1 and {MAX_MESSAGES}", "messages")]
    problems: list[Problem] = []
    for index, message in enumerate(messages):
        problems += _object_problems(message, f"messages[{index}]")
    return problems


def _object_problems(message: dict[str, Any], prop: str) -> list[Problem]:
    kind = message.get("type")
    if kind not in TYPES:
        return [(f"Must be one of the following values: [{', '.join(TYPES)}]", f"{prop}.type")]
    problems = []
    if kind == "text":
        problems += _length(message.get("text"), MAX_TEXT, f"{prop}.text")
    if kind == "image":
        for field in ("originalContentUrl", "previewImageUrl"):
            url = message.get(field)
            if not isinstance(url, str) or not url.startswith("https://") or len(url) > MAX_URL:
                problems.append(("Must be an https URL of at most 2000 characters", f"{prop}.{field}"))
    if kind == "flex":
        problems += _length(message.get("altText"), MAX_ALT_TEXT, f"{prop}.altText")
        if not isinstance(message.get("contents"), dict):
            problems.append(("May not be empty", f"{prop}.contents"))
        problems += _button_labels(message.get("contents"), f"{prop}.contents")
    problems += _quick_reply(message.get("quickReply"), f"{prop}.quickReply")
    for where, action in actions(message, prop):
        if action.get("type") == "postback":
            problems += _length(action.get("data"), MAX_POSTBACK_DATA, f"{where}.data")
        if action.get("type") == "uri" and not str(action.get("uri", "")).startswith(("https://", "http://")):
            problems.append(("Must be an http(s) URI", f"{where}.uri"))
    return problems


def _quick_reply(quick: Any, prop: str) -> list[Problem]:
    if quick is None:
        return []
    items = quick.get("items") if isinstance(quick, dict) else None
    if not isinstance(items, list) or not 1 <= len(items) <= MAX_QUICK_REPLY_ITEMS:
        return [(f"Size must be between 1 and {MAX_QUICK_REPLY_ITEMS}", f"{prop}.items")]
    problems = []
    for index, item in enumerate(items):
        label = (item.get("action") or {}).get("label")
        problems += _length(label, MAX_QUICK_REPLY_LABEL, f"{prop}.items[{index}].action.label")
    return problems


def _button_labels(node: Any, prop: str) -> list[Problem]:
    """Flex button components' action labels (required on a button, ≤ 40 characters)."""
    problems = []
    for where, component in _walk(node, prop):
        if component.get("type") == "button":
            label = (component.get("action") or {}).get("label")
            problems += _length(label, MAX_BUTTON_LABEL, f"{where}.action.label")
    return problems


def _length(value: Any, limit: int, prop: str) -> list[Problem]:
    if not isinstance(value, str) or not 1 <= units(value) <= limit:
        return [(f"Length must be between 1 and {limit}", prop)]
    return []


def actions(node: Any, prop: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every action object under ``node`` (Flex components, quick reply items), in document order, with
    its property path."""
    for where, item in _walk(node, prop):
        action = item.get("action")
        if isinstance(action, dict):
            yield f"{where}.action", action


def _walk(node: Any, prop: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every dict under ``node`` (itself included), depth first, with its property path."""
    if isinstance(node, dict):
        yield prop, node
        for key, value in node.items():
            if key != "action":
                yield from _walk(value, f"{prop}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{prop}[{index}]")
