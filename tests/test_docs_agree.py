"""What the docs and --help say about the program agrees with the program.

stock_agent/errors.py's EXIT_STATUS is the one table of exit statuses; README.md (ranges),
docs/output.md (every code), --help's epilog and the evaluation's docstring copy it, and
prose names a code with its status ("`STEP_LIMIT` (exit 10)"). Each copy is held to it here.
So are: the page --help sends a reader to for the --json keys, the `-v` transcripts (run for
real), the suite's running time (said one way), and every repository path a comment,
docstring or doc names (it exists). The evaluation's command line calls itself by the name
it was started with, and says what to do when no command is given.
"""

import glob
import io
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import agent
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS
from stock_agent.evals import __main__ as evals
from tests.support import Early, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THIS_FILE = os.path.relpath(os.path.abspath(__file__), ROOT).replace(os.sep, "/")
STATUSES = set(EXIT_STATUS.values())


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        return file.read()


def pages():
    """README.md and every docs/*.md page, relative to ROOT."""
    names = os.listdir(os.path.join(ROOT, "docs"))
    return ["README.md"] + sorted(f"docs/{name}" for name in names if name.endswith(".md"))


def section(text, heading):
    """The lines under the markdown `heading`, up to the next heading of any level."""
    found = re.search(rf"(?ms)^#+ {re.escape(heading)}\n(.*?)(?=^#)", text + "\n#")
    return found[1] if found else ""


def numbers(cell):
    """The statuses a table cell names: "3-8" is 3 to 8, "130, 143, 129" three of them."""
    named = set()
    for part in cell.split(","):
        first, _, last = part.strip().partition("-")
        named |= set(range(int(first), int(last or first) + 1))
    return named


# --- Exit statuses --------------------------------------------------------------------

class ExitStatusCopies(unittest.TestCase):
    def test_the_readme_ranges_hold_every_status_and_no_other(self):
        rows = re.findall(r"(?m)^\| ([\d, -]+) \| (.+) \|$",
                          section(read("README.md"), "Exit statuses"))
        self.assertGreater(len(rows), 5, "the README's exit table was not found")
        covered = []
        for cell, meaning in rows:
            named = numbers(cell)
            with self.subTest(row=cell):
                self.assertLessEqual(named, STATUSES, "a status errors.py does not have")
                for code in re.findall(r"`([A-Z][A-Z_]+)`", meaning):
                    self.assertIn(EXIT_STATUS.get(code), named, code)
                for status in re.findall(r"\((\d+):|; (\d+):", meaning):
                    self.assertIn(int("".join(status)), named)
            covered += named
        self.assertEqual(sorted(covered), sorted(STATUSES), "missing or listed twice")

    def test_the_output_page_lists_every_code_with_its_status(self):
        rows = re.findall(r"(?m)^\| (\d+) \| ?(?:`([A-Z_]+)`)? ?\|",
                          section(read("docs/output.md"), "Exit statuses"))
        listed = {code or {0: "COMPLETED", 2: "USAGE"}.get(int(status), "?"): int(status)
                  for status, code in rows}
        self.assertEqual(len(rows), len(listed), "a code listed twice")
        self.assertEqual(listed, EXIT_STATUS)

    def test_the_help_epilog_lists_every_code_with_its_status(self):
        table = cli.EPILOG.split("exit statuses", 1)[1]
        pairs = re.findall(r"\b(\d+) ([A-Z][A-Z_]+[A-Z]|completed|usage)\b", table)
        listed = {code.upper(): int(status) for status, code in pairs}
        self.assertEqual(len(pairs), len(listed), "a code listed twice")
        self.assertEqual(listed, EXIT_STATUS)

    def test_the_evaluations_statuses_are_the_agents(self):
        said = evals.__doc__.split("Exit statuses:", 1)[1]
        pairs = re.findall(r"\b(\d+)\s+\(?([A-Z][A-Z_]+[A-Z])\b", said)
        self.assertGreater(len(pairs), 5)
        for status, code in pairs:
            self.assertEqual(EXIT_STATUS.get(code), int(status), code)

    def test_prose_names_each_code_with_its_own_status(self):
        said = re.compile(r"`?\b([A-Z][A-Z_]+[A-Z])\b`?,?\s+\(?exits?\s+(\d+)\b"
                          r"|\bexits?\s+(\d+)\s+\(?`?([A-Z][A-Z_]+[A-Z])\b")
        found = 0
        for path in text_files():
            for match in said.finditer(read(path)):
                code = match[1] or match[4]
                status = int(match[2] or match[3])
                if code in EXIT_STATUS:
                    found += 1
                    with self.subTest(path=path, said=match[0]):
                        self.assertEqual(EXIT_STATUS[code], status)
        self.assertGreater(found, 20)  # the pattern still finds what it is for

    def test_a_range_in_prose_is_a_whole_group(self):
        # "exit 50-54", "exit statuses 50-54": every status in it, and none of its decade
        # left out on either side.
        said = re.compile(r"\b(?:exit|exits|exit statuses|statuses)\s+(\d+)-(\d+)\b")
        for path in text_files():
            for match in said.finditer(read(path)):
                first, last = int(match[1]), int(match[2])
                with self.subTest(path=path, said=match[0]):
                    self.assertLessEqual(set(range(first, last + 1)), STATUSES)
                    for beside in (first - 1, last + 1):
                        if beside // 10 == first // 10:
                            self.assertNotIn(beside, STATUSES)


