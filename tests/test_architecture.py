"""The layers below the UI must work without Qt (docs/architecture.md)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

QT_FREE = [
    "gpu_advisor.model.project",
    "gpu_advisor.model.catalog",
    "gpu_advisor.io.catalog",
    "gpu_advisor.cli",
]


def test_headless_layers_import_without_qt() -> None:
    code = textwrap.dedent(
        f"""
        import importlib, pkgutil, sys
        sys.modules["PySide6"] = None
        sys.modules["pyqtgraph"] = None
        import gpu_advisor
        for pkg in ("engine", "model", "io", "report", "cli"):
            mod = importlib.import_module(f"gpu_advisor.{{pkg}}")
            for info in pkgutil.walk_packages(mod.__path__, mod.__name__ + "."):
                importlib.import_module(info.name)
        for name in {QT_FREE!r}:
            importlib.import_module(name)
        from gpu_advisor.cli import build_parser
        build_parser()
        assert not any(m.startswith(("PySide6.", "pyqtgraph.")) for m in sys.modules)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_catalog_loads_and_every_gpu_has_prices() -> None:
    from gpu_advisor.io.catalog import load_catalog

    catalog = load_catalog()
    gpu_ids = {gpu.id for gpu in catalog.gpus}
    assert {"A100-80GB-SXM", "H100-80GB-SXM", "H20-96GB", "Ascend-910B"} <= gpu_ids
    assert all(gpu.provenance.source for gpu in catalog.gpus)
    assert {price.gpu_id for price in catalog.gpu_prices} == gpu_ids
    assert catalog.gpu("Ascend-910B").provenance.confirmed is False
