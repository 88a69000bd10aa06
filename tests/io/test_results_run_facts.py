"""What a run's own output states: srun's task labels, NCCL's rank and node
counts, facts an output leaves unstated, and the dcgmi tests a run left out.

Each case starts from a real output kept in ``tests/data/real-samples/``
(sources in the ``SOURCES.md`` there); a case the real file does not show is
derived from it the way the named tool prints, and says so.
"""

from __future__ import annotations

import re
import tarfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gpu_advisor.io.results_dcgmi import INCOMPLETE_METRIC
from gpu_advisor.io.results_import import (
    RefusedFile,
    ResultsImportError,
    import_results,
    parse_results,
    parse_text,
    refusal_kind,
    summarize_files,
)
from gpu_advisor.io.results_nccl import not_stated, strip_launcher
from gpu_advisor.model.project import Measurement
from gpu_advisor.words import text

REAL = Path(__file__).resolve().parents[1] / "data" / "real-samples"
NCCL = REAL / "nccl-tests"
TAGGED = "rtx5090-1node-2rank-allreduce-mpi-v2.18.0-tag-output.txt"
SKYPILOT = "h200-gke-2node-16rank-skypilot-mpi-tagged-unnamed-collective.txt"
A10G = "dcgm-3.3.9-diag-r3-4xA10G-targeted-power-gpu1-fail.txt"


def _one(ms: list[Measurement], metric: str) -> Measurement:
    found = [m for m in ms if m.metric == metric]
    assert len(found) == 1, (metric, len(found))
    return found[0]


def _stdout_of_rank_0() -> list[str]:
    """The nccl-tests lines of the real ``--tag-output`` file, without the tags."""
    text = (NCCL / TAGGED).read_text()
    return [
        line.removeprefix("[1,0]<stdout>:")
        for line in text.splitlines()
        if line.startswith("[1,0]<stdout>:")
    ]


# --- srun --label ------------------------------------------------------------------


@pytest.mark.parametrize(
    "label",
    [
        "0: ",  # fewer than 10 tasks
        " 0: ",  # 10 to 99 tasks: padded to the widest task id
        "  0: ",  # 100 tasks or more
        "P0  0: ",  # a heterogeneous job's component 0
    ],
)
def test_nccl_behind_srun_labels_of_any_width(label: str):
    """Finding: ``srun --label`` pads the task id to the widest one (``"%*d: "``,
    ``_write_label`` in SchedMD/slurm src/common/write_labelled_message.c), so
    16 tasks print `` 0: ``; those lines were refused ("no result rows").
    Derived from the real Open MPI tagged file: its tags replaced by srun's."""
    text = "".join(label + line + "\n" for line in _stdout_of_rank_0())
    ms = parse_text(text, "srun.txt")
    assert _one(ms, "all_reduce.avg_busbw").value == 1.57614
    assert _one(ms, "all_reduce.ranks").value == 2
    assert _one(ms, "all_reduce.nodes").value == 1


SRUN = "h100-2node-16rank-allreduce-srun-label-padded-no-check.txt"


def test_real_srun_labelled_two_node_run():
    """Finding: NVIDIA/nccl-tests#290's 2 × 8 H100 run, every line behind
    srun's padded `` 0: `` label, was refused ("no result rows")."""
    ms = parse_results([NCCL / SRUN])
    op = "unknown_collective"  # no version, start line or command: not stated
    assert _one(ms, f"{op}.avg_busbw").value == 142.735
    big = {
        m.metric: m.value
        for m in ms
        if m.size_bytes == 8 * 2**30 and "busbw" in m.metric
    }
    assert big == {f"{op}.out_of_place.busbw": 155.57, f"{op}.in_place.busbw": 155.56}
    assert _one(ms, f"{op}.ranks").value == 16
    assert _one(ms, f"{op}.nodes").value == 2  # node005 and node007
    assert {m.node for m in ms} == {"node005"}
    assert not_stated(ms) == {SRUN: ("collective",)}


