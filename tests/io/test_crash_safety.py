"""Kill a process in the middle of saving: the last good file must still load.

A child process saves a large project (about 5 MB, 20,000 measurements) in a
loop, each generation with a new title ``gen-<n>``; the parent kills it
(SIGKILL on POSIX, TerminateProcess on Windows) after a random delay. After
every kill the target must load and be one complete generation, never older
than what was there before the child started; the backup too. Every other kill
waits until a ``.tmp`` file shows up, so it lands in the middle of a write;
leftover ``.tmp`` files prove that some did.
"""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import gpu_advisor
from gpu_advisor.io.autosave import AutosaveStore
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.project import Project

pytestmark = pytest.mark.slow

# Shared by the parent (to rebuild the expected projects) and the child.
BUILDER = """
from gpu_advisor.model.project import Measurement, Project, Vendor

def make_base():
    measurements = [
        Measurement(tool="nccl-tests", metric=f"busbw_{i}", value=i * 1.5, unit="GB/s",
                    file=f"run/{i}.txt", node=f"node-{i % 64}", gpu=i % 8, size_bytes=i * 4096)
        for i in range(20000)
    ]
    return Project(vendors=[Vendor(name="big", measurements=measurements)])

def make(base, generation):
    return base.model_copy(
        update={"meta": base.meta.model_copy(update={"title": f"gen-{generation}"})}
    )
"""

SAVE_LOOP = """
import sys
import time
from pathlib import Path
from gpu_advisor.io.project_file import save_project
base = make_base()
path, generation = Path(sys.argv[1]), int(sys.argv[2])
print("ready", flush=True)
while True:
    generation += 1
    save_project(make(base, generation), path)
"""

AUTOSAVE_LOOP = """
import sys
import time
from pathlib import Path
from gpu_advisor.io.autosave import AutosaveStore
base = make_base()
store, generation = AutosaveStore(Path(sys.argv[1])), int(sys.argv[2])
print("ready", flush=True)
while True:
    generation += 1
    store.write(make(base, generation), source_path=None, session_id="child")
"""

KILLS = 20
AUTOSAVE_KILLS = 10


@pytest.fixture(scope="module")
def builder() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(BUILDER, namespace)  # the same code the child runs
    namespace["base"] = namespace["make_base"]()
    return namespace


def _temps(folder: Path) -> list[Path]:
    return [folder / name for name in os.listdir(folder) if name.endswith(".tmp")]


def _run_and_kill(
    loop: str, target: Path, generation: int, delay_s: float, *, mid_write: bool
) -> None:
    """Start a saving child, kill it after ``delay_s`` (then, with ``mid_write``,
    as soon as a temporary file shows up, i.e. during a write)."""
    repo = Path(gpu_advisor.__file__).resolve().parents[1]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(repo), os.environ.get("PYTHONPATH", "")]),
    }
    folder = target if target.is_dir() else target.parent
    child = subprocess.Popen(
        [sys.executable, "-c", BUILDER + loop, str(target), str(generation)],
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(timeout=delay_s)
        if mid_write:
            deadline = time.monotonic() + 10
            while not _temps(folder) and time.monotonic() < deadline:
                time.sleep(0.0005)
        assert child.returncode is None, "the child stopped by itself"
    finally:
        child.kill()  # SIGKILL on POSIX
        child.wait()  # reap it, so that its pid is really gone
        if child.stdout is not None:
            child.stdout.close()


def _generation(project: Project) -> int:
    assert project.meta.title.startswith("gen-")
    return int(project.meta.title.removeprefix("gen-"))


def test_killed_saves_leave_old_or_new_file(
    tmp_path: Path, builder: dict[str, Any]
) -> None:
    target = tmp_path / "plan.gpuplan"
    make, base = builder["make"], builder["base"]
    # twice, so that a backup exists even if the first kill lands before the
    # child's first save completes (a loaded machine)
    save_project(make(base, 0), target)
    save_project(make(base, 0), target)
    rng = random.Random(20260315)
    generation, leftovers, progressed = 0, 0, 0
    for kill in range(KILLS):
        _run_and_kill(
            SAVE_LOOP,
            target,
            generation,
            rng.uniform(0.05, 0.6),
            mid_write=kill % 2 == 1,
        )
        project = load_project(target)  # must load: complete and valid
        loaded = _generation(project)
        assert loaded >= generation  # never older than before the child ran
        assert project == make(base, loaded)  # exactly one complete generation
        backup = load_project(target.with_name(target.name + ".bak"))
        assert _generation(backup) in {loaded - 1, loaded}
        assert backup == make(base, _generation(backup))
        progressed += loaded > generation
        temps = _temps(tmp_path)
        leftovers += bool(temps)
        for temp in temps:  # what a user might find after a crash; harmless
            temp.unlink()
        generation = loaded
    assert progressed >= KILLS // 2, "the child hardly ever finished a save"
    assert leftovers >= KILLS // 4, "too few kills landed in the middle of a save"


def test_killed_autosaves_leave_recoverable_old_or_new(
    tmp_path: Path, builder: dict[str, Any]
) -> None:
    make, base = builder["make"], builder["base"]
    store = AutosaveStore(tmp_path)
    rng = random.Random(7)
    generation, leftovers = 0, 0
    for kill in range(AUTOSAVE_KILLS):
        _run_and_kill(
            AUTOSAVE_LOOP,
            tmp_path,
            generation,
            rng.uniform(0.05, 0.6),
            mid_write=kill % 2 == 1,
        )
        entries = store.list_recoverable()
        if generation == 0 and not entries:
            # killed before the very first autosave finished (on a loaded
            # machine the child's start can outlast more than one kill);
            # from the first autosave on, every kill must leave one
            continue
        assert [e.session_id for e in entries] == ["child"]
        assert entries[0].problem is None
        project = store.load(entries[0])
        loaded = _generation(project)
        assert loaded >= generation
        assert project == make(base, loaded)
        temps = _temps(tmp_path)
        leftovers += bool(temps)
        for temp in temps:
            temp.unlink()
        generation = loaded
    assert generation > 0
    assert leftovers >= AUTOSAVE_KILLS // 4, "too few kills landed mid-autosave"
    store.discard(store.list_recoverable()[0])
    assert sorted(tmp_path.iterdir()) == []
