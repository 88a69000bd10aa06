"""Build the GPU Advisor desktop app for this platform into ``dist/``.

Usage::

    python packaging/build.py                 # everything, then the smoke test
    python packaging/build.py --clean         # also drop PyInstaller's cache first
    python packaging/build.py --no-font       # bundle no CJK font (the PDF then
                                              #   uses one found on the user's system)
    python packaging/build.py --font F --font-license L   # bundle this font

Steps:

1. ``packaging/build_qt_assets.py``: translations (.qm) and Qt resources;
2. the icon set, rendered from ``resources/icons/app.svg`` with Qt's SVG
   renderer into ``build/icons/`` (PNG 16-512 px, ``app.ico``, ``app.icns``);
3. a CJK TrueType font of the build machine, **with its licence file**, staged in
   ``build/bundle-fonts/`` so that the spec puts both in the bundle's
   ``gpu_advisor/resources/fonts/`` (never into the source tree). Only fonts
   whose licence allows redistribution are taken (WenQuanYi, Noto/Source Han,
   Droid); a font without a licence file found is refused;
4. PyInstaller with ``packaging/gpu_advisor.spec`` → ``dist/gpu-advisor/``;
5. per platform: on Linux the desktop entry, AppStream metainfo, MIME type,
   hicolor icons and ``install.sh`` go into the bundle, and the bundle is packed
   as ``dist/gpu-advisor-<version>-linux-<arch>.tar.gz``; on Windows Inno
   Setup's ``iscc`` builds the installer when it is on ``PATH``; on macOS the
   ``.app`` is zipped with ``ditto``;
6. ``packaging/smoke_test.py`` runs the frozen app's ``--self-test``.

Exit status 0 when everything, including the smoke test, passed.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
PACKAGING: Final = ROOT / "packaging"
DIST: Final = ROOT / "dist"
BUILD: Final = ROOT / "build"
ICON_DIR: Final = BUILD / "icons"
FONT_DIR: Final = BUILD / "bundle-fonts"
WORK_DIR: Final = BUILD / "pyinstaller"
SPEC: Final = PACKAGING / "gpu_advisor.spec"
APP_SVG: Final = ROOT / "resources" / "icons" / "app.svg"

APP_ID: Final = "io.github.gpu_advisor.GpuAdvisor"
EXE_NAME: Final = "gpu-advisor"
MIME_ICON: Final = "application-x-gpuplan"

PNG_SIZES: Final = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES: Final = (16, 24, 32, 48, 64, 128, 256)

# Font file name -> licence files that distributions install for it. Only fonts
# whose licence allows bundling are listed (GPL with font exception / Apache /
# OFL); system fonts of Windows and macOS may not be redistributed.
REDISTRIBUTABLE_FONTS: Final[dict[str, tuple[str, ...]]] = {
    "wqy-microhei.ttc": (
        "/usr/share/doc/fonts-wqy-microhei/copyright",
        "/usr/share/licenses/wqy-microhei-fonts/LICENSE_GPLv3.txt",
        "/usr/share/licenses/wqy-microhei-fonts/LICENSE_Apache2.txt",
    ),
    "wqy-zenhei.ttc": (
        "/usr/share/doc/fonts-wqy-zenhei/copyright",
        "/usr/share/licenses/wqy-zenhei-fonts/COPYING",
    ),
    "NotoSansSC-Regular.ttf": ("/usr/share/doc/fonts-noto-cjk/copyright",),
    "NotoSansCJKsc-Regular.ttf": ("/usr/share/doc/fonts-noto-cjk/copyright",),
    "SourceHanSansSC-Regular.ttf": (
        "/usr/share/doc/fonts-adobe-sourcehansans/copyright",
    ),
    "DroidSansFallbackFull.ttf": ("/usr/share/doc/fonts-droid-fallback/copyright",),
    "DroidSansFallback.ttf": ("/usr/share/doc/fonts-droid-fallback/copyright",),
}
LICENCE_NAMES: Final = ("LICENSE", "LICENCE", "COPYING", "OFL", "copyright")


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


def version() -> str:
    """``gpu_advisor.__version__``, read without importing the package."""
    text = (ROOT / "gpu_advisor" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.MULTILINE)
    if match is None:
        raise BuildError("no __version__ in gpu_advisor/__init__.py")
    return match.group(1)


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-amd64``, ``macos-arm64``, ..."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    system = "linux" if system.startswith("linux") else system
    return f"{system}-{platform.machine().lower()}"


def run(command: list[str]) -> None:
    """Run a build tool in the repository; raise BuildError when it fails."""
    print("+", " ".join(command), flush=True)
    status = subprocess.call(command, cwd=ROOT)
    if status != 0:
        raise BuildError(
            f"{' '.join(Path(c).name for c in command[:3])} failed ({status})"
        )


def preflight() -> None:
    """Fail early, with the fix, when a tool PyInstaller needs is missing."""
    if sys.platform.startswith("linux"):
        missing = [
            tool for tool in ("objcopy", "objdump", "ldd") if not shutil.which(tool)
        ]
        if missing:
            raise BuildError(
                f"PyInstaller needs {', '.join(missing)}: install binutils (and libc-bin)"
            )
    if importlib.util.find_spec("PyInstaller") is None:
        raise BuildError("PyInstaller is not installed: pip install -e '.[build]'")


# --- 1. Qt assets ------------------------------------------------------------------


def build_qt_assets() -> None:
    run([sys.executable, str(PACKAGING / "build_qt_assets.py")])


# --- 2. icons ------------------------------------------------------------------------


def render_icons(out: Path = ICON_DIR) -> list[Path]:
    """Render app.svg to PNGs, app.ico and app.icns in ``out``; returns the PNGs."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PIL import Image
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication(["build"])
    renderer = QSvgRenderer(str(APP_SVG))
    if not renderer.isValid():
        raise BuildError(f"cannot render {APP_SVG}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pngs = []
    for size in (*PNG_SIZES, 1024):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        path = out / f"app-{size}.png"
        if not image.save(str(path)):
            raise BuildError(f"cannot write {path}")
        pngs.append(path)
    images = {size: Image.open(out / f"app-{size}.png") for size in (*PNG_SIZES, 1024)}
    images[256].save(
        out / "app.ico",
        sizes=[(s, s) for s in ICO_SIZES],
        append_images=[images[s] for s in ICO_SIZES if s != 256],
    )
    # Pillow writes ICNS on every platform (PNG-compressed entries up to 1024 px).
    images[1024].save(
        out / "app.icns", append_images=[images[s] for s in (16, 32, 64, 128, 256, 512)]
    )
    (out / "app-1024.png").unlink()  # only needed for the .icns
    shutil.copy2(APP_SVG, out / "app.svg")
    return pngs[:-1]


# --- 3. font -------------------------------------------------------------------------


def _licence_for(font: Path) -> Path | None:
    for candidate in REDISTRIBUTABLE_FONTS.get(font.name, ()):
        if Path(candidate).is_file():
            return Path(candidate)
    for folder in (font.parent, font.parent.parent):
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.is_file() and path.name.upper().startswith(
                tuple(n.upper() for n in LICENCE_NAMES)
            ):
                return path
    return None


def find_bundle_font() -> tuple[Path, Path]:
    """A redistributable CJK TrueType font of this machine and its licence file."""
    sys.path.insert(0, str(ROOT))
    from gpu_advisor.report.fonts import find_cjk_font, standard_font_dirs

    for directory in standard_font_dirs():
        for name in REDISTRIBUTABLE_FONTS:
            for font in sorted(directory.rglob(name)):
                try:
                    choice = find_cjk_font(font, use_bundled=False)
                except RuntimeError:
                    continue
                licence = _licence_for(choice.path)
                if licence is not None:
                    return choice.path, licence
                print(f"build: {font} has no licence file; not bundled", flush=True)
    raise BuildError(
        "no redistributable CJK TrueType font with a licence file on this machine; "
        "install fonts-wqy-microhei, pass --font FILE --font-license FILE, or --no-font"
    )


def stage_font(font: Path | None, licence: Path | None, *, enabled: bool = True) -> str:
    """Copy the font and its licence to build/bundle-fonts/; returns a summary."""
    if FONT_DIR.exists():
        shutil.rmtree(FONT_DIR)
    if not enabled:
        return "no font bundled (--no-font)"
    if font is None:
        font, licence = find_bundle_font()
    elif licence is None or not licence.is_file():
        raise BuildError(
            "--font needs --font-license pointing at the font's licence file"
        )
    assert licence is not None
    FONT_DIR.mkdir(parents=True)
    shutil.copy2(font, FONT_DIR / font.name)
    shutil.copy2(licence, FONT_DIR / f"{font.stem}-LICENSE.txt")
    return f"{font.name} with {licence}"


# --- 4. PyInstaller ------------------------------------------------------------------


def pyinstaller(*, clean: bool) -> None:
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK_DIR),
    ]
    if clean:
        command.append("--clean")
    run([*command, str(SPEC)])


