"""pyqtgraph charts of the cost engine's results (budget step).

Four charts, each a :class:`pyqtgraph.PlotWidget` that keeps its plot items
and only swaps their data on :meth:`set_result`, so that an input change
reaches the screen well inside the 33 ms budget:

* :class:`CumulativeCostChart` — cumulative cash per option, one line each,
  legend, and the break-even month as a labelled vertical line;
* :class:`CashFlowChart` — monthly cash flow of one option as bars: the
  up-front purchase (CAPEX) in one colour, recurring costs (OPEX) in another,
  money coming back (resale, returned deposit) in a third;
* :class:`TornadoChart` — own-minus-rent at each input's low and high value,
  horizontal bars sorted by swing (the engine's order), labelled with values;
* :class:`MonteCarloChart` — the Monte Carlo's histogram of owning minus
  renting with P10 / P50 / P90 and zero lines and the probability that owning
  beats renting in the title (or each option's P10–P90 when there is nothing
  to compare).

The charts compute nothing: every figure comes from
:class:`~gpu_advisor.model.cost_results.CostResult` or
:class:`~gpu_advisor.model.cost_results.MonteCarloResult`; they only convert
CNY to the display currency (:func:`gpu_advisor.engine.cost.resolve.to_display`)
and scale it for the axis (thousands, or 万 in Chinese).
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont, QResizeEvent
from PySide6.QtWidgets import QWidget
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import to_display
from gpu_advisor.model.cost_results import CostResult, MonteCarloResult
from gpu_advisor.model.project import OptionId
from gpu_advisor.report.text import unit_text
from gpu_advisor.ui.i18n import current_language, current_locale, fill, significant
from gpu_advisor.ui.style import (
    BAR_OUTLINE,
    BOXED_TEXT,
    CAPEX_COLOUR,
    CHART_LABEL_SCALE,
    CHART_TITLE,
    LABEL_FILL,
    LEGEND_BRUSH,
    MONEY_BACK_COLOUR,
    OPEX_COLOUR,
    OPTION_COLOURS,
    OWN_CHEAPER_COLOUR,
    P10_P90_MARK,
    PERCENTILE_LINE,
    REFERENCE_LINE,
    RENT_CHEAPER_COLOUR,
    STRONG_LINE,
    TORNADO_HIGH_COLOUR,
    TORNADO_LOW_COLOUR,
    ZERO_LINE,
)
from gpu_advisor.ui.theme import chart_colours
from gpu_advisor.ui.widgets.plotting import (
    DescribedPlot,
    nice_span,
    outside_legend,
    place_line_labels,
    place_outside_legend,
    set_ticks,
    setup_plot,
)

OPTION_DASHES: Final[dict[OptionId, Qt.PenStyle]] = {
    OptionId.ON_DEMAND: Qt.PenStyle.SolidLine,
    OptionId.MONTHLY: Qt.PenStyle.DashLine,
    OptionId.YEARLY: Qt.PenStyle.DashDotLine,
    OptionId.SPOT: Qt.PenStyle.DotLine,
    OptionId.MIX: Qt.PenStyle.SolidLine,
    OptionId.COLOCATION: Qt.PenStyle.DashDotDotLine,
    OptionId.SELF_BUILD: Qt.PenStyle.DashLine,
    OptionId.HYBRID: Qt.PenStyle.DotLine,
    OptionId.HOSTED_API: Qt.PenStyle.DashDotLine,
}
"""A dash style per option: curves that run close together (spot and the mix,
colocation and self-build) differ in dash as well as colour, also in greyscale."""


def option_label(option: OptionId) -> str:
    """The translated short name of an option (market terms in Chinese)."""
    # the one name per option (the catalogs' option.<id>), in the UI language
    from gpu_advisor.words.terms import option_name

    return option_name(option, current_language())


def money_scale(code: str) -> tuple[float, str]:
    """Divisor and axis unit for amounts in ``code``: thousands, or 万 (10⁴)
    in Chinese, where yuan read as 元."""
    translate = QCoreApplication.translate
    if code == "CNY":
        code = translate("CostCharts", "CNY")
    if current_language().startswith("zh"):
        return 1e4, translate("CostCharts", "10k %1").replace("%1", code)
    return 1e3, translate("CostCharts", "thousand %1").replace("%1", code)


def format_money(amount: float, currency: str, decimals: int = 0) -> str:
    """An amount with grouped digits, then the currency (yuan read as 元 in
    Chinese)."""
    if currency == "CNY":
        currency = QCoreApplication.translate("CostCharts", "CNY")
    if not math.isfinite(amount):
        return f"— {currency}".rstrip()
    value = round(amount, decimals) if decimals else float(round(amount))
    return f"{current_locale().toString(value, 'f', decimals)} {currency}".rstrip()


def input_unit(unit: str) -> str:
    """The unit of a tornado input in the UI language (the engine gives English)."""
    return unit_text(unit, current_language())


def _shown(amounts_cny: list[float], rate: float, divisor: float) -> np.ndarray:
    """Amounts in the display currency and scale, in one array operation
    (the same numbers as ``to_display(v, rate) / divisor`` for each)."""
    to_display(0.0, rate)  # refuses a rate that is not positive
    return np.asarray(amounts_cny, dtype=np.float64) / rate / divisor


def _month_axis(plot: pg.PlotWidget, months: int) -> None:
    """Whole months on the x axis (a short horizon would get 0.8, 1.2, ...)."""
    step = max(1, (months + 11) // 12)
    ticks = [(float(m), str(m)) for m in range(1, months + 1, step)]
    set_ticks(plot.getPlotItem().getAxis("bottom"), ticks)
    plot.setXRange(0.4, months + 0.6, padding=0)


def _setup(plot: pg.PlotWidget) -> None:
    setup_plot(plot)
    plot.setMinimumHeight(180)


_LEFT_AXIS_PX: Final = 80
"""Room the left axis takes, with its tick labels and title [px]."""

_MAX_MARKED_MONTHS: Final = 12
"""Cumulative curves longer than this are drawn without month markers."""


class _CostChart(DescribedPlot):
    """A chart of one cost result (kept, so a language change redraws it)."""

    _result: CostResult | None = None

    @property
    def has_result(self) -> bool:
        """True once a result was drawn."""
        return self._result is not None


class CumulativeCostChart(_CostChart):
    """Cumulative cost per option over the horizon, with the break-even month."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        # The legend sits in its own column right of the plot, never over the
        # curves (inside, it hid the early colocation and self-build months).
        self.legend = outside_legend(self)
        self.curves: dict[OptionId, pg.PlotDataItem] = {}
        self.break_even_line = pg.InfiniteLine(
            angle=90,
            pen=pg.mkPen(REFERENCE_LINE, width=1.5, style=Qt.PenStyle.DashLine),
            label="",
            labelOpts={"position": 0.92, "color": BOXED_TEXT, "fill": LABEL_FILL},
        )
        self.addItem(self.break_even_line, ignoreBounds=True)
        self.break_even_line.setVisible(False)

    def retranslate_ui(self) -> None:
        if self._result is not None:
            self.set_result(self._result)

    @override
    def resizeEvent(self, ev: QResizeEvent | None) -> None:
        self._place_legend()  # before the layout follows the new size
        super().resizeEvent(ev)

    def _place_legend(self) -> None:
        legend = getattr(self, "legend", None)  # None while __init__ runs
        if isinstance(legend, pg.LegendItem) and self.getPlotItem() is not None:
            # below the plot, right of the left axis; right of a short plot
            place_outside_legend(self, legend, _LEFT_AXIS_PX)

    def set_result(self, cost: CostResult) -> None:
        """Show ``cost``'s cumulative curves (one per priced option)."""
        self._result = cost
        translate = QCoreApplication.translate
        divisor, unit = money_scale(cost.currency.code)
        rate = cost.currency.cny_per_unit
        shown = {o.id for o in cost.options}
        for option_id in list(self.curves):
            if option_id not in shown:
                self.legend.removeItem(self.curves[option_id])
                self.removeItem(self.curves.pop(option_id))
        months = np.arange(1, cost.horizon_months + 1, dtype=float)
        shown_values: list[float] = []
        for option in cost.options:
            y = _shown(option.cumulative_cny, rate, divisor)
            # Month markers help on short horizons; on long ones they only cost
            # paint time (seven curves × 36 symbols made typing lag).
            symbol = "o" if len(y) <= _MAX_MARKED_MONTHS else None
            shown_values.extend(y.tolist())
            curve = self.curves.get(option.id)
            if curve is None:
                curve = self.plot(
                    months[: len(y)],
                    y,
                    pen=pg.mkPen(
                        OPTION_COLOURS[option.id],
                        width=3 if option.id is OptionId.MIX else 2,
                        style=OPTION_DASHES[option.id],
                    ),
                    symbol=symbol,
                    symbolSize=4,
                    symbolBrush=OPTION_COLOURS[option.id],
                )
                self.legend.addItem(curve, option_label(option.id))
                self.curves[option.id] = curve
            else:
                curve.setData(months[: len(y)], y, symbol=symbol)
                label = self.legend.getLabel(curve)
                name = option_label(option.id)
                if label is not None and label.text != name:  # a relayout each
                    label.setText(name)
        self.setYRange(*nice_span(shown_values), padding=0)
        self._show_break_even(cost.break_even.month)
        _month_axis(self, cost.horizon_months)
        _set_texts(
            self,
            bottom=translate("CostCharts", "Month"),
            left=translate("CostCharts", "Cumulative cost [%1]").replace("%1", unit),
            title=translate("CostCharts", "Cumulative cost per option"),
        )
        self._place_legend()

    def _show_break_even(self, month: int | None) -> None:
        """The dashed line at the break-even month with its label, or none."""
        line = self.break_even_line
        line.setVisible(month is not None)
        if month is None:
            return
        text = QCoreApplication.translate(
            "CostCharts", "payback (hardware paid from cash): month %1"
        )
        text = text.replace("%1", str(month)).replace("{", "{{").replace("}", "}}")
        label = line.label
        if line.value() != month or label.format != text:
            line.setPos(month)
            label.setFormat(text)
            # pyqtgraph redraws the text only when the line moves: the label
            # stayed empty when the month (or the language) changed in place.
            label.valueChanged()