# --- --json and -v --------------------------------------------------------------------

class JsonKeysDocumented(unittest.TestCase):
    def test_help_names_the_page_that_lists_every_json_key(self):
        action = next(action for action in cli.build_parser()._actions
                      if "--json" in action.option_strings)
        page = re.search(r"\b(README\.md|README|docs/[\w-]+\.md)\b", action.help)
        self.assertIsNotNone(page, action.help)
        page = "README.md" if page[1] == "README" else page[1]
        documented = set(re.findall(r"(?m)^\| `(\w+)`(?:, `(\w+)`)? \|", read(page)))
        documented = {key for pair in documented for key in pair if key}
        status, out, _ = run_agent("--mock", "--json", "-q", "Check A001")
        self.assertEqual(status, 0)
        self.assertLessEqual(set(json.loads(out)), documented, page)


def run_agent(*argv):
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as folder:
        with redirect_stdout(out), redirect_stderr(err):
            status = agent.main([*argv, "--log-dir", folder], environ={})
    return status, out.getvalue(), err.getvalue()


class VerboseTranscripts(unittest.TestCase):
    """A documented `-v` run of the mock prints what the program prints, but for times and
    run ids."""

    def test_each_documented_mock_trace_is_what_the_program_prints(self):
        traces = MOCK_TRACES.result()
        self.assertTrue(traces, "no -v transcript of the mock in the docs")
        for page, command, shown, printed in traces:
            with self.subTest(page=page, command=command):
                self.assertEqual(normalised(shown), normalised(printed))


def mock_traces():
    """Each documented `-v` run of the mock, with what it printed when run:
    [(page, command, the lines shown, the lines printed)]."""
    return [(page, command, shown, run_shown(command)) for page in pages()
            for command, shown in transcripts_of(page)
            if {"--mock", "-v"} <= set(shlex.split(command))
            and "--mcp" not in command]  # no MCP server here to run


def transcripts_of(page):
    """(command, the lines shown after it) for each `$ ` line of the page's text blocks."""
    found = []
    for block in re.findall(r"(?ms)^```text\n(.*?)^```", read(page)):
        for part in re.split(r"(?m)^\$ ", block)[1:]:
            lines = part.rstrip("\n").split("\n")
            ends = next(at for at, line in enumerate(lines) if not line.endswith("\\"))
            found.append(("\n".join(lines[:ends + 1]), lines[ends + 1:]))
    return found


def run_shown(command):
    """What `command` (`python agent.py ...`, stderr merged) prints, run in a folder of
    its own with this interpreter."""
    words = shlex.split(command.replace("2>&1", ""))
    if words[:2] != ["python", "agent.py"]:
        raise AssertionError(f"not a command of agent.py: {command}")
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as folder:
        done = subprocess.run([sys.executable, os.path.join(ROOT, "agent.py"), *words[2:]],
                              cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=60,
                              # the log in the folder's runs/, as the page shows it
                              env={**os.environ, "LANG": "C.UTF-8",
                                   "STOCK_AGENT_LOG_DIR": "runs"})
    return done.stdout.splitlines()


def normalised(lines):
    """The lines with times and run ids (which change with every run) made alike."""
    run_id = re.compile(r"\d{8}T\d{6}Z-[0-9a-f]{6}")
    return [re.sub(r"\b\d+ ms\b", "N ms", re.sub(r"^\[\s*\d+ ms\]", "[N ms]",
                                                  run_id.sub("RUN_ID", line)))
            for line in lines]


# --- The suite's time -----------------------------------------------------------------

class SuiteTime(unittest.TestCase):
    def test_the_suites_time_is_said_the_same_way_everywhere(self):
        said = {page: re.findall(r"\btakes ((?:about|under|around) (?:a minute|[\d\s]+"
                                 r"(?:seconds|minutes|s\b)))", read(page))
                for page in ("README.md", "docs/testing.md")}
        for page, phrases in said.items():
            self.assertEqual(len(phrases), 1, f"{page}: {phrases}")
        self.assertEqual(len({phrases[0] for phrases in said.values()}), 1, said)


# --- Paths named in comments, docstrings and docs ---------------------------------------

