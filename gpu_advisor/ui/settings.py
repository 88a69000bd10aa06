"""Typed accessors for the UI preferences kept in :class:`QSettings`.

Only preferences live here (language, defaults for *new* projects, autosave
interval, recent files, last folder, window geometry): nothing that changes a
computed result, which belongs in the project file. The organisation and
application names that locate the settings store are set once, in
:func:`gpu_advisor.app.main`; tests point the store at a temporary folder
with ``QSettings.setPath``.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Final

from PySide6.QtCore import QByteArray, QSettings

from gpu_advisor import words
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Currency
from gpu_advisor.report.trust_keys import (
    SYSTEM_TRUST_SETTINGS_KEY,
    TRUSTED_SIGNERS_SETTINGS_KEY,
)

MAX_RECENT_FILES: Final = 10
"""How many recently used project files the File menu lists."""

DEFAULT_AUTOSAVE_MINUTES: Final = 2
MAX_AUTOSAVE_MINUTES: Final = 60


class LanguageChoice(StrEnum):
    """The UI language preference (``system`` follows the OS locale)."""

    SYSTEM = "system"
    ZH_CN = "zh_CN"
    EN = "en"


class AppSettings:
    """Typed view of the application's :class:`QSettings`.

    Every getter tolerates a missing or damaged value and returns the default,
    because the settings file is edited by hand now and then.
    """

    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings if settings is not None else QSettings()

    @property
    def qsettings(self) -> QSettings:
        """The underlying store (for tests and for ``sync()``)."""
        return self._settings

    def _str(self, key: str, default: str) -> str:
        value = self._settings.value(key, default)
        return value if isinstance(value, str) else default

    # --- language -------------------------------------------------------------------

    def language(self) -> LanguageChoice:
        """The chosen UI language."""
        try:
            return LanguageChoice(self._str("ui/language", LanguageChoice.SYSTEM))
        except ValueError:
            return LanguageChoice.SYSTEM

    def set_language(self, value: LanguageChoice) -> None:
        self._settings.setValue("ui/language", str(value))

    # --- the plan's language --------------------------------------------------------

    PLAN_LANGUAGE_KEY: Final = "export/language"

    def plan_language(self, plan_key: str, default: Language) -> PlanLanguage:
        """The language a plan was last exported, printed or signed in, else ``default``.

        Read as :meth:`PlanLanguage.parse` reads it, so the values saved
        before the choice was a pair (``zh``, ``en``, ``bilingual``) still
        read; a value naming a language without a catalog, or none, gives
        ``default`` alone (the UI's language, or the default catalog's when
        the UI's has none).
        """
        known = words.languages()
        fallback = PlanLanguage(
            default if default.value in known else Language(words.DEFAULT_LANGUAGE)
        )
        value = self._str(f"{self.PLAN_LANGUAGE_KEY}/{plan_key}", "")
        try:
            chosen = PlanLanguage.parse(value) if value else fallback
        except ValueError:
            return fallback
        codes = (chosen.primary, chosen.second)
        return chosen if all(c is None or c in known for c in codes) else fallback

    def set_plan_language(self, plan_key: str, language: PlanLanguage) -> None:
        self._settings.setValue(f"{self.PLAN_LANGUAGE_KEY}/{plan_key}", language.code)

    # --- defaults for new projects --------------------------------------------------

    def default_region(self) -> str:
        """Region preset id given to new projects."""
        return self._str("defaults/region", "shanghai") or "shanghai"

    def set_default_region(self, region_id: str) -> None:
        self._settings.setValue("defaults/region", region_id)

    def default_currency(self) -> Currency:
        """Display currency given to new projects."""
        try:
            return Currency(self._str("defaults/currency", Currency.CNY))
        except ValueError:
            return Currency.CNY

    def set_default_currency(self, currency: Currency) -> None:
        self._settings.setValue("defaults/currency", str(currency))

    # --- autosave -----------------------------------------------------------------------

    def autosave_interval_minutes(self) -> int:
        """Minutes between autosaves; 0 turns autosave off."""
        raw = self._settings.value(
            "autosave/interval_minutes", DEFAULT_AUTOSAVE_MINUTES
        )
        try:
            minutes = int(str(raw))
        except ValueError:
            return DEFAULT_AUTOSAVE_MINUTES
        return min(max(minutes, 0), MAX_AUTOSAVE_MINUTES)

    def set_autosave_interval_minutes(self, minutes: int) -> None:
        self._settings.setValue(
            "autosave/interval_minutes", min(max(minutes, 0), MAX_AUTOSAVE_MINUTES)
        )

    # --- files ---------------------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        """Recently used project files, newest first; files gone from disk are left out."""
        try:
            raw = json.loads(self._str("files/recent", "[]"))
        except json.JSONDecodeError:
            return []
        if not isinstance(raw, list):
            return []
        paths = [Path(item) for item in raw if isinstance(item, str) and item]
        return [path for path in paths if path.is_file()][:MAX_RECENT_FILES]

    def add_recent_file(self, path: Path) -> None:
        """Put ``path`` first in the recent files list (without duplicates)."""
        resolved = path.resolve()
        paths = [resolved, *(p for p in self.recent_files() if p.resolve() != resolved)]
        self._write_recent(paths[:MAX_RECENT_FILES])

    def remove_recent_file(self, path: Path) -> None:
        resolved = path.resolve()
        self._write_recent([p for p in self.recent_files() if p.resolve() != resolved])

    def clear_recent_files(self) -> None:
        self._write_recent([])

    def _write_recent(self, paths: list[Path]) -> None:
        self._settings.setValue("files/recent", json.dumps([str(p) for p in paths]))

    def last_folder(self) -> Path:
        """Where file dialogs open: the last folder used outside the installation,
        else the documents folder (see :mod:`gpu_advisor.ui.file_names`)."""
        from gpu_advisor.ui.file_names import documents_folder, is_inside_installation

        folder = Path(self._str("files/last_folder", ""))
        if folder.parts and folder.is_dir() and not is_inside_installation(folder):
            return folder
        return documents_folder()

    def set_last_folder(self, folder: Path) -> None:
        """Remember ``folder`` for the next dialog (never one inside the installation,
        such as the examples' folder)."""
        from gpu_advisor.ui.file_names import is_inside_installation

        if not is_inside_installation(folder):
            self._settings.setValue("files/last_folder", str(folder))

    # --- trusted signers (File ▸ Verify Plan…) -----------------------------------------

    def trusted_signer_paths(self) -> list[Path]:
        """Certificate files of the signers the user trusts, in the order added."""
        value = self._settings.value(TRUSTED_SIGNERS_SETTINGS_KEY, [])
        if isinstance(value, str):  # QSettings returns a one-item list as a string
            value = [value]
        if not isinstance(value, list | tuple):
            return []
        return [Path(item) for item in value if isinstance(item, str) and item]

    def set_trusted_signer_paths(self, paths: list[Path]) -> None:
        unique = list(dict.fromkeys(str(p) for p in paths))
        self._settings.setValue(TRUSTED_SIGNERS_SETTINGS_KEY, unique)

    def use_system_trust(self) -> bool:
        """Also trust the operating system's certificate authorities (default off)."""
        value = self._settings.value(SYSTEM_TRUST_SETTINGS_KEY, False)
        return value is True or (isinstance(value, str) and value.lower() == "true")

    def set_use_system_trust(self, enabled: bool) -> None:
        self._settings.setValue(SYSTEM_TRUST_SETTINGS_KEY, bool(enabled))

    # --- window ----------------------------------------------------------------------------

    def geometry(self) -> QByteArray | None:
        """The main window's saved geometry, or None."""
        value = self._settings.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_geometry(self, geometry: QByteArray) -> None:
        self._settings.setValue("window/geometry", geometry)

    def window_state(self) -> QByteArray | None:
        """The main window's saved dock/toolbar state, or None."""
        value = self._settings.value("window/state")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_window_state(self, state: QByteArray) -> None:
        self._settings.setValue("window/state", state)
