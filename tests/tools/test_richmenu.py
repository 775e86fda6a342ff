"""``jinro-gm setup-richmenu line``: one command gives every player of the 1:1 chat the menu with
「自分の番」 and 「役職」, re-running it replaces the menu, and the channel access token never shows on the
screen. LINE is the local fake of its rich-menu endpoints, AWS is moto (SSM)."""

from __future__ import annotations

import io
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

from core.i18n import text
from devtools import richmenu, setup_webhook
from devtools.cli import _parser, main
from devtools.richmenu import IMAGE, MENU_NAME, Hosts
from handlers.messages import TextCommand
from handlers.textcommands import to_command
from infra.deployment import Deployment
from tests.fakes.line_richmenu import TOKEN, FakeLineRichMenu

pytestmark = pytest.mark.aws

TOKEN_PARAM = "/jinro-gm/line/channel_access_token"


@dataclass
class World:
    line: FakeLineRichMenu
    ssm: Any
    deployment: Deployment
    out: io.StringIO

    def run(self, *argv: str) -> int:
        args = _parser().parse_args(["setup-richmenu", "line", *argv])
        hosts = Hosts(api=self.line.api_url, data=self.line.data_url)
        return richmenu.setup_line(args, deployment=self.deployment, out=self.out, hosts=hosts)

    def ours(self) -> dict[str, Any]:
        return self.line.created(MENU_NAME)

    def the_menu(self) -> dict[str, Any]:
        (menu,) = self.ours().values()
        return dict(menu.menu)

    def calls(self, method: str, path_end: str) -> list[Any]:
        return [c for c in self.line.calls if c.method == method and c.path.endswith(path_end)]


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    """The channel access token in SSM (as docs/deploy.md stores it) and the fake LINE account."""
    monkeypatch.delenv("LINE_CHANNEL_ACCESS_TOKEN", raising=False)
    with mock_aws(), FakeLineRichMenu() as line:
        ssm = boto3.client("ssm", region_name="ap-northeast-1")
        ssm.put_parameter(Name=TOKEN_PARAM, Value=TOKEN, Type="SecureString")
        yield World(line, ssm, Deployment(ssm=ssm), io.StringIO())