# Paths of other projects or places, named as theirs: not files of this repository.
ELSEWHERE = {
    "docs/api.md": "Ollama's API reference, in the Ollama repository",
    "docs/ollama-wire.md": "the project's shared notes, outside the repository",
    "docs/openai-anthropic-wire.md": "the project's shared notes, outside the repository",
    "docs/specification.md": "opentelemetry-proto's",
    "docs/gen-ai/gen-ai-agent-spans.md": "open-telemetry/semantic-conventions-genai's",
    "stock_agent/examples/inventory.csv": "the installed package (pyproject.toml's "
                                          "package-dir maps examples/ there)",
    "stock_agent/examples/": "the installed package's copy of examples/",
}
PATH = re.compile(r"(?<![\w./:~-])((?:stock_agent|tests|docs|bench|examples)/"
                  r"[\w./*-]*(?:\{[\w,]+\}[\w./*-]*)?)")


def text_files():
    """The repository's own source and documentation files (git's list; else a walk)."""
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others",
                                 "--exclude-standard"], cwd=ROOT, capture_output=True,
                                text=True, check=True, timeout=30).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        listed = [os.path.relpath(os.path.join(base, name), ROOT)
                  for base, folders, names in os.walk(ROOT) for name in names]
    return sorted(path for path in listed if path.endswith((".py", ".md", ".toml", ".txt"))
                  or path == ".ci/run")


def named_paths(text):
    """Each repository-like path `text` names, braces expanded, trailing dots dropped."""
    for path in PATH.findall(text):
        path = path.rstrip(".")
        braces = re.search(r"\{([\w,]+)\}", path)
        for choice in braces[1].split(",") if braces else [None]:
            yield path if choice is None else path[:braces.start()] + choice + \
                path[braces.end():]


def exists(path):
    return bool(glob.glob(os.path.join(ROOT, path))) if "*" in path else \
        os.path.exists(os.path.join(ROOT, path))


class PathsNamed(unittest.TestCase):
    def test_every_path_a_file_names_exists(self):
        checked = 0
        for source in text_files():
            if source == THIS_FILE:
                continue  # it names wrong paths on purpose
            for path in set(named_paths(read(source))):
                if path in ELSEWHERE:
                    continue
                checked += 1
                with self.subTest(file=source, path=path):
                    self.assertTrue(exists(path), f"{source} names {path}, which does not "
                                                  "exist")
        self.assertGreater(checked, 50)  # the pattern still finds paths

    def test_a_wrong_path_is_found(self):
        self.assertEqual(list(named_paths("see stock_agent/gone.py, and docs/x.md.")),
                         ["stock_agent/gone.py", "docs/x.md"])
        self.assertFalse(exists("stock_agent/gone.py"))
        self.assertEqual(list(named_paths("http://bench/v1 and tests/a_{b,c}.py")),
                         ["tests/a_b.py", "tests/a_c.py"])


# --- The evaluation's command line ------------------------------------------------------

class EvalsCommandLine(unittest.TestCase):
    def test_no_command_names_run_and_stats(self):
        status, out, err = run_evals()
        self.assertEqual(status, 2)
        last = err.strip().splitlines()[-1]
        self.assertIn("python -m stock_agent.evals run", last)
        self.assertIn("python -m stock_agent.evals stats", last)
        self.assertNotIn("required", last)

    def test_the_installed_script_calls_itself_by_its_name(self):
        for argv, shown in INSTALLED_SCRIPT.result():
            with self.subTest(argv=argv):
                self.assertIn("usage: stock-agent-eval ", shown)
                self.assertNotIn("python -m stock_agent.evals", shown)


def installed_script_runs():
    """The evaluation's script as pip makes it ([project.scripts]), run with --help, run
    --help and nothing: [(argv, what it printed where its usage goes)]."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-test-") as folder:
        script = os.path.join(folder, "stock-agent-eval")
        with open(script, "w", encoding="utf-8") as file:
            file.write("import sys\nfrom stock_agent.evals.__main__ import main\n"
                       "sys.exit(main())\n")
        environ = {**os.environ, "PYTHONPATH": ROOT}
        return [(argv, getattr(subprocess.run([sys.executable, script, *argv], cwd=folder,
                                              env=environ, capture_output=True, text=True,
                                              timeout=60), stream))
                for argv, stream in ((["--help"], "stdout"), (["run", "--help"], "stdout"),
                                     ([], "stderr"))]


def run_evals(*argv):
    """The evaluation's main() as `python -m stock_agent.evals` runs it: argv[0] is the
    path of its __main__.py."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), \
            mock.patch("sys.argv", [evals.__file__, *argv]):
        try:
            status = evals.main(list(argv), environ={})
        except SystemExit as exit:
            status = exit.code
    return status, out.getvalue(), err.getvalue()


# Real processes the tests only wait for (support.Early; load_tests starts them).
MOCK_TRACES = Early(mock_traces)
INSTALLED_SCRIPT = Early(installed_script_runs)


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real processes start now."""
    start(MOCK_TRACES, INSTALLED_SCRIPT)
    return tests


if __name__ == "__main__":
    unittest.main()
