"""The vendors' measurements side by side: one series per vendor for each kind.

:class:`VendorCharts` (busbw per message size, tokens/s per GPU, training
loss, storage and network bars) and its message-size axis; the vendors step
shows it in its *Compare* tab.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QWidget
from typing_extensions import override

from gpu_advisor.engine.api import (
    IPERF3_RECEIVED,
    MeasuredFigure,
    figure_for,
    training_throughput,
)
from gpu_advisor.model.project import Measurement, Vendor
from gpu_advisor.ui.style import (
    BOLD_STYLE,
    BOXED_TEXT,
    LEGEND_BRUSH,
    SECONDARY_STYLE,
    VENDOR_COLOURS,
)
from gpu_advisor.ui.widgets.plotting import describe_plot, set_ticks, setup_plot
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past

BUSBW_METRIC: Final = "all_reduce.out_of_place.busbw"
"""nccl-tests out-of-place bus bandwidth per message size [GB/s]."""
TRAIN_TOOL: Final = "train-log"


def format_size(log2_bytes: float) -> str:
    """A power-of-two message size as a short label.

    >>> [format_size(x) for x in (3, 10, 23, 33)]
    ['8 B', '1 KiB', '8 MiB', '8 GiB']
    """
    exponent = round(log2_bytes)
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if exponent >= shift:
            return f"{2 ** (exponent - shift)} {unit}"
    return f"{2**exponent} B"


class SizeAxis(pg.AxisItem):
    """A log2 axis of message sizes: ticks at powers of two, labelled 8 B … 8 GiB."""

    _LABEL_PX: Final = 58

    @override
    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        if not (math.isfinite(minVal) and math.isfinite(maxVal)) or maxVal <= minVal:
            return []
        span = maxVal - minVal
        fit = max(1.0, size / self._LABEL_PX)
        step = next((s for s in (1, 2, 3, 4, 5, 10) if span / s <= fit), 10)
        first = math.ceil(minVal / step) * step
        major = [float(v) for v in range(int(first), int(maxVal) + 1, step)]
        minor = [float(v) for v in range(math.ceil(minVal), int(maxVal) + 1)]
        return [(float(step), major), (1.0, [v for v in minor if v not in major])]

    @override
    def tickStrings(
        self, values: list[float], scale: float, spacing: float
    ) -> list[str]:
        return [format_size(v) for v in values]


def _charts_key(vendors: Sequence[Vendor], default_gpus: int, inter: bool) -> object:
    """What the charts depend on, cheap to compare: measurements are frozen and
    shared between project snapshots, so their identity stands for their content."""

    def ends(ms: Sequence[Measurement]) -> tuple[object, ...]:
        if not ms:
            return ()
        return (len(ms), id(ms[0]), ms[0].file, ms[0].value, id(ms[-1]), ms[-1].value)

    return (
        tuple((v.name, ends(v.measurements)) for v in vendors),
        default_gpus,
        inter,
    )


def _ids(figures: Mapping[str, Sequence[MeasuredFigure]]) -> tuple[object, ...]:
    """The figures by identity: the evaluation keeps a vendor's figure objects
    while its measurements are the same objects (the lists holding them are
    copied when the result is validated, the frozen figures are not)."""
    return tuple(
        (name, tuple(id(figure) for figure in shown)) for name, shown in figures.items()
    )


def _setup_plot(plot: pg.PlotWidget) -> None:
    setup_plot(plot)
    plot.setMinimumHeight(150)
    plot.setMinimumWidth(220)


class VendorCharts(QWidget):
    """Side-by-side charts of the vendors' measurements, one series per vendor.

    The charts keep their plot items and only swap the data, so an update
    costs a few milliseconds. They compute nothing beyond picking the
    measurements to show (see the module docstring of :mod:`gpu_advisor.engine.evidence.judge`
    for what each one means); the single exception is tokens/s per GPU, the job's
    tokens/s divided by the GPU count the log names, so that vendors tested
    on different node sizes compare fairly.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.busbw_plot = pg.PlotWidget(axisItems={"bottom": SizeAxis("bottom")})
        self.tokens_plot = pg.PlotWidget()
        self.loss_plot = pg.PlotWidget()
        self.storage_plot = pg.PlotWidget()
        self.network_plot = pg.PlotWidget()
        self._titles: dict[str, QLabel] = {}
        self.scope_combo = QComboBox()
        wheel_scrolls_past(self.scope_combo)
        self.scope_combo.addItem("", "inter")
        self.scope_combo.addItem("", "intra")
        self.empty_label = QLabel(wordWrap=True)
        self.empty_label.setStyleSheet(SECONDARY_STYLE)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        cells = (
            ("busbw", self.busbw_plot, 0, 0, 1),
            ("tokens", self.tokens_plot, 0, 1, 1),
            ("loss", self.loss_plot, 0, 2, 1),
            ("storage", self.storage_plot, 2, 0, 2),
            ("network", self.network_plot, 2, 2, 1),
        )
        self._plots = {key: plot for key, plot, *_ in cells}
        for key, plot, row, column, span in cells:
            _setup_plot(plot)
            title = QLabel()
            title.setStyleSheet(BOLD_STYLE)
            title.setWordWrap(True)
            self._titles[key] = title
            if key == "busbw":
                head = QHBoxLayout()
                head.addWidget(title, 1)
                head.addWidget(self.scope_combo)
                title.setBuddy(self.scope_combo)  # names it for screen readers
                grid.addLayout(head, row, column, 1, span)
            else:
                grid.addWidget(title, row, column, 1, span)
            grid.addWidget(plot, row + 1, column, 1, span)
        grid.addWidget(self.empty_label, 4, 0, 1, 3)
        for column in range(3):
            grid.setColumnStretch(column, 1)
        grid.setRowStretch(1, 1)
        grid.setRowStretch(3, 1)
        self.busbw_plot.setLogMode(x=False, y=False)
        # Legends where the curves are not: bus bandwidth rises to the right,
        # throughput sits high after warm-up, loss falls from the top left.
        self._legends = {
            key: plot.getPlotItem().addLegend(
                offset=offset, labelTextColor=BOXED_TEXT, brush=LEGEND_BRUSH
            )
            for key, plot, offset in (
                ("busbw", self.busbw_plot, (6, 6)),
                ("tokens", self.tokens_plot, (-6, -6)),
                ("loss", self.loss_plot, (-6, 6)),
                ("storage", self.storage_plot, (6, 6)),
            )
        }

        self.busbw_curves: dict[str, pg.PlotDataItem] = {}
        self.tokens_curves: dict[str, pg.PlotDataItem] = {}
        self.loss_curves: dict[str, pg.PlotDataItem] = {}
        self.storage_bars: dict[str, pg.BarGraphItem] = {}
        self.network_bars: dict[str, pg.BarGraphItem] = {}
        self._data: (
            tuple[list[Vendor], int, Mapping[str, Sequence[MeasuredFigure]]] | None
        ) = None
        self._key: object = None
        self.scope_combo.currentIndexChanged.connect(self._on_scope_changed)
        self.retranslate_ui()

    # --- translation -------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self._titles["busbw"].setText(self.tr("NCCL all_reduce bus bandwidth"))
        self._titles["tokens"].setText(self.tr("Training throughput per GPU"))
        self._titles["loss"].setText(self.tr("Training loss"))
        self._titles["storage"].setText(
            self.tr("Storage throughput (fio, 1 MiB blocks)")
        )
        self._titles["network"].setText(self.tr("Node-to-node TCP (iperf3)"))
        self.scope_combo.setItemText(0, self.tr("Across nodes"))
        self.scope_combo.setItemText(1, self.tr("Inside one node"))
        self.busbw_plot.setLabel("bottom", self.tr("Message size"))
        self.busbw_plot.setLabel("left", self.tr("Bus bandwidth [GB/s]"))
        self.tokens_plot.setLabel("bottom", self.tr("Training step"))
        self.tokens_plot.setLabel("left", self.tr("Tokens/s per GPU"))
        self.loss_plot.setLabel("bottom", self.tr("Training step"))
        self.loss_plot.setLabel("left", self.tr("Loss"))
        self.storage_plot.setLabel("left", self.tr("Throughput [GB/s]"))
        self.network_plot.setLabel("left", self.tr("Received [Gbit/s]"))
        for key, plot in self._plots.items():
            describe_plot(plot, self._titles[key].text())
        if self._data is not None:
            self._key = None  # the storage axis labels are translated
            self.set_vendors(*self._data)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _storage_label(self, job: str) -> str:
        names = {
            "seq_write_shared": self.tr("Shared write"),
            "seq_read_shared": self.tr("Shared read"),
            "seq_write_local": self.tr("Local write"),
            "seq_read_local": self.tr("Local read"),
        }
        return names.get(job, job)

    # --- data ----------------------------------------------------------------------

    @property
    def inter_node(self) -> bool:
        return bool(self.scope_combo.currentData() != "intra")

    def _on_scope_changed(self, _index: int) -> None:
        if self._data is not None:
            self.set_vendors(*self._data)

    def series_count(self) -> dict[str, int]:
        """Vendors with data in each chart (for tests and the empty hint)."""
        return {
            "busbw": len(self.busbw_curves),
            "tokens": len(self.tokens_curves),
            "loss": len(self.loss_curves),
            "storage": len(self.storage_bars),
            "network": len(self.network_bars),
        }

    def set_vendors(
        self,
        vendors: list[Vendor],
        default_gpus: int,
        figures: Mapping[str, Sequence[MeasuredFigure]],
    ) -> None:
        """Show every vendor's measurements (``default_gpus``: GPUs per node of the
        project, for a training log that does not name its GPU count).

        The storage and network bars are the evaluation's figures
        (``PlanEvaluation.vendors.measured``, by vendor name): each test's
        worst complete run, the figure the checklist and the PDF show too.
        """
        key = (_charts_key(vendors, default_gpus, self.inter_node), _ids(figures))
        if key == self._key:  # same measurements: nothing to redraw
            self._data = (vendors, default_gpus, figures)
            return
        self._key = key
        self._data = (vendors, default_gpus, figures)
        colours = {
            v.name: VENDOR_COLOURS[i % len(VENDOR_COLOURS)]
            for i, v in enumerate(vendors)
        }
        busbw: dict[str, tuple[list[float], list[float]]] = {}
        tokens: dict[str, tuple[list[float], list[float]]] = {}
        loss: dict[str, tuple[list[float], list[float]]] = {}
        storage: dict[str, dict[str, float]] = {}
        network: dict[str, float] = {}
        for vendor in vendors:
            ms = vendor.measurements
            if not ms:
                continue
            series = self._busbw_series(ms)
            if series is not None:
                busbw[vendor.name] = series
            throughput = training_throughput(ms)
            if throughput is not None:
                gpus = throughput.gpus or default_gpus
                rows = sorted(
                    (
                        m
                        for m in ms
                        if m.tool == TRAIN_TOOL and m.file == throughput.file
                    ),
                    key=lambda m: m.sample or 0,
                )
                steps = [m for m in rows if m.metric == "tokens_per_s"]
                losses = [m for m in rows if m.metric == "loss"]
                if steps:
                    tokens[vendor.name] = (
                        [float(m.sample or 0) for m in steps],
                        [m.value / gpus for m in steps],
                    )
                if losses:
                    loss[vendor.name] = (
                        [float(m.sample or 0) for m in losses],
                        [m.value for m in losses],
                    )
            shown = figures.get(vendor.name, ())
            bars = {f.job: f.value for f in shown if f.tool == "fio"}
            if bars:
                storage[vendor.name] = bars
            received = figure_for(shown, "iperf3", IPERF3_RECEIVED)
            if received is not None:
                network[vendor.name] = received.value
        self._set_curves(self.busbw_plot, self.busbw_curves, busbw, colours, "busbw")
        self._set_curves(
            self.tokens_plot, self.tokens_curves, tokens, colours, "tokens"
        )
        self._set_curves(self.loss_plot, self.loss_curves, loss, colours, "loss")
        self._set_storage(storage, colours)
        self._set_network(network, colours, [v.name for v in vendors])
        has_any = any(self.series_count().values())
        self.empty_label.setText(
            ""
            if has_any
            else self.tr(
                "No measurements yet: generate the test kit, have each vendor run it, "
                "then import the results."
            )
        )
        self.empty_label.setVisible(not has_any)

    def _busbw_series(
        self, ms: Sequence[Measurement]
    ) -> tuple[list[float], list[float]] | None:
        nodes_by_file = {m.file: m.value for m in ms if m.metric == "all_reduce.nodes"}
        by_file: dict[str, list[Measurement]] = {}
        for m in ms:
            if m.metric == BUSBW_METRIC and m.size_bytes:
                by_file.setdefault(m.file, []).append(m)
        wanted = [
            f
            for f in sorted(by_file)
            if (nodes_by_file.get(f, 1.0) > 1) == self.inter_node
        ]
        if not wanted:
            return None
        # The run over the most nodes (or the first single-node run).
        file = max(wanted, key=lambda f: (nodes_by_file.get(f, 1.0), -wanted.index(f)))
        rows = sorted(by_file[file], key=lambda m: m.size_bytes or 0)
        return (
            [math.log2(m.size_bytes or 1) for m in rows],
            [m.value for m in rows],
        )

    def _set_curves(
        self,
        plot: pg.PlotWidget,
        curves: dict[str, pg.PlotDataItem],
        data: dict[str, tuple[list[float], list[float]]],
        colours: dict[str, str],
        legend_key: str | None,
    ) -> None:
        legend = self._legends.get(legend_key) if legend_key else None
        for name in list(curves):
            if name not in data:
                curve = curves.pop(name)
                if legend is not None:
                    legend.removeItem(curve)
                plot.removeItem(curve)
        for name, (x, y) in data.items():
            pen = pg.mkPen(colours[name], width=2)
            curve = curves.get(name)
            if curve is None:
                curve = plot.plot(np.asarray(x), np.asarray(y), pen=pen, name=name)
                curves[name] = curve
            else:  # curves are keyed by name: a renamed vendor gets a new one
                curve.setData(np.asarray(x), np.asarray(y))
                curve.setPen(pen)

    def _set_storage(
        self, data: dict[str, dict[str, float]], colours: dict[str, str]
    ) -> None:
        legend = self._legends["storage"]
        jobs: list[str] = []
        for bars in data.values():
            jobs.extend(job for job in bars if job not in jobs)
        order = [
            "seq_write_shared",
            "seq_read_shared",
            "seq_write_local",
            "seq_read_local",
        ]
        jobs.sort(key=lambda j: (order.index(j) if j in order else len(order), j))
        for name in list(self.storage_bars):
            if name not in data:
                bar = self.storage_bars.pop(name)
                legend.removeItem(bar)
                self.storage_plot.removeItem(bar)
        count = max(1, len(data))
        if legend.columnCount != count:
            legend.setColumnCount(count)
        width = 0.8 / count
        for k, (name, bars) in enumerate(data.items()):
            xs = [
                jobs.index(job) + (k - (count - 1) / 2) * width
                for job in jobs
                if job in bars
            ]
            heights = [bars[job] for job in jobs if job in bars]
            bar = self.storage_bars.get(name)
            brush = pg.mkBrush(colours[name])
            if bar is None:
                bar = pg.BarGraphItem(x=xs, height=heights, width=width, brush=brush)
                self.storage_bars[name] = bar
                self.storage_plot.addItem(bar)
                legend.addItem(bar, name)
            else:
                bar.setOpts(x=xs, height=heights, width=width, brush=brush)
        tallest = max((h for bars in data.values() for h in bars.values()), default=0.0)
        if tallest > 0:  # room above the bars for the legend
            self.storage_plot.setYRange(0.0, tallest * 1.3, padding=0)
        set_ticks(
            self.storage_plot.getPlotItem().getAxis("bottom"),
            [(i, self._storage_label(job)) for i, job in enumerate(jobs)],
        )

    def _set_network(
        self, data: dict[str, float], colours: dict[str, str], names: list[str]
    ) -> None:
        for name in list(self.network_bars):
            if name not in data:
                self.network_plot.removeItem(self.network_bars.pop(name))
        shown = [n for n in names if n in data]
        for i, name in enumerate(shown):
            bar = self.network_bars.get(name)
            brush = pg.mkBrush(colours[name])
            if bar is None:
                bar = pg.BarGraphItem(
                    x=[i], height=[data[name]], width=0.6, brush=brush
                )
                self.network_bars[name] = bar
                self.network_plot.addItem(bar)
            else:
                bar.setOpts(x=[i], height=[data[name]], width=0.6, brush=brush)
        set_ticks(
            self.network_plot.getPlotItem().getAxis("bottom"),
            [(i, name) for i, name in enumerate(shown)],
        )
