"""ddz_fast.segments against pure-Python references on thousands of seeded random CSR layouts
(empty segments, ties, float32 / float64 / integer values, no segments at all), and the
checks of its boundary."""

import math
import random

import numpy as np
import pytest

from ddz_fast.segments import (
    csr_from_padded, legal_tables, segment_argmax, segment_sample, segment_softmax, take,
)


def random_layout(rng):
    """Offsets of 0..12 segments, a third of them empty, and one value per row."""
    n = rng.randrange(13)
    counts = [0 if rng.random() < 0.33 else rng.randrange(1, 9) for _ in range(n)]
    offsets = [0]
    for count in counts:
        offsets.append(offsets[-1] + count)
    kind = rng.randrange(3)
    if kind == 0:                               # few distinct values: ties
        values = [float(rng.randrange(3)) for _ in range(offsets[-1])]
    else:
        values = [rng.uniform(-30, 30) for _ in range(offsets[-1])]
    dtype = (np.float32, np.float64, np.int64)[kind] if kind else rng.choice(
        [np.float32, np.int32])
    return offsets, np.array(values, dtype=dtype)


def segments(offsets):
    return [range(offsets[i], offsets[i + 1]) for i in range(len(offsets) - 1)]


def test_against_references():
    rng = random.Random(27)
    cases = empty = 0
    for case in range(4000):
        offsets, values = random_layout(rng)
        array = np.array(offsets, dtype=rng.choice([np.int64, np.int32, np.uint64]))
        as_float = [float(v) for v in values.astype(np.float64)]
        # legal_tables
        assert legal_tables(array).tolist() == [i for i, rows in enumerate(segments(offsets))
                                               for _ in rows]
        # segment_argmax: the first row of the largest value, -1 when empty
        expected = [max(rows, key=lambda r: (as_float[r], -r)) if rows else -1
                    for rows in segments(offsets)]
        assert segment_argmax(array, values).tolist() == expected
        # segment_softmax, in float64 by the book (exp(v - max) / sum)
        out = segment_softmax(array, values)
        assert out.dtype == (np.float32 if values.dtype == np.float32 else np.float64)
        assert len(out) == offsets[-1] and np.isfinite(out).all()
        for rows in segments(offsets):
            if not rows:
                empty += 1
                continue
            top = max(as_float[r] for r in rows)
            total = sum(math.exp(as_float[r] - top) for r in rows)
            for r in rows:
                assert out[r] == pytest.approx(math.exp(as_float[r] - top) / total,
                                               rel=1e-5, abs=1e-7)
        # segment_sample, weighted: the inverse CDF of the generator's uniforms
        weights = np.abs(values).astype(values.dtype)
        for rows in segments(offsets):
            if rows and not any(weights[r] > 0 for r in rows):
                weights[rows[0]] = 1
        rows_drawn = segment_sample(array, np.random.default_rng(case), weights)
        uniforms = np.random.default_rng(case).random(len(offsets) - 1)
        assert rows_drawn.tolist() == [inverse_cdf(rows, [float(w) for w in weights], u)
                                       for rows, u in zip(segments(offsets), uniforms)]
        # segment_sample, uniform: the generator's integers below each count
        uniform = segment_sample(array, np.random.default_rng(case))
        draws = np.random.default_rng(case).integers(
            0, np.maximum(np.diff(np.array(offsets)), 1))
        assert uniform.tolist() == [rows[0] + int(d) if rows else -1
                                    for rows, d in zip(segments(offsets), draws)]
        cases += 1
    assert cases == 4000 and empty > 3000


def inverse_cdf(rows, weights, u):
    if not rows:
        return -1
    total = sum(weights[r] for r in rows if weights[r] > 0)
    running = 0.0
    for r in rows:
        running += weights[r] if weights[r] > 0 else 0.0
        if weights[r] > 0 and running > u * total:
            return r
    return max(r for r in rows if weights[r] > 0)


def test_sampling_frequencies():
    """Weighted draws follow the weights (and never pick a zero weight); uniform draws cover
    every row."""
    offsets = np.array([0, 4, 4, 7])
    weights = np.array([1.0, 0.0, 3.0, 4.0, 0.5, 0.5, 0.0])
    rng = np.random.default_rng(0)
    draws = np.array([segment_sample(offsets, rng, weights) for _ in range(20000)])
    assert (draws[:, 1] == -1).all()
    first = np.bincount(draws[:, 0], minlength=4) / len(draws)
    assert first[1] == 0 and np.allclose(first, [1 / 8, 0, 3 / 8, 4 / 8], atol=0.015)
    third = np.bincount(draws[:, 2] - 4, minlength=3) / len(draws)
    assert third[2] == 0 and np.allclose(third, [0.5, 0.5, 0], atol=0.015)
    uniform = np.array([segment_sample(offsets, rng) for _ in range(2000)])
    assert set(uniform[:, 0]) == {0, 1, 2, 3} and set(uniform[:, 2]) == {4, 5, 6}


