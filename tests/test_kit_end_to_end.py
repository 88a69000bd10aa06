"""The test kit as a vendor runs it: fio and iperf3 for real, then the archive.

``run_all.sh`` of a generated kit runs on this machine with an iperf3 server on
the loopback address and small fio files in temporary folders; the
``results_<host>.tar.gz`` it packs is read back by ``gpu-advisor-cli
parse-results`` as it is, and every value equals what the tools printed.
Skipped (with the reason) where fio or iperf3 is not installed.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import pytest

from gpu_advisor.engine.rollout.testkit.kit import build_testkit
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.io.results_import import import_results
from gpu_advisor.io.testkit import write_testkit
from gpu_advisor.words import wording

pytestmark = pytest.mark.skipif(
    shutil.which("fio") is None or shutil.which("iperf3") is None,
    reason="fio and iperf3 are needed (Debian packages fio, iperf3; dev.py installs them)",
)

EN, ZH = wording("en"), wording("zh")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_kit_archive_from_real_fio_and_iperf3_runs_imports_with_the_printed_values(
    tmp_path: Path,
) -> None:
    ref = (
        resources.files("gpu_advisor.resources")
        / "examples"
        / "lab_64_gpus_three_years.gpuplan"
    )
    with resources.as_file(ref) as path:
        project = load_project(path)
    vendor = project.vendors[0] if project.vendors else None
    if vendor is None:
        from gpu_advisor.model.project import Vendor

        vendor = Vendor(name="Loopback vendor", gpu_id=project.workload.gpu_id)
    kit = write_testkit(
        build_testkit(project, vendor, load_catalog(), wording(project.meta.language)),
        tmp_path / "kit",
    )
    kit_dir = (
        kit if (kit / "run_all.sh").exists() else next(kit.rglob("run_all.sh")).parent
    )
    shared, local = tmp_path / "shared", tmp_path / "local"
    shared.mkdir()
    local.mkdir()
    port = _free_port()
    # iperf3 listens on loopback only, for one test, then exits
    server = subprocess.Popen(
        ["iperf3", "-s", "-1", "-B", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.5)
        # the kit's iperf3 client uses the default port: point it at ours
        iperf = kit_dir / "30_iperf3.sh"
        text = iperf.read_text(encoding="utf-8")
        iperf.write_text(
            text.replace('iperf3 -c "${SERVER}"', f'iperf3 -p {port} -c "${{SERVER}}"'),
            encoding="utf-8",
        )
        text = iperf.read_text(encoding="utf-8").replace(
            'DURATION="${4:-30}"', 'DURATION="${4:-2}"'
        )
        iperf.write_text(text, encoding="utf-8")
        env = {
            **os.environ,
            "IPERF3_SERVER": "127.0.0.1",
            "SHARED_DIR": str(shared),
            "LOCAL_DIR": str(local),
            "FIO_SIZE": "8M",
            "FIO_RUNTIME": "1",
            "FIO_ENGINE": "psync",
            "DCGM_LEVEL": "1",
        }
        done = subprocess.run(
            ["bash", str(kit_dir / "run_all.sh")],
            cwd=kit_dir,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    finally:
        server.kill()
        server.wait()
    assert done.returncode == 0, done.stderr[-2000:]
    archives = list(kit_dir.glob("results_*.tar.gz"))
    assert len(archives) == 1, done.stdout[-2000:]
    results = next((kit_dir / "results").iterdir())

    # what the tools printed
    iperf_json = json.loads(next(results.glob("iperf3_*.json")).read_text())
    printed_gbit = iperf_json["end"]["sum_received"]["bits_per_second"] / 1e9
    fio_files = sorted(results.glob("fio_*.json"))
    assert fio_files, "fio wrote no result (direct I/O refused on this file system?)"

    # the archive imports as it is, through the command line too
    report = import_results([archives[0]])
    assert report.imported
    iperf_values = [
        m.value
        for m in report.measurements
        if m.tool == "iperf3" and m.unit.lower().startswith("gbit")
    ]
    assert any(
        abs(v - printed_gbit) <= 1e-6 * max(1.0, printed_gbit) for v in iperf_values
    ), (
        printed_gbit,
        iperf_values,
    )
    for fio_file in fio_files:
        printed = json.loads(fio_file.read_text())
        write_kib = sum(j["write"]["bw"] for j in printed["jobs"])
        read_kib = sum(j["read"]["bw"] for j in printed["jobs"])
        fio_values = [m.value for m in report.measurements if m.tool == "fio"]
        assert fio_values
        for kib in (write_kib, read_kib):
            if kib <= 0:
                continue
            candidates = {
                kib * 1024 / 1e9,
                kib / 1024 / 1024,
                kib * 1024 / 2**30,
                kib / 1e6 * 1.024,
                kib / 1e6,
            }
            assert any(
                abs(v - c) <= 1e-3 * c for v in fio_values for c in candidates
            ), (kib, fio_values)
    cli = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from gpu_advisor.cli import main; sys.exit(main(sys.argv[1:]))",
            "parse-results",
            str(archives[0]),
            "--json",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        check=False,
    )
    assert cli.returncode == 0, cli.stderr
