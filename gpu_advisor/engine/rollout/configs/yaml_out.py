"""YAML output of the generated files: documents dumped, never templated by hand.

``_yaml`` writes documents with ``---`` separators and keys in insertion
order, multi-line strings as ``|`` blocks and shared dicts without anchors.
It uses libyaml's C emitter when the output is known to be the same as
PyYAML's (the usual case), else PyYAML's own.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from typing_extensions import override


class _NoAliasDumper(yaml.SafeDumper):
    """SafeDumper that writes shared dicts twice instead of ``&id001`` anchors."""

    @override
    def ignore_aliases(self, data: Any) -> bool:
        return True


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    """Multi-line strings (files inside a ConfigMap) as ``|`` literal blocks.

    Without this, PyYAML quotes them and doubles every line break, which is
    valid but unreadable for whoever copies the manifest.
    """
    if "\n" in data and not any(line != line.rstrip() for line in data.split("\n")):
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


_NoAliasDumper.add_representer(str, _represent_str)


class _NoAliasCDumper(yaml.CSafeDumper if yaml.__with_libyaml__ else yaml.SafeDumper):  # type: ignore[misc]
    """:class:`_NoAliasDumper` with libyaml's emitter, written in C (~6× faster)."""

    @override
    def ignore_aliases(self, data: Any) -> bool:
        return True


_NoAliasCDumper.add_representer(str, _represent_str)


_LIBYAML_SAME = re.compile(
    "[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*"
)
"""Text that libyaml's emitter writes exactly as PyYAML's does.

Outside it the two differ: libyaml escapes characters beyond U+FFFF (``"\\U0001F680"``)
and NEL, where PyYAML writes them as they are; tabs, other controls, U+2028/9 and
the BOM are left to PyYAML to be sure.
"""


def _simple_key(key: object) -> bool:
    """A key both emitters write as ``key:``; they differ on empty and very long
    keys (``? ''``), so those take PyYAML's emitter."""
    if isinstance(key, str):
        return 0 < len(key) < 100 and "\n" not in key and _same_in_libyaml(key)
    return _same_in_libyaml(key)


def _same_in_libyaml(node: object) -> bool:
    """True when every string in ``node`` matches :data:`_LIBYAML_SAME` and every
    key is a :func:`_simple_key`."""
    if isinstance(node, str):
        return _LIBYAML_SAME.fullmatch(node) is not None
    if isinstance(node, dict):
        return all(_simple_key(k) and _same_in_libyaml(v) for k, v in node.items())
    if isinstance(node, list | tuple):
        return all(_same_in_libyaml(item) for item in node)
    return True


def _yaml(docs: list[dict[str, Any]]) -> str:
    """Dump documents with ``---`` separators, keys in insertion order.

    Uses libyaml's C emitter when it is installed and its output is known to be
    the same as PyYAML's for these documents (the usual case), else PyYAML's.
    """
    dumper: type[yaml.SafeDumper] = (
        _NoAliasCDumper
        if yaml.__with_libyaml__ and _same_in_libyaml(docs)
        else _NoAliasDumper
    )
    return yaml.dump_all(
        docs,
        Dumper=dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        explicit_start=True,
        width=1_000_000,  # never fold long PromQL or commands
    )
