"""Settings: the table name from the environment, bot secrets from SSM (moto) or directly from env."""

from __future__ import annotations

from collections.abc import Iterator

import boto3
import pytest
from aws_lambda_powertools.utilities.parameters import SSMProvider
from aws_lambda_powertools.utilities.parameters.exceptions import GetParameterError
from moto import mock_aws

from infra import settings
from infra.settings import SettingsError, secret, table_name, telegram_secret, telegram_token

pytestmark = pytest.mark.aws

TOKEN_PARAM = "/jinro-gm/telegram/token"
SECRET_PARAM = "/jinro-gm/telegram/webhook-secret"
PARAM_ENV = {"TELEGRAM_TOKEN_PARAM": TOKEN_PARAM, "TELEGRAM_SECRET_PARAM": SECRET_PARAM}


@pytest.fixture
def ssm() -> Iterator[SSMProvider]:
    """A Powertools SSM provider on moto's SSM holding the two Telegram parameters."""
    with mock_aws():
        client = boto3.client("ssm", region_name="us-east-1")
        client.put_parameter(Name=TOKEN_PARAM, Value="123456:ABC-token", Type="SecureString")
        client.put_parameter(Name=SECRET_PARAM, Value="webhook-secret-1", Type="SecureString")
        yield SSMProvider(boto3_client=client)


def test_the_table_name_comes_from_the_environment() -> None:
    assert table_name({"TABLE_NAME": "jinro-prod"}) == "jinro-prod"


def test_a_missing_table_name_says_which_variable_to_set() -> None:
    with pytest.raises(SettingsError, match="TABLE_NAME"):
        table_name({})


def test_telegram_secrets_are_read_from_ssm(ssm: SSMProvider) -> None:
    assert telegram_token(PARAM_ENV, ssm) == "123456:ABC-token"
    assert telegram_secret(PARAM_ENV, ssm) == "webhook-secret-1"


def test_a_value_in_the_environment_wins_over_ssm(ssm: SSMProvider) -> None:
    env = {**PARAM_ENV, "TELEGRAM_TOKEN": "local-token"}

    assert telegram_token(env, ssm) == "local-token"


def test_a_secret_is_read_from_ssm_once_per_container(ssm: SSMProvider) -> None:
    assert telegram_token(PARAM_ENV, ssm) == "123456:ABC-token"
    ssm.client.put_parameter(Name=TOKEN_PARAM, Value="rotated", Type="SecureString", Overwrite=True)

    assert telegram_token(PARAM_ENV, ssm) == "123456:ABC-token"


def test_a_missing_secret_names_both_variables() -> None:
    with pytest.raises(SettingsError, match="TELEGRAM_SECRET_PARAM"):
        telegram_secret({})


def test_a_parameter_missing_from_ssm_is_an_error(ssm: SSMProvider) -> None:
    with pytest.raises(GetParameterError):
        secret("LINE_CHANNEL_SECRET", env={"LINE_CHANNEL_SECRET_PARAM": "/nowhere"}, provider=ssm)


@pytest.fixture
def fresh_default_provider() -> Iterator[None]:
    """Forget the container's provider before and after, so its client is made inside the mock."""
    settings._default_provider.cache_clear()
    yield
    settings._default_provider.cache_clear()


@pytest.mark.usefixtures("fresh_default_provider")
def test_the_default_provider_reads_the_lambda_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("TELEGRAM_TOKEN_PARAM", TOKEN_PARAM)
    monkeypatch.delenv("TELEGRAM_TOKEN", raising=False)
    with mock_aws():
        boto3.client("ssm").put_parameter(Name=TOKEN_PARAM, Value="from-ssm", Type="SecureString")

        assert telegram_token() == "from-ssm"
