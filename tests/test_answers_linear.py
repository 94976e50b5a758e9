"""Reading a long question takes time linear in it: a pattern of question.py that could
backtrack over the whole question (DIFFERENCE's "more ... by how much" once spanned it with
`.*`: 124 ms at 8,000 characters of "more ", quadratic) is bounded. Measured as a ratio of
two timings in one run, the best of many taken in turn, so a busy machine slows both: 4x
the text must take well under the 16x a quadratic pattern takes."""

import re
import time
import unittest

from stock_agent.answers import question

SMALL, LARGE = 2_000, 8_000


def best_times(pattern, short, long, tries=21):
    """The best of `tries` timings of each text, taken in turn, so a busy spell slows
    both (best of five, one after the other, failed beside a model server on 2 cores)."""
    times = {short: [], long: []}
    for _ in range(tries):
        for text in (short, long):
            start = time.perf_counter()
            re.search(pattern, text)
            times[text].append(time.perf_counter() - start)
    return min(times[short]), min(times[long])


def least_ratio(pattern, short, long, attempts=3):
    """The least of up to `attempts` ratios of the long text's time to the short one's,
    stopping at the first under the bound: a model server beside the suite on 2 cores made
    one measurement 13x; a quadratic pattern is 16x every time."""
    ratios = []
    for _ in range(attempts):
        small, large = best_times(pattern, short, long)
        ratios.append(large / max(small, 1e-6))
        if ratios[-1] < 9.0:
            break
    return min(ratios)


class LinearTest(unittest.TestCase):
    def test_four_times_the_question_takes_about_four_times_as_long(self):
        for name in ("DIFFERENCE", "TOTAL", "COMPARES", "ASKS_STOCK"):
            pattern = getattr(question, name)
            for word in ("more ", "how many ", "stock "):
                short, long = (word * SMALL)[:SMALL], (word * LARGE)[:LARGE]
                if re.search(pattern, short):
                    continue  # found at once (COMPARES in "more"): too quick to time
                with self.subTest(pattern=name, word=word):
                    self.assertLess(least_ratio(pattern, short, long), 9.0)

    def test_by_how_much_is_still_read_across_the_question(self):
        self.assertTrue(question.shape("which has more stock, A001 or A002? by how much")
                        ["difference"])
