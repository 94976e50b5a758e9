"""Finding calls written as text takes time linear in the text.

Each shape below made the old scan decode the same text again and again (or pay for an
error's line count from the start of the text at every `{`): quadratic, 0.36 s for a 20 KB
reply on Python 3.13. Measured as work, never in seconds, so a busy machine cannot fail it:
the characters handed to the JSON decoder and to the scan for closed values. For 4x the
text that work must stay near 4x (quadratic would be 16x); the bound is 6.
"""

import json
import unittest
from unittest import mock

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


def work(text):
    """The characters find() reads through the decoder and the closed-value scan."""
    read = []
    decode, closed = json.JSONDecoder.raw_decode, toolcalls._closed_values

    def counted_decode(decoder, s, idx=0):
        read.append(len(s) - idx)
        return decode(decoder, s, idx)

    def counted_closed(text, start, stop):
        read.append(stop - start)
        return closed(text, start, stop)

    with mock.patch.object(json.JSONDecoder, "raw_decode", counted_decode), \
            mock.patch.object(toolcalls, "_closed_values", counted_closed):
        toolcalls.find(text, ("get_stock",))
    return sum(read)


class Linear(unittest.TestCase):
    def test_four_times_the_text_takes_about_four_times_the_work(self):
        self.assertLessEqual(LARGE, toolcalls.MAX_SCAN_CHARS)
        for label, shape in SHAPES.items():
            with self.subTest(shape=label):
                small = (shape * SMALL)[:SMALL]
                large = (shape * LARGE)[:LARGE]
                ratio = work(large) / max(work(small), 1)
                self.assertLess(ratio, 6.0, f"{label}: 4x the text took {ratio:.1f}x the work")

    def test_calls_are_still_found_in_every_shape(self):
        found = toolcalls.find(SHAPES["calls in prose"] * 3, ("get_stock",))
        self.assertEqual(len(found), 3)
        inside = '{"x": {"name": "get_stock", "arguments": {"sku": "A001"}} oops'
        self.assertEqual(len(toolcalls.find(inside, ("get_stock",))), 1)


if __name__ == "__main__":
    unittest.main()
