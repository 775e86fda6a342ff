"""Settings: the table name from the environment, bot secrets from SSM (moto) or directly from env."""

from __future__ import annotations

from collections.abc import Iterator

import boto3
import pytest
from moto import mock_aws

from infra import settings
from infra.parameters import ParameterError, SsmParameters, max_age
from infra.settings import SettingsError, secret, table_name, telegram_secret, telegram_token

pytestmark = pytest.mark.aws

TOKEN_PARAM = "/jinro-gm/telegram/token"
SECRET_PARAM = "/jinro-gm/telegram/webhook-secret"
PARAM_ENV = {"TELEGRAM_TOKEN_PARAM": TOKEN_PARAM, "TELEGRAM_SECRET_PARAM": SECRET_PARAM}


class Clock:
    """Monotonic seconds that a test moves on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def ssm(clock: Clock) -> Iterator[SsmParameters]:
    """The container's SSM reader on moto's SSM holding the two Telegram parameters (SecureString)."""
    with mock_aws():
        client = boto3.client("ssm", region_name="us-east-1")
        client.put_parameter(Name=TOKEN_PARAM, Value="123456:ABC-token", Type="SecureString")
        client.put_parameter(Name=SECRET_PARAM, Value="webhook-secret-1", Type="SecureString")
        yield SsmParameters(client, clock=clock)


def rotate(name: str, value: str) -> None:
    boto3.client("ssm", region_name="us-east-1").put_parameter(
        Name=name, Value=value, Type="SecureString", Overwrite=True
    )


def test_the_table_name_comes_from_the_environment() -> None:
    assert table_name({"TABLE_NAME": "jinro-prod"}) == "jinro-prod"


def test_a_missing_table_name_says_which_variable_to_set() -> None:
    with pytest.raises(SettingsError, match="TABLE_NAME"):
        table_name({})


def test_telegram_secrets_are_read_from_ssm(ssm: SsmParameters) -> None:
    assert telegram_token(PARAM_ENV, ssm) == "123456:ABC-token"
    assert telegram_secret(PARAM_ENV, ssm) == "webhook-secret-1"


def test_a_value_in_the_environment_wins_over_ssm(ssm: SsmParameters) -> None:
    env = {**PARAM_ENV, "TELEGRAM_TOKEN": "local-token"}

    assert telegram_token(env, ssm) == "local-token"


def test_a_secret_is_read_from_ssm_once_per_container_for_five_minutes(
    ssm: SsmParameters, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("POWERTOOLS_PARAMETERS_MAX_AGE", raising=False)
    assert telegram_token(PARAM_ENV, ssm) == "123456:ABC-token"
    rotate(TOKEN_PARAM, "rotated")

    clock.now += 299
    assert telegram_token(PARAM_ENV, ssm) == "123456:ABC-token"
    clock.now += 1
    assert telegram_token(PARAM_ENV, ssm) == "rotated"


def test_the_operator_sets_how_long_a_secret_is_kept(
    ssm: SsmParameters, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POWERTOOLS_PARAMETERS_MAX_AGE", "60")
    assert telegram_secret(PARAM_ENV, ssm) == "webhook-secret-1"
    rotate(SECRET_PARAM, "webhook-secret-2")

    clock.now += 59
    assert telegram_secret(PARAM_ENV, ssm) == "webhook-secret-1"
    clock.now += 1
    assert telegram_secret(PARAM_ENV, ssm) == "webhook-secret-2"


@pytest.mark.parametrize(("value", "seconds"), [("", 300), ("0", 0), (" 42.5 ", 42.5)])
def test_the_max_age_is_read_as_seconds(value: str, seconds: float) -> None:
    assert max_age({"POWERTOOLS_PARAMETERS_MAX_AGE": value}) == seconds


@pytest.mark.parametrize("value", ["-1", "five", "nan"])
def test_a_max_age_that_is_no_number_of_seconds_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="POWERTOOLS_PARAMETERS_MAX_AGE"):
        max_age({"POWERTOOLS_PARAMETERS_MAX_AGE": value})


def test_a_missing_secret_names_both_variables() -> None:
    with pytest.raises(SettingsError, match="TELEGRAM_SECRET_PARAM"):
        telegram_secret({})


def test_a_parameter_missing_from_ssm_is_an_error_naming_it(ssm: SsmParameters) -> None:
    with pytest.raises(ParameterError, match="/nowhere"):
        secret("LINE_CHANNEL_SECRET", env={"LINE_CHANNEL_SECRET_PARAM": "/nowhere"}, provider=ssm)


def test_a_parameter_created_after_a_failed_read_is_read_at_once(ssm: SsmParameters) -> None:
    env = {"LINE_CHANNEL_SECRET_PARAM": "/jinro-gm/line/channel_secret"}
    with pytest.raises(ParameterError):
        secret("LINE_CHANNEL_SECRET", env=env, provider=ssm)
    rotate("/jinro-gm/line/channel_secret", "created-now")

    assert secret("LINE_CHANNEL_SECRET", env=env, provider=ssm) == "created-now"


@pytest.fixture
def fresh_default_provider() -> Iterator[None]:
    """Forget the container's reader before and after, so its client is made inside the mock."""
    settings.forget_secrets()
    yield
    settings.forget_secrets()


@pytest.mark.usefixtures("fresh_default_provider")
def test_the_default_provider_reads_the_lambda_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("TELEGRAM_TOKEN_PARAM", TOKEN_PARAM)
    monkeypatch.delenv("TELEGRAM_TOKEN", raising=False)
    with mock_aws():
        boto3.client("ssm").put_parameter(Name=TOKEN_PARAM, Value="from-ssm", Type="SecureString")

        assert telegram_token() == "from-ssm"
