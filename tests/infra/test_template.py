"""template.yaml: every function can start (its handler imports in a fresh interpreter, without the other
platform's code), gets the settings its code reads and the AWS rights its code uses (no more), the timer
queue retries only failed wake-ups, and no secret is in the template."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from cfnlint.decode import cfn_yaml

from tests.infra.reach import ROOT, module_path, reachable

TEMPLATE = cfn_yaml.load(str(ROOT / "template.yaml"))
RESOURCES: dict[str, Any] = TEMPLATE["Resources"]
FUNCTIONS = sorted(k for k, v in RESOURCES.items() if v["Type"] == "AWS::Serverless::Function")
GLOBALS = TEMPLATE.get("Globals", {}).get("Function", {})

#: What each reader of infra/settings.py needs in the function's environment (a secret: its SSM name).
READ_BY = {
    "table_name": "TABLE_NAME",
    "timer_queue_url": "TIMER_QUEUE_URL",
    "telegram_token": "TELEGRAM_TOKEN_PARAM",
    "telegram_secret": "TELEGRAM_SECRET_PARAM",
    "line_channel_secret": "LINE_CHANNEL_SECRET_PARAM",
    "line_channel_access_token": "LINE_CHANNEL_ACCESS_TOKEN_PARAM",
    "line_delivery": "LINE_DELIVERY",
    "line_push_budget": "LINE_PUSH_BUDGET",
    "line_basic_id": "LINE_BOT_BASIC_ID",
    "telegram_miniapp": "TELEGRAM_MINIAPP",
    "line_liff_id": "LINE_LIFF_ID",
    "line_login_channel_id": "LINE_LOGIN_CHANNEL_ID",
    "console_primary": "CONSOLE_PRIMARY",
    "telegram_function_url": "TELEGRAM_FUNCTION_URL",
    "line_function_url": "LINE_FUNCTION_URL",
}
#: Packages a function must not load, by the platform it serves (cold start; design §2).
FOREIGN = {
    "handlers.telegram": ("linebot", "handlers.line"),
    "handlers.line": ("telegram", "handlers.telegram"),
}
TOKEN_LIKE = re.compile(r"\d{6,}:[A-Za-z0-9_-]{30,}")


def prop(function: str, name: str) -> Any:
    """A function property, falling back to Globals."""
    return RESOURCES[function]["Properties"].get(name, GLOBALS.get(name))


def environment(function: str) -> dict[str, Any]:
    """The function's variables, Globals merged in (SAM merges the two maps)."""
    merged = dict(GLOBALS.get("Environment", {}).get("Variables", {}))
    merged.update(RESOURCES[function]["Properties"].get("Environment", {}).get("Variables", {}))
    return merged


def handler_of(function: str) -> tuple[str, str]:
    module, _, name = prop(function, "Handler").rpartition(".")
    return module, name


def settings_read(function: str) -> set[str]:
    """The readers of infra.settings the function's code can reach from its handler."""
    return {name for module, name in reachable(handler_of(function)) if module == "infra.settings"} & set(
        READ_BY
    )


def statements(function: str) -> list[dict[str, Any]]:
    """The inline policy statements; any other kind of policy (managed, SAM template) fails the test."""
    found = []
    for policy in prop(function, "Policies") or []:
        assert isinstance(policy, dict), f"{function}: not an inline policy: {policy}"
        assert "Statement" in policy, f"{function}: not an inline policy: {policy}"
        found += policy["Statement"]
    return found


