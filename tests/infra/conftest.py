"""Fixtures of the store tests: every store behind the same interface, and DynamoDB on moto."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from moto import mock_aws

from devtools import moto_speed
from infra.dynamodb import DynamoStore, create_table
from infra.store import GameStore, MemoryStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

TABLE = "jinro-test"


@pytest.fixture
def table() -> str:
    """The name of the table the ``dynamodb`` fixture creates."""
    return TABLE


@pytest.fixture
def dynamodb() -> Iterator[DynamoDBClient]:
    """A client of moto's in-process DynamoDB holding an empty table :data:`TABLE`."""
    with mock_aws():
        client = moto_speed.session().client("dynamodb", region_name="us-east-1")
        create_table(client, TABLE)
        yield client


@pytest.fixture(params=["memory", pytest.param("dynamo", marks=pytest.mark.aws)])
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    """Each :class:`GameStore` implementation, empty."""
    if request.param == "memory":
        yield MemoryStore()
        return
    yield DynamoStore(TABLE, request.getfixturevalue("dynamodb"))
