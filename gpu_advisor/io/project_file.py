"""Read and write ``.gpuplan`` project files without ever losing data.

A project file is UTF-8 JSON holding ``Project.model_dump_json(indent=2)``
with a ``schema_version``. This module is the only door into and out of
those files; the desktop app, the autosave store and the CLI all go through
it.

Loading (:func:`load_project`) treats every file as hostile: the size is
capped, the bytes must be strict UTF-8, ``NaN``/``Infinity`` are refused,
nesting depth is bounded, older schema versions are migrated one step at a
time and newer ones refused, and the result is validated by the pydantic
schema (whose bounds keep 1e300, negative counts and the like out). Every
problem becomes a :class:`ProjectFileError` whose ``str()`` is one line naming
the file, the field (when there is one) and the problem. Loading never
writes anything.

Saving (:func:`save_project`) is atomic: the new content goes to a temporary
file in the same folder, is flushed and fsync'ed, the previous file is copied
to ``<name>.bak`` (also atomically), and only then does :func:`os.replace`
swap the new file in. At every instant the target path holds either the old
or the new complete file.

Files are data only: no pickle, no eval, and nothing in a file selects a code
path other than the migration step for its (integer) schema version.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn

from pydantic import TypeAdapter, ValidationError
from typing_extensions import override

from gpu_advisor.model.common import Message, Param
from gpu_advisor.model.limits import (
    MAX_MEASUREMENTS_PER_VENDOR,
    MAX_MEASUREMENTS_TOTAL,
    MAX_PROJECT_BYTES,
)
from gpu_advisor.model.project import (
    SCHEMA_VERSION,
    Measurement,
    Project,
    Vendor,
    catalog_problems,
)
from gpu_advisor.words import languages, say, text

if TYPE_CHECKING:
    from gpu_advisor.model.catalog import Catalog

__all__ = [
    "MAX_DEPTH",
    "MAX_PROJECT_BYTES",
    "ProjectFileError",
    "canonical_json",
    "check_catalog_ids",
    "check_round_trip",
    "dumps_project",
    "fingerprint",
    "load_project",
    "project_from_data",
    "read_json_file",
    "save_project",
    "write_atomically",
]

STALE_TEMP_SECONDS: Final = 60.0
"""A ``<name>.*.tmp`` file older than this beside the target is a crash's leftover [s].

Younger ones may belong to a save running right now in another process.
"""

MAX_DEPTH: Final = 64
"""Deepest nesting of JSON arrays/objects accepted. The schema needs about 5."""

OLDEST_SCHEMA_VERSION: Final = 1
"""Oldest schema version this release can migrate from."""

Step = Callable[[dict[str, Any]], dict[str, Any]]


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added named scenarios; a version-1 plan has none.

    A version-1 file cannot hold a ``scenarios`` key (the v1 schema refused
    unknown keys), so one found here is refused rather than silently kept.
    """
    if "scenarios" in data:
        raise ValueError("a version-1 file has no scenarios field")
    return {**data, "scenarios": []}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 added signing records; a version-2 plan has none.

    As for scenarios, a ``signing_records`` key in a version-2 file cannot
    come from the app and is refused rather than kept.
    """
    if "signing_records" in data:
        raise ValueError("a version-2 file has no signing_records field")
    return {**data, "signing_records": []}


_V3_QLORA_BASE_BITS: Final = 4.5
"""What a version-3 plan that leaves out ``workload.qlora_base_bits`` meant.
[bit/param]"""


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 stores a QLoRA base at 4.127 bit/param unless told otherwise
    (NF4 with double quantisation, ``QLORA_NF4_BITS``); a version-3 plan that
    left the field out meant 4.5, and keeps it — in the plan and in every
    signing record's snapshot, so each signature's fingerprint still holds.
    """

    def kept(project: Any) -> Any:
        if not isinstance(project, dict):
            return project  # the validation that follows names the problem
        workload = project.get("workload", {})
        if not isinstance(workload, dict) or "qlora_base_bits" in workload:
            return project
        return {
            **project,
            "workload": {**workload, "qlora_base_bits": _V3_QLORA_BASE_BITS},
        }

    data = kept(data)
    records = data.get("signing_records")
    if isinstance(records, list):
        data["signing_records"] = [
            {**r, "inputs": _at_version(kept(r["inputs"]), 4)}
            if isinstance(r, dict) and "inputs" in r
            else r
            for r in records
        ]
    return data


def _at_version(snapshot: Any, version: int) -> Any:
    """A signing record's snapshot marked as migrated to ``version`` (it is
    written at its file's version)."""
    if isinstance(snapshot, dict) and "schema_version" in snapshot:
        return {**snapshot, "schema_version": version}
    return snapshot


_STEPS: dict[int, Step] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}
"""Migration steps: ``_STEPS[n]`` turns a version-n dict into a version-(n+1) dict.

Each format change adds one step here and
one golden file ``tests/data/projects/v<N>.json`` that must keep loading.
A step receives untrusted data that has only been checked to be a JSON object;
any exception it raises is reported as a damaged file.

From version 3 on, every signing record holds a whole project at the file's
version (``signing_records.<n>.inputs``): a step that changes the format
must apply the same change to each of those snapshots.
"""

_BOM: Final = b"\xef\xbb\xbf"
_FIELD_LIMIT: Final = 120
_PROBLEM_LIMIT: Final = 300


