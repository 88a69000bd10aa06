"""Import the results of the vendor test kit: find files, detect, parse, all or nothing.

:func:`parse_results` walks files and folders, recognises each file by its
content (not its name), parses it with :mod:`gpu_advisor.io.results_parsers`
and returns every :class:`~gpu_advisor.model.project.Measurement`. One
unreadable file raises :class:`ResultsImportError` naming the file and the
line, and nothing is returned: the caller never holds half an import.

The kit writes ``results/<hostname>/...``; a file's node is the hostname the
file names (nccl-tests rank lines, iperf3 ``system_info``, the probe's
``host``) or else the name of the folder that holds it.

Files the kit writes for people rather than for this importer are skipped when
a folder is walked: hidden files, ``*.info.txt`` (``lscpu``, ``nvidia-smi
topo -m``, ``ibstat``), ``*.log`` and ``*.md``. Named explicitly, every file is
parsed and an unknown one is an error.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from gpu_advisor.io.results_parsers import (
    GPU_PROBE_TOOL,
    ResultsImportError,
    load_json,
    looks_like_dcgmi_diag,
    looks_like_nccl,
    looks_like_nvidia_smi_csv,
    looks_like_train_log,
    parse_dcgmi_diag,
    parse_fio,
    parse_gpu_probe,
    parse_iperf3,
    parse_nccl_tests,
    parse_nvidia_smi_csv,
    parse_nvidia_smi_xml,
    parse_train_log,
)
from gpu_advisor.model.project import Measurement

__all__ = [
    "MAX_FILES",
    "MAX_FILE_BYTES",
    "ResultsImportError",
    "detect_format",
    "parse_results",
    "parse_text",
]

MAX_FILE_BYTES: Final = 64 * 2**20
"""Largest result file read [bytes]; nccl-tests, fio and iperf3 outputs are < 1 MiB."""

MAX_FILES: Final = 20_000
"""Most files one import reads (a 256-node run with ten files each is 2,560)."""

_SKIPPED_SUFFIXES: Final = (
    ".info.txt",
    ".log",
    ".md",
    ".tar.gz",
    ".sh",
    ".py",
    ".sbatch",
    ".yaml",
)


def detect_format(text: str) -> str | None:
    """Name the tool that wrote ``text``, or None when it is not recognised.

    Returns one of ``nccl-tests``, ``iperf3``, ``fio``, ``gpu-probe``,
    ``nvidia-smi-xml``, ``nvidia-smi-csv``, ``dcgmi``, ``train-log``.

    Examples
    --------
    >>> detect_format("step,tokens_per_s,loss\\n1,100,2.0\\n")
    'train-log'
    >>> detect_format("# nThread 1 nGpus 8 minBytes 8 maxBytes 8589934592\\n")
    'nccl-tests'
    >>> detect_format("hello") is None
    True
    """
    stripped = text.lstrip()
    if stripped.startswith("<"):
        return "nvidia-smi-xml" if "<nvidia_smi_log" in text[:4000] else None
    if '"fio version"' in text[:4000]:
        return "fio"
    if stripped.startswith("{"):
        head = text[:4000]
        if f'"{GPU_PROBE_TOOL}"' in head:
            return "gpu-probe"
        if '"start"' in head and '"end"' in text:
            return "iperf3"
        return None
    if looks_like_nccl(text):
        return "nccl-tests"
    if looks_like_dcgmi_diag(text):
        return "dcgmi"
    first_line = stripped.split("\n", 1)[0]
    if looks_like_train_log(first_line):
        return "train-log"
    if looks_like_nvidia_smi_csv(first_line):
        return "nvidia-smi-csv"
    return None


def parse_text(text: str, file: str, node: str | None = None) -> list[Measurement]:
    """Detect and parse the text of one result file.

    Parameters
    ----------
    text : str
        The file's content.
    file : str
        Name used in the measurements and in error messages.
    node : str or None
        Node to record when the file names no host (the kit's folder name).

    Raises
    ------
    ResultsImportError
        Unknown format or damaged content; the message names ``file`` and the line.
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise ResultsImportError(file, 1, "the file is empty")
    kind = detect_format(text)
    if kind is None:
        raise ResultsImportError(
            file,
            1,
            "unknown format (expected nccl-tests, iperf3 -J, fio JSON, nvidia-smi CSV/XML, "
            "dcgmi diag or the step,tokens_per_s,loss training log)",
        )
    if kind == "nccl-tests":
        return parse_nccl_tests(text, file, node)
    if kind == "nvidia-smi-xml":
        return parse_nvidia_smi_xml(text, file, node)
    if kind == "nvidia-smi-csv":
        return parse_nvidia_smi_csv(text, file, node)
    if kind == "dcgmi":
        return parse_dcgmi_diag(text, file, node)
    if kind == "train-log":
        return parse_train_log(text, file, node)
    data = load_json(text, file)
    if not isinstance(data, dict):
        raise ResultsImportError(file, 1, "expected a JSON object")
    if kind == "fio":
        return parse_fio(data, text, file, node)
    if kind == "gpu-probe":
        return parse_gpu_probe(data, text, file, node)
    return parse_iperf3(data, text, file, node)


def _read_text(path: Path, shown: str) -> str:
    try:
        size_bytes = path.stat().st_size
        if size_bytes > MAX_FILE_BYTES:
            raise ResultsImportError(shown, None, f"larger than {MAX_FILE_BYTES} bytes")
        data = path.read_bytes()
    except OSError as exc:
        raise ResultsImportError(
            shown, None, f"cannot read: {exc.strerror or exc}"
        ) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ResultsImportError(
            shown, line, "not UTF-8 text (a binary file?)"
        ) from None


def _skipped(name: str) -> bool:
    return name.startswith(".") or name.lower().endswith(_SKIPPED_SUFFIXES)


def _walk(folder: Path) -> list[Path]:
    found: list[Path] = []
    # os.walk does not follow symlinked folders, so a link loop cannot hang the import.
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(Path(root) / name for name in sorted(files) if not _skipped(name))
    return found


def parse_results(paths: Sequence[Path]) -> list[Measurement]:
    """Parse result files and folders; all or nothing.

    Parameters
    ----------
    paths : sequence of Path
        Files and folders (walked recursively, in sorted order).

    Returns
    -------
    list of Measurement
        Every measurement of every file, in file order. ``file`` is the file's
        name, or for a folder its path from the folder's parent (for example
        ``vendor_a/node01/iperf3.json``): never an absolute path.

    Raises
    ------
    ResultsImportError
        For the first missing, unknown or damaged file; nothing is returned.

    Examples
    --------
    >>> parse_results([])
    []
    """
    files: list[tuple[Path, str]] = []  # (file, name stored in the project)
    for path in paths:
        if path.is_dir():
            # Stored relative to the folder's parent ("vendor_a/node01/x.txt"):
            # project files are mailed around, so no machine's paths go in them.
            files.extend(
                (f, f.relative_to(path.parent).as_posix()) for f in _walk(path)
            )
        elif path.exists():
            files.append((path, path.name))
        else:
            raise ResultsImportError(str(path), None, "no such file or folder")
        if len(files) > MAX_FILES:
            raise ResultsImportError(str(path), None, f"more than {MAX_FILES} files")
    measurements: list[Measurement] = []
    for file, shown in files:
        # Errors name the file where the user can find it; measurements keep
        # the short name.
        text = _read_text(file, file.as_posix())
        node = file.parent.name or None
        try:
            measurements.extend(parse_text(text, shown, node))
        except ResultsImportError as exc:
            raise ResultsImportError(file.as_posix(), exc.line, exc.message) from None
    return measurements
