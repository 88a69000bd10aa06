"""``gpu-advisor-cli prices import PROJECT FILE``: dated prices from a price list.

Reads a ``.xlsx`` vendor quote or a ``.csv`` price list (format in
:mod:`gpu_advisor.io.price_import`), adds its rows to the project as dated
price overrides and saves the project atomically. A bad file is refused
with one line naming the file, sheet, row and column; the project is then
left untouched.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gpu_advisor.cli._common import CliError
from gpu_advisor.cli.terminal import visible
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.plan_update import update_project
from gpu_advisor.io.price_import import PriceImportError, import_prices
from gpu_advisor.io.project_file import ProjectFileError
from gpu_advisor.model.project import Project


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``prices`` sub-command."""
    p = subparsers.add_parser(
        "prices",
        help="import a price list or vendor quote (.xlsx/.csv) into a project",
        description="Import dated prices that override the catalog.",
    )
    sub = p.add_subparsers(dest="prices_command", required=True)
    imp = sub.add_parser(
        "import",
        help="add the prices of FILE to PROJECT (written in place, atomically)",
        description="Columns: gpu, item (on_demand/monthly/purchase/server), "
        "price (CNY), date; optional low, high, vendor, vat (yes/no).",
    )
    imp.add_argument("project", type=Path, help="a .gpuplan project file")
    imp.add_argument("file", type=Path, help="a .xlsx quote or .csv price list")
    imp.set_defaults(func=run_import)


def run_import(args: argparse.Namespace) -> int:
    """Load, import (all or nothing), save, print one line.

    The plan is updated through :func:`update_project`: a read-only plan is
    refused, a concurrent import waits for this one, and a plan changed by
    another program meanwhile is refused rather than overwritten.
    """
    catalog = load_catalog()

    def add_prices(project: Project) -> Project:
        return import_prices(project, args.file, catalog)

    try:
        project, updated = update_project(args.project, add_prices, catalog=catalog)
    except ProjectFileError as exc:
        raise CliError(str(exc).splitlines()[0] if str(exc) else repr(exc)) from None
    except (PriceImportError, ValueError) as exc:
        raise CliError(str(exc)) from None
    added = len(updated.price_overrides) - len(project.price_overrides)
    rows = len(updated.price_overrides)
    print(
        f"{visible(args.file.name)}: {rows} imported price(s) in "
        f"{visible(args.project.name)} ({added:+d}); they override the catalog"
    )
    return 0
