"""``jinro-gm setup-richmenu line``: the rich menu of the 1:1 chat with the LINE bot.

In free mode (docs/deploy.md, LINE) a player's private prompts, role card and results wait until the
player speaks to the bot in the 1:1 chat, because only a reply is free. The rich menu (the panel under the
chat's input field) makes that one tap: 「自分の番」 sends the postback ``~nudge`` (the bot replies with what
waits for the player), 「役職」 sends ``~me`` (the role card), 「ヘルプ」 sends the text ``/help``.

The command reads the channel access token (env ``LINE_CHANNEL_ACCESS_TOKEN``, else the SSM SecureString
``/<path>/line/channel_access_token``, as ``setup-webhook`` reads its secrets), then through the Messaging
API (developers.line.biz/en/reference/messaging-api, "Rich menu"): validate the menu object, create it,
upload :data:`IMAGE` (api-data host), set it as the default rich menu of every user, and only then delete
the menus an earlier run created (same :data:`MENU_NAME`), so a re-run leaves exactly one and players never
see a chat without a menu. Menus made in LINE Official Account Manager are not listed by the API and are
left alone (a default menu set through the API takes precedence over them). The token is never printed.

Exit status: 0 done, 1 a LINE or AWS call failed (message on stderr), 2 unusable arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import core.i18n as i18n

if TYPE_CHECKING:
    from linebot.v3.messaging import RichMenuRequest

    from infra.deployment import Deployment

#: The image drawn by ``devtools/richmenu_image.py`` (PNG, :data:`SIZE`).
IMAGE = Path(__file__).with_name("richmenu.png")
#: Width and height in pixels, of the menu object and of its image (one of the sizes the reference allows).
SIZE = (2500, 843)
#: Rich menu images are at most 1 MB ("Upload rich menu image").
MAX_IMAGE_BYTES = 1024 * 1024
#: The rich menu's name (never shown to users): how a re-run finds the menus it replaces.
MENU_NAME = "jinro-gm 1:1 menu"
#: The menu is shared by every user, so it is drawn and labelled in the bot's reference language.
LOCALE = "ja"
API_HOST = "https://api.line.me"
DATA_HOST = "https://api-data.line.me"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Area:
    """One tappable column of the menu: ``x`` and ``width`` in pixels (full height), the catalog key of its
    label (``richmenu.<key>``, and ``.hint`` for the line under it), and what a tap sends: the postback
    ``data`` (handlers/line/parse.py) or, when ``text`` is set, that message as if the player typed it."""

    key: str
    x: int
    width: int
    data: str | None = None
    text: str | None = None

    def label(self, locale: str = LOCALE) -> str:
        return i18n.text(f"richmenu.{self.key}", locale, "common")

    def hint(self, locale: str = LOCALE) -> str:
        return i18n.text(f"richmenu.{self.key}.hint", locale, "common")

    def action(self) -> Any:
        """The SDK's action object ("Action objects"); a postback shows its label as the player's message
        (``displayText``), so the 1:1 chat reads as a conversation."""
        from linebot.v3.messaging import MessageAction, PostbackAction

        if self.data is not None:
            return PostbackAction(label=self.label(), data=self.data, displayText=self.label())
        return MessageAction(label=self.label(), text=self.text)


#: Left to right; 「自分の番」 is the widest: it is the tap of every phase.
AREAS = (
    Area("turn", 0, 1000, data="~nudge"),
    Area("role", 1000, 850, data="~me"),
    Area("help", 1850, 650, text="/help"),
)


class SetupError(Exception):
    """A step failed; the message is the one line to print (never containing the token)."""


class _Usage(SetupError):
    """The arguments cannot work (exit status 2)."""


@dataclass(frozen=True)
class Hosts:
    """Base URLs of the Messaging API and of its content host (tests point both at a local fake)."""

    api: str = API_HOST
    data: str = DATA_HOST


#: The real LINE platform.
LINE = Hosts()


@dataclass(frozen=True)
class Installed:
    """The result: the new default menu's id and the ids of the earlier jinro-gm menus deleted."""

    menu_id: str
    replaced: tuple[str, ...]


def add_parser(subparsers: Any) -> None:
    """Register ``setup-richmenu line`` on an ``argparse`` subparsers object."""
    parser = subparsers.add_parser("setup-richmenu", help="set the menu of the 1:1 chat with the LINE bot")
    platforms = parser.add_subparsers(dest="platform", required=True)
    sub = platforms.add_parser("line", help="create the rich menu, upload its image, make it the default")
    sub.add_argument(
        "--parameter-path", default="jinro-gm", help="the stack's ParameterPath (default jinro-gm)"
    )
    sub.add_argument("--image", type=Path, default=IMAGE, help=f"a {SIZE[0]}x{SIZE[1]} PNG (default: ours)")
    sub.set_defaults(run=run_line)


def run_line(args: argparse.Namespace) -> int:
    """``setup-richmenu line`` against the real AWS and LINE."""
    from infra.deployment import Deployment

    return setup_line(args, deployment=Deployment(), out=sys.stdout)


def setup_line(args: argparse.Namespace, *, deployment: Deployment, out: TextIO, hosts: Hosts = LINE) -> int:
    """The ``line`` subcommand with its AWS access and LINE hosts given; returns the exit status."""
    from infra.deployment import DeploymentError

    parameter = f"/{args.parameter_path.strip('/')}/line/channel_access_token"
    try:
        image = read_image(args.image)
        token = os.environ.get("LINE_CHANNEL_ACCESS_TOKEN") or deployment.read_secret(parameter)
        if not token:
            raise SetupError(_missing_token(parameter))
        installed = install(token, image, hosts)
    except _Usage as err:
        print(f"jinro-gm setup-richmenu: error: {err}", file=sys.stderr)
        return 2
    except (SetupError, DeploymentError) as err:
        print(f"jinro-gm setup-richmenu: {err}", file=sys.stderr)
        return 1
    print("\n".join(_summary(installed, args.image)), file=out)
    return 0