def _one_line(text: str, limit: int) -> str:
    """Escape control characters and cut ``text`` so that it stays one short line."""
    cleaned = "".join(
        ch if ch.isprintable() else repr(ch)[1:-1] for ch in text[: limit + 1]
    )
    if len(cleaned) > limit:
        cleaned = cleaned[:limit] + "…"
    return cleaned


class ProjectFileError(Exception):
    """A project file that cannot be read or written.

    Parameters
    ----------
    path : Path
        The file concerned.
    problem : Message
        What is wrong: a code of the catalogs' ``io.project_file`` entries and
        its values, worded by :meth:`message` in the reader's language.
    field : str or None
        Dotted path of the offending field (``workload.seq_len``,
        ``vendors.0.name``) when the problem is in one field.
    code : str
        Stable machine-readable kind: ``not_found``, ``is_directory``,
        ``permission``, ``too_large``, ``not_utf8``, ``not_json``,
        ``too_deep``, ``not_object``, ``bad_version``, ``too_new``,
        ``migration``, ``invalid``, ``write_failed``, ``read_failed``.

    Examples
    --------
    >>> error = ProjectFileError(Path("plan.gpuplan"), file_problem("invalid",
    ...     detail="Input should be greater than or equal to 1"),
    ...     field="workload.seq_len", code="invalid")
    >>> str(error)
    'plan.gpuplan: workload.seq_len: Input should be greater than or equal to 1'
    >>> error.message("zh")
    'plan.gpuplan：workload.seq_len：取值无效：Input should be greater than or equal to 1'
    """

    def __init__(
        self,
        path: Path,
        problem: Message,
        field: str | None = None,
        *,
        code: str = "invalid",
    ) -> None:
        self.path = Path(path)
        self.problem = problem
        self.field = None if field is None else _one_line(field, _FIELD_LIMIT)
        self.code = code
        super().__init__(str(self))

    @override
    def __str__(self) -> str:
        return self.message("en")

    def message(self, language: str) -> str:
        """The one-line message in ``language`` ("zh", "en" …): file, field, problem."""
        return say(
            "io.project_file.shown_field" if self.field else "io.project_file.shown",
            language,
            file=_one_line(self.path.name or str(self.path), _FIELD_LIMIT),
            field=self.field,
            problem=_one_line(text(self.problem, language), _PROBLEM_LIMIT),
        )


def file_problem(code: str, **params: Param) -> Message:
    """A problem with a project file: ``io.project_file.<code>`` and its values."""
    return Message(code=f"io.project_file.{code}", params=params)


class _RefusedConstantError(ValueError):
    """Raised from inside ``json.loads`` hooks."""


class _DuplicateKeyError(ValueError):
    """Raised from ``object_pairs_hook`` when an object repeats a key."""


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def _refuse_constant(name: str) -> NoReturn:
    raise _RefusedConstantError(name)


