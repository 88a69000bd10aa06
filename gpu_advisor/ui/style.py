"""Every colour and style sheet fragment of the UI, by role, in one place.

Widgets never write a colour themselves: they take it from here by what it
means (an error, a warning, a secondary note, an option's series, a verdict's
background). :mod:`gpu_advisor.ui.theme` switches the palette between the
light and the dark scheme with the tables below
(:data:`DARK_TEXT_COLOURS`, :data:`LIGHT_CHART`/:data:`DARK_CHART`,
:data:`DARK_PALETTE`); a test fails on any hex colour written anywhere else
in ``gpu_advisor/ui``.

Text colours keep a contrast ratio of at least 4.5:1 against their window in
both schemes (WCAG 2.1, success criterion 1.4.3). Series colours are the
Tableau 10 palette, shared with the PDF through
:mod:`gpu_advisor.report.palette` where both draw the same thing.

References
----------
W3C, *Web Content Accessibility Guidelines (WCAG) 2.1*, 1.4.3 Contrast
(Minimum), 2018. https://www.w3.org/TR/WCAG21/#contrast-minimum
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtGui import QPalette

from gpu_advisor.model.common import Severity
from gpu_advisor.model.project import CheckStatus, OptionId, PhaseKind
from gpu_advisor.report.palette import MEMORY_PART_COLORS, OPTION_COLORS

# --- text, light scheme (the theme swaps in the dark twin) ---------------------------

ERROR_COLOUR: Final = "#b00020"
"""Errors: a refused value, a failed check, a card that does not fit."""
WARNING_COLOUR: Final = "#8a4b00"
"""Warnings the user should act on (an implausible quote, add-ons that cost more)."""
NOTE_COLOUR: Final = "#8a5a00"
"""Notes and warnings of the engine's advice (softer than an error)."""
OK_COLOUR: Final = "#1b5e20"
"""Done: saved, written, imported, measured."""
EMPHASIS_COLOUR: Final = "#1a3d6d"
"""A page's leading principle."""
INFO_COLOUR: Final = "#1f5fa8"
"""Information in the engine's advice."""
SECONDARY_COLOUR: Final = "#555555"
"""Secondary text: hints, sources, what a figure includes."""

DARK_TEXT_COLOURS: Final[dict[str, str]] = {
    ERROR_COLOUR: "#ff8a80",
    WARNING_COLOUR: "#ffb74d",
    NOTE_COLOUR: "#ffcc80",
    OK_COLOUR: "#81c784",
    EMPHASIS_COLOUR: "#9ecbff",
    INFO_COLOUR: "#8ab4f8",
    SECONDARY_COLOUR: "#b8b8b8",
    "#555": "#b8b8b8",  # the short form of the secondary colour
}
"""Each text colour above (light scheme, at least 4.5:1 on the light window)
and its dark-scheme twin (at least 4.5:1 on the dark window). A style sheet
keeps its light colours in the source; the theme swaps them when the scheme
is dark."""

HIGH_CONTRAST_TEXT_COLOURS: Final[dict[str, str]] = {
    ERROR_COLOUR: "#8b0000",
    WARNING_COLOUR: "#5c3200",
    NOTE_COLOUR: "#5c3c00",
    OK_COLOUR: "#0f4214",
    EMPHASIS_COLOUR: "#0b2545",
    INFO_COLOUR: "#0a3d7a",
    SECONDARY_COLOUR: "#2e2e2e",
    "#555": "#2e2e2e",
}
"""The text colours when the system asks for more contrast, light scheme: at
least 7:1 on the window (WCAG 2.1, 1.4.6 Contrast (Enhanced))."""

HIGH_CONTRAST_DARK_TEXT_COLOURS: Final[dict[str, str]] = {
    ERROR_COLOUR: "#ff9e94",
    WARNING_COLOUR: "#ffc46b",
    NOTE_COLOUR: "#ffd699",
    OK_COLOUR: "#9fe3a2",
    EMPHASIS_COLOUR: "#bfdcff",
    INFO_COLOUR: "#a8c8ff",
    SECONDARY_COLOUR: "#d9d9d9",
    "#555": "#d9d9d9",
}
"""The same on the black window of the dark scheme with more contrast (at
least 7:1)."""

