"""The answer check on its corpus: the test split through the command line, against a
loopback Ollama server (tests/answers_corpus.py), one server for the class.

The check is tuned on the dev split only (tests/data/make_answers.py). The bounds are the
rates it reached here (docs/verify.md, "How well it checks"), not the issue's 2% goal: on
the 230 answers of the first seven batches none is misjudged either way, but on the 64
written blind (the eighth batch) 6 of 32 correct answers are sent to correction and 3 of
32 wrong ones complete. An answer that only leaves a figure out gets the facts added
("supplemented") and counts as accepted. A change that makes the check worse fails here;
one that makes it better should lower the bounds.
"""

import json
import os
import re
import subprocess
import sys
import unittest

from tests import answers_corpus

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The split's 486 runs take seconds of one core: they start in a child process as the
# suite loads this module, beside the tests that mostly wait (timeouts, signals).
_replay = subprocess.Popen([sys.executable, "-m", "tests.answers_corpus", "--verdicts", "test"],
                           cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)

# With the second blind batch (64 answers nobody had read) the split measured 8 and 7;
# after the twelfth batch's rules 4 and 1, and 2 of the 4 were "top N" lists labelled
# correct though they name items list_reorder never returned (relabelled wrong). A third
# blind batch (the fourteenth, 64 more) measured 3 and 6 before any rule written after
# reading it; after the fifteenth (dev) batch's rules 1 and 0. A fourth blind batch (the
# sixteenth, 64 more) measured 7 and 6 before any rule written after reading it; after
# the seventeenth (dev) batch's rules:
MAX_CORRECT_SENT = 1   # of 261 correct answers: 0.4%
MAX_WRONG_COMPLETED = 2   # of 225 wrong answers: 0.9%


class TestSplitTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        try:
            out, err = _replay.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            _replay.kill()
            raise
        if _replay.returncode != 0:
            raise AssertionError(f"the corpus replay failed:\n{err[-2000:]}")
        seen = json.loads(out)
        cls.runs = [(case, seen[case["id"]]) for case in answers_corpus.load("test")]
        cls.rates = answers_corpus.rates(cls.runs)

    def test_the_split_holds_both_languages_and_both_labels(self):
        counts = self.rates["all"]
        self.assertGreaterEqual(counts["correct"] + counts["wrong"], 100)
        for lang in ("en", "zh-TW"):
            self.assertGreater(self.rates[lang]["correct"], 20)
            self.assertGreater(self.rates[lang]["wrong"], 20)

    def test_few_correct_answers_are_sent_to_correction(self):
        sent = [case["id"] for case, seen in self.runs
                if case["label"] == "correct" and seen not in answers_corpus.ACCEPTED]
        self.assertLessEqual(len(sent), MAX_CORRECT_SENT, sent)

    def test_few_wrong_answers_complete(self):
        completed = [case["id"] for case, seen in self.runs
                     if case["label"] == "wrong" and seen in answers_corpus.COMPLETED]
        self.assertLessEqual(len(completed), MAX_WRONG_COMPLETED, completed)

    def test_no_invented_order_or_order_id_completes(self):
        # Invented: no write ran, or the answer gives an id no receipt has (PO-000001 is the
        # run's). A placed order the answer denies (「還沒有下單」) is a miss of another kind.
        completed = [case["id"] for case, seen in self.runs if case["kind"] == "order_claims"
                     and case["label"] == "wrong" and seen in answers_corpus.COMPLETED
                     and (not case["orders"] or re.search(r"PO-(?!000001)\d", case["answer"]))]
        self.assertEqual(completed, [])

    def test_a_wrong_answer_the_facts_can_answer_is_rendered_from_them(self):
        # The real model's wrong answers are mostly about a SKU it guessed: the facts
        # cannot answer those, so they end UNVERIFIED_ANSWER by design.
        seen = [seen for case, seen in self.runs
                if case["label"] == "wrong" and case["kind"] != "real_model"]
        self.assertGreater(seen.count("rendered"), len(seen) * 0.8)

    def test_the_report_docs_verify_shows_is_these_rates(self):
        # docs/verify.md's `python -m tests.answers_corpus test` prints this report; the
        # docs check leaves that command to this class, which has the runs already.
        lines = answers_corpus.report("test", self.runs).splitlines()
        self.assertEqual(lines[0], f"split test: {len(self.runs)} answers")
        row = self.rates["all"]
        self.assertEqual(lines[2].split()[:5], [
            "all", f"{row['sent']}/{row['correct']}",
            f"{100 * row['sent'] / row['correct']:.1f}%",
            f"{row['completed']}/{row['wrong']}",
            f"{100 * row['completed'] / row['wrong']:.1f}%"])


if __name__ == "__main__":
    unittest.main()
