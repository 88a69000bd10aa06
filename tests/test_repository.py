"""The repository holds nothing of one machine: no link out of the checkout, no
absolute path of someone's home or work folder, no package registry's host.

A symlink to one developer's virtual environment (``.venv-me``) was once
committed at the root: on any other machine it points nowhere. A path into
someone's home folder or a registry's host written into a file ties the project
to one machine or one network; the project installs from the registries its
tools are configured for (dev.py names none). Example paths in the docs are
relative or placeholders (``plan.gpuplan``, ``/path/to/...``).

The needles are put together from pieces, so this file does not hold them.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path, PurePosixPath
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parents[1]

MACHINE_PATH: Final = re.compile(
    "|".join(
        [
            # the work, home, root and Users folders at the start of a path
            # (not inside one: a relative "data/work/x" or "~/work" is fine)
            r"(?<![\w.~$/-])/(?:"
            + "|".join(["wo" + "rk", "ho" + "me", "ro" + "ot", "Us" + "ers"])
            + r")/",
            r"\b[A-Za-z]:\\{1,2}"
            + "Us"
            + "ers"
            + r"\b",  # Windows' Users folder, also escaped
        ]
    )
)
"""An absolute path into a machine's home or work folders."""

REGISTRY_HOSTS: Final = tuple(
    ".".join(parts)
    for parts in [
        ("py" + "pi", "org"),
        ("files", "python" + "hosted", "org"),
        ("test", "py" + "pi", "org"),
        ("registry", "npm" + "js", "org"),
        ("registry", "yarn" + "pkg", "com"),
        ("deb", "deb" + "ian", "org"),
        ("security", "deb" + "ian", "org"),
        ("archive", "ubu" + "ntu", "com"),
        ("proxy", "go" + "lang", "org"),
        ("crates", "io"),
        ("conda", "anaconda", "org"),
        ("mirrors", "ali" + "yun", "com"),
        ("py" + "pi", "tuna", "tsinghua", "edu", "cn"),
        ("mirrors", "tuna", "tsinghua", "edu", "cn"),
    ]
)
"""Hosts of package registries and their mirrors."""

ALLOWED: Final = {
    # the test that keeps these paths out of the packaging files names them
    ("tests/test_packaging.py", "/" + "work/"),
    ("tests/test_packaging.py", "/" + "home/"),
    ("tests/test_packaging.py", "C:" + "\\\\" + "Users"),
}
"""(file, text) pairs that may stay: the text is there on purpose."""


def _tracked() -> list[tuple[str, str, str]]:
    """(mode, blob, path) of every file in git's index."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "--stage", "-z"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (or no git here)")
    entries = []
    for entry in listed.decode("utf-8").split("\0"):
        if entry:
            info, _, path = entry.partition("\t")
            mode, blob, _stage = info.split()
            entries.append((mode, blob, path))
    return entries


def _blob(blob: str) -> bytes:
    return subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "blob", blob],
        capture_output=True,
        check=True,
    ).stdout


def link_problem(path: str, target: str) -> str | None:
    """Why a committed link from ``path`` to ``target`` is wrong, or None.

    >>> link_problem("docs/latest", "v2")
    >>> link_problem(".venv-me", "/" + "srv/me/.venv")
    '.venv-me -> /srv/me/.venv: an absolute path, to this machine only'
    >>> link_problem("a/b", "../../x")
    'a/b -> ../../x: outside the repository'
    """
    if target.startswith("/") or re.match(r"[A-Za-z]:[\\/]", target):
        return f"{path} -> {target}: an absolute path, to this machine only"
    parts: list[str] = []
    for part in (*PurePosixPath(path).parent.parts, *PurePosixPath(target).parts):
        if part == "..":
            if not parts:
                return f"{path} -> {target}: outside the repository"
            parts.pop()
        elif part != ".":
            parts.append(part)
    return None


def text_problems(path: str, data: bytes) -> list[str]:
    """Machine paths and registry hosts in one file's bytes (none for binaries).

    >>> len(text_problems("notes.md", ("see /" + "home/li/plan.gpuplan").encode()))
    1
    >>> text_problems("a.txt", b"mount /data and ~/work/x, /path/to/plan")
    []
    """
    if b"\0" in data:
        return []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in MACHINE_PATH.finditer(line):
            if (path, match.group()) not in ALLOWED:
                found.append(f"{path}:{number}: {match.group()}")
        lowered = line.lower()
        found.extend(
            f"{path}:{number}: {host}" for host in REGISTRY_HOSTS if host in lowered
        )
    return found


def test_no_link_points_out_of_the_repository() -> None:
    links = [(path, blob) for mode, blob, path in _tracked() if mode == "120000"]
    problems = [
        problem
        for path, blob in links
        if (problem := link_problem(path, os.fsdecode(_blob(blob)))) is not None
    ]
    assert not problems, problems


def test_no_machine_path_or_registry_host_in_any_file() -> None:
    problems = []
    for mode, _blob_id, path in _tracked():
        file = ROOT / path
        if mode == "120000" or not file.is_file():
            continue  # links are checked above; a file deleted but not yet staged
        problems.extend(text_problems(path, file.read_bytes()))
    assert not problems, "\n".join(problems)


def test_the_needles_are_found() -> None:
    """The checks find what they look for (the file names are examples)."""
    home = "/" + "home" + "/li/"
    assert text_problems("x.py", f'open("{home}plan")'.encode())
    assert text_problems("x.py", ("C:" + "\\" + "Users" + "\\li").encode())
    assert text_problems("x.py", ("C:" + "\\\\" + "Users" + "\\\\li").encode())
    assert text_problems("x.py", ("/" + "Users/li/x").encode())
    assert text_problems(
        "x.txt", f"--index-url https://{REGISTRY_HOSTS[0]}/simple".encode()
    )
    assert not text_problems("x.py", b"/usr/share/fonts /etc/ssl /var/lib /tmp/kit")
    assert link_problem("venv", "/" + "work" + "/me/.venv") is not None
