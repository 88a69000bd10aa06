"""Where the app keeps the verification trust store in its settings.

Two names only, apart from :mod:`gpu_advisor.report.verify` so that the app's
settings can name them without loading the verifier (pypdf, the PDF plan and
the engine: about 0.9 s of a cold start).
"""

from __future__ import annotations

from typing import Final

TRUSTED_SIGNERS_SETTINGS_KEY: Final = "verify/trusted_signer_certificates"
"""Settings key (QSettings) holding the trust store: a list of certificate file paths.

The Preferences dialog stores the paths the user chose there; pass them to
:func:`~gpu_advisor.report.verify.load_trusted_certificates` and the result to
:func:`~gpu_advisor.report.verify.verify_plan`.
"""

SYSTEM_TRUST_SETTINGS_KEY: Final = "verify/use_system_trust"
"""Settings key (QSettings, bool): also trust the system's certificate authorities."""
