"""The kit's serving benchmark: the plan's model served by the engine's
OpenAI-compatible server, measured by the engine's own load generator.

``70_serving_bench.sh`` starts ``vllm serve`` (or SGLang's
``sglang.launch_server`` when the plan serves with SGLang) on the plan's
model, waits for its ``/health``, and runs ``vllm bench serve`` (SGLang:
``python3 -m sglang.bench_serving``) on the random dataset at a few request
rates, with the plan's prompt and answer lengths (1,500 and 300 tokens when
the plan states none). Each rate's result goes into the results folder the
archive packs: the JSON (``serving_rate_<r>.json``, with ``gpus=<tp>`` as
metadata; SGLang writes JSON Lines) is imported, the console copy
(``serving_rate_<r>.info.txt``) is for people. Without the engine installed
the step is skipped with a message.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Final

from gpu_advisor.engine.rollout.testkit.common import _plain
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Project, Vendor

SERVING_SCRIPT: Final = "70_serving_bench.sh"

DEFAULT_PROMPT_TOKENS: Final = 1500
DEFAULT_OUTPUT_TOKENS: Final = 300
"""Prompt and answer lengths when the plan states none: the serving example
of the issue that asked for serving (1,500-token prompts, 300-token answers)."""

DEFAULT_RATES: Final = "1 2 4 8 16"
"""Request rates tried, in requests per second per replica: from an idle
replica to past what one replica of a large model serves, so the judgement
finds the highest rate that meets the targets."""

NUM_PROMPTS_PER_RATE: Final = 200
"""Requests per rate: enough for a p99 (two requests above it)."""

_HF_REPO = re.compile(r"^(?P<repo>[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+) config\.json")


@dataclass(frozen=True, slots=True)
class ServingBench:
    """What the serving step runs.

    Attributes
    ----------
    engine : str
        ``vllm`` or ``sglang``. [-]
    model : str
        Hugging Face repository of the plan's model, "" when unknown. [-]
    tp : int
        Tensor-parallel degree of the replica measured. [1]
    prompt_tokens, output_tokens : int
        Random prompts and answers of these lengths. [tokens]
    runs_by_default : bool
        ``run_all.sh`` runs the step unless told not to (the plan serves). [-]
    """

    engine: str
    model: str
    tp: int
    prompt_tokens: int
    output_tokens: int
    runs_by_default: bool


def serving_bench_for(project: Project, catalog: Catalog, gpus: int) -> ServingBench:
    """The serving step of ``project``'s kit on nodes of ``gpus`` GPUs.

    The plan's serving part is read with ``getattr``, so a plan that does
    not serve (or a schema without serving) gets vLLM, 1,500/300 tokens,
    one replica over the node's GPUs, and a step that runs only when asked.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> bench = serving_bench_for(Project(), load_catalog(), 8)
    >>> bench.engine, bench.model, bench.tp, bench.prompt_tokens, bench.runs_by_default
    ('vllm', 'meta-llama/Llama-2-13b-hf', 8, 1500, False)
    """
    serving = getattr(project.workload, "serving", None)
    engine = str(getattr(getattr(serving, "engine", None), "value", "vllm"))
    preset = next(
        (m for m in catalog.models if m.id == project.workload.model_preset), None
    )
    found = _HF_REPO.match(preset.provenance.source) if preset is not None else None
    return ServingBench(
        engine="sglang" if engine == "sglang" else "vllm",
        model=found.group("repo") if found else "",
        tp=int(getattr(serving, "tp", None) or gpus),
        prompt_tokens=int(getattr(serving, "prompt_tokens", DEFAULT_PROMPT_TOKENS)),
        output_tokens=int(getattr(serving, "output_tokens", DEFAULT_OUTPUT_TOKENS)),
        runs_by_default=serving is not None,
    )


def serving_readme(bench: ServingBench) -> Message:
    """The README's section on the serving step (``rollout.kit.serving.readme``)."""
    return Message(
        code="rollout.kit.serving.readme",
        params={
            "script": SERVING_SCRIPT,
            "engine": bench.engine,
            "model": bench.model or Message(code="rollout.kit.serving.no_model"),
            "tp": bench.tp,
            "prompt_tokens": bench.prompt_tokens,
            "output_tokens": bench.output_tokens,
            "rates": DEFAULT_RATES,
            "prompts": NUM_PROMPTS_PER_RATE,
            "default": Message(
                code="rollout.kit.serving.by_default"
                if bench.runs_by_default
                else "rollout.kit.serving.on_request"
            ),
        },
    )


_SERVERS: Final = {
    "vllm": 'vllm serve "${MODEL}" --tensor-parallel-size "${TP}" --port "${PORT}" \\\n'
    '  --max-model-len "$((PROMPT_TOKENS + OUTPUT_TOKENS + 64))"',
    "sglang": 'python3 -m sglang.launch_server --model-path "${MODEL}" --tp "${TP}" '
    '--port "${PORT}"',
}

