"""Request stability: is each request a byte-identical prefix of the next one?

    $ python bench/request_stability.py          # 200 seeded conversations per client

A model server can reuse its cache of the prompt only for the part of a request that is
byte-for-byte what it saw before. So each request of a run should be the previous request
with new messages appended: the previous body minus its closing `]}` must be a prefix of the
next body. This runs whole conversations through the real loop and the real
`OllamaClient.chat` (only the HTTP call is replaced by scripted Ollama bodies: unicode, tool
calls with and without ids, arguments as objects and as JSON text, unknown tools, bad
arguments, several calls per reply) and reports the share of consecutive request pairs for
which it holds. Target: 100%.

Two ways of building requests are measured: one client for the whole run (as the program
does), and a fresh client per request, which re-serialises the whole history each time and so
shows whether the conversion itself is deterministic.

To cover another adapter, add it to CLIENTS with a function that scripts its wire replies.
"""

import argparse
import os
import random
import sys
import tempfile
from unittest import mock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import agent  # noqa: E402  (after the path is set)
import providers  # noqa: E402
import tools  # noqa: E402
from tests.fake_server import ollama_call, ollama_chat  # noqa: E402

ARGUMENTS = ({"sku": "A001"}, {"sku": "A002"}, {"sku": "Z999"}, '{"sku": "A003"}',
             {"sku": "a001"}, {"sku": "A001", "extra": 1}, "{broken", {})
NAMES = ("get_stock", "get_stock", "get_stock", "find_items")
ANSWERS = ("A001: 12 in stock, reorder 18.", "濾掛咖啡（A001）庫存 12。", "<b>&</b> \"quoted\"",
           "line one\nline two\ttab", "🦜 sample data")


def ollama_script(rng):
    """The wire bodies of one conversation: some tool-call turns, then an answer."""
    bodies = []
    for turn in range(rng.randrange(1, 6)):
        calls = [ollama_call(rng.choice(NAMES), rng.choice(ARGUMENTS), index=i,
                             call_id=rng.choice((None, f"call_{turn}{i:07d}")))
                 for i in range(rng.randrange(1, 4))]
        bodies.append(ollama_chat(rng.choice(("", "Let me check.")), tool_calls=calls))
    bodies.append(ollama_chat(rng.choice(ANSWERS)))
    return bodies


def run_conversation(bodies, *, fresh_client):
    """Run the loop against scripted bodies; return every request body sent."""
    sent, replies = [], list(bodies)

    def fake_post(url, body, *, timeout, server, headers=None):
        sent.append(body)
        return 200, replies.pop(0)

    client = providers.OllamaClient(base_url="http://bench", model="m")
    model = client
    if fresh_client:
        model = mock.Mock(provider="ollama", model="m")
        model.chat = lambda messages, definitions, *, timeout: providers.OllamaClient(
            base_url="http://bench", model="m").chat(messages, definitions, timeout=timeout)
    limits = agent.Limits(max_steps=len(bodies), max_context_chars=10**9)
    with mock.patch.object(providers, "post_json", fake_post), \
            tempfile.TemporaryDirectory() as log_dir:
        log = agent.RunLog(log_dir)
        agent.run_agent("Check A001", model, toolbox=tools.default_toolbox(),
                        inventory=tools.sample_inventory(), limits=limits, log=log,
                        system_prompt=agent.SYSTEM_PROMPTS["en"])
        log.finish("completed")
    return sent


def stable_pairs(sent):
    pairs = list(zip(sent, sent[1:]))
    held = sum(later.startswith(earlier[:-2]) and earlier.endswith(b"]}")
               for earlier, later in pairs)
    return held, len(pairs)


CLIENTS = {"ollama": ollama_script}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"request stability over {args.conversations} seeded conversations per client\n")
    print("| client | requests built by | request pairs | byte-identical prefix |")
    print("|---|---|---:|---:|")
    worst = 1.0
    for name, script in CLIENTS.items():
        for fresh in (False, True):
            held = total = 0
            for seed in range(args.conversations):
                sent = run_conversation(script(random.Random(seed)), fresh_client=fresh)
                pair_held, pair_total = stable_pairs(sent)
                held, total = held + pair_held, total + pair_total
            share = held / total if total else 1.0
            worst = min(worst, share)
            how = "a fresh client per request" if fresh else "one client per run"
            print(f"| {name} | {how} | {total} | {share:.1%} |")
    return 0 if worst == 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