# --- 5. platform packages ------------------------------------------------------------


def add_linux_integration(bundle: Path, icon_dir: Path = ICON_DIR) -> None:
    """Desktop entry, metainfo, MIME type, icons and install.sh inside the bundle."""
    linux = PACKAGING / "linux"
    share = bundle / "share"
    if share.exists():
        shutil.rmtree(share)
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir()
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy2(
        linux / "gpu-advisor.desktop", share / "applications" / f"{APP_ID}.desktop"
    )
    shutil.copy2(
        linux / f"{APP_ID}.metainfo.xml", share / "metainfo" / f"{APP_ID}.metainfo.xml"
    )
    shutil.copy2(
        linux / "gpu-advisor-mime.xml", share / "mime" / "packages" / f"{APP_ID}.xml"
    )
    hicolor = share / "icons" / "hicolor"
    for size in PNG_SIZES:
        for kind, name in (("apps", APP_ID), ("mimetypes", MIME_ICON)):
            target = hicolor / f"{size}x{size}" / kind
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(icon_dir / f"app-{size}.png", target / f"{name}.png")
    for kind, name in (("apps", APP_ID), ("mimetypes", MIME_ICON)):
        target = hicolor / "scalable" / kind
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(APP_SVG, target / f"{name}.svg")
    shutil.copy2(linux / "install.sh", bundle / "install.sh")
    (bundle / "install.sh").chmod(0o755)


