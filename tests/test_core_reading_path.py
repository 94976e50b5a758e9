"""The core reads in one sitting: the path of one `--mock` run, and who reads the flags.

- A reader who follows one `python agent.py --mock -q "Check A001"` run from `main()` meets
  its functions in the order they are first called. That path is held to at most 14 project
  files (9 of the core, 5 of the answer policy, stock_agent/answers/) and at most 60
  switches between files (40 before the policy wrote and read answers itself; a switch:
  two functions next to each other on the path that live in different files). Module and
  class bodies (imports) and comprehensions, lambdas and generator expressions are not on
  the path: a reader does not follow them.
- The command line (stock_agent/cli.py, and the evaluation's own, stock_agent/evals/
  __main__.py) is the only place that reads argparse's Namespace: every other module is
  given the frozen run.Settings.
- The composition of a run (agent.ask, _compose, prepare, _finish) is at most 60 lines of
  code, docstrings and comments left out.
"""

import ast
import contextlib
import io
import os
import sys
import tempfile
import unittest

import agent

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CO_OPTIMIZED = 0x1  # set for functions, not for module and class bodies
COMMAND_LINES = {os.path.join("stock_agent", "cli.py"),
                 os.path.join("stock_agent", "evals", "__main__.py")}
COMPOSITION = ("ask", "_compose", "prepare", "_finish")


def reading_path(argv):
    """[(file, function)] of the project, in the order `agent.main(argv)` first calls them."""
    path, seen = [], set()

    def profile(frame, event, arg):
        code = frame.f_code
        if event != "call" or not code.co_filename.startswith(ROOT + os.sep):
            return
        if not code.co_flags & CO_OPTIMIZED or code.co_name.startswith("<"):
            return
        where = os.path.relpath(code.co_filename, ROOT)
        if where.startswith("tests" + os.sep) or (code, where) in seen:
            return
        seen.add((code, where))
        path.append((where, code.co_name))

    with tempfile.TemporaryDirectory() as logs, contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(io.StringIO()):
        sys.setprofile(profile)
        try:
            status = agent.main([*argv, "--log-dir", logs], environ={})
        finally:
            sys.setprofile(None)
    return status, path


def switches(path):
    """How often two neighbours on the path live in different files."""
    return sum(1 for (before, _), (after, _) in zip(path, path[1:]) if before != after)


class ReadingPathTest(unittest.TestCase):
    def test_a_mock_run_reads_in_at_most_fourteen_files_and_sixty_switches(self):
        status, path = reading_path(["--mock", "-q", "Check A001"])
        self.assertEqual(status, 0)
        files = list(dict.fromkeys(where for where, _ in path))
        shown = " ".join(f"{where}:{name}" for where, name in path)
        self.assertLessEqual(len(files), 14, files)
        self.assertLessEqual(switches(path), 60, shown)
        # main() -> the command line -> the composition -> the loop, in that order.
        self.assertEqual(path[0], ("agent.py", "main"))
        self.assertEqual(files[:2], ["agent.py", os.path.join("stock_agent", "cli.py")])
        names = [name for _, name in path]
        self.assertLess(names.index("_compose"), names.index("run_agent"))
        self.assertLess(names.index("run_agent"), names.index("run_batch"))

    def test_the_switch_count_counts_what_it_says(self):
        path = [("a.py", "f"), ("a.py", "g"), ("b.py", "h"), ("a.py", "i"), ("a.py", "j")]
        self.assertEqual(switches(path), 2)
        self.assertEqual(switches(path[:2]), 0)


class SettingsTest(unittest.TestCase):
    def test_only_the_command_line_reads_the_namespace(self):
        readers = {}
        for where in project_files():
            if where in COMMAND_LINES:
                continue
            found = namespace_uses(os.path.join(ROOT, where))
            if found:
                readers[where] = found
        self.assertEqual(readers, {})

    def test_the_finder_sees_a_namespace_reader(self):
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
            file.write("import argparse\ndef run(args):\n    return args.mock\n")
        self.addCleanup(os.remove, file.name)
        self.assertEqual(sorted(namespace_uses(file.name)),
                         ["args.mock", "import argparse", "parameter args"])

    def test_settings_are_frozen(self):
        from stock_agent.run import Settings
        settings = Settings(mock=True)
        with self.assertRaises(AttributeError):
            settings.mock = False
        self.assertEqual(settings.replace(lang="zh-TW").lang, "zh-TW")
        self.assertTrue(settings.mock)
        with self.assertRaises(TypeError):
            Settings(no_such_setting=1)


class CompositionTest(unittest.TestCase):
    def test_the_composition_is_at_most_sixty_lines_of_code(self):
        with open(os.path.join(ROOT, "agent.py"), encoding="utf-8") as file:
            source = file.read()
        functions = {node.name: node for node in ast.parse(source).body
                     if isinstance(node, ast.FunctionDef)}
        lines = sum(code_lines(source, functions[name]) for name in COMPOSITION)
        self.assertLessEqual(lines, 60)

    def test_no_line_of_code_is_longer_than_a_hundred_characters(self):
        # STYLE.md: lines <= 100, so a diff reads side by side; counted in characters, as
        # a zh-TW line is wider in bytes.
        tests = [os.path.join("tests", name) for name in os.listdir(os.path.join(ROOT, "tests"))
                 if name.endswith(".py")]
        long = [f"{where}:{number}" for where in project_files() + tests
                for number, line in enumerate(_lines(where), 1) if len(line) > 100]
        self.assertEqual(long, [])


def _lines(where):
    with open(os.path.join(ROOT, where), encoding="utf-8") as file:
        return file.read().splitlines()


def project_files():
    found = ["agent.py", "tools.py", "mock_model.py"]
    for folder, _, names in os.walk(os.path.join(ROOT, "stock_agent")):
        found += [os.path.relpath(os.path.join(folder, name), ROOT)
                  for name in names if name.endswith(".py")]
    return found


def namespace_uses(path):
    """What in `path` reads flags as argparse gives them: an argparse import, a parameter
    named `args`, or an attribute of a name `args`."""
    with open(path, encoding="utf-8") as file:
        tree = ast.parse(file.read())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "argparse" for a in node.names):
            found.append("import argparse")
        elif isinstance(node, (ast.FunctionDef, ast.Lambda)) and "args" in [
                arg.arg for arg in (*node.args.posonlyargs, *node.args.args,
                                    *node.args.kwonlyargs)]:
            found.append("parameter args")  # a parameter, not `*args`
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "args"):
            found.append(f"args.{node.attr}")
    return found


def code_lines(source, function):
    """The lines of `function` that hold code: not its docstring, comments or blank lines."""
    lines = source.splitlines()[function.lineno - 1:function.end_lineno]
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        skip = range(body[0].lineno - function.lineno, body[0].end_lineno - function.lineno + 1)
        lines = [line for index, line in enumerate(lines) if index not in skip]
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))
