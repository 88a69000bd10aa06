"""Chart helpers: tick choice and drawings that render."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reportlab.graphics import renderPDF

from gpu_advisor.report import charts
from gpu_advisor.report.fonts import register_cjk_font


@settings(max_examples=150, deadline=None)
@given(
    st.floats(min_value=-1e9, max_value=1e9, allow_nan=False),
    st.floats(min_value=0, max_value=1e9, allow_nan=False),
)
# ab1ac4b: spans of subnormal floats (their ticks raised "math domain error")
@example(0.0, 5e-324)
@example(5e-324, 5e-324)
@example(-5e-324, 1e-323)
def test_ticks_cover_range(low: float, span: float) -> None:
    high = low + span
    ticks = charts.nice_ticks(low, high)
    assert ticks[0] <= low + 1e-6 * max(1.0, abs(low))
    assert ticks[-1] >= high - 1e-6 * max(1.0, abs(high))
    assert ticks == sorted(ticks)
    assert 2 <= len(ticks) <= 51


def test_every_chart_renders() -> None:
    style = charts.ChartStyle(register_cjk_font())
    drawings = [
        charts.stacked_bars(
            ["A100", "L40S"],
            [("权重", [20.0, 20.0]), ("激活", [10.0, 40.0])],
            style=style,
            width=400,
            height=180,
            y_format=str,
            markers=[80.0, 48.0],
            marker_label="容量",
        ),
        charts.line_chart(
            [("on-demand", [(1, 0.0), (2, 5.0)]), ("own", [(1, 8.0), (2, 9.0)])],
            style=style,
            width=400,
            height=180,
            y_format=str,
        ),
        charts.grouped_bars(
            ["1", "2"],
            [("a", [1.0, -2.0])],
            style=style,
            width=400,
            height=150,
            y_format=str,
        ),
        charts.tornado(
            [("PUE", -1.0, 2.0)],
            0.5,
            style=style,
            width=400,
            x_format=str,
            low_label="low",
            high_label="high",
        ),
        charts.percentile_bars(
            [("x", 1.0, 2.0, 3.0)], style=style, width=400, x_format=str
        ),
    ]
    for drawing in drawings:
        assert renderPDF.drawToString(drawing).startswith(b"%PDF")


def test_histogram_draws_one_bar_per_nonempty_bin_and_markers() -> None:
    from reportlab.graphics.shapes import Line, Rect

    style = charts.ChartStyle(register_cjk_font())
    edges = [-300.0, -100.0, 100.0, 300.0]
    counts = [5, 0, 7]
    d = charts.histogram(
        edges,
        counts,
        style=style,
        width=400,
        x_format=lambda v: f"{v:,.0f}",
        markers=[("P10", -200.0), ("P50", 0.0), ("P90", 250.0)],
        negative_label="自购更省",
        positive_label="Renting cheaper",
    )
    bars = [s for s in d.contents if isinstance(s, Rect) and s.strokeColor is not None]
    assert len(bars) == 2  # the empty bin draws nothing
    assert bars[0].fillColor == charts.PALETTE[2]  # left of zero: owning cheaper
    assert bars[1].fillColor != charts.PALETTE[2]
    assert bars[1].height > bars[0].height  # 7 draws against 5
    dashed = [s for s in d.contents if isinstance(s, Line) and s.strokeDashArray]
    assert len(dashed) == 3
    assert renderPDF.drawToString(d).startswith(b"%PDF")
    assert (
        charts.histogram([0.0], [], style=style, width=100, x_format=str).contents == []
    )


def test_memory_bars_use_the_same_colour_per_part_as_the_app() -> None:
    """The PDF's memory chart colours each part as the workload step does,
    whichever parts are present (a training plan has no KV cache)."""
    from reportlab.graphics.shapes import Rect
    from reportlab.lib import colors

    from gpu_advisor.report.palette import MEMORY_PART_COLORS
    from gpu_advisor.ui.style import MEMORY_PART_COLOURS as MEMORY_PARTS

    assert dict(MEMORY_PARTS) == {
        f"{part}_bytes": color for part, color in MEMORY_PART_COLORS.items()
    }
    parts = ["weights", "activations", "overhead"]
    d = charts.stacked_bars(
        ["A100"],
        [(part, [10.0]) for part in parts],
        style=charts.ChartStyle(register_cjk_font()),
        width=300,
        height=160,
        y_format=str,
        series_colors=[colors.HexColor(MEMORY_PART_COLORS[p]) for p in parts],
    )
    fills = [
        s.fillColor.hexval()
        for s in d.contents
        if isinstance(s, Rect) and s.strokeColor == colors.white
    ]
    assert fills == [MEMORY_PART_COLORS[p].replace("#", "0x") for p in parts]


def test_option_colours_are_the_apps() -> None:
    """The PDF draws each option in the colour the app's cost charts use."""
    pytest.importorskip("pyqtgraph")
    from gpu_advisor.model.project import OptionId
    from gpu_advisor.report.palette import OPTION_COLORS
    from gpu_advisor.ui.style import OPTION_COLOURS

    assert set(OPTION_COLORS) == {str(o) for o in OptionId}
    for option in OptionId:
        assert OPTION_COLORS[str(option)].lower() == OPTION_COLOURS[option].lower()
    from gpu_advisor.report.charts import series_color

    assert series_color("Colocation", 0, {"Colocation": OPTION_COLORS["colocation"]})