def _set_texts(
    plot: pg.PlotWidget, *, bottom: str, title: str, left: str | None = None
) -> None:
    """Axis labels and title, each set only when its text changed: pyqtgraph
    lays a label's rich text out again on every set, a few ms per edit. A
    ``left`` of None leaves that axis label as it is."""
    item = plot.getPlotItem()
    for name, text in (("bottom", bottom), ("left", left)):
        if text is not None and item.getAxis(name).labelText != text:
            plot.setLabel(name, text)
    if item.titleLabel.text != title:
        plot.setTitle(title, color=CHART_TITLE, size="10pt")


class CashFlowChart(_CostChart):
    """Monthly cash flow of one option: CAPEX, OPEX and money back as bars."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        self.legend = self.getPlotItem().addLegend(
            offset=(-8, 8), labelTextColor=BOXED_TEXT, brush=LEGEND_BRUSH
        )
        self.opex_bars = pg.BarGraphItem(
            x=[], height=[], width=0.7, brush=OPEX_COLOUR, pen=None, name=""
        )
        self.capex_bars = pg.BarGraphItem(
            x=[], height=[], width=0.7, brush=CAPEX_COLOUR, pen=None, name=""
        )
        self.back_bars = pg.BarGraphItem(
            x=[], height=[], width=0.7, brush=MONEY_BACK_COLOUR, pen=None, name=""
        )
        for bars in (self.opex_bars, self.capex_bars, self.back_bars):
            self.addItem(bars)
        self.addLine(y=0, pen=pg.mkPen(ZERO_LINE))
        self.option: OptionId | None = None
        self._retranslate_legend()

    def _retranslate_legend(self) -> None:
        translate = QCoreApplication.translate
        self.legend.clear()
        self.legend.addItem(
            self.capex_bars, translate("CostCharts", "Up-front purchase (CAPEX)")
        )
        self.legend.addItem(
            self.opex_bars, translate("CostCharts", "Running costs (OPEX)")
        )
        self.legend.addItem(
            self.back_bars, translate("CostCharts", "Money back (resale, deposit)")
        )

    def retranslate_ui(self) -> None:
        self._retranslate_legend()
        if self._result is not None:
            self.set_result(self._result, self.option)

    def set_result(self, cost: CostResult, option_id: OptionId | None = None) -> None:
        """Show the monthly cash flow of ``option_id`` (default: the recommended)."""
        self._result = cost
        translate = QCoreApplication.translate
        priced = {o.id: o for o in cost.options}
        if option_id not in priced:
            option_id = cost.recommendation.option
        if option_id not in priced:
            option_id = cost.options[0].id if cost.options else None
        self.option = option_id
        divisor, unit = money_scale(cost.currency.code)
        rate = cost.currency.cny_per_unit
        empty: dict[str, object] = {"x": [], "height": [], "y0": []}
        if option_id is None:
            for bars in (self.opex_bars, self.capex_bars, self.back_bars):
                bars.setOpts(**empty)
            return
        option = priced[option_id]
        cash = _shown(option.monthly_cny, rate, divisor)
        months = np.arange(1, len(cash) + 1, dtype=float)
        # the part of the purchase paid from cash: a loan pays the rest
        capex = to_display(option.capex_cny - option.loan_cny, rate) / divisor
        # Month 1 carries the purchase: draw it as its own bar under the
        # rest of that month's cash (the engine's capex_cny split).
        capex_heights = np.zeros_like(cash)
        if len(cash) and capex > 0:
            capex_heights[0] = min(capex, max(cash[0], 0.0))
        opex_base = capex_heights
        positive = np.clip(cash, 0.0, None)
        opex_heights = positive - opex_base
        negative = np.clip(cash, None, 0.0)
        self.capex_bars.setOpts(x=months, height=capex_heights, y0=np.zeros_like(cash))
        self.opex_bars.setOpts(x=months, height=opex_heights, y0=opex_base)
        self.back_bars.setOpts(x=months, height=negative, y0=np.zeros_like(cash))
        _month_axis(self, len(cash))
        _set_texts(
            self,
            bottom=translate("CostCharts", "Month"),
            left=translate("CostCharts", "Cash flow [%1]").replace("%1", unit),
            title=translate("CostCharts", "Monthly cash flow: %1").replace(
                "%1", option_label(option_id)
            ),
        )
        # capex and opex stack up in month 1; money back goes below zero
        self.setYRange(*nice_span([*cash.tolist(), capex]), padding=0)


class TornadoChart(_CostChart):
    """Own-minus-rent at each input's low and high value, largest swing on top."""

    LOW_COLOUR: Final = TORNADO_LOW_COLOUR
    HIGH_COLOUR: Final = TORNADO_HIGH_COLOUR

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        self.legend = self.getPlotItem().addLegend(
            offset=(-8, -8), labelTextColor=BOXED_TEXT, brush=LEGEND_BRUSH
        )
        self.low_bars = pg.BarGraphItem(
            x0=[], x1=[], y=[], height=0.5, brush=self.LOW_COLOUR, pen=None
        )
        self.high_bars = pg.BarGraphItem(
            x0=[], x1=[], y=[], height=0.5, brush=self.HIGH_COLOUR, pen=None
        )
        self.addItem(self.low_bars)
        self.addItem(self.high_bars)
        self.zero_line = self.addLine(x=0, pen=pg.mkPen(ZERO_LINE, width=1.5))
        self.value_labels: list[pg.TextItem] = []
        self.bar_count = 0
        self._retranslate_legend()

    def _retranslate_legend(self) -> None:
        translate = QCoreApplication.translate
        self.legend.clear()
        self.legend.addItem(
            self.low_bars, translate("CostCharts", "Input at its low value")
        )
        self.legend.addItem(
            self.high_bars, translate("CostCharts", "Input at its high value")
        )

    def retranslate_ui(self) -> None:
        self._retranslate_legend()
        if self._result is not None:
            self.set_result(self._result)

    def _label(self, index: int) -> pg.TextItem:
        while len(self.value_labels) <= index:
            text = pg.TextItem(color=chart_colours().text, anchor=(0, 1))
            small = QFont()  # the application's font, as the system sizes it
            small.setPointSizeF(small.pointSizeF() * CHART_LABEL_SCALE)
            text.setFont(small)
            self.addItem(text, ignoreBounds=True)
            self.value_labels.append(text)
        return self.value_labels[index]

    def set_result(self, cost: CostResult) -> None:
        """Show the engine's tornado bars (already sorted by swing)."""
        self._result = cost
        translate = QCoreApplication.translate
        divisor, unit = money_scale(cost.currency.code)
        code, rate = cost.currency.code, cost.currency.cny_per_unit
        language = current_language()
        bars = cost.tornado
        n = len(bars)
        self.bar_count = n
        # Largest swing at the top: y counts down from n - 1.
        y = np.arange(n - 1, -1, -1, dtype=float)
        low = np.asarray([to_display(b.low_outcome_cny, rate) / divisor for b in bars])
        high = np.asarray(
            [to_display(b.high_outcome_cny, rate) / divisor for b in bars]
        )
        # Each bar spans from the midpoint of its two outcomes to each end, so the
        # low and high halves are told apart by colour.
        mid = (low + high) / 2 if n else low
        self.low_bars.setOpts(x0=mid, x1=low, y=y, height=0.5)
        self.high_bars.setOpts(x0=mid, x1=high, y=y, height=0.5)
        ticks: list[tuple[float, str]] = []
        left_edge = float(min(low.min(), high.min(), 0.0)) if n else 0.0
        if n:
            left_edge -= (max(low.max(), high.max(), 0.0) - left_edge) * 0.04
        for i, bar in enumerate(bars):
            name = words.text(bar.label, language)
            lo_text = significant(bar.low_value, 6)
            hi_text = significant(bar.high_value, 6)
            bar_unit = f" {input_unit(bar.unit)}" if bar.unit else ""
            ticks.append((float(y[i]), name))
            label = self._label(i)
            label.setText(
                fill(
                    translate("CostCharts", "%1 – %2%3 · swing %4"),
                    lo_text,
                    hi_text,
                    bar_unit,
                    format_money(to_display(bar.swing_cny, rate), code),
                )
            )
            # the values sit just above their bar, from the left edge of the plot
            label.setPos(left_edge, float(y[i]) + 0.27)
            label.setVisible(True)
        for extra in self.value_labels[n:]:
            extra.setVisible(False)
        set_ticks(self.getPlotItem().getAxis("left"), ticks)
        _set_texts(
            self,
            bottom=translate("CostCharts", "Owning minus renting [%1]").replace(
                "%1", unit
            ),
            title=translate(
                "CostCharts", "Owning minus renting (below 0: owning is cheaper)"
            ),
        )
        if n:
            self.setXRange(
                *nice_span([*low.tolist(), *high.tolist()], margin=0.05), padding=0
            )
            self.setYRange(-0.6, n - 0.1, padding=0)


