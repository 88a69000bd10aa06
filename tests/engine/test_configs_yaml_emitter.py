"""The configs' YAML is the same whichever emitter writes it.

:func:`gpu_advisor.engine.rollout.configs.yaml_out._yaml` uses libyaml's C emitter for speed
when it knows the output to be identical to PyYAML's pure-Python emitter;
these tests hold it to that, for generated files and for arbitrary text.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.rollout.configs import yaml_out
from gpu_advisor.engine.rollout.configs.environment import generate_all
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Environment, Monitoring, Project, Scheduler

pytestmark = pytest.mark.skipif(
    not yaml.__with_libyaml__, reason="PyYAML was built without libyaml"
)


def _python_yaml(docs: list[dict[str, Any]]) -> str:
    return yaml.dump_all(
        docs,
        Dumper=yaml_out._NoAliasDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        explicit_start=True,
        width=1_000_000,
    )


def _c_yaml(docs: list[dict[str, Any]]) -> str:
    return yaml.dump_all(
        docs,
        Dumper=yaml_out._NoAliasCDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        explicit_start=True,
        width=1_000_000,
    )


_scalars = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=40),
    st.integers(),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
)
_docs = st.lists(
    st.dictionaries(
        st.text(max_size=12),
        st.recursive(
            _scalars,
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=8), inner, max_size=4)
            ),
            max_leaves=12,
        ),
        max_size=5,
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=200, deadline=None)
@given(_docs)
def test_fast_path_only_where_both_emitters_agree(docs: list[dict[str, Any]]) -> None:
    assert yaml_out._yaml(docs) == _python_yaml(docs)
    if yaml_out._same_in_libyaml(docs):
        assert _c_yaml(docs) == _python_yaml(docs)


def test_astral_characters_take_the_python_emitter() -> None:
    docs = [{"image": "emoji \U0001f680"}]
    assert not yaml_out._same_in_libyaml(docs)
    assert "\U0001f680" in yaml_out._yaml(docs)


@pytest.mark.parametrize("scheduler", list(Scheduler))
@pytest.mark.parametrize("language", list(Language))
@pytest.mark.parametrize(
    "text",
    ["llm-train", "训练 作业", "a: b #c", "multi\nline\n", "x" * 300, "'q' \"dq\""],
)
def test_generated_files_are_unchanged(
    monkeypatch: pytest.MonkeyPatch, scheduler: Scheduler, language: Language, text: str
) -> None:
    env = Environment(
        scheduler=scheduler,
        job_name=text[:63],
        train_script=text,
        data_path=text,
        nccl_env={"NCCL_X": text},
    )
    project = Project().model_copy(
        update={
            "environment": env,
            "monitoring": Monitoring(dcgm_exporter_image=text),
            "meta": Project().meta.model_copy(update={"language": language}),
        }
    )
    fast = [c.text for c in generate_all(project)]
    monkeypatch.setattr(yaml_out, "_NoAliasCDumper", yaml_out._NoAliasDumper)
    slow = [c.text for c in generate_all(project)]
    assert fast == slow
