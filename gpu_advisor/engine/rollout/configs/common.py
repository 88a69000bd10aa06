"""What every generated file shares.

The :class:`GeneratedConfig` record each file is returned in; the
:data:`Wording` that words the files' comments in the reader's language (the
engine holds codes, the caller's catalog holds the sentences: ``_w``);
comment lines and the NOTE/ERROR notes on top of a file (``_comment``,
``_header``, :func:`with_notes`); names that need no quoting
(:func:`dns_label` for Kubernetes, ``_slurm_name`` for ``#SBATCH``); the
nodes' host names (:func:`placeholder_hostnames`) and the number format of
thresholds (``_num``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeAlias

from gpu_advisor.model.common import Advice, Message, Param
from gpu_advisor.model.project import Environment

PLACEHOLDER_HOST_LIMIT: Final = 64
"""Up to this many nodes, placeholder host names are listed; beyond, file_sd."""

_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"

_DNS_CHARS: Final = _LETTERS + "0123456789-"

_SLURM_CHARS: Final = _LETTERS + _LETTERS.upper() + "0123456789_.-"


@dataclass(frozen=True, slots=True)
class GeneratedConfig:
    """One generated file, as the wizard page shows it and the PDF prints it.

    Attributes
    ----------
    name : str
        Stable id, e.g. ``"kubernetes-job"`` (for tests, buttons, anchors).
    title : str
        Human title in the project's language.
    filename : str
        Suggested file name for the save button.
    language : str
        Syntax of ``text``: ``"yaml"``, ``"bash"`` or ``"text"``.
    text : str
        The file content, ending with a newline.
    """

    name: str
    title: str
    filename: str
    language: str
    text: str


Wording: TypeAlias = Callable[[Message], str]
"""Words a message in the reader's language (``gpu_advisor.words.wording(lang)``).

The generators build every comment, title and annotation as a
:class:`~gpu_advisor.model.common.Message` and pass it to the wording the
caller gives them, so the engine holds no sentence in any language.
"""


def _w(say: Wording, code: str, **params: Param) -> str:
    """The message ``code`` with ``params``, worded by ``say``.

    >>> _w(lambda m: f"{m.code}{sorted(m.params)}", "rollout.x", b=1, a="2")
    "rollout.x['a', 'b']"
    """
    return say(Message(code=code, params=params))


def dns_label(text: str, fallback: str = "gpu-job", max_len: int = 63) -> str:
    """Turn any text into an RFC 1035 label usable as a Kubernetes name.

    Lower-cases, maps every other character to ``-``, squeezes repeated
    dashes, makes it start with a letter and end with a letter or digit, and
    cuts it to ``max_len`` characters. An RFC 1035 label is also a valid
    RFC 1123 label, so the result fits Job, Service and Namespace names.

    Parameters
    ----------
    text : str
        Any user text. [-]
    fallback : str
        Returned when nothing usable is left; must itself be a valid label. [-]
    max_len : int
        Maximum length, 1..63. [characters]

    Returns
    -------
    str
        ``[a-z]([-a-z0-9]*[a-z0-9])?`` of at most ``max_len`` characters. [-]

    References
    ----------
    Kubernetes, "Object Names and IDs" (DNS label names, RFC 1035/1123).
    https://kubernetes.io/docs/concepts/overview/working-with-objects/names/

    Examples
    --------
    >>> dns_label("LLM Train #1 (Qwen)")
    'llm-train-1-qwen'
    >>> dns_label("7b_run", max_len=63)
    'x-7b-run'
    >>> dns_label("!!!")
    'gpu-job'
    """
    if not 1 <= max_len <= 63:
        raise ValueError("need 1 <= max_len <= 63")
    out: list[str] = []
    for ch in text.lower():
        c = ch if ch in _DNS_CHARS else "-"
        if c == "-" and (not out or out[-1] == "-"):
            continue
        out.append(c)
    label = "".join(out).strip("-")
    if label and label[0] not in _LETTERS:
        label = "x-" + label
    label = label[:max_len].rstrip("-")
    return label or fallback[:max_len].rstrip("-") or "x"


def _slurm_name(text: str, fallback: str) -> str:
    """Keep only characters that need no quoting in an ``#SBATCH`` line."""
    name = "".join(c if c in _SLURM_CHARS else "-" for c in text).strip("-")
    return name[:63] or fallback


def _comment(text: str) -> str:
    """Make text safe inside a ``#`` comment: one line, printable characters."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


def _header(lines: list[str]) -> str:
    """A block of ``#`` comment lines (YAML and bash share the syntax)."""
    return "".join(f"# {_comment(line)}\n" if line else "#\n" for line in lines)


def _num(value: float) -> str:
    """Format a threshold without a needless ``.0``.

    >>> _num(85.0), _num(72.5)
    ('85', '72.5')
    """
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def placeholder_hostnames(env: Environment) -> list[str]:
    """Host names of the nodes: the user's, or ``gpu-node-01`` ... placeholders.

    Parameters
    ----------
    env : Environment
        Uses ``hostnames`` and ``nodes``. [-]

    Returns
    -------
    list[str]
        At least ``env.nodes`` names when the user listed fewer (padded with
        placeholders), or exactly the user's names. [-]

    Examples
    --------
    >>> placeholder_hostnames(Environment(nodes=2))
    ['gpu-node-01', 'gpu-node-02']
    """
    names = list(env.hostnames)
    width = max(2, len(str(env.nodes)))
    i = len(names)
    while len(names) < env.nodes:
        i += 1
        names.append(f"gpu-node-{i:0{width}d}")
    return names


def as_message(advice: Advice) -> Message:
    """The advice's code and values, to word it inside a file."""
    return Message(code=advice.code, params=advice.params)


def _note(say: Wording, note: Message) -> str:
    """A comment line the reader must see: 'NOTE: …' (``rollout.file.note``)."""
    return _w(say, "rollout.file.note", note=note)


def _error(say: Wording, problem: Message) -> str:
    """A comment line saying the file will not work as it is: 'ERROR: …'."""
    return _w(say, "rollout.file.error", problem=problem)


def with_notes(text: str, notes: list[Message], say: Wording) -> str:
    """``text`` with ``notes`` as comment lines after the shebang (or at the top).

    Each line is worded by ``say`` as ``rollout.file.note`` ("NOTE: …").

    Examples
    --------
    >>> say = lambda m: m.params["note"].code if "note" in m.params else m.code
    >>> print(with_notes("kind: Job", [Message(code="x.y")], say))
    # x.y
    kind: Job
    """
    if not notes:
        return text
    block = _header([_note(say, n) for n in notes])
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + block + rest
    return block + text
