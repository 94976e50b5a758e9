"""Finding calls written as text takes time linear in the text (item 20).

Each shape below made the old scan decode the same text again and again (or pay for an
error's line count from the start of the text at every `{`): quadratic, 0.36 s for a 20 KB
reply on Python 3.13. Measured as a ratio, never in seconds: the time for 4x the text over
the time for the text must stay near 4 (quadratic would be 16); the bound, 8, is generous
for a busy machine.
"""

import time
import unittest

from stock_agent import toolcalls

SHAPES = {
    "open braces": "{",
    "keys without values": '{"x" ',
    "quote then brace": '"{',
    "objects never closed": '{"name": "get_stock", "x": ',
    "a list of calls never closed": '[{"name": "get_stock", "arguments": {}}, ',
    "calls in prose": 'Sure: {"name": "get_stock", "arguments": {"sku": "A001"}} and ',
}
SMALL, LARGE = 4_000, 16_000  # both under toolcalls.MAX_SCAN_CHARS


def best_time(text, rounds=3):
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        toolcalls.find(text, ("get_stock",))
        best = min(best, time.perf_counter() - started)
    return best


class Linear(unittest.TestCase):
    def test_four_times_the_text_takes_about_four_times_as_long(self):
        self.assertLessEqual(LARGE, toolcalls.MAX_SCAN_CHARS)
        for label, shape in SHAPES.items():
            with self.subTest(shape=label):
                small = (shape * SMALL)[:SMALL]
                large = (shape * LARGE)[:LARGE]
                ratio = best_time(large) / max(best_time(small), 1e-6)
                self.assertLess(ratio, 8.0, f"{label}: 4x the text took {ratio:.1f}x as long")

    def test_calls_are_still_found_in_every_shape(self):
        found = toolcalls.find(SHAPES["calls in prose"] * 3, ("get_stock",))
        self.assertEqual(len(found), 3)
        inside = '{"x": {"name": "get_stock", "arguments": {"sku": "A001"}} oops'
        self.assertEqual(len(toolcalls.find(inside, ("get_stock",))), 1)


if __name__ == "__main__":
    unittest.main()
