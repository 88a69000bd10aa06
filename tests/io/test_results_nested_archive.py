"""A results archive nested in the kit archive (or any archive) is read (issue 30).

Finding: the kit's README asks vendors to send ``results_<host>.tar.gz``; a
vendor who packs the whole kit folder (scripts, ``results/<host>/`` and the
``results_<host>.tar.gz`` beside them) as ``.tar``, ``.zip`` or inside one
more ``.tar.gz`` had it refused as "not UTF-8 text … cut or edited" (``.tar``,
``.zip``), or "an archive inside an archive inside an archive: not read"
(two levels), and the packed ``results/<host>/`` copy was read a second time.
The layout here is the kit's real one: the kit written by
:func:`build_testkit`, the results archive packed as its ``run_all.sh`` packs
it (``tar -czf results_<host>.tar.gz -C results <host>``), with real outputs.
"""

from __future__ import annotations

import io
import tarfile
import zipfile
from importlib import resources
from pathlib import Path

import pytest

from gpu_advisor.engine.rollout.testkit.kit import build_testkit
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.io.results_archive import MAX_ARCHIVE_DEPTH
from gpu_advisor.io.results_import import import_results
from gpu_advisor.io.testkit import write_testkit
from gpu_advisor.words import wording

REAL = Path(__file__).resolve().parents[1] / "data" / "real-samples"
NCCL = "rtx5090-1node-2rank-allreduce-mpi-v2.18.0-tag-output.txt"


def _kit_with_results(tmp_path: Path) -> Path:
    """The kit folder after a run on node ``n07``: scripts, results, archive."""
    ref = resources.files("gpu_advisor.resources") / "examples"
    with resources.as_file(ref / "lab_64_gpus_three_years.gpuplan") as path:
        project = load_project(path)
    files = build_testkit(
        project, project.vendors[0], load_catalog(), wording(project.meta.language)
    )
    kit = write_testkit(files, tmp_path / "kit")
    kit = kit if (kit / "run_all.sh").exists() else next(kit.rglob("run_all.sh")).parent
    node = kit / "results" / "n07"
    node.mkdir(parents=True)
    (node / "nccl_all_reduce.txt").write_bytes(
        (REAL / "nccl-tests" / NCCL).read_bytes()
    )
    (node / "lscpu.info.txt").write_text("Architecture: x86_64\n")
    with tarfile.open(kit / "results_n07.tar.gz", "w:gz") as tar:
        tar.add(node, arcname="n07")  # run_all.sh: tar -czf … -C results n07
    return kit


def _tar(source: Path, target: Path, *, gz: bool) -> Path:
    with tarfile.open(target, "w:gz" if gz else "w") as tar:
        tar.add(source, arcname=source.name)
    return target


def _zip(source: Path, target: Path) -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(source.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(source.parent).as_posix())
    return target


def _bundles(tmp_path: Path) -> dict[str, Path]:
    kit = _kit_with_results(tmp_path)
    packed = _tar(kit, tmp_path / "kit_back.tar.gz", gz=True)
    return {
        "tar.gz": packed,
        "tar": _tar(kit, tmp_path / "kit_back.tar", gz=False),
        "zip": _zip(kit, tmp_path / "kit_back.zip"),
        "two levels": _tar(packed, tmp_path / "mail.tar.gz", gz=True),
    }


@pytest.mark.parametrize("kind", ["tar.gz", "tar", "zip", "two levels"])
def test_kit_folder_packed_with_its_results_archive_is_read_once(
    tmp_path: Path, kind: str
) -> None:
    report = import_results([_bundles(tmp_path)[kind]])
    assert not report.refused, [r.message() for r in report.refused]
    assert len(report.imported) == 1, report.imported
    busbw = [m for m in report.measurements if m.metric == "all_reduce.avg_busbw"]
    assert [m.value for m in busbw] == [1.57614]  # the output's "# Avg bus bandwidth"
    copies = [s for s in report.skipped if s.reason.endswith("read once")]
    assert [Path(s.file).name for s in copies] == ["nccl_all_reduce.txt"]
    assert not any("cut or edited" in s.reason for s in report.skipped)
    kit_files = {Path(s.file).name for s in report.skipped}
    assert {"run_all.sh", "README.md", "hostfile.example"} <= kit_files


