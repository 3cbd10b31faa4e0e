"""The OpenAPI document validates, and schemathesis finds no 500 and no answer outside it."""

import pytest
import schemathesis
from django.test import Client
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.specs.openapi.definitions import OPENAPI_31_VALIDATOR

from config.wsgi import application

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
TOURNAMENT_PATHS = {
    "/api/v1/tournaments/",
    "/api/v1/tournaments/{tournament_id}/",
    "/api/v1/tournaments/{tournament_id}/rounds/{number}/tables/",
    "/api/v1/tournaments/{tournament_id}/standings/",
}


def test_openapi_document_validates(db):
    document = Client(HTTP_HOST="localhost").get("/api/v1/openapi.json").json()
    errors = [e.message for e in OPENAPI_31_VALIDATOR.iter_errors(document)]
    assert errors == []
    assert document["openapi"].startswith("3.1")
    assert set(document["paths"]) >= TOURNAMENT_PATHS
    entry = document["components"]["schemas"]["StandingsEntryOut"]["properties"]
    assert entry["rank"]["anyOf"] == [{"type": "integer"}, {"type": "null"}]
    kind = document["components"]["schemas"]["RoundKindCode"]
    assert kind["enum"] == ["preliminary", "final"]


@pytest.fixture
def keep_connection():
    """As Django's test client does: the WSGI handler closes "old" connections after each
    request, which on PostgreSQL would close the connection holding the test's transaction."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def _fuzz(world, mode, checks, max_examples) -> list[int]:
    """Every tournament operation, bounded; returns the status codes seen."""
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", application)
    schema = schema.include(path_regex="^/api/v1/tournaments")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} == TOURNAMENT_PATHS
    ids = [t.pk for t in world.values()]
    seen: list[int] = []
    for operation in operations:
        if not mode.is_positive and not operation.path_parameters and not operation.query:
            continue  # nothing to get wrong
        # most cases hit real tournaments (finished, running, draft) and rounds, some random ids
        strategies = [operation.as_strategy(generation_mode=mode)]
        if "tournament_id" in operation.path and mode.is_positive:
            numbers = (1, 2) if "{number}" in operation.path else (None,)
            strategies += [
                operation.as_strategy(
                    generation_mode=mode,
                    path_parameters={"tournament_id": pk} | ({"number": number} if number else {}),
                )
                for pk in ids
                for number in numbers
            ]
        for strategy in strategies:

            @settings(
                max_examples=max_examples,
                deadline=None,
                database=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
            )
            @given(case=strategy)
            def run(case):
                seen.append(case.call_and_validate(checks=checks).status_code)

            run()
    return seen


def test_fuzz_valid_requests(world, keep_connection):
    seen = _fuzz(world, schemathesis.GenerationMode.POSITIVE, CHECKS, max_examples=25)
    assert {200, 404} <= set(seen)
    assert len(seen) > 100


def test_fuzz_invalid_requests(world, keep_connection):
    seen = _fuzz(
        world,
        schemathesis.GenerationMode.NEGATIVE,
        [*CHECKS, negative_data_rejection],
        max_examples=25,
    )
    assert 422 in seen
    assert len(seen) > 30


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_api_is_read_only(db, method, finished):
    response = getattr(Client(HTTP_HOST="localhost"), method)(f"/api/v1/tournaments/{finished.pk}/")
    assert response.status_code == 405
