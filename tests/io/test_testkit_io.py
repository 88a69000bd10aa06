"""Writing the test kit to a folder and to a deterministic .tar.gz."""

from __future__ import annotations

import os
import stat
import tarfile

import pytest

from gpu_advisor.engine.rollout.testkit.kit import build_testkit
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.testkit import (
    ARCHIVE_MTIME,
    TOP_FOLDER,
    write_testkit,
    write_testkit_archive,
)
from gpu_advisor.model.project import Project, Vendor
from gpu_advisor.words import wording

KIT = build_testkit(
    Project(), Vendor(name="Acme"), load_catalog(), wording(Project().meta.language)
)


def test_folder_with_executable_scripts(tmp_path):
    folder = write_testkit(KIT, tmp_path / "kit")
    assert (folder / "slurm" / "testkit.sbatch").exists()
    assert (folder / "run_all.sh").stat().st_mode & stat.S_IXUSR
    assert (folder / "50_gpu_probe.py").stat().st_mode & stat.S_IXUSR
    assert not (folder / "README.md").stat().st_mode & stat.S_IXUSR
    assert (folder / "README.md").read_text(encoding="utf-8") == KIT["README.md"]
    assert not list(folder.rglob("*.tmp"))


def test_archive_is_deterministic(tmp_path):
    first = write_testkit_archive(KIT, tmp_path / "a.tar.gz").read_bytes()
    reordered = dict(reversed(list(KIT.items())))
    second = write_testkit_archive(reordered, tmp_path / "b.tar.gz").read_bytes()
    assert first == second


def test_archive_members(tmp_path):
    path = write_testkit_archive(KIT, tmp_path / "kit.tar.gz")
    with tarfile.open(path) as tar:
        members = tar.getmembers()
        names = [m.name for m in members]
        assert names == sorted(names)
        assert f"{TOP_FOLDER}/run_all.sh" in names
        assert f"{TOP_FOLDER}/k8s" in names
        for m in members:
            assert m.mtime == ARCHIVE_MTIME
            assert (m.uid, m.gid, m.uname, m.gname) == (0, 0, "", "")
        modes = {m.name.removeprefix(f"{TOP_FOLDER}/"): m.mode for m in members}
        assert modes["run_all.sh"] == 0o755
        assert modes["slurm/testkit.sbatch"] == 0o755
        assert modes["README.md"] == 0o644
        readme = tar.extractfile(f"{TOP_FOLDER}/README.md")
        assert readme is not None
        assert readme.read().decode("utf-8") == KIT["README.md"]


@pytest.mark.parametrize("bad", ["../evil.sh", "/etc/passwd", "a/../../b", ""])
def test_unsafe_paths_are_refused(tmp_path, bad):
    with pytest.raises(ValueError, match="unsafe path"):
        write_testkit({bad: "x"}, tmp_path)
    with pytest.raises(ValueError, match="unsafe path"):
        write_testkit_archive({bad: "x"}, tmp_path / "k.tar.gz")
    assert os.listdir(tmp_path) == []