def _depth_exceeds(value: Any, limit: int) -> bool:
    """True when ``value`` nests containers deeper than ``limit`` (iterative walk)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend(
            (child, depth + 1) for child in children if isinstance(child, dict | list)
        )
    return False


def _check_kind(path: Path, mode: int, size_bytes: int, max_bytes: int) -> None:
    if stat.S_ISDIR(mode):
        raise ProjectFileError(
            path,
            file_problem("is_directory"),
            code="is_directory",
        )
    if not stat.S_ISREG(mode):
        # A FIFO or device could block or never end; project files are plain files.
        raise ProjectFileError(
            path,
            file_problem("not_regular"),
            code="read_failed",
        )
    if size_bytes > max_bytes:
        raise _too_large(path, max_bytes)


def _read_capped(path: Path, max_bytes: int) -> bytes:
    """Read at most ``max_bytes`` from a regular file, with clear errors."""
    try:
        info = path.stat()
        _check_kind(path, info.st_mode, info.st_size, max_bytes)
        # O_NONBLOCK: a FIFO swapped in since stat() must not block the open
        flags = (
            os.O_RDONLY
            | getattr(os, "O_NONBLOCK", 0)
            | getattr(os, "O_NOCTTY", 0)
            | getattr(os, "O_BINARY", 0)
        )
        with os.fdopen(os.open(path, flags), "rb") as handle:
            info = os.fstat(handle.fileno())  # it may have changed since stat()
            _check_kind(path, info.st_mode, info.st_size, max_bytes)
            # Read one byte more than allowed: st_size can lie (pseudo-files).
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise ProjectFileError(
            path, file_problem("not_found"), code="not_found"
        ) from None
    except IsADirectoryError:
        raise ProjectFileError(
            path,
            file_problem("is_directory"),
            code="is_directory",
        ) from None
    except PermissionError:
        raise ProjectFileError(
            path,
            file_problem("no_read_permission"),
            code="permission",
        ) from None
    except OSError as exc:
        raise ProjectFileError(
            path,
            file_problem("read_failed", reason=str(exc.strerror or exc)),
            code="read_failed",
        ) from None
    if len(data) > max_bytes:
        raise _too_large(path, max_bytes)
    return data


def _too_large(path: Path, max_bytes: int) -> ProjectFileError:
    mib = max_bytes // 2**20
    return ProjectFileError(
        path,
        file_problem("too_large", mib=mib),
        code="too_large",
    )


def read_json_file(path: Path, *, max_bytes: int = MAX_PROJECT_BYTES) -> Any:
    """Read untrusted JSON: size cap, strict UTF-8, no NaN/Infinity, bounded depth.

    A leading UTF-8 byte-order mark (as some Windows editors write) is
    accepted and ignored, as RFC 8259 §8.1 allows.

    Parameters
    ----------
    path : Path
        The file to read.
    max_bytes : int
        Size cap. [B]

    Returns
    -------
    Any
        The parsed JSON value (not yet checked against any schema).

    Raises
    ------
    ProjectFileError
        For every problem with the file; nothing else for bad content.
    """
    path = Path(path)
    raw = _read_capped(path, max_bytes)
    bom = len(_BOM) if raw.startswith(_BOM) else 0
    try:
        text = raw[bom:].decode("utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        offset = exc.start + bom
        raise ProjectFileError(
            path,
            file_problem("not_utf8", offset=offset),
            code="not_utf8",
        ) from None
    try:
        value = json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_refuse_duplicates
        )
    except _DuplicateKeyError as exc:
        key = _one_line(str(exc), _FIELD_LIMIT)
        raise ProjectFileError(
            path,
            file_problem("duplicate_key", key=key),
            code="not_json",
        ) from None
    except _RefusedConstantError as exc:
        raise ProjectFileError(
            path,
            file_problem("not_a_number", constant=str(exc)),
            code="not_json",
        ) from None
    except json.JSONDecodeError as exc:
        raise ProjectFileError(
            path,
            file_problem("not_json", msg=exc.msg, line=exc.lineno, column=exc.colno),
            code="not_json",
        ) from None
    except RecursionError:
        raise _too_deep(path) from None
    except ValueError as exc:
        # int() refuses numbers with more than sys.get_int_max_str_digits() digits.
        raise ProjectFileError(
            path,
            file_problem("number_too_long", detail=str(exc)),
            code="not_json",
        ) from None
    if _depth_exceeds(value, MAX_DEPTH):
        raise _too_deep(path)
    return value


def _too_deep(path: Path) -> ProjectFileError:
    return ProjectFileError(
        path,
        file_problem("too_deep", levels=MAX_DEPTH),
        code="too_deep",
    )


def _migrate(data: dict[str, Any], version: int, path: Path) -> dict[str, Any]:
    """Apply ``_STEPS[version]``, ``_STEPS[version + 1]``, ... up to ``SCHEMA_VERSION``."""
    for step_version in range(version, SCHEMA_VERSION):
        step = _STEPS.get(step_version)
        if step is None:
            raise ProjectFileError(
                path,
                file_problem(
                    "no_migration", version=step_version, next=step_version + 1
                ),
                code="migration",
            )
        try:
            migrated = step(dict(data))
        # A step sees untrusted data; whatever it trips over means a damaged file.
        except Exception as exc:
            raise ProjectFileError(
                path,
                file_problem(
                    "migration_failed",
                    version=step_version,
                    error=f"{type(exc).__name__}: {exc}",
                ),
                code="migration",
            ) from None
        if not isinstance(migrated, dict):
            raise ProjectFileError(
                path,
                file_problem("migration_no_object", version=step_version),
                code="migration",
            )
        data = {**migrated, "schema_version": step_version + 1}
    return data


def project_from_data(
    data: Any, path: Path, *, catalog: Catalog | None = None
) -> Project:
    """Check the version of parsed JSON, migrate it, and validate it.

    Parameters
    ----------
    data : Any
        Parsed JSON, as :func:`read_json_file` returns it.
    path : Path
        The file it came from (named in error messages).
    catalog : Catalog, optional
        Check region, GPU, network and model ids against it (default: the
        catalog shipped with the app, :func:`gpu_advisor.io.catalog.load_catalog`).

    Returns
    -------
    Project
        The validated project at the current ``SCHEMA_VERSION``.

    Raises
    ------
    ProjectFileError
        When the data is not a project this release can read.
    """
    path = Path(path)
    if not isinstance(data, dict):
        raise ProjectFileError(
            path,
            file_problem("not_object", kind=_json_kind(data)),
            code="not_object",
        )
    if "schema_version" not in data:
        raise ProjectFileError(
            path,
            file_problem("no_version"),
            code="bad_version",
        )
    version = data["schema_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise ProjectFileError(
            path,
            file_problem("version_not_whole", kind=_json_kind(version)),
            field="schema_version",
            code="bad_version",
        )
    if version > SCHEMA_VERSION:
        raise ProjectFileError(
            path,
            file_problem("too_new", version=version, newest=SCHEMA_VERSION),
            code="too_new",
        )
    if version < OLDEST_SCHEMA_VERSION:
        raise ProjectFileError(
            path,
            file_problem("too_old", version=version, oldest=OLDEST_SCHEMA_VERSION),
            field="schema_version",
            code="bad_version",
        )
    data = _migrate(data, version, path)
    data, shared = _take_shared_measurements(data, path)
    try:
        project = Project.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(
            include_url=False, include_context=False, include_input=False
        )
        first = errors[0]
        field = ".".join(str(part) for part in first["loc"]) or None
        more = len(errors) - 1
        problem = (
            file_problem("invalid_more", detail=first["msg"], more=more)
            if more
            else file_problem("invalid", detail=first["msg"])
        )
        raise ProjectFileError(path, problem, field=field, code="invalid") from None
    project = _share_measurements(project, shared)
    check_language(project, path)
    check_catalog_ids(project, path, catalog)
    return project


def check_language(project: Project, path: Path) -> None:
    """Refuse a plan in a language that no catalog words (``resources/words/<code>/``).

    Raises
    ------
    ProjectFileError
        Naming ``meta.language`` and the languages there are (``code="unknown_id"``).
    """
    if project.meta.language not in languages():
        raise ProjectFileError(
            Path(path),
            file_problem(
                "no_language",
                language=project.meta.language.value,
                languages=", ".join(languages()),
            ),
            field="meta.language",
            code="unknown_id",
        )


_SAME_AS: Final = "same_as"
"""Key of a signed snapshot's measurement list that the file does not repeat:
``{"same_as": "vendors.2.measurements"}`` stands for the plan's own list
there (see :func:`dumps_project`)."""
_SAME_AS_PATH: Final = re.compile(r"vendors\.(\d{1,3})\.measurements")


def _take_shared_measurements(
    data: dict[str, Any], path: Path
) -> tuple[dict[str, Any], list[tuple[int, int, int]]]:
    """``data`` with each ``same_as`` reference emptied, and where they were.

    Returns the data to validate and ``(record, vendor, plan vendor)`` triples;
    :func:`_share_measurements` puts the plan's validated lists back in, so
    70,000 measurements are validated and held once, not once per signing.
    A reference that is not exactly ``{"same_as": "vendors.N.measurements"}``
    naming a vendor of the plan is refused with its field named.
    """
    records = data.get("signing_records")
    if not isinstance(records, list):
        return data, []
    vendors = data.get("vendors")
    count = len(vendors) if isinstance(vendors, list) else 0
    shared: list[tuple[int, int, int]] = []
    new_records: list[Any] = []
    for r, record in enumerate(records):
        inputs: Any = record.get("inputs") if isinstance(record, dict) else None
        if not isinstance(inputs, dict) or not isinstance(inputs.get("vendors"), list):
            new_records.append(record)
            continue
        snapshot: list[Any] = inputs["vendors"]
        new_vendors: list[Any] = []
        for i, vendor in enumerate(snapshot):
            ref = vendor.get("measurements") if isinstance(vendor, dict) else None
            if not isinstance(ref, dict):
                new_vendors.append(vendor)
                continue
            target = ref.get(_SAME_AS) if len(ref) == 1 else None
            found = _SAME_AS_PATH.fullmatch(target) if isinstance(target, str) else None
            if found is None or int(found.group(1)) >= count:
                raise ProjectFileError(
                    path,
                    file_problem("bad_same_as"),
                    field=f"signing_records.{r}.inputs.vendors.{i}.measurements",
                    code="invalid",
                )
            shared.append((r, i, int(found.group(1))))
            new_vendors.append({**vendor, "measurements": []})
        new_records.append({**record, "inputs": {**inputs, "vendors": new_vendors}})
    if not shared:
        return data, []
    return {**data, "signing_records": new_records}, shared


def _share_measurements(
    project: Project, shared: list[tuple[int, int, int]]
) -> Project:
    """Put the plan's validated measurement lists where the file referred to them."""
    if not shared:
        return project
    records = list(project.signing_records)
    for r, i, j in shared:
        inputs = records[r].inputs
        vendors = list(inputs.vendors)
        measurements = project.vendors[j].measurements
        vendors[i] = vendors[i].model_copy(update={"measurements": measurements})
        records[r] = records[r].model_copy(
            update={"inputs": inputs.model_copy(update={"vendors": vendors})}
        )
    return project.model_copy(update={"signing_records": records})


