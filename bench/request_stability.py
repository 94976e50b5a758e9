"""Request stability: is each request a byte-identical prefix of the next one?

    $ python bench/request_stability.py          # 200 seeded conversations per client

A model server can reuse its cache of the prompt only for the part of a request that is
byte-for-byte what it saw before. So each request of a run should be the previous request
with new messages appended: the previous body minus its closing `]}` must be a prefix of the
next body. This runs whole conversations through the real loop and each real client's
`chat` (Ollama, OpenAI-compatible, Anthropic; whole bodies and streams), with only the HTTP
exchange replaced by scripted wire replies (unicode, tool calls with and without ids,
arguments as objects and as JSON text, unknown tools, bad arguments, several calls per
reply), and reports the share of consecutive request pairs for which it holds. Target: 100%.

Two ways of building requests are measured: one client for the whole run (as the program
does), and a fresh client per request, which re-serialises the whole history each time and so
shows whether the conversion itself is deterministic.

To cover another adapter, add it to CLIENTS: a client factory and a function that scripts
its wire replies (whole bodies, or stream items).
"""

import argparse
import json
import os
import random
import sys
import tempfile
from unittest import mock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import agent  # noqa: E402  (after the path is set)
import tools  # noqa: E402
from stock_agent import run  # noqa: E402
from stock_agent.inventory import sample_inventory  # noqa: E402
from stock_agent.providers import anthropic, ollama, openai, transport  # noqa: E402
from stock_agent.run import Limits  # noqa: E402
from stock_agent.runlog import RunLog  # noqa: E402
from tests import fake_server as fs  # noqa: E402
from tests.fuzz_adapters import ndjson_lines, sse_lines  # noqa: E402

ARGUMENTS = ({"sku": "A001"}, {"sku": "A002"}, {"sku": "Z999"}, '{"sku": "A003"}',
             {"sku": "a001"}, {"sku": "A001", "extra": 1}, "{broken", {})
NAMES = ("get_stock", "get_stock", "get_stock", "find_items")
ANSWERS = ("A001: 12 in stock, reorder 18.", "濾掛咖啡（A001）庫存 12。", "<b>&</b> \"quoted\"",
           "line one\nline two\ttab", "🦜 sample data")


def _turns(rng):
    """One conversation, neutrally: some turns of (id, name, arguments) calls, then text."""
    turns = [[(f"call_{turn}{i:07d}", rng.choice(NAMES), rng.choice(ARGUMENTS))
              for i in range(rng.randrange(1, 4))] for turn in range(rng.randrange(1, 6))]
    return turns, rng.choice(("", "Let me check.")), rng.choice(ANSWERS)


def _text(arguments):
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def _object(arguments):
    return arguments if isinstance(arguments, dict) else {"sku": arguments}


def ollama_script(rng, *, stream):
    turns, lead, answer = _turns(rng)
    bodies = []
    for turn in turns:
        calls = [fs.ollama_call(name, arguments, index=i,
                                call_id=rng.choice((None, call_id)))
                 for i, (call_id, name, arguments) in enumerate(turn)]
        bodies.append(fs.ollama_stream([lead], tool_calls=calls) if stream
                      else fs.ollama_chat(lead, tool_calls=calls))
    bodies.append(fs.ollama_stream([answer]) if stream else fs.ollama_chat(answer))
    return bodies


def openai_script(rng, *, stream):
    turns, lead, answer = _turns(rng)
    bodies = []
    for turn in turns:
        if stream:
            bodies.append(fs.openai_stream([lead] if lead else (), finish_reason="tool_calls",
                                           tool_calls=[(call_id, name, [_text(arguments)])
                                                       for call_id, name, arguments in turn]))
        else:
            bodies.append(fs.openai_chat(lead or None, finish_reason="tool_calls", tool_calls=[
                fs.openai_call(call_id, name, _text(arguments))
                for call_id, name, arguments in turn]))
    bodies.append(fs.openai_stream([answer]) if stream else fs.openai_chat(answer))
    return bodies