def make_tarball(bundle: Path, ver: str) -> Path:
    archive = DIST / f"gpu-advisor-{ver}-{platform_tag()}.tar.gz"

    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    # Level 6: most of the bundle is already-compressed shared libraries; 9
    # costs twice the time on two cores for under 1 % smaller output.
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(bundle, arcname=bundle.name, filter=normalise)
    return archive


def windows_installer(ver: str) -> Path | None:
    iscc = shutil.which("iscc") or shutil.which("ISCC")
    if iscc is None:
        print("build: iscc (Inno Setup) not on PATH; installer skipped", flush=True)
        return None
    run([iscc, f"/DMyAppVersion={ver}", str(PACKAGING / "windows" / "gpu-advisor.iss")])
    return DIST / f"gpu-advisor-{ver}-setup.exe"


def macos_archive(ver: str) -> Path:
    app = DIST / "GPU Advisor.app"
    archive = DIST / f"gpu-advisor-{ver}-{platform_tag()}.zip"
    run(["ditto", "-c", "-k", "--keepParent", str(app), str(archive)])
    return archive


# --- 6. smoke test and summary --------------------------------------------------------


def folder_size_bytes(folder: Path) -> int:
    return sum(
        p.stat().st_size
        for p in folder.rglob("*")
        if p.is_file() and not p.is_symlink()
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--clean", action="store_true", help="empty PyInstaller's cache"
    )
    parser.add_argument("--no-font", action="store_true", help="bundle no CJK font")
    parser.add_argument("--font", type=Path, help="CJK TrueType font file to bundle")
    parser.add_argument("--font-license", type=Path, help="licence file of --font")
    parser.add_argument("--skip-smoke-test", action="store_true")
    args = parser.parse_args(argv)

    ver = version()
    bundle = DIST / EXE_NAME
    timings: list[tuple[str, float]] = []
    start = time.perf_counter()

    def step(name: str) -> None:
        timings.append((name, time.perf_counter()))
        print(f"== {name}", flush=True)

    try:
        preflight()
        step("Qt assets")
        build_qt_assets()
        step("icons")
        render_icons()
        step("font")
        print(
            "build: font:",
            stage_font(args.font, args.font_license, enabled=not args.no_font),
        )
        step("PyInstaller")
        pyinstaller(clean=args.clean)
        artefacts: list[Path] = [bundle]
        step("package")
        if sys.platform.startswith("linux"):
            add_linux_integration(bundle)
            artefacts.append(make_tarball(bundle, ver))
        elif sys.platform == "win32":
            installer = windows_installer(ver)
            artefacts += [installer] if installer else []
        elif sys.platform == "darwin":
            artefacts.append(macos_archive(ver))
        if not args.skip_smoke_test:
            step("smoke test")
            smoke = [sys.executable, str(PACKAGING / "smoke_test.py")]
            run([*smoke, "--require-bundled-font"] if not args.no_font else smoke)
    except BuildError as exc:
        print(f"build: FAILED: {exc}", file=sys.stderr)
        return 1
    timings.append(("end", time.perf_counter()))

    print("== summary")
    for (name, t0), (_next, t1) in itertools.pairwise(timings):
        print(f"  {name:<12} {t1 - t0:6.1f} s")
    print(f"  {'total':<12} {time.perf_counter() - start:6.1f} s")
    print(
        f"  bundle {bundle.relative_to(ROOT)}: {folder_size_bytes(bundle) / 1e6:.1f} MB"
    )
    for path in artefacts[1:]:
        print(f"  {path.relative_to(ROOT)}: {path.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