SEVERITY_COLOURS: Final[dict[Severity, str]] = {
    Severity.ERROR: ERROR_COLOUR,
    Severity.WARNING: NOTE_COLOUR,
    Severity.INFO: INFO_COLOUR,
}
"""Text colour of an advice line by its severity."""

SIZING_WARNING_COLOURS: Final[dict[Severity, str]] = {
    **SEVERITY_COLOURS,
    Severity.INFO: SECONDARY_COLOUR,
}
"""The workload step's sizing warnings: information reads as a secondary note."""

# --- style sheet fragments ---------------------------------------------------------

ERROR_STYLE: Final = f"color: {ERROR_COLOUR};"
WARNING_STYLE: Final = f"color: {WARNING_COLOUR};"
NOTE_STYLE: Final = f"color: {NOTE_COLOUR};"
OK_STYLE: Final = f"color: {OK_COLOUR};"
INFO_STYLE: Final = f"color: {INFO_COLOUR};"
SECONDARY_STYLE: Final = f"color: {SECONDARY_COLOUR};"
BOLD_STYLE: Final = "font-weight: bold;"
FAIL_STYLE: Final = f"color: {ERROR_COLOUR}; font-weight: bold;"
"""A summary that reports a failure."""
PRINCIPLE_STYLE: Final = f"font-weight: bold; color: {EMPHASIS_COLOUR};"
"""A page's leading principle, above its content."""
FORMULA_STYLE: Final = "padding: 4px;"
"""The formula box of a "why?" dialog."""
SECTION_TITLE_STYLE: Final = (
    "QPushButton { text-align: left; border: none; font-weight: bold; padding: 2px; }"
)
"""The title of a section that folds away: bold, flat, Qt's focus frame kept."""

SEVERITY_STYLES: Final[dict[Severity, str]] = {
    severity: f"color: {colour};" for severity, colour in SEVERITY_COLOURS.items()
}
"""Style sheet of an advice label by its severity."""

# --- table cells --------------------------------------------------------------------

VERDICT_BACKGROUNDS: Final[dict[str, str]] = {
    "pass": "#d6efd6",
    "warn": "#fff0c2",
    "fail": "#f6c9c9",
    "info": "#e6edf7",
}
"""Row background of a vendor check per verdict (light, so the text stays
readable); keyed by the verdict's value, so that drawing a colour does not
import the engine (a ``Verdict`` is its value)."""

CHECK_STATUS_BACKGROUNDS: Final[dict[CheckStatus, str]] = {
    CheckStatus.OPEN: "#fdf0cf",
    CheckStatus.PASS: "#d8efd9",
    CheckStatus.FAIL: "#f6d5d5",
    CheckStatus.NOT_APPLICABLE: "#eeeeee",
}
"""Background of a checklist status cell (the PDF plan uses the same colours)."""
CHECK_STATUS_TEXT: Final = "#1b2a3a"
"""Text on a coloured status cell: dark in either scheme, as its background."""


# --- charts -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChartColours:
    """The colours of a chart: background, axis lines, text (ticks, titles)."""

    background: str
    axis: str
    text: str
    error: str


LIGHT_CHART: Final = ChartColours(
    background="#ffffff", axis="#444444", text="#222222", error=ERROR_COLOUR
)
DARK_CHART: Final = ChartColours(
    background="#1e1e1e",
    axis="#b0b0b0",
    text="#e6e6e6",
    error=DARK_TEXT_COLOURS[ERROR_COLOUR],
)

HIGH_CONTRAST_CHART: Final = ChartColours(
    background="#ffffff",
    axis="#000000",
    text="#000000",
    error=HIGH_CONTRAST_TEXT_COLOURS[ERROR_COLOUR],
)
HIGH_CONTRAST_DARK_CHART: Final = ChartColours(
    background="#000000",
    axis="#ffffff",
    text="#ffffff",
    error=HIGH_CONTRAST_DARK_TEXT_COLOURS[ERROR_COLOUR],
)