def check_catalog_ids(
    project: Project, path: Path, catalog: Catalog | None = None
) -> None:
    """Refuse a project whose region, GPU, network or model ids are unknown.

    Raises
    ------
    ProjectFileError
        Naming the first unknown id's field (``code="unknown_id"``).
    """
    if catalog is None:
        from gpu_advisor.io.catalog import load_catalog

        catalog = load_catalog()
    problems = catalog_problems(project, catalog)
    for index, record in enumerate(project.signing_records):
        # a signed snapshot is evaluated to show what changed since: its ids
        # must be known as well
        problems += [
            (f"signing_records.{index}.inputs.{field}", problem)
            for field, problem in catalog_problems(record.inputs, catalog)
        ]
    if problems:
        field, problem = problems[0]
        more = len(problems) - 1
        raise ProjectFileError(
            Path(path),
            file_problem("unknown_id_more", detail=problem, more=more)
            if more
            else file_problem("unknown_id", detail=problem),
            field=field,
            code="unknown_id",
        )


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def load_project(path: Path, *, catalog: Catalog | None = None) -> Project:
    """Load, migrate and validate a ``.gpuplan`` file. Never writes anything.

    Parameters
    ----------
    path : Path
        The project file.

    Returns
    -------
    Project
        The project, migrated to the current ``SCHEMA_VERSION``.

    Raises
    ------
    ProjectFileError
        For any file that is missing, unreadable, too large, not strict UTF-8,
        not JSON, too deeply nested, of a newer or unknown schema version, or
        that fails validation; ``field`` then names the first bad field.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> save_project(Project(), folder / "plan.gpuplan")
    >>> load_project(folder / "plan.gpuplan") == Project()
    True
    >>> _ = (folder / "bad.gpuplan").write_text('{"schema_version": 1, "workload": {"seq_len": 0}}')
    >>> try:
    ...     load_project(folder / "bad.gpuplan")
    ... except ProjectFileError as exc:
    ...     print(exc)
    bad.gpuplan: workload.seq_len: Input should be greater than or equal to 1
    """
    path = Path(path)
    return project_from_data(read_json_file(path), path, catalog=catalog)


