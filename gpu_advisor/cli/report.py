"""``gpu-advisor-cli report | sign | verify``: the PDF plan from the command line.

* ``report PROJECT.gpuplan -o plan.pdf [--lang CODE] [--second-lang CODE]
  [--paper a4|letter]`` (a code per catalog, ``resources/words/<code>/``; a
  second language puts its pages beside the first's, A4 pages on A3 sheets,
  Letter on Tabloid; ``--lang bilingual`` is ``--lang zh --second-lang en``)
* ``sign plan.pdf --p12 cert.p12 [--password-env VAR] -o signed.pdf`` signs a
  PDF as it is, when it is the app's plan (signed or not yet): one holding
  an annotation the app does not write, or changed after it was written,
  is refused; ``sign PROJECT.gpuplan --p12 … -o signed.pdf [--role ROLE]
  [--decision approve] [--lang CODE] [--second-lang CODE]`` signs as the app
  does: the decision recorded in the role's sign-off row under the
  certificate's name (the first pending role by default), the project saved
  with it and a signing record, its plan rendered and signed
* ``verify plan.pdf [PROJECT.gpuplan] [--trust CERT.pem] [--system-trust]
  [--allow-unsigned]`` —
  exit status per :class:`gpu_advisor.report.verify.VerifyStatus`: 0 OK,
  1 failed, 3 intact but not trusted, 4 not signed.

Bad arguments or unreadable files exit with status 2 (:class:`CliError`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpu_advisor import __version__, words
from gpu_advisor.cli._common import CliError, add_language_option
from gpu_advisor.model.common import BILINGUAL, PlanLanguage

if TYPE_CHECKING:
    from gpu_advisor.model.project import Project


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``report``, ``sign`` and ``verify``."""
    rep = subparsers.add_parser(
        "report",
        help="write the PDF plan of a project",
        description="Evaluate a project and write its PDF plan.",
    )
    rep.add_argument("project", type=Path, help="the .gpuplan file")
    rep.add_argument("-o", "--output", type=Path, required=True, help="PDF to write")
    add_language_option(
        rep,
        extra=(BILINGUAL,),
        help_text="the plan's language; default: the project's "
        f"({BILINGUAL}: the same as --lang zh --second-lang en)",
    )
    rep.add_argument(
        "--second-lang",
        choices=words.languages(),
        default=None,
        help="a second language, its pages beside the first's on sheets twice "
        "as wide (A3 for A4, Tabloid for Letter)",
    )
    rep.add_argument("--paper", choices=["a4", "letter"], default="a4")
    rep.add_argument(
        "--font", type=Path, default=None, help="a CJK TrueType font file to embed"
    )
    rep.set_defaults(func=_report)

    _register_sign(subparsers)
    _register_verify(subparsers)


def _register_sign(subparsers: argparse._SubParsersAction[Any]) -> None:
    """``sign``: a PDF as it is, or a project with the decision recorded."""
    sign = subparsers.add_parser(
        "sign",
        help="sign a plan: a PDF as it is, or a project with your decision recorded",
        description="Sign with the key and certificate in a PKCS#12 file. Given a "
        "PDF, sign it as it is (refused when it holds anything the app does not "
        "write, such as a field or stamp painting over the plan). Given a project (.gpuplan), record your decision "
        "in your role's sign-off row (the name is the certificate's common name, "
        "the date today's; the plan is approved once every role has approved), "
        "save the project, and write its plan signed.",
    )
    sign.add_argument("pdf", type=Path, metavar="PLAN", help="a PDF or a .gpuplan")
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
    sign.add_argument(
        "--role",
        default=None,
        help="(a project) your sign-off role; default: the first role still pending",
    )
    sign.add_argument(
        "--decision",
        choices=("approve", "approve_with_conditions", "reject"),
        default="approve",
        help="(a project) your decision; default: approve",
    )
    add_language_option(
        sign,
        extra=(BILINGUAL,),
        help_text="(a project) the plan's language; default: the project's",
    )
    sign.add_argument(
        "--second-lang",
        choices=words.languages(),
        default=None,
        help="(a project) a second language, its pages beside the first's",
    )
    sign.add_argument("--paper", choices=["a4", "letter"], default="a4")
    sign.set_defaults(func=_sign)