def anthropic_script(rng, *, stream):
    turns, lead, answer = _turns(rng)
    bodies = []
    for turn in turns:
        blocks = ([fs.anthropic_text(lead)] if lead else []) + [
            fs.anthropic_tool_use(call_id, name, _object(arguments))
            for call_id, name, arguments in turn]
        bodies.append(fs.anthropic_stream(blocks, stop_reason="tool_use") if stream
                      else fs.anthropic_message(blocks, stop_reason="tool_use"))
    last = [fs.anthropic_text(answer)]
    bodies.append(fs.anthropic_stream(last) if stream else fs.anthropic_message(last))
    return bodies


CLIENTS = {  # name: (client factory, script, stream lines)
    "ollama": (lambda stream: ollama.OllamaClient(base_url="http://bench", model="m",
                                                  stream=stream),
               ollama_script, ndjson_lines),
    "openai": (lambda stream: openai.OpenAIClient(base_url="http://bench/v1", model="m",
                                                  stream=stream),
               openai_script, sse_lines),
    "anthropic": (lambda stream: anthropic.AnthropicClient(
        base_url="http://bench", model="m", stream=stream), anthropic_script, sse_lines),
}


def run_conversation(name, bodies, *, stream, fresh_client):
    """Run the loop against scripted wire replies; return every request body sent."""
    make_client, _, to_lines = CLIENTS[name]
    sent, replies = [], list(bodies)

    def fake_request(method, url, body, *, timeout, server, headers=None):
        sent.append(body)
        return 200, replies.pop(0), {}

    def fake_stream(url, body, *, timeout, server, headers=None):
        sent.append(body)
        return 200, None, {}, (line for line in to_lines(replies.pop(0)))

    model = make_client(stream)
    if fresh_client:
        model = mock.Mock(provider=name, model="m")
        model.chat = lambda messages, definitions, *, timeout: make_client(stream).chat(
            messages, definitions, timeout=timeout)
    limits = Limits(max_steps=len(bodies), max_context_chars=10**9,
                    max_tool_errors=len(bodies) * 3)  # bad arguments are on purpose
    with mock.patch.object(transport, "request_json", fake_request), \
            mock.patch.object(transport, "stream_lines", fake_stream), \
            tempfile.TemporaryDirectory() as log_dir:
        log = RunLog(log_dir)
        outcome = agent.run_agent("Check A001", model, toolbox=tools.default_toolbox(),
                                  inventory=sample_inventory(), limits=limits, log=log,
                                  system_prompt=run.SYSTEM_PROMPTS["en"])
        log.finish(outcome)
    if outcome.error is not None:
        raise AssertionError(f"{name}: the run failed with {outcome.error.code}")
    if replies:
        raise AssertionError(f"{name}: the run ended with {len(replies)} replies unused")
    return sent


def stable_pairs(sent):
    pairs = list(zip(sent, sent[1:]))
    held = sum(later.startswith(earlier[:-2]) and earlier.endswith(b"]}")
               for earlier, later in pairs)
    return held, len(pairs)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"request stability over {args.conversations} seeded conversations per client\n")
    print("| client | replies | requests built by | request pairs | byte-identical prefix |")
    print("|---|---|---|---:|---:|")
    worst = 1.0
    for name, (_, script, _) in CLIENTS.items():
        for stream in (False, True):
            for fresh in (False, True):
                held = total = 0
                for seed in range(args.conversations):
                    bodies = script(random.Random(seed), stream=stream)
                    sent = run_conversation(name, bodies, stream=stream, fresh_client=fresh)
                    pair_held, pair_total = stable_pairs(sent)
                    held, total = held + pair_held, total + pair_total
                share = held / total if total else 1.0
                worst = min(worst, share)
                how = "a fresh client per request" if fresh else "one client per run"
                kind = "streamed" if stream else "whole bodies"
                print(f"| {name} | {kind} | {how} | {total} | {share:.1%} |")
    return 0 if worst == 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
