"""bench.page_draw's summary: known answers (the benchmark itself runs the page's MicroPython, too slow for a test)."""

from __future__ import annotations

from bench.page_draw import summary


def test_the_summary_of_ten_drawings() -> None:
    got = summary({"first": 3.456, "each": [5.0, 1.0, 2.0, 9.0, 3.0, 4.0, 8.0, 6.0, 7.0, 10.0]})
    assert got == {"first_screen_ms": 3.46, "screens": 10, "median_ms": 5.5, "p90_ms": 9.0, "longest_ms": 10.0}


def test_one_drawing_is_its_own_median_p90_and_longest() -> None:
    got = summary({"first": 1.0, "each": [2.25]})
    assert (got["median_ms"], got["p90_ms"], got["longest_ms"], got["screens"]) == (2.25, 2.25, 2.25, 1)