def _bare_vendors(vendors: list[Vendor]) -> list[Vendor]:
    return [vendor.model_copy(update={"measurements": []}) for vendor in vendors]


def _without_measurements(project: Project) -> Project:
    """``project`` with no measurements, in its vendors nor in its signed snapshots."""
    update: dict[str, Any] = {"vendors": _bare_vendors(project.vendors)}
    if project.signing_records:
        update["signing_records"] = [
            record.model_copy(
                update={
                    "inputs": record.inputs.model_copy(
                        update={"vendors": _bare_vendors(record.inputs.vendors)}
                    )
                }
            )
            for record in project.signing_records
        ]
    return project.model_copy(update=update)


def _measurement_lists(project: Project) -> list[tuple[str, list[Measurement]]]:
    """Every measurement list with its path, in the order the file holds them.

    The project's vendors come first, then each signed snapshot's vendors
    (``signing_records`` is the project's last field).
    """
    lists = [
        (f"vendors.{i}.measurements", vendor.measurements)
        for i, vendor in enumerate(project.vendors)
    ]
    for r, record in enumerate(project.signing_records):
        lists += [
            (f"signing_records.{r}.inputs.vendors.{i}.measurements", v.measurements)
            for i, v in enumerate(record.inputs.vendors)
        ]
    return lists


_MEASUREMENTS_ADAPTER: Final = TypeAdapter(list[Measurement])
_TOP_INDENT: Final = " " * 6
"""Indent of a vendor's fields in ``model_dump_json(indent=2)``."""
_SNAPSHOT_INDENT: Final = " " * 12
"""Indent of a signed snapshot's vendor's fields (``signing_records.N.inputs.vendors.M``)."""
_EMPTY_MEASUREMENTS: Final = re.compile(r'\n( {6}| {12})"measurements": \[\]')
"""An emptied measurement list in the dumped text, with its indent.

A JSON string cannot hold a raw newline, so this matches only the field itself."""
_ROW_BREAK: Final = '},{"tool":'
"""Where one dumped measurement ends and the next begins.

Every measurement starts with its ``tool`` field and holds only scalars and
at most one flat ``labels`` object of strings (which ends in ``}}`` or
``},"``, never ``},{"``), and a quote inside a JSON string is always escaped,
so this sequence occurs in a dumped measurement list only between two
measurements."""


def dumps_project(project: Project) -> str:
    """The canonical file text: ``model_dump_json(indent=2)`` plus a newline.

    Examples
    --------
    >>> dumps_project(Project()).startswith('{\\n  "schema_version": 4,')
    True

    Measurements are written one per line without indentation (about
    150-250 B each instead of ~400 B), so that a vendor's full training log
    (72,000 measurements) stays far below :data:`MAX_PROJECT_BYTES`; the
    same holds for the vendors of each signed snapshot.
    """
    lists = _measurement_lists(project)
    if not any(measurements for _path, measurements in lists):
        return project.model_dump_json(indent=2) + "\n"
    text = _without_measurements(project).model_dump_json(indent=2)
    pieces = _EMPTY_MEASUREMENTS.split(text)
    indents = [
        _TOP_INDENT if index < len(project.vendors) else _SNAPSHOT_INDENT
        for index in range(len(lists))
    ]
    if len(pieces) != 2 * len(lists) + 1 or pieces[1::2] != indents:
        return project.model_dump_json(indent=2) + "\n"  # a layout unknown here
    out = [pieces[0]]
    for index, ((_path, measurements), indent, rest) in enumerate(
        zip(lists, indents, pieces[2::2], strict=True)
    ):
        field = f'\n{indent}"measurements": ['
        same = (
            _same_list(project.vendors, measurements)
            if index >= len(project.vendors)
            else None
        )
        if same is not None and measurements:
            # a snapshot signed since the last import: the plan's own list
            out.append(f'\n{indent}"measurements": {{"{_SAME_AS}": ')
            out.append(f'"vendors.{same}.measurements"}}')
        elif measurements:
            compact = _MEASUREMENTS_ADAPTER.dump_json(measurements).decode()
            row = f"\n{indent}  "
            rows = compact[1:-1].replace(_ROW_BREAK, "}," + row + '{"tool":')
            out.append(field + row + rows + f"\n{indent}]")
        else:
            out.append(field + "]")
        out.append(rest)
    return "".join(out) + "\n"


def _same_list(vendors: list[Vendor], measurements: list[Measurement]) -> int | None:
    """Index of the plan's vendor holding exactly ``measurements``, or None.

    Usually the very same list (a snapshot shares it until the next import);
    otherwise compared value by value, cheapest checks first.
    """
    if not measurements:
        return None
    for j, vendor in enumerate(vendors):
        if vendor.measurements is measurements:
            return j
    for j, vendor in enumerate(vendors):
        theirs = vendor.measurements
        if (
            len(theirs) == len(measurements)
            and theirs[0] == measurements[0]
            and theirs[-1] == measurements[-1]
            and theirs == measurements
        ):
            return j
    return None


