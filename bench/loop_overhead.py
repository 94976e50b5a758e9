"""Per-step cost of the loop itself, as the history grows from 2 to about 2,000 messages.

    $ python bench/loop_overhead.py             # 5 runs of 1,000 steps, medians per band

The model answers instantly (one get_stock call per step, then a final answer), so what is
timed is the program's own work per step: validating the reply, running the tool, appending to
the history, keeping the request size, and writing two log events to a real file. Target:
flat, that is the last band costs about what the first does (ratio near 1.0x). Each step
asks for another SKU (A001, A002, ... most of them not in the sample, a declared
SKU_NOT_FOUND answer): the same call three times would be refused by the repeat guard and
end the run at the tool-error limit.

A second column adds what the Ollama client does per request: build the request body. Its
converted messages are cached, but the bytes of the whole history are joined for every
request, so that column is expected to grow with the history; it is shown for comparison.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import agent  # noqa: E402  (after the path is set)
import tools  # noqa: E402
from mock_model import calls_reply, text_reply, tool_call  # noqa: E402
from stock_agent import run  # noqa: E402
from stock_agent.inventory import sample_inventory  # noqa: E402
from stock_agent.providers import ollama  # noqa: E402
from stock_agent.run import Limits  # noqa: E402
from stock_agent.runlog import RunLog  # noqa: E402

BANDS = ((2, 12), (100, 120), (500, 520), (1000, 1020), (1980, 2002))


class InstantModel:
    """Calls get_stock `steps` times, then answers; records when each request arrived."""

    provider = model = "instant"

    def __init__(self, steps, *, client=None):
        self.steps = steps
        self.client = client
        self.arrivals = []  # (history length, perf_counter)

    def chat(self, messages, definitions, *, timeout):
        if self.client is not None:
            self.client.request_body(messages, definitions)
        self.arrivals.append((len(messages), time.perf_counter()))
        if len(self.arrivals) > self.steps:
            return text_reply("done")
        step = len(self.arrivals)
        return calls_reply(tool_call("get_stock", {"sku": f"A{step:03d}"}, f"call_{step}"))


def one_run(steps, *, with_body):
    client = ollama.OllamaClient(base_url="http://bench", model="m") if with_body else None
    model = InstantModel(steps, client=client)
    limits = Limits(max_steps=steps + 1, max_context_chars=10**9, budget_seconds=600.0)
    with tempfile.TemporaryDirectory() as log_dir:
        log = RunLog(log_dir)
        outcome = agent.run_agent("Check A001", model, toolbox=tools.default_toolbox(),
                                  inventory=sample_inventory(), limits=limits, log=log,
                                  system_prompt=run.SYSTEM_PROMPTS["en"])
        log.finish(outcome)
    if outcome.error is not None:
        raise AssertionError(f"the run failed with {outcome.error.code}")
    # A step's cost: from one request to the next, with the history length at its start.
    return [(length, later - earlier) for (length, earlier), (_, later)
            in zip(model.arrivals, model.arrivals[1:])]


def band_medians(runs):
    medians = []
    for low, high in BANDS:
        values = [cost for run in runs for length, cost in run if low <= length <= high]
        medians.append(statistics.median(values))
    return medians


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args(argv)
    loop = band_medians([one_run(args.steps, with_body=False) for _ in range(args.runs)])
    body = band_medians([one_run(args.steps, with_body=True) for _ in range(args.runs)])
    print(f"loop step cost by history length, median of {args.runs} runs of {args.steps} "
          f"steps, Python {sys.version.split()[0]}\n")
    print("| history (messages) | loop step, ratio to first band | "
          "loop + Ollama body, ratio to first band |")
    print("|---|---:|---:|")
    for (low, high), step, with_body in zip(BANDS, loop, body):
        print(f"| {low}-{high} | {step / loop[0]:.2f}x | {with_body / body[0]:.2f}x |")
    print(f"\nfirst band: loop step {loop[0] * 1e6:.0f} us, with body {body[0] * 1e6:.0f} us "
          f"(absolute figures vary by machine; the ratios are the result)")
    print(f"loop at ~2,000 messages: {loop[-1] / loop[0]:.2f}x the cost at 2 (target: flat)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