def test_out_of_bounds_ok_without_data_checking_is_not_a_pass():
    """Finding: with ``validation: 0`` every #wrong cell is ``N/A``, yet
    nccl-tests still prints ``Out of bounds values : 0 OK``; it read as a
    passed check. Nothing was checked: ``skip`` (not tested)."""
    ms = parse_results([NCCL / SRUN])
    assert not [m for m in ms if m.metric.endswith(".wrong")]
    oob = _one(ms, "unknown_collective.out_of_bounds")
    assert (oob.value, oob.status) == (0, "skip")
    checked = _one(parse_results([NCCL / TAGGED]), "all_reduce.out_of_bounds")
    assert (checked.value, checked.status) == (0, "pass")


def test_srun_label_is_not_taken_from_a_result_row():
    row = "     1048576        262144     float     sum      -1  4366.46    0.24"
    assert strip_launcher(row) == row
    assert strip_launcher("15: " + row) == row


# --- rank and node counts ----------------------------------------------------------


def _without_rank_list(text: str) -> list[str]:
    return [line for line in text.splitlines() if " Rank " not in line]


def test_nccl_node_count_from_nccls_own_communicator_line():
    """Finding: a multi-node file without a rank list has no node count. With
    NCCL_DEBUG=INFO, NCCL states it (``comm %p rank %d nRanks %d nNodes %d
    localRanks %d localRank %d MNNVL %d``, NVIDIA/nccl src/init.cc; the real
    8-node AWS output in the shared corpus prints it). Derived from the real
    SkyPilot 2 × 8 H200 output: its rank list removed, NCCL's line for rank 0
    of that run added."""
    lines = _without_rank_list((NCCL / SKYPILOT).read_text())
    comm = (
        "(head, rank=0, pid=3808) [1,0]<stdout>:nc-d87e1263-head:7774:7774 [0] NCCL "
        "INFO comm 0x55d1c0 rank 0 nRanks 16 nNodes 2 localRanks 8 localRank 0 MNNVL 0"
    )
    ms = parse_text("\n".join([lines[0], comm, *lines[1:]]) + "\n", "x.txt")
    assert _one(ms, "unknown_collective.ranks").value == 16
    assert _one(ms, "unknown_collective.nodes").value == 2
    assert not_stated(ms) == {"x.txt": ("collective",)}


def test_older_nccl_init_line_gives_ranks_not_nodes():
    """NCCL before 2.19 prints ``rank 1 nranks 8 cudaDev 0 … Init COMPLETE``
    (as in the real AWS output): the rank count, not the node count."""
    lines = _without_rank_list((NCCL / SKYPILOT).read_text())
    init = (
        "nc-d87e1263-head:7774:7774 [0] NCCL INFO comm 0x55d1c0 rank 0 nranks 16 "
        "cudaDev 0 busId 8f000 - Init COMPLETE"
    )
    ms = parse_text("\n".join([init, *lines]) + "\n", "x.txt")
    assert _one(ms, "unknown_collective.ranks").value == 16
    assert not [m for m in ms if m.metric.endswith(".nodes")]
    assert not_stated(ms) == {"x.txt": ("collective", "nodes")}


def test_rank_list_wins_over_the_communicator_line():
    text = (NCCL / SKYPILOT).read_text()
    comm = (
        "h:1:1 [0] NCCL INFO comm 0x1 rank 0 nRanks 4 nNodes 4 localRanks 1 localRank 0"
    )
    ms = parse_text(comm + "\n" + text, "x.txt")
    assert _one(ms, "unknown_collective.ranks").value == 16
    assert _one(ms, "unknown_collective.nodes").value == 2