_CANONICAL_EXCLUDED: Final = frozenset({"signing_records", "schema_version"})
_UNSET_LATER_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "budget": (
        "spot_capacity_share",  # added in 0.3
        "spot_wait_hours",  # added in 0.3
        "yearly_billing_months",  # added for issue #29
        "cap_cny",  # added for issue #29
    ),
    "meta": ("vat_recoverable",),  # added for issue #29
    "workload": (  # issues #31, #32
        "serving",
        "shape.gated_mlp",
        "serving.precision_search",
        "virtual_pipeline",
        "offload_optimizer",
        "lora_targets",
        "shape.sliding_window",
        "shape.sliding_window_layers",
        "shape.mtp_layers",
        "context_parallel",
        "expert_tensor_parallel",
        "paged_optimizer",
    ),
}
"""Inputs added after plans were first signed, left out of the canonical bytes
while unset (None): a plan signed before they existed keeps its fingerprint.
A dotted name is a field of a nested model (``shape.gated_mlp``)."""


def _without_unset_later(section: str, data: Any) -> Any:
    """``data`` of one top-level section without its later fields left unset.

    >>> _without_unset_later("budget", {"pue": 1.3, "spot_wait_hours": None})
    {'pue': 1.3}
    >>> _without_unset_later("workload", {"shape": {"layers": 2, "gated_mlp": None}})
    {'shape': {'layers': 2}}
    """
    later = _UNSET_LATER_FIELDS.get(section)
    if not later or not isinstance(data, dict):
        return data
    return _without_unset(data, [name.split(".") for name in later])


def _without_unset(data: dict[str, Any], paths: list[list[str]]) -> dict[str, Any]:
    """``data`` without the fields at ``paths`` (key lists) that are None."""
    out = dict(data)
    for path in paths:
        head, rest = path[0], path[1:]
        if rest and isinstance(out.get(head), dict):
            out[head] = _without_unset(out[head], [rest])
        elif not rest and head in out and out[head] is None:
            del out[head]
    return out


def _canonical(value: Any) -> str:
    """``value`` (plain JSON data) as :func:`canonical_json` writes it."""
    return json.dumps(
        value,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    )


def canonical_json(project: Project) -> bytes:
    """Canonical bytes of a project's inputs: sorted keys, no whitespace, UTF-8.

    Two equal projects give identical bytes, whatever key order or spacing
    their files used. Floats use Python's shortest round-trip repr. The
    signing records are left out: they record when the inputs were signed
    and are no input themselves, so appending one changes neither these
    bytes nor the :func:`fingerprint` the signed PDF carries. The schema
    version is left out too: it says how the file was written, not what the
    plan is, so a plan signed from an older file still matches it once the
    file has been migrated on load. For the same reason an input added later
    is left out while it is unset (``_UNSET_LATER_FIELDS``).

    The bytes are ``json.dumps(project.model_dump(mode="json", exclude=…),
    sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` in UTF-8.

    Examples
    --------
    >>> canonical_json(Project())[:40]
    b'{"budget":{"billing_granularity_hours":1'
    """
    data = project.model_dump(mode="json", exclude=set(_CANONICAL_EXCLUDED))
    data = {k: _without_unset_later(k, v) for k, v in data.items()}
    return _canonical(data).encode("utf-8")


def fingerprint(project: Project, app_version: str) -> str:
    """SHA-256 fingerprint of a plan, printed on the PDF to tie it to its inputs.

    Parameters
    ----------
    project : Project
        The plan.
    app_version : str
        ``gpu_advisor.__version__`` of the app that computed the results.

    Returns
    -------
    str
        64 lowercase hex digits.

    Notes
    -----
    ``sha256(canonical_json(project) + b"\\n" + app_version.encode("utf-8"))``.
    To verify a printed fingerprint against a ``.gpuplan`` file::

        from gpu_advisor.io.project_file import fingerprint, load_project
        print(fingerprint(load_project(Path("plan.gpuplan")), "0.1.0"))

    Any change to any input, or to the app version, changes the fingerprint;
    the signing records do not (see :func:`canonical_json`).

    References
    ----------
    NIST FIPS 180-4, Secure Hash Standard (2015), https://doi.org/10.6028/NIST.FIPS.180-4

    Examples
    --------
    >>> len(fingerprint(Project(), "0.1.0"))
    64
    >>> fingerprint(Project(), "0.1.0") == fingerprint(Project(), "0.1.1")
    False
    """
    data = canonical_json(project) + b"\n" + app_version.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


