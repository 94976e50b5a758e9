"""The modules run aside (tests/aside.py) are told to the suite as they ran: no failure,
error or skip of the child's is lost on its way to the run a person reads."""

import io
import os
import tempfile
import unittest

from tests import aside


def sample():
    """A test case with one test of each outcome a child can report (made here, so that
    discovery does not run it as a test of the suite)."""

    class Sample(unittest.TestCase):
        def test_passes(self):
            pass

        def test_fails(self):
            self.assertEqual(1, 2, "one is not two")

        def test_errs(self):
            raise KeyError("no such key")

        @unittest.skip("not here")
        def test_skipped(self):
            pass

        def test_a_subtest_fails(self):
            for n in (1, 2):
                with self.subTest(n=n):
                    self.assertLess(n, 2)

    return Sample


class ToldTest(unittest.TestCase):
    def test_each_outcome_of_the_child_reaches_the_suites_result(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "results.jsonl")
            case = sample()
            suite = unittest.defaultTestLoader.loadTestsFromTestCase(case)
            recorded = aside.Recorded(io.StringIO(), True, 0, path=path)
            suite.run(recorded)
            recorded.file.close()
            told = unittest.TestResult()
            self.assertEqual(aside._told(path, told), 5)
        name = f"{case.__module__}.{case.__qualname__}"
        self.assertEqual(told.testsRun, 5)
        self.assertEqual([test.id() for test, _ in told.failures],
                         [f"{name}.test_a_subtest_fails (n=2)", f"{name}.test_fails"])
        self.assertIn("one is not two", told.failures[1][1])
        self.assertEqual([test.id() for test, _ in told.errors], [f"{name}.test_errs"])
        self.assertIn("KeyError: 'no such key'", told.errors[0][1])
        self.assertEqual([(test.id(), why) for test, why in told.skipped],
                         [(f"{name}.test_skipped", "not here")])
        self.assertFalse(told.wasSuccessful())

    def test_no_file_of_results_tells_nothing(self):
        told = unittest.TestResult()
        self.assertEqual(aside._told(os.path.join(tempfile.gettempdir(), "none.jsonl"),
                                     told), 0)
        self.assertEqual(told.testsRun, 0)


if __name__ == "__main__":
    unittest.main()