def _register_verify(subparsers: argparse._SubParsersAction[Any]) -> None:
    """``verify``: signatures, signers, and the plan against its project."""
    ver = subparsers.add_parser(
        "verify",
        help="check a plan's signatures, signers and that it matches a project file",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=VERIFY_HELP,
    )
    ver.add_argument("pdf", type=Path)
    ver.add_argument(
        "project",
        type=Path,
        nargs="?",
        default=None,
        help="the .gpuplan file: the plan is regenerated from it and compared",
    )
    ver.add_argument(
        "--trust",
        type=Path,
        action="append",
        default=[],
        metavar="CERT.pem",
        help="a signer or CA certificate you trust (PEM or DER); repeatable",
    )
    ver.add_argument(
        "--system-trust",
        action="store_true",
        help="also trust the operating system's certificate authorities "
        "(off by default: they vouch for web servers, not for who approved a plan)",
    )
    ver.add_argument(
        "--allow-unsigned",
        action="store_true",
        help="accept an unsigned plan (a draft) when everything else holds; "
        "needs PROJECT: without it nothing ties the draft's pages to anything",
    )
    add_language_option(
        ver,
        default=words.DEFAULT_LANGUAGE,
        help_text="language of the trust verdicts and their causes; default: en",
    )
    ver.set_defaults(func=_verify)


VERIFY_HELP = """\
Check a PDF plan. Exit status: 0 OK, 1 FAILED, 2 bad input, 3 intact but
not trusted, 4 not signed.

A passing verification (exit 0) proves: the plan is signed; every signature
is intact and valid and nothing but further signatures was added after it
(pyHanko difference analysis); no page shows an annotation the app does
not write (a field, stamp or free text painting over the plan), named with
its page and position; the last signature covers the whole file;
every signer's certificate is within its validity period, allows signing
(key usage digitalSignature or nonRepudiation, or none listed) and is trusted
exactly as you chose: a --trust certificate that is not a certificate
authority vouches for itself only, never for what its key issues; a --trust
authority (CA:TRUE) vouches for what it issues. A signer that is not trusted
is named with the cause (no chain, an issuer that is not an authority, a
certificate outside its validity period). Given PROJECT, the plan is byte
for byte the one this app regenerates from that project file. An unsigned
plan passes only with --allow-unsigned and PROJECT (exit 4 without PROJECT:
its pages cannot be tied to anything).

--system-trust adds the operating system's certificate authorities to the
trust store, and says so: any certificate they issued is accepted as a
trusted signer, whatever name it carries (web-server and e-mail certificates
included) as long as its key usage allows signing. They are Windows' ROOT
and CA stores, macOS's system keychains, or the OpenSSL bundle on Linux
(SSL_CERT_FILE). They are off by default because they vouch for web
servers, not for who approved a plan.

It does not prove: that the person named in a certificate signed it unless
you trust that certificate for good reasons; that the certificate was not
revoked (no network is used); the signing time (the signer's clock); or
that the numbers are right, only that they are what the project gives.
"""


def _report(args: argparse.Namespace) -> int:
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.project_file import (
        ProjectFileError,
        load_project,
        write_atomically,
    )
    from gpu_advisor.report import plan
    from gpu_advisor.report.fonts import FontNotFoundError

    _refuse_clobber(args.output, [args.project] + ([args.font] if args.font else []))
    try:
        project = load_project(args.project)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"cannot read {args.project}: {exc.strerror or exc}") from exc
    if not args.output.parent.is_dir():
        raise CliError(f"folder does not exist: {args.output.parent}")
    try:
        data = plan.render_plan(
            project,
            load_catalog(),
            language=_plan_language(args.lang, args.second_lang, project),
            paper=args.paper,
            app_version=__version__,
            font_path=args.font,
        )
    except FontNotFoundError as exc:
        raise CliError(str(exc)) from exc
    except ValueError as exc:  # e.g. --second-lang the same as the first
        raise CliError(str(exc)) from None
    except OSError as exc:  # the font file given with --font
        raise CliError(f"cannot render the plan: {exc.strerror or exc}") from exc
    try:
        write_atomically(args.output, data)
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from exc
    print(f"wrote {args.output}")
    return 0


def _plan_language(
    first: str | None, second: str | None, project: Project
) -> PlanLanguage:
    """``render_plan``'s ``language=`` from ``--lang`` and ``--second-lang``.

    ``--lang`` absent: the project's language; ``bilingual``: Chinese beside
    English (a ``--second-lang`` then is refused as a third language).
    """
    from gpu_advisor.report.plan.bilingual import PAIR, plan_language

    primary = first or project.meta.language.value
    text = primary if second is None else f"{primary}{PAIR}{second}"
    if first == BILINGUAL and second is not None:
        raise ValueError(f"a plan has one language or two different ones, got {text!r}")
    return plan_language(text, project.meta.language)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and os.path.samefile(a, b))
    except (OSError, RuntimeError):
        return False


