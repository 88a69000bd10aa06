"""The README's command examples run: each fenced ``gpu-advisor-cli`` line, as written.

Run in a temporary folder that holds a copy of ``resources/examples`` (so the
relative paths of the README resolve and every output file lands there), in a
fresh ``python -m`` process per line with the same interpreter, as a user would
type them in a fresh clone after ``python3 dev.py setup``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
_FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def readme_commands(text: str) -> list[str]:
    """Every line of a fenced block that starts with ``gpu-advisor-cli``."""
    return [
        line.strip()
        for block in _FENCE.findall(text)
        for line in block.splitlines()
        if line.strip().startswith("gpu-advisor-cli ")
    ]


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def test_readme_has_commands():
    assert len(COMMANDS) >= 5
    assert any("resources/examples/" in c for c in COMMANDS)


P12_PASSWORD = "readme-secret"
"""What the README's ``P12_PW`` holds for the commands below."""


def _make_certificate(folder: Path) -> None:
    """``me.p12`` (key and certificate) and ``me.pem``, as the README names them."""
    import datetime as dt

    from tests.certificates import make_identity

    start = dt.datetime.now(dt.UTC) - dt.timedelta(days=1)
    make_identity(
        folder,
        "me",
        common_name="README signer",
        organisation=None,
        not_before=start,
        not_after=start + dt.timedelta(days=30),
        password=P12_PASSWORD,
    )


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "resources" / "examples", folder / "resources" / "examples")
    # the user's own plan and certificate, as the signing section assumes
    shutil.copy(
        ROOT / "resources" / "examples" / "shanghai_13b_finetune.gpuplan",
        folder / "plan.gpuplan",
    )
    _make_certificate(folder)
    return folder


def _run(command: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    words = shlex.split(command, comments=True)
    out_path: Path | None = None
    if ">" in words:  # a shell redirection, e.g. `schema > project.schema.json`
        at = words.index(">")
        out_path = cwd / words[at + 1]
        words = words[:at]
    code = "import sys; from gpu_advisor.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "P12_PW": P12_PASSWORD}
    done = subprocess.run(
        [sys.executable, "-c", code, *words[1:]],
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=300,
        check=False,
    )
    if out_path is not None:
        out_path.write_bytes(done.stdout)
    return done


@pytest.mark.parametrize("index", range(len(COMMANDS)), ids=lambda i: COMMANDS[i][:60])
def test_readme_command_runs(index: int, workdir: Path):
    # in order: `verify plan.pdf` needs the `report -o plan.pdf` before it
    for earlier in COMMANDS[:index]:
        if " -o " in earlier and not any(
            (workdir / w).exists() for w in shlex.split(earlier) if w.endswith(".pdf")
        ):
            _run(earlier, workdir)
    command = COMMANDS[index]
    done = _run(command, workdir)
    assert done.returncode == 0, (command, done.stderr.decode(errors="replace"))
    assert done.stdout or any(workdir.iterdir())
    for word in shlex.split(command):
        if word.endswith((".pdf", ".json")) and not word.startswith("-"):
            produced = workdir / word
            if produced.parent == workdir and word not in ("--json",):
                assert produced.stat().st_size > 0, word