def test_softmax_has_no_nan():
    """Large logits and an empty segment: no overflow, no NaN (a dense-mask softmax over an
    all-zero mask row gives NaN, the trap this replaces)."""
    offsets = np.array([0, 2, 2, 3])
    out = segment_softmax(offsets, np.array([1e30, -1e30, 5.0]))
    assert out.tolist() == [1.0, 0.0, 1.0]
    assert segment_softmax(offsets, np.array([3e38, 3e38, 0], np.float32)).tolist() == [
        0.5, 0.5, 1.0]


def test_take_and_padded():
    ids = np.array([5, 7, 9], np.int32)
    assert take(ids, np.array([2, -1, 0])).tolist() == [9, 0, 5]
    assert take(ids, np.array([-1]), fill=27471).tolist() == [27471]
    assert take(np.zeros(0, np.int32), np.array([-1, -1])).tolist() == [0, 0]
    for bad in ([3], [-2]):
        with pytest.raises(ValueError, match=r"rows\[0\] must be -1 or a row of ids"):
            take(ids, np.array(bad))
    with pytest.raises(ValueError, match="rows must be a 1-d integer array"):
        take(ids, np.array([0.0]))
    padded = np.array([[3, 4, -1], [-1, -1, -1], [1, 2, 6]], np.int32)
    offsets, flat = csr_from_padded(padded, np.array([2, 0, 3]))
    assert offsets.tolist() == [0, 2, 2, 5] and flat.tolist() == [3, 4, 1, 2, 6]
    with pytest.raises(ValueError, match="counts must be in 0..3"):
        csr_from_padded(padded, np.array([2, 0, 4]))
    with pytest.raises(ValueError, match=r"ids must be \(n, width\)"):
        csr_from_padded(padded[0], np.array([2]))


@pytest.mark.parametrize("offsets, message", [
    ([], "offsets must be a 1-d integer array"),
    ([[0, 1]], "offsets must be a 1-d integer array"),
    ([0.0, 1.0], "offsets must be a 1-d integer array"),
    ([1, 2], "offsets must start at 0, not 1"),
    ([0, 2, 1], r"offsets must not decrease: offsets\[2\] = 1 < offsets\[1\] = 2"),
    (np.array([0, 2 ** 64 - 1], np.uint64), "offsets must be at most 2\\*\\*63 - 1"),
])
def test_bad_offsets(offsets, message):
    for call in (lambda: legal_tables(offsets), lambda: segment_argmax(offsets, [0.0]),
                 lambda: segment_softmax(offsets, [0.0]),
                 lambda: segment_sample(offsets, np.random.default_rng())):
        with pytest.raises(ValueError, match=message):
            call()


def test_bad_values():
    offsets = np.array([0, 2, 3])
    for values, message in (([1.0, 2.0], r"values must be a 1-d real array of one value per "
                                          r"CSR row \(offsets\[-1\] = 3\)"),
                            ([1.0, np.nan, 0.0], r"values\[1\] must be finite, not nan"),
                            ([1.0, 0.0, -np.inf], r"values\[2\] must be finite, not -inf"),
                            ([True, False, True], "values must be a 1-d real array"),
                            (["a", "b", "c"], "values must be a 1-d real array")):
        for call in (segment_argmax, segment_softmax):
            with pytest.raises(ValueError, match=message):
                call(offsets, values)
    rng = np.random.default_rng()
    with pytest.raises(ValueError, match=r"weights\[1\] must be a finite number >= 0, not -1"):
        segment_sample(offsets, rng, [1, -1, 1])
    with pytest.raises(ValueError, match=r"weights: segment 1 \(rows 2..2\) has no positive"):
        segment_sample(offsets, rng, [1, 0, 0])
    with pytest.raises(TypeError, match="rng must be a numpy.random.Generator, not int"):
        segment_sample(offsets, 3)
    values = np.array([1.0, 2.0, 3.0])
    segment_softmax(offsets, values)
    assert values.tolist() == [1.0, 2.0, 3.0]       # inputs are never written