def grants(function: str) -> dict[str, list[Any]]:
    """action → the resources the function's role may use it on."""
    granted: dict[str, list[Any]] = {}
    for statement in statements(function):
        assert statement["Effect"] == "Allow"
        for action in _listed(statement["Action"]):
            granted.setdefault(action, []).extend(_listed(statement["Resource"]))
    return granted


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def client_actions(path: str, cls: str, service: str) -> set[str]:
    """``service:Action`` for every ``self._client.<operation>(…)`` call in class ``cls`` of ``path``."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    calls = {
        node.func.attr
        for node in ast.walk(body)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "_client"
    }
    return {f"{service}:{''.join(w.title() for w in op.split('_'))}" for op in calls}


def test_the_template_declares_a_function_per_platform_and_the_timer() -> None:
    handlers = {prop(f, "Handler") for f in FUNCTIONS}
    assert handlers >= {
        "handlers.telegram.webhook.handler",
        "handlers.line.webhook.handler",
        "handlers.timer.handler",
    }


@pytest.mark.parametrize("function", FUNCTIONS)
def test_the_handler_imports_in_a_fresh_interpreter_without_the_other_platform(function: str) -> None:
    module, name = handler_of(function)
    assert module_path(module) is not None, f"{function}: no module {module}"
    script = (
        "import importlib, json, sys\n"
        f"handler = getattr(importlib.import_module({module!r}), {name!r})\n"
        "assert callable(handler)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}  # no AWS settings at import time
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    for platform, foreign in FOREIGN.items():
        if module.startswith(platform + "."):
            assert [m for m in loaded if m.split(".")[0] in foreign or m.startswith(foreign)] == []


def test_every_reader_of_the_settings_is_known_here() -> None:
    tree = ast.parse((ROOT / "infra" / "settings.py").read_text(encoding="utf-8"))
    readers = {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
    assert readers - {"secret", "forget_secrets"} == set(READ_BY)


def test_the_reach_of_the_timer_is_the_token_not_the_webhook_secret() -> None:
    """The analysis tells function-level reach from module imports (the timer imports the webhook
    module for a constant)."""
    assert "telegram_token" in settings_read("TimerFunction")
    assert "telegram_secret" not in settings_read("TimerFunction")


@pytest.mark.parametrize("function", FUNCTIONS)
def test_each_function_gets_the_settings_its_code_reads_and_no_other_secret(function: str) -> None:
    needed = {READ_BY[reader] for reader in settings_read(function)}
    env = environment(function)
    assert needed <= set(env), f"{function} reads {sorted(needed - set(env))} that the template does not set"
    secrets = {name for name in env if name.endswith("_PARAM")}
    assert secrets <= needed, f"{function} is given secrets its code never reads: {sorted(secrets - needed)}"


@pytest.mark.parametrize("function", FUNCTIONS)
def test_secrets_are_ssm_names_never_values(function: str) -> None:
    env = environment(function)
    for reader, variable in READ_BY.items():
        if variable.endswith("_PARAM"):
            assert variable.removesuffix("_PARAM") not in env, f"{function}: plaintext {reader}"
    for name, value in env.items():
        if name.endswith("_PARAM"):
            assert value == {"Fn::Sub": value.get("Fn::Sub")}, f"{function}: {name} is not an SSM name"
            assert value["Fn::Sub"].startswith("/${ParameterPath}/")


def test_the_template_text_holds_no_secret() -> None:
    text = (ROOT / "template.yaml").read_text(encoding="utf-8")
    assert TOKEN_LIKE.search(text) is None
    assert "resolve:ssm-secure" not in text  # a dynamic reference would put the value in the config
    assert [p for p in TEMPLATE["Parameters"] if re.search("token|secret|password", p, re.I)] == []


@pytest.mark.parametrize("function", FUNCTIONS)
def test_each_role_reads_exactly_the_parameters_its_function_is_given(function: str) -> None:
    names = {v["Fn::Sub"] for k, v in environment(function).items() if k.endswith("_PARAM")}
    arns = {r["Fn::Sub"] for r in grants(function).get("ssm:GetParameter", [])}
    prefix = "arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter"
    assert arns == {prefix + name for name in names}
    assert {a for a in grants(function) if a.startswith("ssm:")} <= {"ssm:GetParameter"}


@pytest.mark.parametrize("function", FUNCTIONS)
def test_each_role_may_use_the_store_and_the_queue_only_as_the_code_does(function: str) -> None:
    granted, needed = grants(function), settings_read(function)
    store = client_actions("infra/dynamodb.py", "DynamoStore", "dynamodb")
    store = store if "table_name" in needed else set()
    assert {a for a in granted if a.startswith("dynamodb:")} == store
    for action in store:
        assert granted[action] == [{"Fn::GetAtt": ["GameTable", "Arn"]}]
    schedules = client_actions("infra/timers.py", "SqsScheduler", "sqs")
    schedules = schedules if "timer_queue_url" in needed else set()
    for action in schedules:
        assert granted[action] == [{"Fn::GetAtt": ["TimerQueue", "Arn"]}]
    sends = {a for a in granted if a.startswith("sqs:") and a not in POLLER}
    assert sends == schedules
    assert not any("*" in str(resource) for resources in granted.values() for resource in resources)


#: What Lambda's SQS event source needs of the function's role (Lambda Developer Guide, "Using Lambda with
#: Amazon SQS").
POLLER = {"sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"}


def event_sources(function: str) -> list[dict[str, Any]]:
    """Event source mappings of the function (plain resources) and SAM SQS events."""
    mappings = [r["Properties"] for r in RESOURCES.values() if r["Type"] == "AWS::Lambda::EventSourceMapping"]
    mapped = [m for m in mappings if m["FunctionName"] == {"Ref": function}]
    events = [e["Properties"] for e in (prop(function, "Events") or {}).values() if e["Type"] == "SQS"]
    return mapped + [{**e, "EventSourceArn": e["Queue"]} for e in events]


def test_the_timer_is_fed_by_the_timer_queue_and_retries_only_failed_wake_ups() -> None:
    (source,) = event_sources("TimerFunction")
    assert source["EventSourceArn"] == {"Fn::GetAtt": ["TimerQueue", "Arn"]}
    assert source["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert set(grants("TimerFunction")) >= POLLER


def test_the_timer_queue_outlasts_six_function_timeouts_and_has_a_dead_letter_queue() -> None:
    """Lambda's SQS guide: visibility timeout at least six times the function timeout."""
    queue = RESOURCES["TimerQueue"]["Properties"]
    assert queue["VisibilityTimeout"] >= 6 * prop("TimerFunction", "Timeout")
    redrive = queue["RedrivePolicy"]
    assert redrive["deadLetterTargetArn"] == {"Fn::GetAtt": ["TimerDeadLetterQueue", "Arn"]}
    assert redrive["maxReceiveCount"] >= 1