def test_not_stated_lists_what_each_file_leaves_out():
    """The facts the UI/CLI asks for: a file naming its collective and hosts
    states everything; the SkyPilot output names no collective."""
    ms = parse_results([NCCL / TAGGED, NCCL / SKYPILOT])
    assert not_stated(ms) == {SKYPILOT: ("collective",)}


# --- dcgmi diag: tests a run left out ------------------------------------------------


def test_dcgmi_test_skipped_on_some_gpus_makes_the_run_incomplete():
    """Finding: a test skipped on one GPU left that GPU untested while the run
    was not marked incomplete. Derived from the real DCGM 3.3.9 table: its
    PCIe row split into a pass on GPUs 0, 2, 3 and a skip on GPU 1, the way
    DCGM prints one status a line."""
    table = (REAL / "dcgmi" / A10G).read_text()
    pcie = next(line for line in table.splitlines() if line.startswith("| PCIe"))
    width = len(pcie)
    first = "| PCIe                      | Pass - GPUs: 0, 2, 3"
    second = "|                           | Skip - GPU: 1"
    split = f"{first.ljust(width - 1)}|\n{second.ljust(width - 1)}|"
    derived = table.replace(pcie, split)
    assert derived != table
    ms = parse_text(derived, "d.txt", "n1")
    incomplete = _one(ms, INCOMPLETE_METRIC)
    assert incomplete.status == "incomplete"
    assert incomplete.value == 2  # EUD skipped on every GPU, PCIe on GPU 1
    assert incomplete.labels == {
        "tests": "stress.eud_test, integration.pcie",  # metric names, comma-separated
        "skipped_on": "integration.pcie: GPU 1",
    }


def test_dcgmi_run_without_any_hardware_test_is_incomplete():
    """A level 1 run checks the deployment only: PCIe and memory, which the
    kit's least level (2) adds, are missing. Derived from the real 3.3.9
    table: its Integration, Hardware and Stress rows removed."""
    table = (REAL / "dcgmi" / A10G).read_text()
    kept: list[str] = []
    section = ""
    for line in table.splitlines():
        if line.startswith(("+-----  ", "|-----  ")):
            section = line.split()[1]
        if section in ("", "Metadata", "Deployment") or not line.startswith("| "):
            kept.append(line)
    ms = parse_text("\n".join(kept) + "\n", "d.txt", "n1")
    assert {m.metric.split(".")[0] for m in ms if m.metric != INCOMPLETE_METRIC} == {
        "deployment"
    }
    incomplete = _one(ms, INCOMPLETE_METRIC)
    assert incomplete.value == 2
    assert incomplete.labels == {
        "tests": "integration.pcie, hardware.memory",
        "absent": "integration.pcie, hardware.memory",
    }


def test_complete_dcgmi_run_is_not_incomplete():
    table = (REAL / "dcgmi" / A10G).read_text()
    eud = next(line for line in table.splitlines() if "EUD" in line)
    ms = parse_text(table.replace(eud, eud.replace("Skip", "Pass")), "d.txt", "n1")
    assert not [m for m in ms if m.metric == INCOMPLETE_METRIC]


@given(
    statuses=st.lists(
        st.sampled_from(["Pass", "Fail", "Warn", "Skip"]), min_size=1, max_size=8
    )
)
def test_a_skip_on_any_gpu_is_counted_never_passed(statuses: list[str]):
    """Property: each GPU's status line of a test is read, a skip on any GPU
    makes the run incomplete, and a skipped GPU never reads as a pass."""
    rows = [
        f"| {'PCIe' if i == 0 else '':<25} | {s} - GPU: {i}".ljust(77) + "|"
        for i, s in enumerate(statuses)
    ]
    table = (
        "| Diagnostic                | Result                                         |\n"
        "+-----  Integration  -------+------------------------------------------------+\n"
        + "\n".join(rows)
        + "\n"
    )
    ms = parse_text(table, "d.txt", "n1")
    by_gpu = {m.gpu: m.status for m in ms if m.metric == "integration.pcie"}
    assert by_gpu == {i: s.lower() for i, s in enumerate(statuses)}
    assert all(m.value < 1 for m in ms if m.status == "skip")
    incomplete = [m for m in ms if m.metric == INCOMPLETE_METRIC]
    assert bool(incomplete) == ("Skip" in statuses)


