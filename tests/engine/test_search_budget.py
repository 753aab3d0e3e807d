"""The checks of a search player's budget: a refused value is named in the message."""

from __future__ import annotations

import pytest

from ecarte.engine.search import check_budget

HUGE = 10**5000  # its decimal text is longer than Python's int-to-text limit


@pytest.mark.parametrize(
    ("iterations", "ms", "c", "named"),
    [
        (HUGE, None, 1.0, "iterations"),
        (-HUGE, None, 1.0, "iterations"),
        (10, HUGE, 1.0, "ms"),
        (10, None, HUGE, "c"),
    ],
    ids=["iterations", "negative", "ms", "c"],
)
def test_a_huge_budget_is_refused_naming_it(
    iterations: object, ms: object, c: object, named: str
) -> None:
    with pytest.raises(ValueError, match=rf"^{named} must be .*an int of \d+ bits$"):
        check_budget(iterations, ms, c, 1000)


def test_a_good_budget_passes() -> None:
    check_budget(10, 5.0, 1.4, 1000)
    check_budget(1000, None, 2, 1000)