class MonteCarloChart(DescribedPlot):
    """The Monte Carlo: a histogram of owning minus renting, or percentile bars.

    When the engine's :class:`~gpu_advisor.model.cost_results.MonteCarloResult`
    holds a histogram of *own minus rent* (the cheapest owned option's total
    minus the cheapest renting option's, per draw), the chart shows it: bins
    left of zero (owning cheaper) in green, right of zero in blue-grey,
    dashed lines at P10 / P50 / P90, a solid zero line, and
    "P(owning beats renting) = x %" in the title. Without an owned or a
    renting option to compare, it shows one bar per option from P10 to P90
    of its total, with marks at P10, P50 and P90.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        # histogram of own minus rent
        self.histogram_bars = pg.BarGraphItem(
            x0=[],
            x1=[],
            y0=[],
            height=[],
            brushes=[],
            pen=pg.mkPen(BAR_OUTLINE, width=0.5),
        )
        self.addItem(self.histogram_bars)
        self.zero_line = pg.InfiniteLine(
            pos=0.0, angle=90, movable=False, pen=pg.mkPen(STRONG_LINE, width=2)
        )
        self.addItem(self.zero_line, ignoreBounds=True)
        self.percentile_lines: dict[str, pg.InfiniteLine] = {}
        for name, width in (("p10", 1.5), ("p50", 2.5), ("p90", 1.5)):
            line = pg.InfiniteLine(
                angle=90,
                movable=False,
                pen=pg.mkPen(PERCENTILE_LINE, width=width, style=Qt.PenStyle.DashLine),
                label=name.upper(),
                labelOpts={
                    "position": 0.93,
                    "color": PERCENTILE_LINE,
                    "fill": LABEL_FILL,
                },
            )
            self.addItem(line, ignoreBounds=True)
            self.percentile_lines[name] = line
        # percentile bars per option (fallback)
        self.range_bars = pg.BarGraphItem(
            x0=[], x1=[], y=[], height=0.55, brushes=[], pen=None
        )
        self.addItem(self.range_bars)
        pen10 = pg.mkPen(P10_P90_MARK, width=1.5, style=Qt.PenStyle.DotLine)
        self.p10_marks = pg.ScatterPlotItem(symbol="|", size=18, pen=pen10)
        self.p50_marks = pg.ScatterPlotItem(
            symbol="|", size=22, pen=pg.mkPen(STRONG_LINE, width=3)
        )
        self.p90_marks = pg.ScatterPlotItem(symbol="|", size=18, pen=pen10)
        for marks in (self.p10_marks, self.p50_marks, self.p90_marks):
            self.addItem(marks)
        self.p50_labels: list[pg.TextItem] = []
        self.result: MonteCarloResult | None = None
        self.options: list[OptionId] = []
        self.showing_histogram = False
        self._cost: CostResult | None = None
        self.placeholder = pg.TextItem(color=chart_colours().text, anchor=(0.5, 0.5))
        self.addItem(self.placeholder, ignoreBounds=True)
        self._cleared_with: str | None = None  # the message shown while empty
        self.clear_result()

    def retranslate_ui(self) -> None:
        if self.result is not None and self._cost is not None:
            self.set_result(self.result, self._cost)
        else:
            self.clear_result()

    def _hide_histogram(self) -> None:
        self.histogram_bars.setOpts(x0=[], x1=[], y0=[], height=[], brushes=[])
        self.zero_line.setVisible(False)
        for line in self.percentile_lines.values():
            line.setVisible(False)

    def _hide_bars(self) -> None:
        self.range_bars.setOpts(x0=[], x1=[], y=[], brushes=[])
        for marks in (self.p10_marks, self.p50_marks, self.p90_marks):
            marks.setData([], [])
        for label in self.p50_labels:
            label.setVisible(False)

    def clear_result(self, message: str | None = None) -> None:
        """Empty the chart and show ``message`` (default: not run yet)."""
        translate = QCoreApplication.translate
        text = message or translate(
            "CostCharts", "Monte Carlo not run yet for these inputs."
        )
        if self.result is None and self._cleared_with == text:
            return  # already empty with this message: every edit clears it
        self._cleared_with = text
        self.result = None
        self.options = []
        self.showing_histogram = False
        self._hide_histogram()
        self._hide_bars()
        self.placeholder.setText(text)
        self.placeholder.setPos(0.5, 0.5)
        self.placeholder.setVisible(True)
        self.getPlotItem().getAxis("left").setTicks([[], []])
        self.setLabel("left", "")
        self.setLabel("bottom", "")
        self.setXRange(0, 1, padding=0)
        self.setYRange(0, 1, padding=0)
        self.setTitle(
            translate("CostCharts", "Monte Carlo over price ranges"),
            color=CHART_TITLE,
            size="10pt",
        )
        self.setAccessibleDescription(text)  # no axes yet: say why

    def set_result(self, result: MonteCarloResult, cost: CostResult) -> None:
        """Show ``result``: the own-minus-rent histogram when the engine gave
        one, else the percentiles of each option in the order of ``cost.options``."""
        self.result, self._cost = result, cost
        self._cleared_with = None
        self.placeholder.setVisible(False)
        self.options = [o.id for o in cost.options if o.id in result.percentiles]
        if result.own_minus_rent is not None:
            self._hide_bars()
            self._show_histogram(result, cost)
        else:
            self._hide_histogram()
            self._show_bars(result, cost)

    def _show_histogram(self, result: MonteCarloResult, cost: CostResult) -> None:
        translate = QCoreApplication.translate
        hist = result.own_minus_rent
        assert hist is not None  # checked by set_result
        self.showing_histogram = True
        divisor, unit = money_scale(cost.currency.code)
        rate = cost.currency.cny_per_unit
        edges = np.asarray([to_display(e, rate) / divisor for e in hist.edges])
        counts = np.asarray(hist.counts, dtype=float)
        centres = (edges[:-1] + edges[1:]) / 2
        own = pg.mkBrush(OWN_CHEAPER_COLOUR)
        rent = pg.mkBrush(RENT_CHEAPER_COLOUR)
        self.histogram_bars.setOpts(
            x0=edges[:-1],
            x1=edges[1:],
            y0=np.zeros_like(counts),
            height=counts,
            brushes=[own if c < 0 else rent for c in centres],
        )
        self.zero_line.setVisible(True)
        pct = result.own_minus_rent_percentiles
        for name, line in self.percentile_lines.items():
            if pct is None:
                line.setVisible(False)
                continue
            value = to_display(getattr(pct, name), rate)
            line.setValue(value / divisor)
            line.label.setFormat(
                f"{name.upper()} {format_money(value, cost.currency.code)}"
            )
            line.setVisible(True)
        axis = self.getPlotItem().getAxis("left")
        axis.setTicks(None)
        self.setLabel("left", translate("CostCharts", "Draws"))
        self.setLabel(
            "bottom",
            translate(
                "CostCharts", "Owning minus renting over the horizon [%1]"
            ).replace("%1", unit),
        )
        locale = current_locale()
        self.setTitle(
            fill(
                translate("CostCharts", "P(owning beats renting) = %1 % (%2 draws)"),
                locale.toString(result.p_own_beats_rent * 100, "f", 0),
                locale.toString(result.draws),
            ),
            color=CHART_TITLE,
            size="10pt",
        )
        lo = float(min(edges[0], 0.0))
        hi = float(max(edges[-1], 0.0))
        pad = (hi - lo) * 0.04 or 1.0
        self.setXRange(lo - pad, hi + pad, padding=0)
        # Each label at its own height, on the side of its line with more room:
        # P90 can no longer cover P50, nor P10 run off the left edge.
        place_line_labels(
            [self.percentile_lines[n] for n in ("p10", "p50", "p90")],
            (lo - pad, hi + pad),
        )
        self.setYRange(0, float(counts.max()) * 1.12 or 1.0, padding=0)

    def _show_bars(self, result: MonteCarloResult, cost: CostResult) -> None:
        translate = QCoreApplication.translate
        self.showing_histogram = False
        divisor, unit = money_scale(cost.currency.code)
        code, rate = cost.currency.code, cost.currency.cny_per_unit
        options = self.options
        n = len(options)
        y = np.arange(n - 1, -1, -1, dtype=float)

        def scaled(values: list[float]) -> np.ndarray:
            return np.asarray([to_display(v, rate) / divisor for v in values])

        p10 = scaled([result.percentiles[o].p10 for o in options])
        p50 = scaled([result.percentiles[o].p50 for o in options])
        p90 = scaled([result.percentiles[o].p90 for o in options])
        brushes = [pg.mkBrush(QColor(OPTION_COLOURS[o]).lighter(150)) for o in options]
        self.range_bars.setOpts(x0=p10, x1=p90, y=y, brushes=brushes, height=0.55)
        self.p10_marks.setData(p10, y)
        self.p50_marks.setData(p50, y)
        self.p90_marks.setData(p90, y)
        while len(self.p50_labels) < n:
            label = pg.TextItem(color=chart_colours().text, anchor=(0, 1.1))
            font = QFont()
            font.setPointSizeF(font.pointSizeF() * CHART_LABEL_SCALE)
            label.setFont(font)
            self.addItem(label, ignoreBounds=True)
            self.p50_labels.append(label)
        for i, option in enumerate(options):
            pct = result.percentiles[option]
            self.p50_labels[i].setText(
                fill(
                    "P10 %1 · P50 %2 · P90 %3",
                    format_money(to_display(pct.p10, rate), ""),
                    format_money(to_display(pct.p50, rate), ""),
                    format_money(to_display(pct.p90, rate), code),
                )
            )
            self.p50_labels[i].setPos(float(min(p10.min(), 0.0)), float(y[i]) + 0.3)
            self.p50_labels[i].setVisible(True)
        for label in self.p50_labels[n:]:
            label.setVisible(False)
        self.getPlotItem().getAxis("left").setTicks(
            [[(float(y[i]), option_label(o)) for i, o in enumerate(options)], []]
        )
        self.setLabel("left", "")
        self.setLabel(
            "bottom",
            translate("CostCharts", "Total over the horizon [%1]").replace("%1", unit),
        )
        self.setTitle(
            translate(
                "CostCharts", "Total of each option: P10 to P90 of %1 draws"
            ).replace("%1", current_locale().toString(result.draws)),
            color=CHART_TITLE,
            size="10pt",
        )
        if n:
            lo = float(min(p10.min(), 0.0))
            hi = float(p90.max())
            self.setXRange(lo, hi * 1.08 or 1.0, padding=0)
            self.setYRange(-0.6, n - 0.1, padding=0)