# --- JSON followed by other text ---------------------------------------------------

FIO_DOC = (
    '{\n  "fio version" : "fio-3.25",\n  "jobs" : [\n    {\n'
    '      "jobname" : "mytest",\n      "error" : 0,\n'
    '      "write" : {"io_bytes" : 23068672, "bw_bytes" : 19666386, "iops" : 4801.36}\n'
    "    }\n  ]\n}\n"
)
"""A fio JSON document in fio 3's layout with the figures of the real fio-3.25
normal report kept here (constructed: the JSON of that run was not published)."""


def test_fio_json_followed_by_fios_own_messages_is_read():
    """Finding: a fio JSON file that also caught fio's stderr (``fio: file hash
    not empty on exit``, printed at exit by ``file_hash_exit`` in axboe/fio
    filehash.c; published after real fio 2.1 and 3.x reports) was refused as
    "two files joined"."""
    text = FIO_DOC + "fio: file hash not empty on exit\n"
    ms = parse_text(text, "fio.json")
    write = [m for m in ms if m.metric == "mytest.write.iops"]
    assert [m.value for m in write] == [4801.36]


def test_json_followed_by_another_document_is_refused_in_words():
    """Two documents joined, or another tool's text after the JSON: refused with
    what is wrong (not a bare "Extra data")."""
    with pytest.raises(ResultsImportError, match="text after the JSON document"):
        parse_text(FIO_DOC + FIO_DOC, "fio.json")
    with pytest.raises(ResultsImportError, match="text after the JSON document"):
        parse_text(FIO_DOC + "fio: ok\nsome other tool\n", "fio.json")


# --- refusals say where a run stopped ------------------------------------------------


def test_interrupted_nccl_run_says_where_it_stopped():
    """A run that stopped mid-table is refused with the last row it printed
    (derived: the real tagged output cut after its 8 MiB row)."""
    lines = _stdout_of_rank_0()
    cut = next(i for i, line in enumerate(lines) if line.lstrip().startswith("8388608"))
    text = "\n".join(lines[: cut + 1]) + "\n"
    with pytest.raises(ResultsImportError) as refused:
        parse_text(text, "cut.txt")
    assert "stopped after the 8 MiB row" in refused.value.reason
    assert "cut or edited" not in refused.value.reason


# --- several runs in one file --------------------------------------------------------

WITH_UNIT = "rtx5090-1node-2rank-broadcast-v2.18.0-avg-with-unit-abridged.txt"


def test_two_runs_in_one_log_are_read_run_by_run():
    """Finding: a log of two runs (a script running each collective into one
    file) read every row as the first run's collective and kept the last
    run's average under its name: the broadcast's 1.85032 GB/s became
    all_reduce's. Derived: the two real outputs of one machine, one after
    the other, as such a script writes them."""
    text = (NCCL / TAGGED).read_text() + (NCCL / WITH_UNIT).read_text()
    ms = parse_text(text, "nccl.log")
    avg = {(m.metric, m.sample): m.value for m in ms if m.metric.endswith("avg_busbw")}
    assert avg == {
        ("all_reduce.avg_busbw", 0): 1.57614,
        ("broadcast.avg_busbw", 1): 1.85032,
    }
    big = [
        (m.metric, m.value)
        for m in ms
        if m.size_bytes == 2**27 and m.metric.endswith("out_of_place.busbw")
    ]
    assert big == [
        ("all_reduce.out_of_place.busbw", 2.30),
        ("broadcast.out_of_place.busbw", 4.58),
    ]
    assert {m.sample for m in ms} == {0, 1}


