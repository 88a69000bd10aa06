"""Packaging: the installers, desktop files and wheel agree with the app.

The Windows installer and the macOS bundle cannot be built here, so these
tests compare what can be read: the Inno Setup script (regular expressions),
the PyInstaller spec's metadata (executed up to its ``--- build ---`` line),
the Linux desktop entry (INI), AppStream metainfo and MIME type (XML). They
must agree on the name, version (``gpu_advisor.__version__``), app id, icon,
extension ``.gpuplan`` and MIME type. The slow tests build the wheel and sdist
and run the self-test that the frozen app runs in CI.
"""

from __future__ import annotations

import configparser
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest

from gpu_advisor import __version__

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
LINUX = PACKAGING / "linux"
APP_ID = "io.github.gpu_advisor.GpuAdvisor"
APP_NAME = "GPU Advisor"
EXE_NAME = "gpu-advisor"
EXTENSION = "gpuplan"
MIME_TYPE = "application/x-gpuplan"
MIME_ICON = "application-x-gpuplan"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _load(name: str, path: Path) -> ModuleType:
    """Import a script of packaging/ (not a package: it would shadow `packaging`)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def spec_meta() -> dict[str, Any]:
    """Globals of the spec's metadata part (above ``# --- build ---``)."""
    text = (PACKAGING / "gpu_advisor.spec").read_text(encoding="utf-8")
    head, marker, _build = text.partition("# --- build ---")
    assert marker, "the spec lost its '# --- build ---' marker"
    namespace: dict[str, Any] = {"SPECPATH": str(PACKAGING)}
    exec(compile(head, "gpu_advisor.spec", "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def build_module() -> ModuleType:
    return _load("gpu_advisor_build_script", PACKAGING / "build.py")


@pytest.fixture(scope="module")
def smoke_module() -> ModuleType:
    return _load("gpu_advisor_smoke_test", PACKAGING / "smoke_test.py")


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(LINUX / "gpu-advisor.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def _iss_defines() -> dict[str, str]:
    text = (PACKAGING / "windows" / "gpu-advisor.iss").read_text(encoding="utf-8")
    return dict(re.findall(r'^\s*#define\s+(\w+)\s+"([^"]*)"', text, re.MULTILINE))


# --- consistency of the installers' metadata ------------------------------------------


def test_spec_metadata_matches_the_package(spec_meta: dict[str, Any]) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert spec_meta["VERSION"] == __version__
    assert spec_meta["APP_NAME"] == APP_NAME
    assert spec_meta["APP_ID"] == APP_ID
    assert spec_meta["EXE_NAME"] == EXE_NAME
    assert EXE_NAME in pyproject["project"]["gui-scripts"]
    assert spec_meta["DOC_EXTENSION"] == EXTENSION
    assert spec_meta["MIME_TYPE"] == MIME_TYPE


def test_macos_bundle_declares_the_document_type(spec_meta: dict[str, Any]) -> None:
    plist = spec_meta["INFO_PLIST"]
    assert plist["CFBundleIdentifier"] == APP_ID
    assert plist["CFBundleShortVersionString"] == __version__
    assert plist["CFBundleVersion"] == __version__
    (doc,) = plist["CFBundleDocumentTypes"]
    assert doc["CFBundleTypeExtensions"] == [EXTENSION]
    assert doc["CFBundleTypeMIMETypes"] == [MIME_TYPE]
    assert doc["CFBundleTypeIconFile"] == "app.icns"
    (uti,) = plist["UTExportedTypeDeclarations"]
    assert doc["LSItemContentTypes"] == [uti["UTTypeIdentifier"]]
    assert uti["UTTypeIdentifier"].startswith(APP_ID)
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == [EXTENSION]
    assert uti["UTTypeTagSpecification"]["public.mime-type"] == [MIME_TYPE]
    assert "public.json" in uti["UTTypeConformsTo"]
    spec_text = (PACKAGING / "gpu_advisor.spec").read_text(encoding="utf-8")
    bundle_call = spec_text[spec_text.index("BUNDLE(") :]
    assert "version=VERSION" in bundle_call
    assert "info_plist=INFO_PLIST" in bundle_call
    assert "bundle_identifier=APP_ID" in bundle_call
    assert "console=False" in spec_text


def test_desktop_entry_opens_plans() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == APP_NAME
    assert entry["Exec"] == f"{EXE_NAME} %f"
    assert entry["Icon"] == APP_ID
    assert entry["MimeType"] == f"{MIME_TYPE};"
    assert entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == EXE_NAME
    assert entry["Comment[zh_CN]"]  # Chinese users read Chinese
    assert entry["Categories"].endswith(";")


def test_metainfo_names_the_same_app() -> None:
    root = ElementTree.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("name") == APP_NAME
    assert root.findtext("launchable[@type='desktop-id']") == f"{APP_ID}.desktop"
    assert root.findtext("provides/binary") == EXE_NAME
    assert root.findtext("provides/mediatype") == MIME_TYPE
    releases = root.findall("releases/release")
    assert releases[0].get("version") == __version__
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", releases[0].get("date", ""))
    summaries = {s.get(XML_LANG): s.text for s in root.findall("summary")}
    assert set(summaries) == {None, "zh_CN"}
    categories = [c.text for c in root.findall("categories/category")]
    assert categories == _desktop_entry()["Categories"].rstrip(";").split(";")


def test_mime_type_is_a_json_subclass_for_gpuplan_files() -> None:
    root = ElementTree.parse(LINUX / "gpu-advisor-mime.xml").getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    (mime,) = root.findall(f"{MIME_NS}mime-type")
    assert mime.get("type") == MIME_TYPE
    assert [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")] == [
        f"*.{EXTENSION}"
    ]
    assert mime.find(f"{MIME_NS}sub-class-of").get("type") == "application/json"  # type: ignore[union-attr]
    assert mime.find(f"{MIME_NS}icon").get("name") == MIME_ICON  # type: ignore[union-attr]


def test_inno_setup_script_agrees() -> None:
    text = (PACKAGING / "windows" / "gpu-advisor.iss").read_text(encoding="utf-8")
    defines = _iss_defines()
    assert defines["MyAppVersion"] == __version__
    assert defines["MyAppName"] == APP_NAME
    assert defines["MyAppId"] == APP_ID
    assert defines["MyAppExeName"] == f"{EXE_NAME}.exe"
    assert defines["MyDocExt"] == f".{EXTENSION}"
    assert defines["MyDocMime"] == MIME_TYPE
    assert re.search(r"^AppVersion=\{#MyAppVersion\}$", text, re.MULTILINE)
    assert re.search(r"^SetupIconFile=.*\\app\.ico$", text, re.MULTILINE)
    assert re.search(r"^ChangesAssociations=yes$", text, re.MULTILINE)
    assert re.search(r'^Source: "[^"]*dist\\gpu-advisor\\\*"', text, re.MULTILINE)
    registry = re.findall(r"^Root: HKA; Subkey: \"([^\"]+)\".*$", text, re.MULTILINE)
    assert r"Software\Classes\{#MyDocExt}" in registry
    open_command = re.search(
        r'Subkey: "Software\\Classes\\\{#MyDocProgId\}\\shell\\open\\command".*'
        r'ValueData: """\{app\}\\\{#MyAppExeName\}"" ""%1"""',
        text,
    )
    assert open_command, "the .gpuplan association must pass the file as %1"


def test_build_script_and_install_script_use_the_same_ids(
    build_module: ModuleType, spec_meta: dict[str, Any]
) -> None:
    assert build_module.APP_ID == spec_meta["APP_ID"] == APP_ID
    assert build_module.EXE_NAME == EXE_NAME
    assert build_module.MIME_ICON == MIME_ICON
    assert build_module.version() == __version__
    install = (LINUX / "install.sh").read_text(encoding="utf-8")
    assert f"APP_ID={APP_ID}\n" in install
    assert f"MIME_TYPE={MIME_TYPE}\n" in install
    window = (ROOT / "gpu_advisor" / "ui" / "main_window.py").read_text(
        encoding="utf-8"
    )
    assert f'APP_NAME = "{APP_NAME}"' in window
    assert f'FILE_SUFFIX = ".{EXTENSION}"' in window


def test_no_machine_paths_in_packaging_files() -> None:
    files = [
        LINUX / "gpu-advisor.desktop",
        LINUX / f"{APP_ID}.metainfo.xml",
        LINUX / "gpu-advisor-mime.xml",
        PACKAGING / "windows" / "gpu-advisor.iss",
        PACKAGING / "gpu_advisor.spec",
    ]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "/work/" not in text, path
        assert "/home/" not in text, path
        assert "C:\\Users" not in text, path


def test_packaging_is_not_a_python_package() -> None:
    # packaging/__init__.py would shadow the `packaging` library for setuptools.
    assert not (PACKAGING / "__init__.py").exists()


# --- validators of the freedesktop files ------------------------------------------------


def test_desktop_file_validate() -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip(
            "desktop-file-validate is not installed (Debian: desktop-file-utils)"
        )
    result = subprocess.run(
        [tool, str(LINUX / "gpu-advisor.desktop")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout.lower()


def test_appstream_metainfo_validates() -> None:
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli is not installed (Debian: appstream)")
    result = subprocess.run(
        [tool, "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_install_script_passes_shellcheck() -> None:
    tool = shutil.which("shellcheck")
    if tool is None:
        pytest.skip("shellcheck is not installed")
    result = subprocess.run(
        [tool, str(LINUX / "install.sh")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", header[16:24])
    return width, height


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="Linux desktop integration")
def test_bundle_layout_install_and_uninstall(tmp_path: Path) -> None:
    """build.py lays out a (fake) bundle; install.sh installs it and removes it."""
    bundle = tmp_path / "gpu-advisor"
    bundle.mkdir()
    exe = bundle / EXE_NAME
    exe.write_text("#!/bin/sh\necho fake gpu-advisor\n", encoding="utf-8")
    exe.chmod(0o755)
    icons = tmp_path / "icons"
    code = textwrap.dedent(
        f"""
        import importlib.util, sys
        from pathlib import Path
        spec = importlib.util.spec_from_file_location("b", {str(PACKAGING / "build.py")!r})
        b = importlib.util.module_from_spec(spec); spec.loader.exec_module(b)
        b.render_icons(Path({str(icons)!r}))
        b.add_linux_integration(Path({str(bundle)!r}), Path({str(icons)!r}))
        """
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=tmp_path)
    for size in (16, 48, 256, 512):
        png = bundle / f"share/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"
        assert _png_size(png) == (size, size)
        assert (
            bundle / f"share/icons/hicolor/{size}x{size}/mimetypes/{MIME_ICON}.png"
        ).is_file()
    assert (icons / "app.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert (icons / "app.icns").read_bytes()[:4] == b"icns"

    prefix, home = tmp_path / "prefix", tmp_path / "home"
    home.mkdir()
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "PREFIX": str(prefix),
    }
    subprocess.run(
        ["sh", str(bundle / "install.sh")], check=True, env=env, capture_output=True
    )
    lib = prefix / "lib" / "gpu-advisor"
    assert (prefix / "bin" / EXE_NAME).resolve() == (lib / EXE_NAME).resolve()
    desktop = (prefix / "share" / "applications" / f"{APP_ID}.desktop").read_text(
        "utf-8"
    )
    assert f'Exec="{lib / EXE_NAME}" %f' in desktop.splitlines()
    assert (prefix / "share" / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    assert (prefix / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (prefix / f"share/icons/hicolor/scalable/apps/{APP_ID}.svg").is_file()
    if shutil.which("update-mime-database"):
        assert (prefix / "share" / "mime" / "application" / "x-gpuplan.xml").is_file()
    run = subprocess.run(
        [str(prefix / "bin" / EXE_NAME)], capture_output=True, text=True
    )
    assert run.stdout.strip() == "fake gpu-advisor"

    subprocess.run(
        ["sh", str(lib / "install.sh"), "--uninstall"],
        check=True,
        env=env,
        capture_output=True,
    )
    assert not lib.exists()
    assert not (prefix / "bin" / EXE_NAME).exists()
    assert not (prefix / "share" / "applications" / f"{APP_ID}.desktop").exists()
    assert not list((prefix / "share" / "icons").rglob(f"{APP_ID}.*"))


# --- the self-test ----------------------------------------------------------------------


def test_smoke_report_check_finds_missing_steps(smoke_module: ModuleType) -> None:
    examples = ["a.gpuplan"]
    steps = smoke_module.expected_steps(examples)
    assert steps[:5] == ["window", "resources", "font", "catalog", "examples"]
    assert "pdf a.gpuplan zh" in steps
    assert "pdf a.gpuplan en" in steps
    assert steps[-1] == "passed"
    good = [f"self-test: ok {s} detail" for s in steps]
    good[2] = "self-test: ok font origin=bundled file=x.ttc"
    assert smoke_module.check_report(good, examples, bundled_font=True) == []
    system_font = [line.replace("origin=bundled", "origin=system") for line in good]
    assert smoke_module.check_report(system_font, examples, bundled_font=False) == []
    assert len(smoke_module.check_report(system_font, examples, bundled_font=True)) == 1
    problems = smoke_module.check_report(good[:-4], examples, bundled_font=False)
    assert "step missing from the report: pdf a.gpuplan en" in problems
    assert "step missing from the report: passed" in problems


def _run_app(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "GPU_ADVISOR_SELF_TEST_LOG": str(tmp_path / "self-test.log"),
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=tmp_path,
    )


@pytest.mark.slow
def test_self_test_passes_for_every_example(
    tmp_path: Path, smoke_module: ModuleType
) -> None:
    result = _run_app(
        "import sys; from gpu_advisor.app import main; sys.exit(main(['--self-test']))",
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    examples = sorted(
        p.name for p in (ROOT / "resources" / "examples").glob("*.gpuplan")
    )
    assert len(examples) >= 3
    lines = result.stdout.splitlines()
    assert smoke_module.check_report(lines, examples, bundled_font=False) == []
    # the log file gets the same report (a windowed Windows app has no stdout)
    assert (tmp_path / "self-test.log").read_text("utf-8").splitlines() == lines
    # the user's settings were not touched: no recent files written
    assert not list((tmp_path / "config").rglob("*.conf"))


@pytest.mark.slow
def test_self_test_fails_with_the_reason(tmp_path: Path) -> None:
    bad = tmp_path / "broken.gpuplan"
    bad.write_text('{"schema_version": 2, "meta": {"title": 5', encoding="utf-8")
    code = textwrap.dedent(
        f"""
        import functools, sys
        from pathlib import Path
        import gpu_advisor.app as app
        from gpu_advisor.selftest import run_self_test
        app.self_test_hook = functools.partial(run_self_test, examples=[Path({str(bad)!r})])
        sys.exit(app.main(["--self-test"]))
        """
    )
    result = _run_app(code, tmp_path)
    assert result.returncode == 1
    assert "self-test: FAILED load broken.gpuplan:" in result.stderr
    assert "self-test: ok passed" not in result.stdout


# --- wheel and sdist ----------------------------------------------------------------------

_COPY = ("gpu_advisor", "resources", "packaging", "tests", "benchmarks", "requirements")
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "fonts")


def _unmet_build_requirements() -> list[str]:
    """``[build-system] requires`` entries this environment does not satisfy."""
    from importlib.metadata import PackageNotFoundError, version

    from packaging.requirements import Requirement

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    unmet = []
    for text in pyproject["build-system"]["requires"]:
        requirement = Requirement(text)
        try:
            found = version(requirement.name)
        except PackageNotFoundError:
            unmet.append(f"{text} (not installed)")
            continue
        if not requirement.specifier.contains(found, prereleases=True):
            unmet.append(f"{text} (found {found})")
    return unmet


@pytest.mark.slow
def test_wheel_and_sdist_ship_the_resources_and_run(tmp_path: Path) -> None:
    if unmet := _unmet_build_requirements():
        pytest.skip(
            f"--no-isolation build impossible here: {', '.join(unmet)}; run dev.py setup"
        )
    src, out, site = tmp_path / "src", tmp_path / "dist", tmp_path / "site"
    src.mkdir()
    for name in _COPY:
        shutil.copytree(ROOT / name, src / name, ignore=_IGNORE)
    for name in ("pyproject.toml", "README.md", "MANIFEST.in", "dev.py"):
        shutil.copy2(ROOT / name, src / name)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--no-isolation",
            "--outdir",
            str(out),
            str(src),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob(f"gpu_advisor-{__version__}-py3-none-any.whl")
    (sdist,) = out.glob(f"gpu[-_]advisor-{__version__}.tar.gz")

    resources = ROOT / "resources"
    expected = {
        f"gpu_advisor/resources/{p.relative_to(resources).as_posix()}"
        for pattern in (
            "catalog/*.json",
            "examples/*.gpuplan",
            "translations/*.ts",
            "translations/*.qm",
            "icons/*.svg",
            "guide/*.md",
        )
        for p in resources.glob(pattern)
    }
    assert len(expected) >= 15
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        entry_points = zf.read(
            f"gpu_advisor-{__version__}.dist-info/entry_points.txt"
        ).decode()
    assert expected <= names, sorted(expected - names)
    assert "gpu_advisor/resources/__init__.py" in names
    assert "gpu_advisor/selftest.py" in names
    assert not any(n.startswith(("tests/", "packaging/")) for n in names)
    assert "gpu-advisor = gpu_advisor.app:main" in entry_points
    assert "gpu-advisor-cli = gpu_advisor.cli:main" in entry_points

    with tarfile.open(sdist) as tf:
        sdist_names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    for name in (
        "pyproject.toml",
        "MANIFEST.in",
        "resources/catalog/gpus.json",
        "packaging/gpu_advisor.spec",
        "packaging/linux/install.sh",
        "packaging/windows/gpu-advisor.iss",
        "tests/test_packaging.py",
    ):
        assert name in sdist_names, name
    assert not any("__pycache__" in n for n in sdist_names)

    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-index",
            "--disable-pip-version-check",
            "--quiet",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    check = textwrap.dedent(
        """
        import json
        from importlib import resources
        import gpu_advisor, gpu_advisor.resources
        from gpu_advisor.io.catalog import load_catalog
        examples = sorted(e.name for e in (resources.files("gpu_advisor.resources") / "examples").iterdir()
                          if e.name.endswith(".gpuplan"))
        print(json.dumps({"package": gpu_advisor.__file__,
                          "resources": gpu_advisor.resources.__file__,
                          "gpus": len(load_catalog().gpus), "examples": examples}))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", check],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    info = json.loads(result.stdout)
    assert Path(info["package"]).is_relative_to(site)
    assert Path(info["resources"]).is_relative_to(site)
    gpus_json = json.loads((resources / "catalog" / "gpus.json").read_text("utf-8"))
    n_gpus = len(gpus_json) if isinstance(gpus_json, list) else len(gpus_json["gpus"])
    assert info["gpus"] == n_gpus
    assert info["examples"] == sorted(
        p.name for p in (resources / "examples").glob("*.gpuplan")
    )

    scripts = "Scripts" if os.name == "nt" else "bin"
    cli = (
        site
        / scripts
        / ("gpu-advisor-cli.exe" if os.name == "nt" else "gpu-advisor-cli")
    )
    listed = subprocess.run(
        [str(cli), "catalog", "gpus", "--json"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    gpus = json.loads(listed.stdout)
    assert len(gpus) == n_gpus
    assert {g["id"] for g in gpus} >= {"A100-80GB-SXM", "H100-80GB-SXM"}

    # the installed GUI script runs the same self-test as the frozen app
    gui = site / scripts / ("gpu-advisor.exe" if os.name == "nt" else "gpu-advisor")
    home = tmp_path / "home"
    selftest = subprocess.run(
        [str(gui), "--self-test"],
        env={
            **env,
            "QT_QPA_PLATFORM": "offscreen",
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
        },
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert selftest.returncode == 0, selftest.stderr
    assert "self-test: ok passed" in selftest.stdout


def test_app_announces_the_installed_desktop_entry() -> None:
    from gpu_advisor import app

    assert app.DESKTOP_FILE_ID == APP_ID


def test_every_package_folder_is_listed_for_the_wheel() -> None:
    """pyproject lists the packages by hand: a new subpackage left out installs
    without its modules (the wheel then fails on the first import)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"]) - {"gpu_advisor.resources"}
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "gpu_advisor").rglob("__init__.py")
    }
    assert listed == found, (
        f"missing: {sorted(found - listed)}, stale: {sorted(listed - found)}"
    )