def _nest(data: bytes, name: str, levels: int) -> bytes:
    for level in range(levels):
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        data, name = buffer.getvalue(), f"level{level}.tar.gz"
    return data


def test_an_archive_deeper_than_the_limit_is_listed_not_read(tmp_path: Path) -> None:
    nccl = (REAL / "nccl-tests" / NCCL).read_bytes()
    inside = tmp_path / "deep.tar.gz"
    # MAX_ARCHIVE_DEPTH + 1 wrappings: the file, then archives nested
    # MAX_ARCHIVE_DEPTH deep inside the one imported; one more is too deep.
    inside.write_bytes(_nest(nccl, "n07/nccl.txt", MAX_ARCHIVE_DEPTH + 2))
    ok = tmp_path / "ok.tar.gz"
    ok.write_bytes(_nest(nccl, "n07/nccl.txt", MAX_ARCHIVE_DEPTH + 1))
    assert import_results([ok]).measurements
    report = import_results([inside])
    assert not report.measurements
    assert [
        f"more than {MAX_ARCHIVE_DEPTH} levels" in r.reason for r in report.refused
    ] == [True]


def test_zip_members_that_are_links_encrypted_or_outside_are_refused(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bad.zip"
    with zipfile.ZipFile(path, "w") as archive:
        link = zipfile.ZipInfo("n1/link.txt")
        link.external_attr = (0o120777) << 16  # a symbolic link
        archive.writestr(link, "/etc/passwd")
        fifo = zipfile.ZipInfo("n1/fifo")
        fifo.external_attr = (0o010644) << 16  # a FIFO
        archive.writestr(fifo, "")
        archive.writestr("../outside.txt", "x")
        archive.writestr("n1/secret.txt", "x")
    data = bytearray(path.read_bytes())
    # zipfile writes no encrypted member: set bit 0 of the flags of the last
    # one in its local header and in the central directory.
    local = data.rfind(b"PK\x03\x04")
    central = data.rfind(b"PK\x01\x02")
    data[local + 6] |= 0x1
    data[central + 8] |= 0x1
    path.write_bytes(bytes(data))
    report = import_results([path])
    reasons = sorted(r.reason for r in report.refused)
    assert reasons == [
        "a device or FIFO inside the archive: not read",
        "a link inside the archive: not read",
        "a path outside the archive: not read",
        "an encrypted member: not read",
    ]
    encrypted = next(r for r in report.refused if "encrypted" in r.reason)
    assert encrypted.words is not None


def test_a_zip_member_cannot_inflate_past_its_declared_size(tmp_path: Path) -> None:
    """A member declaring a small size but holding more is read only up to its
    declared size (zipfile checks the CRC): no zip bomb through a lie."""
    path = tmp_path / "lie.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("n1/big.txt", b"0" * 100_000)
    data = bytearray(path.read_bytes())
    # patch the declared uncompressed size in the central directory to 10 B
    central = data.rfind(b"PK\x01\x02")
    data[central + 24 : central + 28] = (10).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    report = import_results([path])
    assert not report.measurements
    assert len(report.refused) == 1


def test_kit_folder_with_its_results_archive_reads_each_result_once(
    tmp_path: Path,
) -> None:
    """The same finding for the unpacked kit folder: results/n07/ and
    results_n07.tar.gz side by side were both read, every figure twice."""
    kit = _kit_with_results(tmp_path)
    report = import_results([kit])
    assert not report.refused, [r.message() for r in report.refused]
    assert len(report.imported) == 1, report.imported
    busbw = [m for m in report.measurements if m.metric == "all_reduce.avg_busbw"]
    assert [m.value for m in busbw] == [1.57614]
    copies = [s for s in report.skipped if s.reason.endswith("read once")]
    assert len(copies) == 1
    assert copies[0].words is not None
    # two nodes' files of the same name are two results, not copies
    other = kit / "results" / "n08"
    other.mkdir()
    (other / "nccl_all_reduce.txt").write_bytes(
        (REAL / "nccl-tests" / NCCL).read_bytes()
    )
    assert len(import_results([kit]).imported) == 2