def _refuse_clobber(output: Path, inputs: list[Path]) -> None:
    """Refuse an output that would overwrite a project file or one of the inputs."""
    from gpu_advisor.io.limits import escape_controls

    if output.suffix.lower() == ".gpuplan":
        raise CliError(
            f"refusing to write a PDF onto a project file: {escape_controls(str(output))}"
        )
    for source in inputs:
        if _same_file(output, source):
            raise CliError(
                f"refusing to overwrite the input {escape_controls(str(source))}; "
                "choose another output file"
            )


def _password(args: argparse.Namespace) -> str | None:
    if not args.password_env:
        return None
    password = os.environ.get(args.password_env)
    if password is None:
        raise CliError(f"environment variable {args.password_env} is not set")
    return password


def _sign(args: argparse.Namespace) -> int:
    from gpu_advisor.io.project_file import write_atomically
    from gpu_advisor.report.sign import SigningError, sign_pdf

    password = _password(args)
    from gpu_advisor.io.limits import MAX_PDF_BYTES, InputFileError, read_regular_file

    _refuse_clobber(args.output, [args.pdf, args.p12])
    if args.pdf.suffix.lower() == ".gpuplan":
        return _sign_project(args, password)
    try:
        data = read_regular_file(args.pdf, MAX_PDF_BYTES, what="PDF")
    except InputFileError as exc:
        raise CliError(str(exc)) from exc
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


def _sign_project(args: argparse.Namespace, password: str | None) -> int:
    """Sign a project as the app's Sign Plan… does: the decision recorded first."""
    import datetime as dt

    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.project_file import ProjectFileError, load_project, save_project
    from gpu_advisor.io.signing_records import signing_record, with_signing_record
    from gpu_advisor.model.project import Decision
    from gpu_advisor.report.plan import Signer, render_plan
    from gpu_advisor.report.plan.signoff import pending_roles, with_approval
    from gpu_advisor.report.sign import SigningError, certificate_signer_name, sign_pdf

    try:
        project = load_project(args.pdf)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from exc
    role = args.role or next(iter(pending_roles(project)), None)
    if not role or not role.strip():
        raise CliError(f"{args.pdf}: no sign-off role is pending; name one with --role")
    today = dt.date.today()
    try:
        name = certificate_signer_name(args.p12, password)
        approved = with_approval(
            project, name=name, role=role, decision=Decision(args.decision), date=today
        )
        data = render_plan(
            approved,
            load_catalog(),
            language=_plan_language(args.lang, args.second_lang, approved),
            paper=args.paper,
            signer=Signer(name=name, role=role.strip(), date=today),
        )
        signed = sign_pdf(data, args.p12, password)
        _write_pdf(args.output, signed)
    except (SigningError, ValueError) as exc:
        raise CliError(str(exc)) from None
    record = signing_record(
        approved,
        signer_name=name,
        signer_role=role,
        pdf=args.output,
        app_version=__version__,
    )
    try:
        save_project(with_signing_record(approved, record), args.pdf)
    except (OSError, ProjectFileError) as exc:
        raise CliError(f"cannot save {args.pdf}: {exc}") from exc
    print(f"wrote {args.output}")
    print(f"recorded {name} ({role.strip()}: {args.decision}) in {args.pdf}")
    return 0


def _write_pdf(path: Path, data: bytes) -> None:
    """Write the signed plan; a failure is the user's (a folder, permissions)."""
    from gpu_advisor.io.project_file import write_atomically

    try:
        write_atomically(path, data)
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from exc


def _verify(args: argparse.Namespace) -> int:
    from gpu_advisor.report.verify import (
        VerifyInputError,
        VerifyStatus,
        load_trusted_certificates,
        system_trust_certificates,
        verify_plan,
    )

    lang = args.lang or words.DEFAULT_LANGUAGE
    try:
        trust = load_trusted_certificates(args.trust)
        if args.system_trust:
            system, source = system_trust_certificates()
            if not system:
                print(words.say("verify.system_trust.none", lang), file=sys.stderr)
            else:
                print(
                    words.say(
                        "verify.system_trust.admits",
                        lang,
                        count=len(system),
                        source=source,
                    )
                )
            trust = [*trust, *system]
        result = verify_plan(
            args.pdf,
            args.project,
            trust=trust,
            allow_unsigned=args.allow_unsigned,
            language=lang,
        )
    except VerifyInputError as exc:
        raise CliError(str(exc)) from exc
    for signer in result.signers:
        print(signer.line())
    status = {
        VerifyStatus.OK: "ok",
        VerifyStatus.UNTRUSTED: "untrusted",
        VerifyStatus.UNSIGNED: "unsigned",
    }.get(result.status, "failed")
    label = words.say(f"verify.status.{status}", lang)
    stream = sys.stdout if result.ok else sys.stderr
    print(
        words.say("verify.status.line", lang, status=label, reason=result.reason),
        file=stream,
    )
    return result.exit_status
