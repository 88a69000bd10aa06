"""Python's ``round`` over a whole array at numpy speed, bit for bit.

A result object rounds every month of a cash flow to the cent; calling
``round`` element by element is a large part of building it. ``np.round`` is
not a drop-in replacement: it scales, rounds and scales back, and the scaled
value, itself rounded, can fall on the other side of a half than the exact
one. This module uses the fast path only where that cannot happen and falls
back to ``round`` for the rest.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int_]

# Beyond this many cents a scaled value's rounding error (half a unit in the
# last place, at most 2**-11) could reach the margin below: use ``round``.
_MAX_SCALED = 2.0**41
# A scaled value this close to a half may lie on the other side of it exactly.
_MARGIN = 1e-3
_POWERS_OF_TEN = np.array([10.0**k for k in range(7)])
"""``10.0**ndigits`` for each ``ndigits`` that :func:`round_list` takes."""


def round_list(values: FloatArray, ndigits: int | IntArray) -> list[float]:
    """``[round(float(x), ndigits) for x in values]``, the same floats.

    Python's ``round`` gives the double nearest to the exact value of ``x``
    rounded half-even to ``ndigits`` decimals. Here ``y = x * 10**ndigits``
    is rounded to an integer ``n``: when ``y`` is more than ``_MARGIN`` away
    from a half, the exact product (within half an ulp of ``y``) rounds to the
    same ``n``, and ``n / 10**ndigits`` (an exact integer divided once,
    correctly rounded) is the double nearest to that decimal, as ``round``
    returns. Values near a half, huge or not finite go through ``round``.

    Parameters
    ----------
    values : ndarray
        One-dimensional floats.
    ndigits : int or ndarray of int
        Decimals kept, 0 to 6: one for every value, or one per value (so
        that amounts kept to different precisions are rounded in one call).

    Returns
    -------
    list of float
        The rounded values, as Python floats.

    Examples
    --------
    >>> import numpy as np
    >>> x = np.array([0.125, 2.675, -0.004, 1234.5678, 0.0])
    >>> round_list(x, 2) == [round(float(v), 2) for v in x]
    True
    >>> digits = np.array([0, 1, 2, 3, 6])
    >>> round_list(x, digits) == [round(float(v), int(n)) for v, n in zip(x, digits)]
    True
    """
    if not values.size:
        return []
    # 10.0**k is exact for these k: the same power whichever way it is made
    scale = 10.0**ndigits if isinstance(ndigits, int) else _POWERS_OF_TEN[ndigits]
    y = values * scale
    n = np.rint(y)
    # not (a < b): a NaN anywhere fails the comparison and takes the slow path
    # (the ufuncs' own ``reduce``: ``max`` is the same with a Python wrapper)
    if not float(np.maximum.reduce(np.abs(y), axis=None)) < _MAX_SCALED:
        if isinstance(ndigits, int):
            return [round(x, ndigits) for x in values.tolist()]
        pairs = zip(values.tolist(), ndigits.tolist(), strict=True)
        return [round(x, k) for x, k in pairs]
    out: list[float] = (n / scale).tolist()
    (near,) = (np.abs(y - n) > 0.5 - _MARGIN).nonzero()
    for i in near.tolist():
        k = ndigits if isinstance(ndigits, int) else int(ndigits[i])
        out[i] = round(float(values[i]), k)
    return out