def _actions(menu: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {area["action"]["label"]: area["action"] for area in menu["areas"]}


def test_the_menu_asks_for_what_waits_and_for_the_role_card(world: World) -> None:
    assert world.run() == 0

    actions = _actions(world.the_menu())
    assert actions["自分の番"]["type"] == "postback"
    assert actions["自分の番"]["data"] == "~nudge"
    assert actions["役職"]["type"] == "postback"
    assert actions["役職"]["data"] == "~me"
    assert actions["ヘルプ"] == {"type": "message", "label": "ヘルプ", "text": "/help"}


def test_the_chat_bar_and_the_taps_read_in_japanese(world: World) -> None:
    world.run()

    menu = world.the_menu()
    assert menu["chatBarText"] == "メニュー" == text("richmenu.chatbar", "ja", "common")
    assert [a["displayText"] for a in _actions(menu).values() if a["type"] == "postback"] == [
        "自分の番",
        "役職",
    ]


def test_the_areas_split_the_whole_picture_left_to_right(world: World) -> None:
    world.run()

    menu = world.the_menu()
    width, height = menu["size"]["width"], menu["size"]["height"]
    bounds = [area["bounds"] for area in menu["areas"]]
    assert [b["x"] for b in bounds] == [0, *(b["x"] + b["width"] for b in bounds[:-1])]
    assert bounds[-1]["x"] + bounds[-1]["width"] == width
    assert {(b["y"], b["height"]) for b in bounds} == {(0, height)}


def test_the_image_is_uploaded_to_the_content_host_and_the_menu_is_everyones_default(world: World) -> None:
    world.run()

    ((menu_id, menu),) = world.ours().items()
    assert menu.image == IMAGE.read_bytes()
    assert menu.content_type == "image/png"
    assert world.line.default == menu_id
    (upload,) = world.calls("POST", "/content")
    assert upload.path == f"/v2/bot/richmenu/{menu_id}/content"
    assert f"LINE rich menu {menu_id}" in world.out.getvalue()


def test_the_menu_is_validated_before_anything_is_created(world: World) -> None:
    world.run()

    paths = [(c.method, c.path) for c in world.line.calls]
    assert paths[0] == ("POST", "/v2/bot/richmenu/validate")
    assert paths.index(("POST", "/v2/bot/richmenu")) > 0


def test_the_committed_image_fits_the_menu(world: World) -> None:
    image = IMAGE.read_bytes()
    assert image.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", image[16:24]) == richmenu.SIZE
    assert len(image) <= richmenu.MAX_IMAGE_BYTES
    world.run()
    assert (world.the_menu()["size"]["width"], world.the_menu()["size"]["height"]) == richmenu.SIZE


def test_running_it_again_leaves_one_menu_the_new_default(world: World) -> None:
    campaign = {**richmenu.menu_request().to_dict(), "name": "campaign", "selected": False}
    someone_elses = world.line.add(campaign, image=b"png")
    assert world.run() == 0
    first = world.line.default

    assert world.run() == 0

    (second,) = world.ours()
    assert second != first
    assert world.line.default == second
    assert someone_elses in world.line.menus
    assert f"replaced  {first}" in world.out.getvalue()


def test_the_token_is_never_printed(world: World, capsys: pytest.CaptureFixture[str]) -> None:
    world.run()
    world.line.token = "another-token"  # the stored one is now refused: the error path prints too
    assert world.run() == 1

    shown = world.out.getvalue() + "".join(capsys.readouterr())
    assert TOKEN not in shown
    assert TOKEN.split("/")[0] not in shown
    assert "401" in shown


def test_a_refused_token_says_what_to_do_and_changes_nothing(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    world.line.token = "another-token"

    assert world.run() == 1

    error = capsys.readouterr().err
    assert "Authentication failed" in error
    assert "reissue the channel access token" in error
    assert world.line.menus == {}


def test_the_token_may_come_from_the_environment(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    world.ssm.delete_parameter(Name=TOKEN_PARAM)
    monkeypatch.setenv("LINE_CHANNEL_ACCESS_TOKEN", TOKEN)

    assert world.run() == 0
    assert world.line.default in world.ours()


def test_without_a_token_it_says_how_to_store_one_and_calls_no_line(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    world.ssm.delete_parameter(Name=TOKEN_PARAM)

    assert world.run("--parameter-path", "games/jinro") == 1
    error = capsys.readouterr().err
    assert "aws ssm put-parameter --name /games/jinro/line/channel_access_token --type SecureString" in error
    assert world.line.calls == []


def test_a_failed_upload_keeps_the_earlier_menu_and_leaves_no_half_made_one(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    world.run()
    earlier = world.line.default

    world.line.fail("POST", "/content", 500, "Internal server error")
    assert world.run() == 1

    assert "LINE refused to upload the image: 500 Internal server error" in capsys.readouterr().err
    assert list(world.ours()) == [earlier]
    assert world.line.default == earlier


def test_a_menu_line_would_refuse_is_reported_with_lines_details(
    world: World, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(richmenu, "AREAS", (richmenu.Area("turn", 0, 2600, data="~nudge"),))

    assert world.run() == 1

    assert "areas[0].bounds: out of the rich menu" in capsys.readouterr().err
    assert world.line.menus == {}


@pytest.mark.parametrize(
    ("image", "message"),
    [
        (b"GIF89a" + bytes(40), "is not a PNG image"),
        (
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + struct.pack(">II", 1200, 405) + bytes(20),
            "needs 2500x843",
        ),
    ],
)
def test_an_unusable_image_exits_2_before_any_call(
    world: World, capsys: pytest.CaptureFixture[str], tmp_path: Path, image: bytes, message: str
) -> None:
    path = tmp_path / "menu.png"
    path.write_bytes(image)

    assert world.run("--image", str(path)) == 2
    assert message in capsys.readouterr().err
    assert world.line.calls == []


@pytest.mark.parametrize("command", ["me", "help"])
def test_what_the_menu_asks_for_is_a_command_of_the_private_chat(command: str) -> None:
    query = to_command(TextCommand(command, ()), "u1", private=True, game="adazakura")
    assert query not in ("command.unknown", "command.private_only")


def test_the_cli_knows_the_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["setup-richmenu", "line", "--image", str(tmp_path / "missing.png")]) == 2
    assert "cannot read the image" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("path", "command"),
    [
        ("jinro-gm", "jinro-gm setup-richmenu line\n"),
        ("games/jinro", "jinro-gm setup-richmenu line --parameter-path games/jinro\n"),
    ],
)
def test_the_line_webhook_steps_end_with_this_command(path: str, command: str) -> None:
    out = io.StringIO()
    args = _parser().parse_args(
        ["setup-webhook", "line", "--url", "https://x.example/", "--parameter-path", path]
    )

    assert setup_webhook.setup_line(args, deployment=Deployment(ssm=None, cloudformation=None), out=out) == 0
    assert command in out.getvalue()


def test_the_postbacks_are_the_ones_the_line_handler_answers() -> None:
    from handlers.line.parse import ME_DATA, NUDGE_DATA

    assert [area.data for area in richmenu.AREAS if area.data] == [NUDGE_DATA, ME_DATA]
