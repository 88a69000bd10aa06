"""YAML output of the generated files: documents dumped, never templated by hand.

``_yaml`` writes documents with ``---`` separators and keys in insertion
order, multi-line strings as ``|`` blocks and shared dicts without anchors,
with PyYAML's safe dumper (its libyaml emitter, written in C, when PyYAML was
built with it: characters beyond U+FFFF and NEL are then written as escapes,
which read back the same).
"""

from __future__ import annotations

from typing import Any

import yaml
from typing_extensions import override


class _NoAliasDumper(yaml.CSafeDumper if yaml.__with_libyaml__ else yaml.SafeDumper):  # type: ignore[misc]
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


def _yaml(docs: list[dict[str, Any]]) -> str:
    """Dump documents with ``---`` separators, keys in insertion order."""
    return yaml.dump_all(
        docs,
        Dumper=_NoAliasDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        explicit_start=True,
        width=1_000_000,  # never fold long PromQL or commands
    )