class FingerprintMemo:
    """The fingerprint of successive snapshots of one plan, reusing the JSON
    of the parts an edit left alone.

    :func:`canonical_json` dumps the whole plan: about 20 ms for 4,000
    imported measurements, 0.3 s for a vendor's long training log. A plan
    being edited changes one part at a time and keeps the other parts as the
    very same (frozen) objects, so the app's session holds one memo and the
    review step asks it for the fingerprint of every snapshot: each
    top-level section, and each vendor, is dumped again only when it is a
    new object. The memo keeps the last snapshot's parts only. Its bytes are
    :func:`canonical_json`'s and its fingerprint :func:`fingerprint`'s
    (tests/io/test_project_file.py checks both on generated plans and edits).

    >>> memo = FingerprintMemo()
    >>> memo.fingerprint(Project(), "0.1.0") == fingerprint(Project(), "0.1.0")
    True
    """

    def __init__(self) -> None:
        self._sections: dict[str, tuple[object, str]] = {}
        self._vendors: list[tuple[object, str]] = []

    def canonical_json(self, project: Project) -> bytes:
        """:func:`canonical_json` of ``project``, reusing unchanged parts."""
        sections: dict[str, tuple[object, str]] = {}
        parts = []
        for name in sorted(type(project).model_fields):
            if name in _CANONICAL_EXCLUDED:
                continue
            value = getattr(project, name)
            if name == "vendors":
                text = self._vendors_json(value)
            else:
                held = self._sections.get(name)
                if held is not None and held[0] is value:
                    text = held[1]
                else:
                    dumped = project.model_dump(mode="json", include={name})
                    text = _canonical(_without_unset_later(name, dumped[name]))
            sections[name] = (value, text)
            parts.append(f"{_canonical(name)}:{text}")
        self._sections = sections
        return ("{" + ",".join(parts) + "}").encode("utf-8")

    def _vendors_json(self, vendors: list[Any]) -> str:
        held = {id(vendor): (vendor, text) for vendor, text in self._vendors}
        kept: list[tuple[object, str]] = []
        for vendor in vendors:
            old = held.get(id(vendor))
            if old is not None and old[0] is vendor:
                kept.append(old)
            else:
                kept.append((vendor, _canonical(vendor.model_dump(mode="json"))))
        self._vendors = kept
        return "[" + ",".join(text for _vendor, text in kept) + "]"

    def fingerprint(self, project: Project, app_version: str) -> str:
        """:func:`fingerprint` of ``project``, reusing unchanged parts."""
        data = self.canonical_json(project) + b"\n" + app_version.encode("utf-8")
        return hashlib.sha256(data).hexdigest()


def _fsync(fd: int) -> None:
    """Flush a file descriptor to stable storage."""
    if sys.platform == "darwin":
        import fcntl

        # On macOS fsync() only reaches the drive's cache; F_FULLFSYNC reaches the platter.
        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
        except OSError:
            os.fsync(fd)
        return
    os.fsync(fd)


