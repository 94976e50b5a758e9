"""Some of the suite's modules run in a process of their own, beside the rest.

By the middle of a suite run the real processes the tests wait for have ended, and what is
left ran one test at a time on one core; many of those tests wait (for a timeout to run
out, a server to answer), and the other core stayed idle. So `python -m unittest` runs
ASIDE's modules in one child process (`python -m tests.aside RESULTS MODULE...`), started
as the suite's early work (support.Early) ends, and each of their tests is told to the
suite's result as that child ran it, before the documented commands' test: its id, its
outcome, and for a failure the child's traceback as the message. Every test still runs,
in full, with the same interpreter and environment; only the process differs.

The modules aside are whole and stand alone: none starts early work of its own (support.
Early) or needs another module's. A run that names tests (`-k`, or a module) runs them here.
"""

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests.support import Early

# Tests that mostly wait (timeouts, servers, MCP children) and start nothing early.
ASIDE = ("tests.test_mcp_protocol", "tests.test_mcp_faults", "tests.test_mcp_tools",
         "tests.test_mcp_messages", "tests.test_mcp_reaper",
         "tests.test_providers_http_bounds", "tests.test_providers_wire",
         "tests.test_providers_ollama", "tests.test_providers_conformance",
         "tests.test_replay", "tests.test_watch_verbose")
WAIT_SECONDS = 600  # the bound on waiting for the child; it takes 10-20 s


class Aside(unittest.TestSuite):
    """ASIDE's modules, run in a child as early work (support.Early, queued after the early
    work of every other module: it starts as that work ends); run() tells their tests."""

    def __init__(self, modules):
        super().__init__()
        self.modules = modules
        folder = tempfile.mkdtemp(prefix="stock-agent-aside-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        self.results = os.path.join(folder, "results.jsonl")
        self.ran = Early(self._run_child).start()

    def _run_child(self):
        """The child's run of the modules: (exit status, what it printed)."""
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.aside", self.results, *self.modules],
            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        try:
            output = child.communicate(timeout=WAIT_SECONDS)[0]
            return child.returncode, output
        finally:
            if child.poll() is None:
                child.kill()
                child.communicate()

    def run(self, result, debug=False):
        try:
            status, output = self.ran.result()
        except subprocess.TimeoutExpired as exc:
            status, output = f"none (stopped after {WAIT_SECONDS} s)", str(exc.output or "")
        told = _told(self.results, result)
        if status not in (0, 1) or not told:
            _tell(result, f"tests.aside ({' '.join(self.modules)})", "error",
                  f"the process of the modules aside ended with status {status}:\n"
                  f"{output[-3000:]}")
        return result

    def countTestCases(self):
        return 0  # not known before the child has run


def _told(path, result):
    """Each test the child wrote to `path`, told to `result`: how many."""
    if not os.path.exists(path):
        return 0
    with open(path, encoding="utf-8") as file:
        records = [json.loads(line) for line in file]
    for record in records:
        _tell(result, record["id"], record["outcome"], record.get("detail"))
    return len(records)


class Told(unittest.TestCase):
    """A test of another process, as it ran there: its id; nothing runs here."""

    def __init__(self, test_id):
        super().__init__()
        self.test_id = test_id

    def id(self):
        return self.test_id

    def __str__(self):
        return self.test_id

    def shortDescription(self):
        return None

    def runTest(self):
        raise AssertionError("a test told from another process is not run again")


def _tell(result, test_id, outcome, detail=None):
    test = Told(test_id)
    result.startTest(test)
    if outcome == "success":
        result.addSuccess(test)
    elif outcome == "skip":
        result.addSkip(test, detail)
    elif outcome == "expected failure":
        result.addExpectedFailure(test, (AssertionError, AssertionError(detail), None))
    elif outcome == "unexpected success":
        result.addUnexpectedSuccess(test)
    else:  # "failure" or "error": the child's traceback is the message
        kind = AssertionError if outcome == "failure" else RuntimeError
        add = result.addFailure if outcome == "failure" else result.addError
        add(test, (kind, kind(detail), None))
    result.stopTest(test)


# --- The child ------------------------------------------------------------------------

class Recorded(unittest.TextTestResult):
    """A result that also writes one line per outcome to a JSONL file, flushed."""

    def __init__(self, *args, path, **kwargs):
        super().__init__(*args, **kwargs)
        self.file = open(path, "w", encoding="utf-8")

    def record(self, test, outcome, err=None, detail=None):
        if err is not None:
            detail = self._exc_info_to_string(err, test)
        self.file.write(json.dumps({"id": test.id(), "outcome": outcome,
                                    "detail": detail}) + "\n")
        self.file.flush()

    def addSuccess(self, test):
        super().addSuccess(test)
        self.record(test, "success")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.record(test, "failure", err)

    def addError(self, test, err):
        super().addError(test, err)
        self.record(test, "error", err)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            failed = issubclass(err[0], test.failureException)
            self.record(subtest, "failure" if failed else "error", err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.record(test, "skip", detail=reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self.record(test, "expected failure", err)

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.record(test, "unexpected success")


def main(argv):
    path, *modules = argv
    suite = unittest.defaultTestLoader.loadTestsFromNames(modules)
    with open(os.devnull, "w") as quiet:
        runner = unittest.TextTestRunner(
            stream=quiet, resultclass=lambda *args, **kwargs: Recorded(*args, path=path,
                                                                      **kwargs))
        result = runner.run(suite)
    result.file.close()
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