def read_image(path: Path) -> bytes:
    """The bytes of a PNG of :data:`SIZE` and at most :data:`MAX_IMAGE_BYTES` (its IHDR chunk, PNG spec
    §11.2.2, gives the size). Raises :class:`_Usage` for anything else."""
    try:
        image = path.read_bytes()
    except OSError as err:
        raise _Usage(f"cannot read the image {path}: {err.strerror}") from err
    if not image.startswith(PNG_SIGNATURE) or image[12:16] != b"IHDR":
        raise _Usage(f"{path} is not a PNG image")
    size = struct.unpack(">II", image[16:24])
    if size != SIZE or len(image) > MAX_IMAGE_BYTES:
        raise _Usage(
            f"{path} is {size[0]}x{size[1]} px and {len(image)} bytes; the menu needs "
            f"{SIZE[0]}x{SIZE[1]} px and at most {MAX_IMAGE_BYTES} bytes"
        )
    return image


def menu_request() -> RichMenuRequest:
    """The rich menu object ("Rich menu object": size, selected, name, chatBarText ≤ 14 characters, areas
    with bounds and an action each), one area per :data:`AREAS` entry, full height."""
    from linebot.v3.messaging import RichMenuArea, RichMenuBounds, RichMenuRequest, RichMenuSize

    width, height = SIZE
    areas = [
        RichMenuArea(
            bounds=RichMenuBounds(x=area.x, y=0, width=area.width, height=height), action=area.action()
        )
        for area in AREAS
    ]
    return RichMenuRequest(
        size=RichMenuSize(width=width, height=height),
        selected=True,
        name=MENU_NAME,
        chatBarText=i18n.text("richmenu.chatbar", LOCALE, "common"),
        areas=areas,
    )


def install(token: str, image: bytes, hosts: Hosts = LINE) -> Installed:
    """Validate, create, upload ``image`` (PNG), set as default, delete the earlier jinro-gm menus (in
    that order: a failure leaves the old default in place; a menu created by a failed run is deleted).
    Raises :class:`SetupError` with LINE's own message for any refused or failed call."""
    from linebot.v3.messaging import ApiClient, Configuration, MessagingApi, MessagingApiBlob

    request = menu_request()
    with (
        ApiClient(Configuration(host=hosts.api, access_token=token)) as api_client,
        ApiClient(Configuration(host=hosts.data, access_token=token)) as data_client,
    ):
        api, blob = MessagingApi(api_client), MessagingApiBlob(data_client)
        with _explained("validate the menu"):
            api.validate_rich_menu_object(request)
        with _explained("list the rich menus"):
            earlier = [m.rich_menu_id for m in api.get_rich_menu_list().richmenus if m.name == MENU_NAME]
        with _explained("create the menu"):
            menu_id = api.create_rich_menu(request).rich_menu_id
        try:
            with _explained("upload the image"):
                blob.set_rich_menu_image(menu_id, image, _headers={"Content-Type": "image/png"})
            with _explained("make it the default menu"):
                api.set_default_rich_menu(menu_id)
        except SetupError:
            with suppress(SetupError), _explained("delete the unfinished menu"):
                api.delete_rich_menu(menu_id)
            raise
        for old in earlier:
            with _explained(f"delete the earlier menu {old}"):
                api.delete_rich_menu(old)
    return Installed(menu_id, tuple(earlier))


@contextmanager
def _explained(step: str) -> Iterator[None]:
    """Turn the SDK's errors in ``step`` into :class:`SetupError`: LINE's status and message ("Error
    responses"), never the request (it carries the token)."""
    from linebot.v3.messaging import ApiException
    from urllib3.exceptions import HTTPError

    try:
        yield
    except ApiException as err:
        raise SetupError(f"LINE refused to {step}: {_explain(err)}") from err
    except HTTPError as err:
        raise SetupError(f"cannot reach LINE to {step} ({type(err).__name__}); try again") from err


def _explain(err: Any) -> str:
    """``<status> <message> (<details>)`` from an ``ApiException``; a 401 adds what to do."""
    try:
        body = json.loads(err.body or b"{}")
    except ValueError:
        body = {}
    message = body.get("message") or err.reason or "no message"
    details = "; ".join(
        f"{d.get('property', '?')}: {d.get('message', '')}" for d in body.get("details") or ()
    )
    text = f"{err.status} {message}" + (f" ({details})" if details else "")
    if err.status == 401:
        text += "; reissue the channel access token (Messaging API tab) and store it again"
    return text


def _missing_token(parameter: str) -> str:
    return (
        "no channel access token: set LINE_CHANNEL_ACCESS_TOKEN or store the long-lived token "
        "(LINE Developers console → Messaging API tab) in SSM:\n"
        f"  read -rs VALUE && aws ssm put-parameter --name {parameter} --type SecureString "
        '--value "$VALUE" --overwrite; unset VALUE'
    )


def _summary(installed: Installed, image: Path) -> list[str]:
    labels = " | ".join(
        f"{area.label()} → {'postback ' + area.data if area.data else 'message ' + str(area.text)}"
        for area in AREAS
    )
    replaced = ", ".join(installed.replaced) or "none"
    return [
        f"LINE rich menu {installed.menu_id} (default for every user of the 1:1 chat)",
        f"  areas     {labels}",
        f"  image     {image.name}, {SIZE[0]}x{SIZE[1]} px",
        f"  replaced  {replaced}",
        "Players see it the next time they open the 1:1 chat with the bot (the LINE app may take a minute).",
    ]