def _fsync_directory(directory: Path) -> None:
    """Persist a rename by fsync'ing its folder (POSIX only; Windows cannot)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        _fsync(fd)
    except OSError:
        # Some file systems refuse fsync on folders; the rename has happened anyway.
        pass
    finally:
        os.close(fd)


def _temp_in(folder: Path, name: str) -> tuple[int, Path]:
    fd, temp = tempfile.mkstemp(dir=folder, prefix=name + ".", suffix=".tmp")
    return fd, Path(temp)


def _umask() -> int:
    """The process umask (read by setting and restoring it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove_stale_temps(folder: Path, name: str) -> None:
    """Delete ``<name>.*.tmp`` files a killed save left behind (older than a minute)."""
    import time

    cutoff = time.time() - STALE_TEMP_SECONDS
    prefixes = (name + ".", name + ".bak.")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not entry.name.endswith(".tmp") or not entry.name.startswith(prefixes):
            continue
        middle = entry.name[len(name) + 1 : -len(".tmp")]
        if middle.startswith("bak."):
            middle = middle[len("bak.") :]
        if len(middle) != 8 or "." in middle:  # mkstemp's 8 random characters
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                os.unlink(entry.path)


def _resolve_target(path: Path) -> Path:
    """Follow a symlinked target; refuse loops and anything but a regular file."""
    try:
        if path.is_symlink():
            # Write through the link to the file it names, and keep the link.
            path = path.resolve(strict=False)
        info = path.stat()
    except FileNotFoundError:
        return path
    except RuntimeError as exc:  # pathlib's "Symlink loop" on Python < 3.13
        raise OSError(40, f"symbolic link loop ({exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(21, "a folder has this name")
    if not stat.S_ISREG(info.st_mode):
        # Copying a FIFO to .bak blocks forever, a device never ends.
        raise OSError(0, "the target is a device, pipe or socket, not a regular file")
    return path


def write_atomically(
    path: Path, data: bytes, *, keep_backup: bool = False, mode: int | None = None
) -> None:
    """Replace ``path`` with ``data`` so that a crash never leaves it half-written.

    Parameters
    ----------
    path : Path
        Target file; its folder must exist.
    data : bytes
        The complete new content.
    keep_backup : bool
        Copy the previous content (if any) to ``<name>.bak`` first.
    mode : int, optional
        Permission bits to give the file whatever it had (autosave: 0o600).

    Raises
    ------
    OSError
        On any failure, including a target that is a FIFO, device, socket or
        a symlink loop; the temporary files are removed and ``path`` is
        untouched.

    Notes
    -----
    0. remove ``<name>.*.tmp`` leftovers of a killed save (older than
       :data:`STALE_TEMP_SECONDS`);
    1. write ``data`` to ``mkstemp(dir=path.parent)``, flush, fsync;
    2. if ``keep_backup`` and ``path`` exists: copy it to a second temporary
       file, fsync, ``os.replace`` it onto ``<name>.bak``;
    3. ``os.replace(temp, path)`` (atomic on POSIX and on NTFS);
    4. fsync the folder (skipped on Windows).

    Until step 3 ``path`` holds the old content; afterwards the new one.
    The file keeps the old file's permission bits; a new file gets
    ``0o666 & ~umask`` on POSIX, as ``open()`` would give it.
    """
    path = _resolve_target(Path(path))
    folder = path.parent
    _remove_stale_temps(folder, path.name)
    temps: list[Path] = []
    try:
        fd, temp = _temp_in(folder, path.name)
        temps.append(temp)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            _fsync(handle.fileno())
        try:
            old_mode: int | None = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            old_mode = None
        if os.name != "nt":
            if mode is not None:
                new_mode = mode
            elif old_mode is not None:
                new_mode = old_mode
            else:
                new_mode = 0o666 & ~_umask()
            os.chmod(temp, new_mode)
        if keep_backup and old_mode is not None:
            backup_fd, backup_temp = _temp_in(folder, path.name + ".bak")
            temps.append(backup_temp)
            with open(path, "rb") as source, os.fdopen(backup_fd, "wb") as target:
                shutil.copyfileobj(source, target)
                target.flush()
                _fsync(target.fileno())
            if os.name != "nt":
                os.chmod(backup_temp, old_mode)
            os.replace(backup_temp, path.with_name(path.name + ".bak"))
            temps.remove(backup_temp)
        os.replace(temp, path)
        temps.remove(temp)
    except BaseException:
        for leftover in temps:
            with contextlib.suppress(OSError):
                leftover.unlink()
        raise
    _fsync_directory(folder)


def check_round_trip(project: Project, path: Path) -> bytes:
    """The bytes :func:`save_project` would write, once proven to load again.

    Raises
    ------
    ProjectFileError
        ``code="too_large"`` when the file would exceed
        :data:`MAX_PROJECT_BYTES`, ``code="write_failed"`` when the text would
        not load back as the same project. Nothing is written.
    """
    path = Path(path)
    # Measurements are frozen models, validated when they were made: checking
    # their type and count is enough (re-validating 70,000 of them would
    # make every save and autosave take a second). Everything else is
    # validated again exactly as the loader will.
    for where, measurements in _measurement_lists(project):
        if not all(type(m) is Measurement for m in measurements):
            raise ProjectFileError(
                path,
                file_problem("save_unvalidated"),
                field=where,
                code="write_failed",
            )
    try:
        data = dumps_project(project).encode("utf-8")
    except (ValueError, TypeError) as exc:  # pydantic's serialisation errors
        raise ProjectFileError(
            path,
            file_problem("save_unwritable", error=_one_line(str(exc), 200)),
            code="write_failed",
        ) from None
    if len(data) > MAX_PROJECT_BYTES:
        mib = MAX_PROJECT_BYTES // 2**20
        raise ProjectFileError(
            path,
            file_problem("save_too_large", mb=len(data) / 2**20, mib=mib),
            code="too_large",
        )
    bare = _without_measurements(project)
    try:
        back = Project.model_validate_json(bare.model_dump_json())
        for plan in [project, *(r.inputs for r in project.signing_records)]:
            total = sum(len(vendor.measurements) for vendor in plan.vendors)
            if total > MAX_MEASUREMENTS_TOTAL or any(
                len(v.measurements) > MAX_MEASUREMENTS_PER_VENDOR for v in plan.vendors
            ):
                raise ValueError(
                    f"{total} measurements; at most {MAX_MEASUREMENTS_TOTAL} in all "
                    f"and {MAX_MEASUREMENTS_PER_VENDOR} per vendor"
                )
    except (ValueError, ValidationError) as exc:
        raise ProjectFileError(
            path,
            file_problem("save_not_loadable", error=_one_line(str(exc), 200)),
            code="write_failed",
        ) from None
    check_catalog_ids(back, path)
    if back != bare:
        raise ProjectFileError(
            path,
            file_problem("save_changed"),
            code="write_failed",
        )
    return data


def save_project(project: Project, path: Path) -> None:
    """Save a project atomically, keeping the previous file as ``<name>.bak``.

    Parameters
    ----------
    project : Project
        What to save.
    path : Path
        Target ``.gpuplan`` file; its folder must exist.

    Raises
    ------
    ProjectFileError
        When the file cannot be written (read-only folder, disk full, the
        target is a folder, ...). The file on disk is then untouched and no
        temporary file is left behind.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> save_project(Project(), folder / "plan.gpuplan")
    >>> save_project(Project(), folder / "plan.gpuplan")
    >>> sorted(p.name for p in folder.iterdir())
    ['plan.gpuplan', 'plan.gpuplan.bak']
    """
    path = Path(path)
    data = check_round_trip(project, path)
    if path.is_dir():
        raise ProjectFileError(
            path,
            file_problem("save_folder"),
            code="is_directory",
        )
    try:
        write_atomically(path, data, keep_backup=True)
    except PermissionError as exc:
        raise ProjectFileError(
            path,
            file_problem("save_permission", reason=str(exc.strerror or exc)),
            code="permission",
        ) from None
    except OSError as exc:
        raise ProjectFileError(
            path,
            file_problem("save_failed", reason=str(exc.strerror or exc)),
            code="write_failed",
        ) from None