CHART_LABEL_SCALE: Final = 0.85
"""A value label inside a chart: this share of the application's font size,
so that it grows with the system's font-size setting. [1]"""

CHART_TITLE: Final = "#222"
"""A chart's title as drawn first (the theme recolours it for the scheme)."""
BOXED_TEXT: Final = "#222"
"""Text in a light box over the data (legends, line labels): dark in either scheme."""
LEGEND_BRUSH: Final = (255, 255, 255, 210)
"""A legend's box over the data: white, nearly opaque."""
LABEL_FILL: Final = (255, 255, 255, 200)
"""A line label's box over the data."""
BAR_OUTLINE: Final = "w"
"""Outline between stacked or adjacent bars."""
MARKER_OUTLINE: Final = "k"
"""Outline of a highlighted point."""
REFERENCE_LINE: Final = "#555"
"""A labelled reference line (the break-even month)."""
ZERO_LINE: Final = "#444"
"""The zero line of a chart of signed amounts."""
STRONG_LINE: Final = "#000"
"""Zero of the Monte Carlo's difference, and its P50 marks."""
PERCENTILE_LINE: Final = "#8a1c1c"
"""P10/P50/P90 lines of the Monte Carlo histogram."""
P10_P90_MARK: Final = "#333"
"""P10 and P90 marks of an option's Monte Carlo range."""

OPTION_COLOURS: Final[dict[OptionId, str]] = {
    option: OPTION_COLORS[str(option)] for option in OptionId
}
"""One colour per option, the same in every chart and in the PDF (Tableau 10)."""

CAPEX_COLOUR: Final = "#c0504d"
"""Up-front purchase in the monthly cash flow."""
OPEX_COLOUR: Final = "#4f81bd"
"""Recurring costs in the monthly cash flow."""
MONEY_BACK_COLOUR: Final = "#9bbb59"
"""Money coming back (resale, returned deposit) in the monthly cash flow."""
TORNADO_LOW_COLOUR: Final = "#4f81bd"
"""A tornado bar at the input's low value."""
TORNADO_HIGH_COLOUR: Final = "#f79646"
"""A tornado bar at the input's high value."""
OWN_CHEAPER_COLOUR: Final = "#2ca02c"
"""Monte Carlo draws where owning is cheaper."""
RENT_CHEAPER_COLOUR: Final = "#7f9fbf"
"""Monte Carlo draws where renting is cheaper."""
SCENARIO_BAR: Final = "#4f81bd"
"""A scenario's bar in the scenario comparison."""
BASE_PLAN_BAR: Final = "#9bbb59"
"""The base plan's bar in the scenario comparison."""

VENDOR_COLOURS: Final = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)
"""One colour per vendor, by list position, the same in every chart (Tableau 10)."""
OTHER_VENDOR_COLOUR: Final = "#222222"
"""A vendor no longer in the list."""

PHASE_COLOURS: Final[dict[PhaseKind, str]] = {
    PhaseKind.PRETRAIN: "#1f77b4",
    PhaseKind.FINETUNE: "#2ca02c",
    PhaseKind.INFERENCE: "#ff7f0e",
    PhaseKind.EXPERIMENTS: "#9467bd",
    PhaseKind.IDLE: "#b0b0b0",
}
"""A month's bar in the demand editor, by the phase it belongs to."""

MEMORY_PART_COLOURS: Final = tuple(
    (f"{part}_bytes", colour) for part, colour in MEMORY_PART_COLORS.items()
)
"""Stack order of the memory bar (bottom first) and colours, as in the PDF."""
CAPACITY_LINE: Final = ERROR_COLOUR
"""The usable memory of a card over its bar."""
DAYS_CURVE: Final = "#1f77b4"
"""Days against the number of cards."""
TPOT_CURVE: Final = "#ff7f0e"
"""Time per output token against load, beside the first token's (``DAYS_CURVE``)."""
CHOSEN_POINT: Final = "#d62728"
"""The plan's card count on the days curve, and the deadline line."""

