"""bench.ab's summary: known answers (the benchmark itself drives Chromium, too slow for a test)."""

from __future__ import annotations

import pytest

from bench.ab import summary


def test_the_summary_of_two_sites() -> None:
    rows = summary(["a", "b"], {"a": [200.0, 210.0, 220.0, 230.0], "b": [190.0, 200.0, 210.0, 220.0]})
    a, b = rows
    # a: mean 215, sd sqrt(500/3) = 12.91, se 6.45; b: the same spread, 10 ms lower.
    assert (a["n"], a["median_ms"], a["mean_ms"], a["sd_ms"], a["se_ms"]) == (4, 215.0, 215.0, 12.9, 6.5)
    assert (a["diff_ms"], a["diff_low_ms"], a["diff_high_ms"]) == (0.0, 0.0, 0.0)
    half = 1.96 * (2 * (500 / 3) / 4) ** 0.5  # 17.9
    assert b["diff_ms"] == -10.0
    assert b["diff_low_ms"] == pytest.approx(-10.0 - half, abs=0.05)
    assert b["diff_high_ms"] == pytest.approx(-10.0 + half, abs=0.05)
    assert b["diff_low_ms"] < 0 < b["diff_high_ms"]  # 10 ms in 4 visits each: noise


def test_a_difference_outside_the_noise_has_an_interval_without_zero() -> None:
    rows = summary(["base", "faster"], {"base": [200.0, 201.0, 199.0, 200.0] * 5, "faster": [180.0, 181.0, 179.0, 180.0] * 5})
    faster = rows[1]
    assert faster["diff_ms"] == -20.0
    assert faster["diff_high_ms"] < 0


def test_the_rows_keep_the_order_of_the_sites() -> None:
    rows = summary(["z", "y", "x"], {"x": [1.0, 2.0], "y": [3.0, 4.0], "z": [5.0, 6.0]})
    assert [r["site"] for r in rows] == ["z", "y", "x"]
    assert [r["diff_ms"] for r in rows] == [0.0, -2.0, -4.0]
