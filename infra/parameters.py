"""SSM Parameter Store reads for the bot's secrets, cached in the container.

:class:`SsmParameters` calls SSM ``GetParameter`` with ``WithDecryption=True`` (SecureString values come
back decrypted; AWS Systems Manager API Reference, "GetParameter") and keeps each value for ``max_age``
seconds: env ``POWERTOOLS_PARAMETERS_MAX_AGE`` (the variable Powertools' parameters utility reads, so an
operator's setting keeps its meaning), default :data:`DEFAULT_MAX_AGE` (300). One SSM call per parameter
per container per five minutes, and a rotated secret is picked up within that time without a redeploy.

Why not Powertools' ``SSMProvider``, which does the same: it builds its own boto3 ``Session``, whose
loader scans botocore's data folder and loads the endpoint rules again next to the default session the
store and the timer queue use, and its module imports the AppConfig provider too. On a cold start that
is 50-60 ms of CPU more (ssm + dynamodb + sqs clients: 0.25-0.27 s against 0.20-0.21 s here, five runs
each, ``time.process_time``; 15-20 ms more even when handed a client of the default session), for a
dict and a ``get_parameter`` call (docs/architecture.md, "Cold start").
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_boto3_ssm import SSMClient

#: Seconds a value is kept when ``POWERTOOLS_PARAMETERS_MAX_AGE`` is unset.
DEFAULT_MAX_AGE = 300
MAX_AGE_ENV = "POWERTOOLS_PARAMETERS_MAX_AGE"


class ParameterError(RuntimeError):
    """SSM could not give a parameter (missing, no permission, throttled): the message names it and the
    cause (botocore's ``ClientError`` or ``BotoCoreError``) is chained."""


def max_age(env: Mapping[str, str] | None = None) -> float:
    """Seconds a value is kept: env ``POWERTOOLS_PARAMETERS_MAX_AGE`` (a number ≥ 0), else 300. Raises
    ``ValueError`` for another value."""
    value = ((os.environ if env is None else env).get(MAX_AGE_ENV) or "").strip()
    if not value:
        return DEFAULT_MAX_AGE
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0:  # also refuses nan
        raise ValueError(f"{MAX_AGE_ENV} is {value!r}: use a number of seconds ≥ 0")
    return seconds


class SsmParameters:
    """Decrypted SSM parameters, each read at most once per ``max_age`` seconds (default :func:`max_age`,
    read at each refresh).

    ``client``: a boto3 SSM client (default: one of boto3's default session, made on the first read);
    ``clock``: monotonic seconds (tests move it on).
    """

    def __init__(
        self,
        client: SSMClient | None = None,
        *,
        max_age: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client = client
        self._max_age = max_age
        self._clock = clock
        self._values: dict[str, tuple[str, float]] = {}

    def get(self, name: str) -> str:
        """The decrypted value of parameter ``name``, from the cache while it is younger than ``max_age``
        seconds. Raises :class:`ParameterError` when SSM does not give it (nothing is cached then)."""
        now = self._clock()
        kept = self._values.get(name)
        if kept is not None and now < kept[1]:
            return kept[0]
        value = self._read(name)
        self._values[name] = (value, now + (max_age() if self._max_age is None else self._max_age))
        return value

    def _read(self, name: str) -> str:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            answer = self._ssm().get_parameter(Name=name, WithDecryption=True)
        except (BotoCoreError, ClientError) as failed:
            raise ParameterError(f"SSM parameter {name} could not be read: {failed}") from failed
        return answer["Parameter"].get("Value", "")

    def _ssm(self) -> SSMClient:
        if self._client is None:
            import boto3

            self._client = boto3.client("ssm")
        return self._client
