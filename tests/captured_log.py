"""What a Powertools ``Logger`` writes during a test, formatted as CloudWatch receives it (JSON lines)."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager

from aws_lambda_powertools import Logger


@contextmanager
def captured(logger: Logger) -> Iterator[io.StringIO]:
    """Copy every record of ``logger`` into the yielded stream, with the logger's own JSON formatter."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logger.registered_formatter)
    underlying = logging.getLogger(logger.name)
    underlying.addHandler(handler)
    try:
        yield stream
    finally:
        underlying.removeHandler(handler)