def test_one_run_has_no_run_index():
    """A file of one run is read as before (``sample`` left empty)."""
    assert {m.sample for m in parse_results([NCCL / TAGGED])} == {None}


def test_second_run_named_by_the_command_line_before_it():
    """The next run's collective may be named only by the command echoed
    between the two runs (older nccl-tests print no "Collective test" line)."""
    first = (NCCL / SKYPILOT).read_text()
    # the tagged run without the lines that name it (version, start, concluded)
    second = "\n".join(
        line for line in _stdout_of_rank_0()[2:] if "Collective" not in line
    )
    assert "all_reduce" not in second
    text = first + "$ mpirun -np 2 ./build/reduce_scatter_perf -b 1M -e 128M\n" + second
    ops = {m.metric.split(".")[0] for m in parse_text(text, "nccl.log")}
    assert ops == {"unknown_collective", "reduce_scatter"}


def test_dcgm_423_pcie_fail_with_wrapped_warnings():
    """Real DCGM 4.2.3 output (NVIDIA/DCGM#253): pcie fails as a test while its
    GPU lines say Pass, after four wrapped warnings; every status is read,
    the failure is kept and no test is missing."""
    ms = parse_results(
        [REAL / "dcgmi" / "dcgm-4.2.3-diag-4x26b9-pcie-fail-wrapped-warnings.txt"]
    )
    whole = {m.metric: m.status for m in ms if m.gpu is None}
    assert whole == {
        "deployment.software": "pass",
        "hardware.memory": "pass",
        "integration.pcie": "fail",
    }
    pcie = {
        m.gpu: m.status
        for m in ms
        if m.metric == "integration.pcie" and m.gpu is not None
    }
    assert pcie == {0: "pass", 1: "pass", 2: "pass", 3: "pass"}
    assert len(ms) == 15


# --- refusals in the reader's language ----------------------------------------------


def _refusals(tmp_path: Path) -> list[RefusedFile]:
    """A folder of refused files: empty, unknown, and nccl-tests, dcgmi,
    iperf3 and fio outputs cut or damaged (derived from the real ones kept
    here; the fio JSON from :data:`FIO_DOC`)."""
    nccl = (NCCL / TAGGED).read_text()
    dcgm = (REAL / "dcgmi" / A10G).read_text()
    iperf = (REAL / "iperf3" / "iperf3-text-reverse-1stream-5s.txt").read_text()
    files = {
        "empty.txt": "",
        "notes.txt": "hello\n",
        "nccl_cut.txt": nccl.split("# Out of bounds")[0],
        "nccl_norows.txt": nccl.split("     1048576")[0],
        "dcgm_bad.txt": dcgm.replace("Pass - GPUs: 0, 2, 3", "Passed on 0, 2, 3"),
        "iperf_cut.txt": iperf.split("- - -")[0],
        "fio_error.json": FIO_DOC.replace('"error" : 0', '"error" : 5'),
    }
    for name, content in files.items():
        (tmp_path / name).write_text(content)
    report = import_results([tmp_path])
    assert not report.imported
    return report.refused


def test_refusals_are_worded_in_both_languages(tmp_path: Path):
    """A refused file's reason is a catalog code with values: the English
    wording is the reason the CLI prints, and the Chinese one is Chinese."""
    refused = _refusals(tmp_path)
    assert len(refused) == 7
    for item in refused:
        assert item.words is not None, item.reason
        assert text(item.words, "en") == item.reason
        zh = text(item.words, "zh")
        assert zh != item.reason
        assert re.search("[\u4e00-\u9fff]", zh), zh
    codes = {Path(r.file).name: r.words.code for r in refused if r.words}
    assert codes["nccl_cut.txt"] == "io.results.nccl.interrupted"
    assert codes["dcgm_bad.txt"] == "io.results.dcgmi.test_result"
    assert codes["iperf_cut.txt"] == "io.results.iperf3.no_summary"
    assert codes["fio_error.json"] == "io.results.fio.job_error"