@pytest.mark.parametrize("function", FUNCTIONS)
def test_each_function_logs_to_its_own_group_with_retention_and_its_service_name(function: str) -> None:
    group = prop(function, "LoggingConfig")["LogGroup"]["Ref"]
    assert RESOURCES[group]["Type"] == "AWS::Logs::LogGroup"
    assert RESOURCES[group]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
    env = environment(function)
    assert env["POWERTOOLS_LOG_LEVEL"] == {"Ref": "LogLevel"}
    assert env["POWERTOOLS_SERVICE_NAME"].startswith("jinro-gm-")
    groups = [prop(f, "LoggingConfig")["LogGroup"]["Ref"] for f in FUNCTIONS]
    assert len(set(groups)) == len(FUNCTIONS)


@pytest.mark.parametrize("function", FUNCTIONS)
def test_each_function_runs_the_projects_python_on_arm64_built_by_the_makefile(function: str) -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    built_for = re.search(r"^LAMBDA_PYTHON\s*:=\s*(\S+)", makefile, re.M)
    assert built_for is not None, "the Makefile names the Lambda's Python"
    assert prop(function, "Runtime") == f"python{built_for.group(1)}"
    assert prop(function, "Architectures") == ["arm64"]
    assert RESOURCES[function]["Metadata"]["BuildMethod"] == "makefile"

    assert re.search(rf"^LAMBDA_TARGETS\s*:=.*\bbuild-{function}\b", makefile, re.M)


def test_the_game_table_keeps_what_the_store_needs() -> None:
    table = RESOURCES["GameTable"]
    assert table["DeletionPolicy"] == "Retain"
    assert table["Properties"]["BillingMode"] == "PAY_PER_REQUEST"
    assert table["Properties"]["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}
    assert table["Properties"]["PointInTimeRecoverySpecification"]["PointInTimeRecoveryEnabled"] is True


def test_the_lambda_artifacts_ship_no_developer_tools() -> None:
    """What a function's zip holds (the Makefile's build targets copy ``LAMBDA_PACKAGES``) is the code that
    runs there: never the playground, the CLI, Chromium tooling, or moto (``devtools/``). Pillow is a
    runtime dependency since the recap picture, imported by ``handlers/recap/image.py``
    alone and only inside its functions, so no webhook request but ``/recap/<game>.png`` loads it."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    shipped = re.search(r"^LAMBDA_PACKAGES\s*:=\s*(.+)$", makefile, re.M)
    assert shipped is not None
    packages = shipped.group(1).split()
    assert sorted(packages) == ["core", "handlers", "infra"]
    dev_only = re.compile(r"^\s*(?:import|from)\s+(devtools|playwright|moto|werkzeug)\b", re.M)
    found = [
        str(path.relative_to(ROOT))
        for package in packages
        for path in (ROOT / package).rglob("*.py")
        if dev_only.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
    pillow = re.compile(r"^(\s*)(?:import|from)\s+PIL\b", re.M)
    users = {
        str(path.relative_to(ROOT)): [
            len(m.group(1)) for m in pillow.finditer(path.read_text(encoding="utf-8"))
        ]
        for package in packages
        for path in (ROOT / package).rglob("*.py")
    }
    assert {path for path, found in users.items() if found} == {"handlers/recap/image.py"}
    assert all(indent > 0 for indent in users["handlers/recap/image.py"]), "Pillow is imported lazily"
