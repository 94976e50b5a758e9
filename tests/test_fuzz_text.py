"""Fuzzing `toolcalls.find`: random and mutated text around call-shaped JSON.

Properties: it never raises, and only declared tool names come back, each without an id
(a call recovered from text has none). Its share of FUZZ_CASES is set in
tests/test_fuzz_adapters_and_loop.py,
with the other targets'; FUZZ_SEED moves the seeds the same way.
"""

import json
import random
import unittest

from stock_agent import toolcalls
from tests import fuzzlib
from tests.fuzz_harness import VALID_ARGS
from tests.test_fuzz_adapters_and_loop import SEED, TEXT_CASES


class TextToolCallFuzz(unittest.TestCase):
    """`toolcalls.find` over random and mutated text: it never raises, and only
    declared tool names come back (text naming anything else is not a call to run)."""

    DECLARED = frozenset({"get_stock", "probe"})

    def test_find_never_raises_and_returns_only_declared_tools(self):
        failures, found = [], 0
        for case in range(TEXT_CASES):
            seed = SEED * 1_000_003 + case
            text = _call_text(random.Random(seed))
            try:
                calls = toolcalls.find(text, self.DECLARED)
            except Exception as exc:
                failures.append((seed, f"{type(exc).__name__}: {str(exc)[:120]}"))
                continue
            bad = [c for c in calls if not isinstance(c, dict) or c.get("name") not in
                   self.DECLARED or c.get("id") is not None or "arguments" not in c]
            if bad:
                failures.append((seed, f"returned {bad[0]!r:.120}"))
            found += bool(calls)
        shown = "\n".join(f"  seed {s}: {t}" for s, t in failures[:8])
        self.assertEqual(failures, [], f"{len(failures)} text cases failed:\n{shown}")
        self.assertGreater(found, TEXT_CASES // 10)  # calls are found, not only refused


CALL_SHAPES = (
    lambda name, args: {"name": name, "arguments": args},
    lambda name, args: {"name": name, "parameters": args},
    lambda name, args: {"name": name},
    lambda name, args: {"type": "function", "function": {"name": name,
                                                          "arguments": json.dumps(args)}},
    lambda name, args: [{"name": name, "arguments": args}] * 2,
)
WRAPPERS = ("{}", "<tool_call>{}</tool_call>", "```json\n{}\n```", "Sure! {} Done.", "{}\n{}")


def _call_text(rng):
    """Text around call-shaped JSON naming declared and undeclared tools, then damaged."""
    name = rng.choice(("get_stock", "probe", "delete_all", "", "GET_STOCK", "get_stock ",
                       fuzzlib.weird_string(rng)))
    shape = rng.choice(CALL_SHAPES)(name, fuzzlib.mutate(rng, VALID_ARGS["get_stock"])
                                    if rng.random() < 0.3 else VALID_ARGS["get_stock"])
    if rng.random() < 0.3:
        shape = fuzzlib.mutate(rng, shape)
    try:
        payload = json.dumps(shape, ensure_ascii=rng.random() < 0.5)
    except (ValueError, RecursionError):
        payload = "{"
    text = rng.choice(WRAPPERS).replace("{}", payload)
    roll = rng.random()
    if roll < 0.2:  # cut anywhere
        text = text[:rng.randrange(len(text) + 1)]
    elif roll < 0.3:
        spot = rng.randrange(len(text) + 1)
        text = text[:spot] + rng.choice(fuzzlib.BROKEN_JSON_TEXT + fuzzlib.WEIRD_STRINGS) \
            + text[spot:]
    elif roll < 0.33:
        text = rng.choice(("[", "{", '{"a":[')) * rng.choice((300, 3_000)) + text
    elif roll < 0.35:
        text = fuzzlib.weird_string(rng) + text * rng.choice((1, 30, 300))
    return text


if __name__ == "__main__":
    unittest.main()
