"""Vector charts for the PDF plan, drawn with :mod:`reportlab.graphics`.

Each function takes plain numbers and labels (already translated) and returns
a :class:`~reportlab.graphics.shapes.Drawing` that the plan places like an
image. Drawing by hand on a small set of shapes keeps the charts identical
from run to run (no timestamps, no random ids) and lets CJK labels use the
embedded font.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.graphics.shapes import Drawing, Line, PolyLine, Rect, String
from reportlab.lib import colors

PALETTE: Final = (
    colors.HexColor("#1f5fa8"),
    colors.HexColor("#e08a1e"),
    colors.HexColor("#3a9a4a"),
    colors.HexColor("#c23b3b"),
    colors.HexColor("#7a4fb0"),
    colors.HexColor("#8c6239"),
    colors.HexColor("#2aa7b5"),
    colors.HexColor("#7f7f7f"),
)
"""Colour cycle, distinguishable in print and for common colour blindness."""

AXIS_COLOR: Final = colors.HexColor("#444444")


def series_color(
    name: str, index: int, by_name: Mapping[str, str] | None = None
) -> colors.Color:
    """The colour of a series: its own (e.g. an option's, as in the app) or the palette's.

    >>> series_color("x", 0, {"x": "#2ca02c"}).hexval()
    '0x2ca02c'
    """
    if by_name is not None and name in by_name:
        return colors.HexColor(by_name[name])
    return PALETTE[index % len(PALETTE)]


GRID_COLOR: Final = colors.HexColor("#dddddd")


@dataclass(frozen=True)
class ChartStyle:
    """Fonts and sizes shared by every chart."""

    font: str
    size: float = 7.0
    title_size: float = 8.5


def nice_ticks(low: float, high: float, target: int = 5) -> list[float]:
    """Round tick values covering ``[low, high]``.

    Examples
    --------
    >>> nice_ticks(0, 97)
    [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    >>> nice_ticks(0, 0)
    [0.0, 1.0]
    """
    if not (math.isfinite(low) and math.isfinite(high)):
        return [0.0, 1.0]
    if high < low:
        low, high = high, low
    if high - low <= 1e-12 * max(1.0, abs(low), abs(high)):
        # A span too small to label (down to subnormal floats): one value,
        # shown on an axis from zero.
        if abs(low) <= 1e-12:
            return [0.0, 1.0]
        return nice_ticks(min(0.0, low), max(0.0, low), target)
    raw = (high - low) / max(target, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks: list[float] = []
    index = 0
    while len(ticks) <= 50:
        value = start + index * step  # no accumulated rounding error
        ticks.append(float(round(value, 10)))
        if value >= high:
            break
        index += 1
    return ticks


def _label(x: float, y: float, text: str, style: ChartStyle, **kw: object) -> String:
    label = String(
        x, y, text, fontName=style.font, fontSize=style.size, fillColor=AXIS_COLOR
    )
    for key, value in kw.items():
        setattr(label, key, value)
    return label


@dataclass
class _Frame:
    """Plot area inside a drawing, mapping data to points."""

    x0: float
    y0: float
    width: float
    height: float
    xmin: float
    xmax: float
    ymin: float
    ymax: float

    def x(self, value: float) -> float:
        span = self.xmax - self.xmin or 1.0
        return self.x0 + (value - self.xmin) / span * self.width

    def y(self, value: float) -> float:
        span = self.ymax - self.ymin or 1.0
        return self.y0 + (value - self.ymin) / span * self.height


def _y_axis(
    d: Drawing,
    f: _Frame,
    ticks: Sequence[float],
    fmt: Callable[[float], str],
    style: ChartStyle,
) -> None:
    for tick in ticks:
        y = f.y(tick)
        d.add(Line(f.x0, y, f.x0 + f.width, y, strokeColor=GRID_COLOR, strokeWidth=0.4))
        d.add(_label(f.x0 - 3, y - style.size / 3, fmt(tick), style, textAnchor="end"))
    d.add(
        Line(f.x0, f.y0, f.x0, f.y0 + f.height, strokeColor=AXIS_COLOR, strokeWidth=0.6)
    )
    d.add(
        Line(f.x0, f.y0, f.x0 + f.width, f.y0, strokeColor=AXIS_COLOR, strokeWidth=0.6)
    )


def _legend(
    d: Drawing,
    items: Sequence[tuple[str, colors.Color]],
    x: float,
    y: float,
    width: float,
    style: ChartStyle,
    *,
    line: bool = False,
) -> float:
    """Legend entries in rows from (x, y) downwards; return the y below it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    cx, cy = x, y
    for text, color in items:
        w = 14 + stringWidth(text, style.font, style.size) + 10
        if cx + w > x + width and cx > x:
            cx, cy = x, cy - style.size - 4
        if line:
            d.add(
                Line(
                    cx, cy + 2.5, cx + 10, cy + 2.5, strokeColor=color, strokeWidth=1.6
                )
            )
        else:
            d.add(Rect(cx, cy, 8, 6, fillColor=color, strokeColor=None))
        d.add(_label(cx + 13, cy, text, style))
        cx += w
    return cy - style.size - 4


def _legend_height(items: Sequence[str], width: float, style: ChartStyle) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    rows, cx = 1, 0.0
    for text in items:
        w = 14 + stringWidth(text, style.font, style.size) + 10
        if cx + w > width and cx > 0:
            rows, cx = rows + 1, 0.0
        cx += w
    return rows * (style.size + 4)


def stacked_bars(
    categories: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    style: ChartStyle,
    width: float,
    height: float,
    y_format: Callable[[float], str],
    markers: Sequence[float | None] | None = None,
    marker_label: str = "",
    series_colors: Sequence[colors.Color] | None = None,
) -> Drawing:
    """Stacked vertical bars, one per category, with an optional dashed marker each.

    ``series`` is a list of (name, values per category); ``markers`` draws a
    dashed horizontal line over each bar (e.g. the card's memory capacity);
    ``series_colors`` overrides the palette, one colour per series.
    """
    palette = list(series_colors) if series_colors else list(PALETTE)
    d = Drawing(width, height)
    names = [name for name, _ in series] + (
        [marker_label] if markers and marker_label else []
    )
    legend_h = _legend_height(names, width - 50, style)
    totals = [sum(vals[i] for _, vals in series) for i in range(len(categories))]
    top = max([*totals, *(m for m in (markers or []) if m is not None), 0.0])
    ticks = nice_ticks(0, top if top > 0 else 1)
    f = _Frame(
        48, 22, width - 56, height - 30 - legend_h, 0, len(categories), 0, ticks[-1]
    )
    _y_axis(d, f, ticks, y_format, style)
    slot = f.width / max(len(categories), 1)
    bar_w = min(slot * 0.55, 60)
    for i, category in enumerate(categories):
        cx = f.x0 + slot * (i + 0.5)
        base = 0.0
        for k, (_, values) in enumerate(series):
            v = values[i]
            if v > 0:
                d.add(
                    Rect(
                        cx - bar_w / 2,
                        f.y(base),
                        bar_w,
                        f.y(base + v) - f.y(base),
                        fillColor=palette[k % len(palette)],
                        strokeColor=colors.white,
                        strokeWidth=0.3,
                    )
                )
            base += v
        if markers and markers[i] is not None:
            my = f.y(float(markers[i] or 0))
            d.add(
                Line(
                    cx - bar_w / 2 - 6,
                    my,
                    cx + bar_w / 2 + 6,
                    my,
                    strokeColor=colors.black,
                    strokeWidth=1,
                    strokeDashArray=[3, 2],
                )
            )
        d.add(_label(cx, f.y0 - 10, category, style, textAnchor="middle"))
    items = [(name, palette[k % len(palette)]) for k, (name, _) in enumerate(series)]
    if markers and marker_label:
        items.append((marker_label, colors.black))
    _legend(d, items, 50, height - style.size - 2, width - 50, style)
    return d


def line_chart(
    series: Sequence[tuple[str, Sequence[tuple[float, float]]]],
    *,
    style: ChartStyle,
    width: float,
    height: float,
    y_format: Callable[[float], str],
    x_format: Callable[[float], str] = lambda v: f"{v:g}",
    x_ticks: Sequence[float] | None = None,
    x_label: str = "",
    points: bool = False,
    y_from_zero: bool = True,
    colors_by_name: Mapping[str, str] | None = None,
) -> Drawing:
    """Lines through (x, y) points, one per series, with a legend on top."""
    d = Drawing(width, height)
    legend_h = _legend_height([n for n, _ in series], width - 50, style)
    xs = [x for _, pts in series for x, _ in pts] or [0.0, 1.0]
    ys = [y for _, pts in series for _, y in pts] or [0.0, 1.0]
    ymin = min(0.0, min(ys)) if y_from_zero else min(ys)
    yt = nice_ticks(ymin, max(ys))
    xt = list(x_ticks) if x_ticks is not None else nice_ticks(min(xs), max(xs), 6)
    bottom = 32 if x_label else 22
    f = _Frame(
        52,
        bottom,
        width - 62,
        height - bottom - 8 - legend_h,
        min(xt[0], min(xs)),
        max(xt[-1], max(xs)),
        yt[0],
        yt[-1],
    )
    _y_axis(d, f, yt, y_format, style)
    for tick in xt:
        if f.xmin <= tick <= f.xmax:
            d.add(
                Line(
                    f.x(tick),
                    f.y0,
                    f.x(tick),
                    f.y0 - 3,
                    strokeColor=AXIS_COLOR,
                    strokeWidth=0.6,
                )
            )
            d.add(
                _label(f.x(tick), f.y0 - 11, x_format(tick), style, textAnchor="middle")
            )
    if x_label:
        d.add(_label(f.x0 + f.width / 2, 4, x_label, style, textAnchor="middle"))
    for k, (name, pts) in enumerate(series):
        color = series_color(name, k, colors_by_name)
        flat: list[float] = []
        for x, y in pts:
            flat += [f.x(x), f.y(y)]
        if len(pts) > 1:
            d.add(PolyLine(flat, strokeColor=color, strokeWidth=1.4))
        if points or len(pts) == 1:
            for x, y in pts:
                d.add(
                    Rect(
                        f.x(x) - 1.5,
                        f.y(y) - 1.5,
                        3,
                        3,
                        fillColor=color,
                        strokeColor=None,
                    )
                )
    items = [
        (name, series_color(name, k, colors_by_name))
        for k, (name, _) in enumerate(series)
    ]
    _legend(d, items, 54, height - style.size - 2, width - 54, style, line=True)
    return d


def grouped_bars(
    categories: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    style: ChartStyle,
    width: float,
    height: float,
    y_format: Callable[[float], str],
    label_every: int = 1,
    x_label: str = "",
    colors_by_name: Mapping[str, str] | None = None,
) -> Drawing:
    """Side-by-side bars per category (e.g. monthly payments per option)."""
    d = Drawing(width, height)
    legend_h = _legend_height([n for n, _ in series], width - 50, style)
    values = [v for _, vals in series for v in vals] or [0.0]
    yt = nice_ticks(min(0.0, min(values)), max(values) if max(values) > 0 else 1.0)
    bottom = 32 if x_label else 22
    f = _Frame(
        52,
        bottom,
        width - 60,
        height - bottom - 8 - legend_h,
        0,
        len(categories),
        yt[0],
        yt[-1],
    )
    _y_axis(d, f, yt, y_format, style)
    slot = f.width / max(len(categories), 1)
    n = max(len(series), 1)
    bar_w = slot * 0.8 / n
    for i, category in enumerate(categories):
        left = f.x0 + slot * i + slot * 0.1
        for k, (name, vals) in enumerate(series):
            v = vals[i]
            y_a, y_b = f.y(0), f.y(v)
            d.add(
                Rect(
                    left + k * bar_w,
                    min(y_a, y_b),
                    bar_w,
                    abs(y_b - y_a),
                    fillColor=series_color(name, k, colors_by_name),
                    strokeColor=None,
                )
            )
        if i % max(label_every, 1) == 0:
            d.add(
                _label(
                    f.x0 + slot * (i + 0.5),
                    f.y0 - 11,
                    category,
                    style,
                    textAnchor="middle",
                )
            )
    if x_label:
        d.add(_label(f.x0 + f.width / 2, 4, x_label, style, textAnchor="middle"))
    items = [
        (name, series_color(name, k, colors_by_name))
        for k, (name, _) in enumerate(series)
    ]
    _legend(d, items, 54, height - style.size - 2, width - 54, style)
    return d


def tornado(
    bars: Sequence[tuple[str, float, float]],
    base: float,
    *,
    style: ChartStyle,
    width: float,
    x_format: Callable[[float], str],
    low_label: str,
    high_label: str,
    label_width: float = 130,
) -> Drawing:
    """Horizontal bars from ``base`` to each input's low and high outcome.

    ``bars`` is (input name, total at the input's low value, total at its
    high value), widest swing first.
    """
    row = 14
    height = 36 + row * max(len(bars), 1)
    d = Drawing(width, height)
    values = [base] + [v for _, lo, hi in bars for v in (lo, hi)]
    xt = nice_ticks(min(values), max(values), 4)
    f = _Frame(
        label_width,
        20,
        width - label_width - 16,
        height - 36,
        xt[0],
        xt[-1],
        0,
        max(len(bars), 1),
    )
    for tick in xt:
        x = f.x(tick)
        d.add(
            Line(x, f.y0, x, f.y0 + f.height, strokeColor=GRID_COLOR, strokeWidth=0.4)
        )
        d.add(_label(x, f.y0 - 10, x_format(tick), style, textAnchor="middle"))
    for i, (name, lo, hi) in enumerate(bars):
        y = f.y0 + f.height - (i + 1) * row + 3
        for value, color in ((lo, PALETTE[0]), (hi, PALETTE[1])):
            x_a, x_b = f.x(base), f.x(value)
            d.add(
                Rect(
                    min(x_a, x_b),
                    y,
                    max(abs(x_b - x_a), 0.5),
                    row - 5,
                    fillColor=color,
                    strokeColor=None,
                )
            )
        d.add(_label(f.x0 - 4, y + 2, name, style, textAnchor="end"))
    d.add(
        Line(
            f.x(base),
            f.y0,
            f.x(base),
            f.y0 + f.height,
            strokeColor=colors.black,
            strokeWidth=0.8,
        )
    )
    _legend(
        d,
        [(low_label, PALETTE[0]), (high_label, PALETTE[1])],
        f.x0,
        height - style.size - 2,
        f.width,
        style,
    )
    return d


def percentile_bars(
    rows: Sequence[tuple[str, float, float, float]],
    *,
    style: ChartStyle,
    width: float,
    x_format: Callable[[float], str],
    label_width: float = 150,
    colors_by_name: Mapping[str, str] | None = None,
) -> Drawing:
    """A P10–P90 range bar with a P50 tick for each row (name, p10, p50, p90)."""
    row = 16
    height = 30 + row * max(len(rows), 1)
    d = Drawing(width, height)
    values = [v for _, a, b, c in rows for v in (a, b, c)] or [0.0, 1.0]
    xt = nice_ticks(min(0.0, min(values)), max(values), 4)
    f = _Frame(
        label_width,
        20,
        width - label_width - 16,
        height - 26,
        xt[0],
        xt[-1],
        0,
        max(len(rows), 1),
    )
    for tick in xt:
        x = f.x(tick)
        d.add(
            Line(x, f.y0, x, f.y0 + f.height, strokeColor=GRID_COLOR, strokeWidth=0.4)
        )
        d.add(_label(x, f.y0 - 10, x_format(tick), style, textAnchor="middle"))
    for i, (name, p10, p50, p90) in enumerate(rows):
        y = f.y0 + f.height - (i + 1) * row + 4
        color = series_color(name, i, colors_by_name)
        d.add(
            Rect(
                f.x(p10),
                y,
                max(f.x(p90) - f.x(p10), 0.8),
                row - 8,
                fillColor=color,
                strokeColor=None,
                fillOpacity=0.55,
            )
        )
        d.add(
            Line(
                f.x(p50),
                y - 2,
                f.x(p50),
                y + row - 6,
                strokeColor=colors.black,
                strokeWidth=1.2,
            )
        )
        d.add(_label(f.x0 - 4, y + 1, name, style, textAnchor="end"))
    return d


def histogram(
    edges: Sequence[float],
    counts: Sequence[int],
    *,
    style: ChartStyle,
    width: float,
    x_format: Callable[[float], str],
    markers: Sequence[tuple[str, float]] = (),
    negative_label: str = "",
    positive_label: str = "",
    height: float = 130,
) -> Drawing:
    """Bars of ``counts`` between ``edges``, with a zero line and markers.

    Bins whose centre is below zero are drawn in the first highlight colour
    (green), the others in grey-blue; ``markers`` (label, x) are dashed
    vertical lines (e.g. P10 / P50 / P90). The two labels name the sides of
    zero in a legend.
    """
    d = Drawing(width, height)
    if len(edges) != len(counts) + 1 or not counts:
        return d
    xt = nice_ticks(min(edges[0], 0.0), max(edges[-1], 0.0), 5)
    yt = nice_ticks(0.0, float(max(counts)) or 1.0, 4)
    legend_h = style.size + 6 if negative_label or positive_label else 0
    f = _Frame(40, 20, width - 52, height - 30 - legend_h, xt[0], xt[-1], 0, yt[-1])
    _y_axis(d, f, yt, lambda v: f"{v:,.0f}", style)
    for tick in xt:
        d.add(_label(f.x(tick), f.y0 - 10, x_format(tick), style, textAnchor="middle"))
    cheaper, dearer = PALETTE[2], colors.HexColor("#8fa8c8")
    for left, right, count in zip(edges[:-1], edges[1:], counts, strict=True):
        if count <= 0:
            continue
        d.add(
            Rect(
                f.x(left),
                f.y0,
                max(f.x(right) - f.x(left), 0.5),
                f.y(count) - f.y0,
                fillColor=cheaper if (left + right) / 2 < 0 else dearer,
                strokeColor=colors.white,
                strokeWidth=0.3,
            )
        )
    top = f.y0 + f.height
    d.add(Line(f.x(0.0), f.y0, f.x(0.0), top, strokeColor=colors.black, strokeWidth=1))
    for i, (name, value) in enumerate(markers):
        x = f.x(value)
        d.add(
            Line(
                x,
                f.y0,
                x,
                top,
                strokeColor=PALETTE[3],
                strokeWidth=0.8,
                strokeDashArray=[3, 2],
            )
        )
        d.add(_label(x + 2, top - style.size * (1 + i % 2), name, style))
    items = [
        (text, color)
        for text, color in ((negative_label, cheaper), (positive_label, dearer))
        if text
    ]
    if items:
        _legend(d, items, f.x0, height - style.size - 2, f.width, style)
    return d