_CLIENTS: Final = {
    "vllm": """  vllm bench serve --backend vllm --model "${MODEL}" --base-url "${URL}" \\
    --dataset-name random --random-input-len "${PROMPT_TOKENS}" \\
    --random-output-len "${OUTPUT_TOKENS}" --ignore-eos \\
    --num-prompts "${NUM_PROMPTS}" --request-rate "${rate}" \\
    --percentile-metrics ttft,tpot,itl,e2el --metric-percentiles 50,95,99 \\
    --save-result --result-dir "${RESULTS_DIR}" \\
    --result-filename "serving_rate_${rate}.json" --metadata "gpus=${TP}\"""",
    "sglang": """  python3 -m sglang.bench_serving --backend sglang --base-url "${URL}" \\
    --model "${MODEL}" --dataset-name random --random-input-len "${PROMPT_TOKENS}" \\
    --random-output-len "${OUTPUT_TOKENS}" --random-range-ratio 1 \\
    --num-prompts "${NUM_PROMPTS}" --request-rate "${rate}" \\
    --output-file "${RESULTS_DIR}/serving_rate_${rate}.jsonl\"""",
}

_CHECKS: Final = {
    "vllm": """if ! have vllm; then
  skip "vllm is not installed: the serving benchmark was not run (pip install vllm, 0.10 or later)"
  exit 0
fi
if ! vllm bench serve --help >/dev/null 2>&1; then
  skip "this vllm has no 'vllm bench serve' (vLLM 0.10 or later): the serving benchmark was not run"
  exit 0
fi""",
    "sglang": """if ! python3 -c 'import sglang' >/dev/null 2>&1; then
  skip "SGLang is not installed: the serving benchmark was not run (pip install 'sglang[all]')"
  exit 0
fi""",
}


def serving_script(vendor: Vendor, bench: ServingBench, preamble: str) -> str:
    """``70_serving_bench.sh`` (``preamble``: the kit's common script head)."""
    server = _SERVERS[bench.engine]
    return (
        preamble
        + f"""
# usage: ./{SERVING_SCRIPT} [MODEL]
#   MODEL: a Hugging Face repository or a local folder; default the plan's model.
# Optional: TP (GPUs of the replica measured), PROMPT_TOKENS, OUTPUT_TOKENS,
#   RATES (request rates per second, "inf" sends every request at once), NUM_PROMPTS
#   (requests per rate), PORT, READY_TIMEOUT (seconds to wait for the server).
# Engine: {bench.engine}. Vendor: {_plain(vendor.name)}.
# shellcheck disable=SC2016  # a literal value from the project: nothing may expand
DEFAULT_MODEL={shlex.quote(bench.model)}
MODEL="${{1:-${{SERVING_MODEL:-${{DEFAULT_MODEL}}}}}}"
TP="${{TP:-{bench.tp}}}"
PROMPT_TOKENS="${{PROMPT_TOKENS:-{bench.prompt_tokens}}}"
OUTPUT_TOKENS="${{OUTPUT_TOKENS:-{bench.output_tokens}}}"
RATES="${{RATES:-{DEFAULT_RATES}}}"
NUM_PROMPTS="${{NUM_PROMPTS:-{NUM_PROMPTS_PER_RATE}}}"
PORT="${{PORT:-8000}}"
READY_TIMEOUT="${{READY_TIMEOUT:-1800}}"
URL="http://127.0.0.1:${{PORT}}"
if [[ -z "${{MODEL}}" ]]; then
  skip "no model: give a Hugging Face repository or a folder (./{SERVING_SCRIPT} MODEL)"
  exit 0
fi
{_CHECKS[bench.engine]}

SERVER_LOG="${{RESULTS_DIR}}/serving_server.err.log"
echo "Starting the {bench.engine} server on ${{MODEL}} (TP ${{TP}}); its log: ${{SERVER_LOG}}"
{server} > "${{SERVER_LOG}}" 2>&1 &
SERVER_PID=$!
# shellcheck disable=SC2317  # run by the EXIT trap
stop_server() {{
  kill "${{SERVER_PID}}" 2>/dev/null || true
  wait "${{SERVER_PID}}" 2>/dev/null || true
}}
trap 'stop_server; pack_results' EXIT
waited=0
until python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)' \\
  "${{URL}}/health" >/dev/null 2>&1; do
  if ! kill -0 "${{SERVER_PID}}" 2>/dev/null; then
    echo "[warn] the server stopped before it was ready: see ${{SERVER_LOG}}" >&2
    exit 1
  fi
  if [[ "${{waited}}" -ge "${{READY_TIMEOUT}}" ]]; then
    echo "[warn] the server was not ready after ${{READY_TIMEOUT}} s: see ${{SERVER_LOG}}" >&2
    exit 1
  fi
  sleep 10
  waited=$((waited + 10))
done

read -r -a RATE_LIST <<< "${{RATES}}"
for rate in "${{RATE_LIST[@]}}"; do
  echo "=== request rate ${{rate}}/s: ${{NUM_PROMPTS}} requests of ${{PROMPT_TOKENS}} + ${{OUTPUT_TOKENS}} tokens"
{_CLIENTS[bench.engine]} 2>&1 | tee "${{RESULTS_DIR}}/serving_rate_${{rate}}.info.txt" \\
    || echo "[warn] the benchmark at rate ${{rate}} failed" >&2
done
echo "Serving results written to ${{RESULTS_DIR}} (serving_rate_*)"
"""
    )
