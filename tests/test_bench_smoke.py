"""The benchmarks still run: each bench script, at a tiny size, against today's code.

Not timed (the figures are in docs/benchmarks.md). After the providers issue landed, two
benches broke silently: request_stability patched a function the clients no longer call, and
loop_overhead's repeated call now meets the repeat guard. These checks would have said so.
startup.py --instructions needs valgrind and the seed article, so its parts are also checked
on fixtures: reading a callgrind out file, rebuilding a flattened listing, its exit statuses.
"""

import contextlib
import importlib.util
import io
import os
import shutil
import sys
import tempfile
import unittest
from unittest import mock

from tests.support import Early, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_bench(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}",
                                                  os.path.join(ROOT, "bench", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BenchesRun(unittest.TestCase):
    def test_request_stability_holds_for_every_client_and_mode(self):
        bench = load_bench("request_stability")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = bench.main(["--conversations", "4"])
        rows = [line for line in out.getvalue().splitlines() if line.startswith("| ")][1:]
        self.assertEqual(status, 0, out.getvalue())
        self.assertEqual(len(rows), 3 * 2 * 2)  # client x whole/streamed x one/fresh client
        self.assertTrue(all(row.endswith("| 100.0% |") for row in rows), rows)

    def test_loop_overhead_runs_every_step(self):
        costs = load_bench("loop_overhead").one_run(30, with_body=True)
        self.assertEqual(len(costs), 30)

    def test_conversation_growth_times_both_bands(self):
        bench = load_bench("conversation_growth")
        with contextlib.redirect_stdout(io.StringIO()) as out:
            status = bench.main(["--runs", "1", "--small", "4", "--large", "12",
                                 "--window", "3"])
        self.assertIn(status, (0, 1), out.getvalue())  # 1: target missed (not timed here)
        rows = [line for line in out.getvalue().splitlines() if line.startswith("| ")]
        self.assertEqual(rows[0], "| at question 4 | at question 12 | ratio |")
        self.assertRegex(rows[-1], r"^\| [\d.]+ ms \| [\d.]+ ms \| [\d.]+x \|$")

    def test_suite_time_tables_the_slowest_and_says_when_a_test_failed(self):
        bench, out = load_bench("suite_time"), io.StringIO()
        status = bench.main(["tests.test_evals_stats", "--top", "2"], out=out)
        lines = out.getvalue().splitlines()
        self.assertEqual(status, 0, out.getvalue())
        self.assertRegex(lines[0], r"^\d+ tests, 0 failed, 0 skipped: [\d.]+ s wall \(")
        for table in ("tests", "classes", "modules"):
            rows = lines[lines.index(f"| slowest {table} | s |") + 2:]
            rows = rows[:rows.index("")] if "" in rows else rows
            self.assertTrue(1 <= len(rows) <= 2, (table, rows))
            self.assertTrue(all(row.startswith("| test_evals_stats") for row in rows), rows)
        self.assertEqual(bench.main(["tests.no_such_module"], out=io.StringIO()), 1)

    def test_parallel_batch_runs(self):
        bench = load_bench("parallel_batch")
        with mock.patch.object(bench, "LATENCY", 0.001), \
                contextlib.redirect_stdout(io.StringIO()) as out:
            bench.main(["--repeat", "1"])
        self.assertIn("parallel / sequential", out.getvalue())


# A callgrind out file, cut down: the header, one cost line, and the totals.
CALLGRIND_OUT = """# callgrind format
version: 1
creator: callgrind-3.19.0
cmd:  venv/bin/python -c pass
positions: line
events: Ir
summary: 35581383

fn=(1) main
0 43
totals: 35581383
"""

# A listing flattened the way the seed article prints its own: no indentation, curled quotes,
# `--` and minus as en dashes.
FLAT_ARTICLE = """Some prose, then the listing.
“””A tiny agent, flattened.”””
import sys
NOTE = “””first line
 second line, kept as it is”””
WORDS = [“a”,
“b”]
def answer(words):
for word in words:
if word == “–mock”:
return “mock answer ” + str(2 – 1)
else:
continue
return “no answer”
def main():
# run it
try:
print(answer(sys.argv[1:]))
except KeyError:
raise SystemExit(“unreachable”)
if __name__ == “__main__”:
main()
Run it with --mock. Expected output: mock answer 1
"""

REBUILT = '''"""A tiny agent, flattened."""
import sys
NOTE = """first line
 second line, kept as it is"""
WORDS = ["a",
    "b"]
def answer(words):
    for word in words:
        if word == "--mock":
            return "mock answer " + str(2 - 1)
        else:
            continue
    return "no answer"
def main():
    # run it
    try:
        print(answer(sys.argv[1:]))
    except KeyError:
        raise SystemExit("unreachable")
if __name__ == "__main__":
    main()'''


def samples_rebuilt():
    """write_sample_agent (each runs the rebuilt agent.py) on FLAT_ARTICLE and on a copy
    whose printed answer is wrong: (the bench module, what each raised, or None)."""
    bench, raised = load_bench("startup"), []
    with tempfile.TemporaryDirectory() as folder:
        for name, text in (("good", FLAT_ARTICLE),
                           ("wrong", FLAT_ARTICLE.replace("output: mock answer 1", "2"))):
            article = os.path.join(folder, f"{name}.txt")
            with open(article, "w", encoding="utf-8") as file:
                file.write(text)
            try:
                bench.write_sample_agent(article, os.path.join(folder, name), sys.executable)
            except bench.SampleError as error:
                raised.append(error)
            else:
                raised.append(None)
    return bench, *raised


def callgrind_bare_start():
    """What bench/startup.py reads from callgrind for the bare start of a shell, not of
    Python: the same run of valgrind and reading of its out file in a tenth of the time
    (about 200,000 instructions; Python's 27 million take callgrind two seconds)."""
    with tempfile.TemporaryDirectory() as folder:
        return load_bench("startup").callgrind_instructions(
            shutil.which("valgrind"), [shutil.which("sh"), "-c", ":"], folder,
            os.path.join(folder, "callgrind.out"))


# Child processes the tests only wait for (support.Early; load_tests starts them).
REBUILT_SAMPLES = Early(samples_rebuilt)
HAS_VALGRIND = bool(shutil.which("valgrind") and shutil.which("sh"))
CALLGRIND_BARE_START = Early(callgrind_bare_start)


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the children start now."""
    start(REBUILT_SAMPLES)
    if HAS_VALGRIND:
        start(CALLGRIND_BARE_START)
    return tests


class StartupInstructions(unittest.TestCase):
    """The parts of `bench/startup.py --instructions` that need neither valgrind nor the seed."""

    def setUp(self):
        self.bench = load_bench("startup")
        self.tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.tmp)

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return path

    def test_the_total_comes_from_the_totals_line(self):
        self.assertEqual(self.bench.callgrind_total(CALLGRIND_OUT.splitlines()), 35581383)
        only_summary = CALLGRIND_OUT.replace("totals: 35581383", "")
        self.assertEqual(self.bench.callgrind_total(only_summary.splitlines()), 35581383)

    def test_the_total_is_the_ir_column(self):
        out = CALLGRIND_OUT.replace("events: Ir", "events: Dr Ir").replace(
            "totals: 35581383", "totals: 7 35581383")
        self.assertEqual(self.bench.callgrind_total(out.splitlines()), 35581383)

    def test_a_file_without_totals_is_refused(self):
        with self.assertRaises(ValueError):
            self.bench.callgrind_total(["fn=(1) main", "0 43", "cmd: python"])

    def test_a_flattened_listing_gets_its_indentation_back(self):
        lines = self.bench.listing_lines(FLAT_ARTICLE)
        self.assertEqual("\n".join(self.bench.indent_listing(lines)), REBUILT)

    def test_the_seed_article_is_the_file_holding_the_listing(self):
        self.write("a.txt", "An article without code.\n")
        article = self.write("b.txt", FLAT_ARTICLE)
        self.assertEqual(self.bench.find_seed_article(self.tmp), article)
        self.assertEqual(self.bench.find_seed_article(article), article)
        self.assertIsNone(self.bench.find_seed_article(os.path.join(self.tmp, "a.txt")))

    def test_the_rebuilt_sample_must_answer_as_the_article_shows(self):
        bench, good, wrong = REBUILT_SAMPLES.result()
        self.assertIsNone(good)
        self.assertIsInstance(wrong, bench.SampleError)

    def test_no_seed_article_is_its_own_exit_status(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            status = self.bench.main(["--instructions", "--seeds", self.tmp])
        self.assertEqual(status, self.bench.NO_SEED)
        self.assertEqual(status, 3)
        self.assertIn("no seed article", err.getvalue())

    def test_without_valgrind_the_count_is_skipped_with_a_note(self):
        self.write("article.txt", FLAT_ARTICLE)
        with mock.patch.object(self.bench.shutil, "which", return_value=None), \
                contextlib.redirect_stdout(io.StringIO()) as out:
            status = self.bench.main(["--instructions", "--seeds", self.tmp])
        self.assertEqual(status, 0)
        self.assertIn("skipped: valgrind is not installed", out.getvalue())

    @unittest.skipUnless(os.path.isdir(load_bench("startup").SEEDS), "no seed articles")
    def test_the_seed_articles_sample_agent_rebuilds_and_answers(self):
        article = self.bench.find_seed_article(self.bench.SEEDS)
        self.assertIsNotNone(article)
        self.bench.write_sample_agent(article, os.path.join(self.tmp, "article"),
                                      sys.executable)

    @unittest.skipUnless(HAS_VALGRIND, "valgrind is not installed")
    def test_callgrind_counts_a_bare_start(self):
        self.assertGreater(CALLGRIND_BARE_START.result(), 50_000)


if __name__ == "__main__":
    unittest.main()
