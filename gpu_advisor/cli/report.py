"""``gpu-advisor-cli report | sign | verify``: the PDF plan from the command line.

* ``report PROJECT.gpuplan -o plan.pdf [--lang zh|en] [--paper a4|letter]``
* ``sign plan.pdf --p12 cert.p12 [--password-env VAR] -o signed.pdf``
* ``verify plan.pdf [PROJECT.gpuplan]`` — exit 0 when the signature (if any)
  and the fingerprint hold, 1 otherwise with a one-line reason.

Bad arguments or unreadable files exit with status 2 (:class:`CliError`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from gpu_advisor import __version__
from gpu_advisor.cli._common import CliError


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``report``, ``sign`` and ``verify``."""
    rep = subparsers.add_parser(
        "report",
        help="write the PDF plan of a project",
        description="Evaluate a project and write its PDF plan.",
    )
    rep.add_argument("project", type=Path, help="the .gpuplan file")
    rep.add_argument("-o", "--output", type=Path, required=True, help="PDF to write")
    rep.add_argument(
        "--lang",
        choices=["zh", "en"],
        default=None,
        help="default: the project's language",
    )
    rep.add_argument("--paper", choices=["a4", "letter"], default="a4")
    rep.add_argument(
        "--font", type=Path, default=None, help="a CJK TrueType font file to embed"
    )
    rep.set_defaults(func=_report)

    sign = subparsers.add_parser(
        "sign",
        help="add a PAdES signature to a plan",
        description="Sign a PDF plan with the key and certificate in a PKCS#12 file.",
    )
    sign.add_argument("pdf", type=Path)
    sign.add_argument(
        "--p12", type=Path, required=True, help="PKCS#12 (.p12/.pfx) file"
    )
    sign.add_argument(
        "--password-env",
        metavar="VAR",
        default=None,
        help="environment variable holding the PKCS#12 password",
    )
    sign.add_argument("-o", "--output", type=Path, required=True)
    sign.set_defaults(func=_sign)

    ver = subparsers.add_parser(
        "verify",
        help="check a plan's signature and that it matches a project file",
        description="Exit 0 when the signature (if any) is intact and the "
        "fingerprint printed in the plan matches the project file; 1 otherwise.",
    )
    ver.add_argument("pdf", type=Path)
    ver.add_argument("project", type=Path, nargs="?", default=None)
    ver.set_defaults(func=_verify)


def _report(args: argparse.Namespace) -> int:
    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.project_file import ProjectFileError, load_project
    from gpu_advisor.report.fonts import FontNotFoundError
    from gpu_advisor.report.plan import write_plan_pdf

    try:
        project = load_project(args.project)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"cannot read {args.project}: {exc.strerror or exc}") from exc
    if not args.output.parent.is_dir():
        raise CliError(f"folder does not exist: {args.output.parent}")
    catalog = load_catalog()
    evaluation = evaluate_plan(project, catalog)  # the plan's draws and seed
    try:
        write_plan_pdf(
            args.output,
            project,
            evaluation,
            catalog,
            language=args.lang,
            paper=args.paper,
            app_version=__version__,
            font_path=args.font,
        )
    except FontNotFoundError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from exc
    print(f"wrote {args.output}")
    return 0


def _sign(args: argparse.Namespace) -> int:
    from gpu_advisor.io.project_file import write_atomically
    from gpu_advisor.report.sign import SigningError, sign_pdf

    password: str | None = None
    if args.password_env:
        password = os.environ.get(args.password_env)
        if password is None:
            raise CliError(f"environment variable {args.password_env} is not set")
    try:
        data = args.pdf.read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {args.pdf}: {exc.strerror or exc}") from exc
    if not data.startswith(b"%PDF-"):
        raise CliError(f"{args.pdf} is not a PDF file")
    try:
        signed = sign_pdf(data, args.p12, password)
    except SigningError as exc:
        raise CliError(str(exc)) from exc
    try:
        write_atomically(args.output, signed)
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from exc
    print(f"wrote {args.output}")
    return 0


def _verify(args: argparse.Namespace) -> int:
    from gpu_advisor.report.verify import VerifyInputError, verify_plan

    try:
        result = verify_plan(args.pdf, args.project)
    except VerifyInputError as exc:
        raise CliError(str(exc)) from exc
    if result.ok:
        print(f"OK: {result.reason}")
        return 0
    print(f"FAILED: {result.reason}", file=sys.stderr)
    return 1
