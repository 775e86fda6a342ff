"""What the operator's tools (``jinro-gm deploy``, ``setup-webhook``) need from AWS: who the credentials
are (STS) and in which region, secrets in SSM Parameter Store and the outputs of the deployed
CloudFormation stack.

The Lambda functions never use this module (they read secrets through :mod:`infra.settings`). Every AWS
failure (no credentials or region, access denied, a missing stack) is raised as :class:`DeploymentError`
with a message an operator can act on, so the tools above never see botocore.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError, NoCredentialsError

if TYPE_CHECKING:
    from mypy_boto3_ssm import SSMClient


class DeploymentError(RuntimeError):
    """An AWS call of the operator's tools failed; the message says what and why."""


def _reason(err: Exception) -> str:
    if isinstance(err, ClientError):
        error = err.response.get("Error", {})
        return f"{error.get('Code', 'error')}: {error.get('Message', '')}".rstrip(": ")
    return str(err)


class Deployment:
    """STS, SSM and CloudFormation for the operator. ``ssm`` / ``cloudformation``: boto3 clients (default:
    made on first use, in ``region`` or else the environment's: ``AWS_PROFILE``, ``AWS_REGION`` …, from a
    session of their own, so credentials are read when the tool runs)."""

    def __init__(
        self, ssm: SSMClient | None = None, cloudformation: Any = None, *, region: str | None = None
    ) -> None:
        self._ssm = ssm
        self._cloudformation = cloudformation
        made = ssm is None or cloudformation is None
        self._session = boto3.session.Session(region_name=region) if made else None

    @property
    def region(self) -> str | None:
        """The region the clients work in (``--region``, else the AWS configuration's), or None."""
        if self._session is not None:
            return self._session.region_name
        client = self._ssm or self._cloudformation
        return None if client is None else str(client.meta.region_name)

    def caller(self) -> str:
        """The ARN of the credentials' identity (STS ``GetCallerIdentity``): proof that they work. Raises
        :class:`DeploymentError` saying how to get credentials when there are none or AWS refuses them."""
        session = self._session or boto3.session.Session(region_name=self.region)
        try:
            return str(session.client("sts").get_caller_identity()["Arn"])
        except NoCredentialsError as err:
            raise DeploymentError(
                "no AWS credentials found: run `aws configure` (or `aws configure sso`), or set AWS_PROFILE"
            ) from err
        except (ClientError, BotoCoreError) as err:
            raise DeploymentError(f"AWS refused the credentials: {_reason(err)}") from err

    def _ssm_client(self) -> SSMClient:
        if self._ssm is None:
            assert self._session is not None
            self._ssm = self._session.client("ssm")
        return self._ssm

    def _cloudformation_client(self) -> Any:
        if self._cloudformation is None:
            assert self._session is not None
            self._cloudformation = self._session.client("cloudformation")
        return self._cloudformation

    def read_secret(self, name: str) -> str | None:
        """The decrypted value of SSM parameter ``name``, or ``None`` if there is no such parameter.
        Raises :class:`DeploymentError` for any other failure."""
        parameter = self._parameter(name, decrypt=True)
        return None if parameter is None else parameter.get("Value")

    def has_parameter(self, name: str) -> bool:
        """Whether SSM parameter ``name`` exists (its value is not decrypted). Raises
        :class:`DeploymentError` when SSM cannot be asked."""
        return self._parameter(name, decrypt=False) is not None

    def _parameter(self, name: str, *, decrypt: bool) -> dict[str, Any] | None:
        """SSM ``GetParameter``'s ``Parameter`` for ``name``, or ``None`` when there is no such parameter.
        Raises :class:`DeploymentError` for any other failure."""
        try:
            response = self._ssm_client().get_parameter(Name=name, WithDecryption=decrypt)
        except ClientError as err:
            if err.response.get("Error", {}).get("Code") == "ParameterNotFound":
                return None
            raise DeploymentError(f"cannot read SSM parameter {name}: {_reason(err)}") from err
        except BotoCoreError as err:
            raise DeploymentError(f"cannot read SSM parameter {name}: {_reason(err)}") from err
        return dict(response["Parameter"])

    def write_secret(self, name: str, value: str) -> None:
        """Store ``value`` as SecureString parameter ``name`` (encrypted with the account's default key
        ``aws/ssm``), replacing any earlier value. Raises :class:`DeploymentError`."""
        try:
            self._ssm_client().put_parameter(Name=name, Value=value, Type="SecureString", Overwrite=True)
        except (ClientError, BotoCoreError) as err:
            raise DeploymentError(f"cannot write SSM parameter {name}: {_reason(err)}") from err

    def stack_output(self, stack_name: str, key: str) -> str:
        """The value of output ``key`` of CloudFormation stack ``stack_name`` (``DescribeStacks``). Raises
        :class:`DeploymentError` when the stack or the output does not exist."""
        try:
            stacks = self._cloudformation_client().describe_stacks(StackName=stack_name)["Stacks"]
        except (ClientError, BotoCoreError) as err:
            raise DeploymentError(f"cannot read stack {stack_name}: {_reason(err)}") from err
        outputs = {o["OutputKey"]: o["OutputValue"] for s in stacks for o in s.get("Outputs", [])}
        if key not in outputs:
            known = ", ".join(sorted(outputs)) or "none"
            raise DeploymentError(f"stack {stack_name} has no output {key} (outputs: {known})")
        return str(outputs[key])