# --- the dark scheme's widget palette ----------------------------------------------

_ROLE = QPalette.ColorRole

DARK_PALETTE: Final[dict[QPalette.ColorRole, str]] = {
    _ROLE.Window: "#2b2b2b",
    _ROLE.WindowText: "#e6e6e6",
    _ROLE.Base: "#1e1e1e",
    _ROLE.AlternateBase: "#2f2f2f",
    _ROLE.Text: "#e6e6e6",
    _ROLE.Button: "#353535",
    _ROLE.ButtonText: "#e6e6e6",
    _ROLE.ToolTipBase: "#2b2b2b",
    _ROLE.ToolTipText: "#e6e6e6",
    _ROLE.PlaceholderText: "#a0a0a0",
    _ROLE.Highlight: "#3d7ad6",
    _ROLE.HighlightedText: "#ffffff",
    _ROLE.Link: "#8ab4f8",
    _ROLE.LinkVisited: "#c58af9",
    _ROLE.BrightText: "#ff8a80",
}
"""The widget palette of the dark scheme (the light one is the style's own)."""
DARK_DISABLED_TEXT: Final = "#8a8a8a"
"""Disabled text in the dark scheme."""

HIGH_CONTRAST_PALETTE: Final[dict[QPalette.ColorRole, str]] = {
    _ROLE.Window: "#ffffff",
    _ROLE.WindowText: "#000000",
    _ROLE.Base: "#ffffff",
    _ROLE.AlternateBase: "#f0f0f0",
    _ROLE.Text: "#000000",
    _ROLE.Button: "#ffffff",
    _ROLE.ButtonText: "#000000",
    _ROLE.ToolTipBase: "#ffffff",
    _ROLE.ToolTipText: "#000000",
    _ROLE.PlaceholderText: "#3a3a3a",
    _ROLE.Highlight: "#00007f",
    _ROLE.HighlightedText: "#ffffff",
    _ROLE.Link: "#00009f",
    _ROLE.LinkVisited: "#4b0082",
    _ROLE.BrightText: "#8b0000",
}
"""The widget palette of the light scheme when the system asks for more
contrast: black on white, a dark blue selection."""
HIGH_CONTRAST_DARK_PALETTE: Final[dict[QPalette.ColorRole, str]] = {
    _ROLE.Window: "#000000",
    _ROLE.WindowText: "#ffffff",
    _ROLE.Base: "#000000",
    _ROLE.AlternateBase: "#141414",
    _ROLE.Text: "#ffffff",
    _ROLE.Button: "#000000",
    _ROLE.ButtonText: "#ffffff",
    _ROLE.ToolTipBase: "#000000",
    _ROLE.ToolTipText: "#ffffff",
    _ROLE.PlaceholderText: "#cfcfcf",
    _ROLE.Highlight: "#1aebff",
    _ROLE.HighlightedText: "#000000",
    _ROLE.Link: "#ffff66",
    _ROLE.LinkVisited: "#e0b0ff",
    _ROLE.BrightText: "#ff9e94",
}
"""The dark scheme's palette with more contrast: white on black, a cyan
selection and yellow links, as the systems' own high-contrast themes."""
HIGH_CONTRAST_INDICATORS: Final = (
    "QCheckBox::indicator, QRadioButton::indicator {{ width: 12px; height: 12px;"
    " border: 2px solid {edge}; background: {field}; }}"
    " QRadioButton::indicator {{ border-radius: 8px; }}"
    " QCheckBox::indicator:checked, QRadioButton::indicator:checked"
    " {{ background: {mark}; }}"
)
"""Check boxes and radio buttons with more contrast: the style draws their
boxes in a shade of the window, which vanishes on black, so they get a border
in the text colour and a filled centre when checked (``edge``, ``field``,
``mark``: the palette's text, base and selection colours)."""
HIGH_CONTRAST_DISABLED_TEXT: Final = ("#6e6e6e", "#a0a0a0")
"""Disabled text with more contrast, light and dark scheme: grey, so that a
disabled control still reads as one (5:1 on white, 8:1 on black)."""