def test_skipped_and_archive_reasons_are_worded_too(tmp_path: Path):
    """The reasons the folder and archive readers keep as text (the kit's
    notes, hidden files, logs that are no tool's output, links inside an
    archive) carry their catalog code as well."""
    folder = tmp_path / "node1"
    folder.mkdir()
    (folder / "NOTES.md").write_text("ran twice\n")
    (folder / ".hidden").write_text("x\n")
    (folder / "dcgmi_diag.err.log").write_text("some error\n")
    bundle = tmp_path / "results_node2.tar.gz"
    with tarfile.open(bundle, "w:gz") as tar:
        link = tarfile.TarInfo("node2/link.txt")
        link.type = tarfile.SYMTYPE
        link.linkname = "/etc/passwd"
        tar.addfile(link)
    report = import_results([folder, bundle])
    listed = report.skipped + report.refused
    assert len(listed) == 4
    for item in listed:
        assert item.words is not None, item.reason
        assert text(item.words, "en") == item.reason
        assert re.search("[\u4e00-\u9fff]", text(item.words, "zh"))
    codes = sorted(item.words.code for item in listed if item.words)
    assert codes == [
        "io.results.archive.link",
        "io.results.skip.hidden_file",
        "io.results.skip.log",
        "io.results.skip.notes",
    ]


# --- several independent runs mixed together ----------------------------------------

NO_MPI = "h100-2node-16proc-allreduce-no-mpi-build-interleaved.txt"


def test_separate_one_gpu_runs_mixed_together_are_refused_as_such():
    """Finding: NVIDIA/nccl-tests#294's output of 16 separate one-GPU runs
    (nccl-tests built without MPI=1, started by mpirun; their rows
    interleave, every busbw 0, "Avg bus bandwidth : 0") was not recognised;
    read as one test it would be a 16-GPU fabric measuring 0 GB/s. It is
    refused saying what it is: no collective across GPUs was measured."""
    report = import_results([NCCL / NO_MPI])
    assert not report.imported
    (refused,) = report.refused
    assert refused.words is not None
    assert refused.words.code == "io.results.nccl.interleaved"
    assert refused.line == 5  # 256 MiB after 512 MiB: another run's row
    assert "without MPI=1" in refused.reason
    assert refusal_kind(refused.reason).value == "no_result"


def test_rank_zero_listed_by_every_process_is_refused():
    """Derived: the real SkyPilot output's rank list as 16 separate processes
    print it (each its own rank 0)."""
    text = "\n".join(
        re.sub(r"Rank +[0-9]+ ", "Rank  0 ", line)
        for line in (NCCL / SKYPILOT).read_text().splitlines()
    )
    with pytest.raises(ResultsImportError, match="names rank 0 16 times"):
        parse_text(text + "\n", "x.txt")


def test_repeated_sweeps_of_one_run_are_one_run():
    """``-N 2`` (run cycles) prints the size sweep twice: sizes start again at
    the smallest, which is one run, not several mixed."""
    lines = _stdout_of_rank_0()
    rows = [line for line in lines if line.lstrip()[:1].isdigit()]
    at = lines.index(rows[-1]) + 1
    cycled = lines[:at] + rows + lines[at:]
    ms = parse_text("\n".join(cycled) + "\n", "cycles.txt")
    assert len([m for m in ms if m.metric == "all_reduce.out_of_place.busbw"]) == 16


def test_the_import_list_says_what_a_file_does_not_state():
    """The summary the import dialog and the CLI list carries the unstated facts."""
    summaries = {
        Path(s.file).name: s.not_stated
        for s in summarize_files(parse_results([NCCL / TAGGED, NCCL / SKYPILOT]))
    }
    assert summaries == {TAGGED: (), SKYPILOT: ("collective",)}
