"""Where the suite's time goes: the slowest tests, classes and modules, in wall time.

    $ python bench/suite_time.py                       # the whole suite, as python -m unittest
    $ python bench/suite_time.py tests.test_core_cli --top 5

A class's time counts its fixtures (setUpClass, and what ran between its tests), a module's
its classes'. A test whose real processes start early (tests/support.py's Early) counts
only what it still had to wait for; the tests of the modules run aside (tests/aside.py)
show no time, and the wait for their process counts to aside.Told. The load average is
printed beside the wall time, and the CPU time of this process and of its children: on a
busy machine the figures grow, so compare runs made under the same load. Exit status 1 if
a test failed.
"""

import argparse
import collections
import os
import resource
import sys
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class TimedResult(unittest.TextTestResult):
    """A result that also keeps each test's wall time and each class's and module's."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tests, self.classes = {}, collections.Counter()
        self.modules = collections.Counter()
        self.last = self.started = time.perf_counter()

    def startTest(self, test):
        self.started = time.perf_counter()
        super().startTest(test)

    def stopTest(self, test):
        super().stopTest(test)
        now = time.perf_counter()
        self.tests[test.id()] = now - self.started
        kind = type(test)
        self.classes[f"{kind.__module__}.{kind.__qualname__}"] += now - self.last
        self.modules[kind.__module__] += now - self.last
        self.last = now


def main(argv=None, *, out=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="tests to run (default: the whole suite)")
    parser.add_argument("--top", type=int, default=10, help="rows per table (default 10)")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    loader = unittest.TestLoader()
    started = time.perf_counter()
    suite = (loader.loadTestsFromNames(args.names) if args.names
             else loader.discover(ROOT, top_level_dir=ROOT))
    loaded = time.perf_counter()
    with open(os.devnull, "w") as quiet:
        result = unittest.TextTestRunner(stream=quiet, resultclass=TimedResult).run(suite)
    ended = time.perf_counter()
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                         resource.RUSAGE_CHILDREN))
    print(f"{result.testsRun} tests, {len(result.failures) + len(result.errors)} failed, "
          f"{len(result.skipped)} skipped: {ended - started:.1f} s wall ({loaded - started:.1f}"
          f" s loading), load average {' '.join(f'{n:.2f}' for n in os.getloadavg())}; "
          f"CPU {own.ru_utime + own.ru_stime:.1f} s here, "
          f"{children.ru_utime + children.ru_stime:.1f} s in child processes", file=out)
    for title, times in (("tests", result.tests), ("classes", result.classes),
                         ("modules", result.modules)):
        print(f"\n| slowest {title} | s |\n|---|---:|", file=out)
        for name, seconds in sorted(times.items(), key=lambda item: -item[1])[:args.top]:
            print(f"| {name.removeprefix('tests.')} | {seconds:.2f} |", file=out)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    raise SystemExit(main())
