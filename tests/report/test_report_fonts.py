"""Finding a CJK font: precedence, and a clear error when there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor.report.fonts import ENV_VAR, FontNotFoundError, find_cjk_font


def test_no_font_gives_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FontNotFoundError) as info:
        find_cjk_font(environ={}, search_dirs=[tmp_path], use_bundled=False)
    message = str(info.value)
    assert "fonts-wqy-microhei" in message
    assert ENV_VAR in message


def test_bad_env_font_is_refused_with_reason(tmp_path: Path) -> None:
    fake = tmp_path / "NotoSansSC-Regular.ttf"
    fake.write_bytes(b"OTTO" + b"\0" * 100)  # an OpenType/CFF header: not embeddable
    with pytest.raises(FontNotFoundError, match="cannot be embedded"):
        find_cjk_font(environ={ENV_VAR: str(fake)}, search_dirs=[], use_bundled=False)


def test_unloadable_known_name_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "wqy-microhei.ttc").write_bytes(b"not a font")
    with pytest.raises(FontNotFoundError):
        find_cjk_font(environ={}, search_dirs=[tmp_path], use_bundled=False)


def test_system_font_found_and_env_takes_precedence() -> None:
    try:
        found = find_cjk_font(environ={}, use_bundled=False)
    except FontNotFoundError:
        pytest.skip("no CJK font on this machine")
    assert found.origin == "system"
    chosen = find_cjk_font(environ={ENV_VAR: str(found.path)}, search_dirs=[])
    assert chosen.origin == "environment"
    assert chosen.path == found.path
    explicit = find_cjk_font(found.path, environ={ENV_VAR: "/nonexistent.ttf"})
    assert explicit.origin == "explicit"


def test_plan_without_font_raises(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from gpu_advisor.report import fonts

    monkeypatch.setenv(ENV_VAR, str(tmp_path / "missing.ttf"))
    fonts._find_and_register.cache_clear()
    try:
        with pytest.raises(FontNotFoundError, match="GPU_ADVISOR_CJK_FONT"):
            fonts.register_cjk_font()
    finally:
        fonts._find_and_register.cache_clear()


def test_warm_up_registers_the_font_once_in_the_background() -> None:
    """The app parses the CJK font after its window shows; an export that
    starts meanwhile waits for it (one lock) and gets the same font."""
    from gpu_advisor.report.fonts import register_cjk_font, warm_up

    try:
        expected = register_cjk_font()
    except FontNotFoundError:
        pytest.skip("no CJK font on this machine")
    thread = warm_up()
    assert thread.daemon
    assert register_cjk_font() == expected
    thread.join(timeout=30)
    assert not thread.is_alive()


def test_every_character_of_the_plans_words_is_in_the_font() -> None:
    """A character the embedded font lacks vanishes from the page without a word
    (the "▸" of "File ▸ Verify Plan…" did): the wording tables use none."""
    from reportlab.pdfbase import pdfmetrics

    from gpu_advisor import words
    from gpu_advisor.report.fonts import register_cjk_font

    face = pdfmetrics.getFont(register_cjk_font(None)).face
    strings: list[str] = []
    for language in words.languages():
        for code, entry in words.catalog(language).items():
            if code.startswith(
                ("report.", "option", "source_", "citing.", "scale.", "amount_format.")
            ):
                strings += entry.values() if isinstance(entry, dict) else [entry]
    missing = {c for s in strings for c in s if ord(c) not in face.charToGlyph}
    assert not missing, sorted(missing)
