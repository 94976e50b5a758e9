"""The layout holds: three top-level modules and one package, imports running one way.

- The top of the checkout holds only the design's files.
- No import cycle among the project's modules, counting imports inside functions too.
- Package modules never import the top-level modules, except the evaluation harness, the
  outermost consumer, which runs cases through the command line's own path.
- pyproject.toml installs exactly {agent, tools, mock_model, stock_agent}, every package
  folder is listed, and a build (setuptools' build_py, offline) lays out exactly those
  names with the files the documented commands need. From that build, in a folder with its
  own tools.py, the installed commands still use their own modules.
"""

import ast
import fnmatch
import functools
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests.support import Early, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOP_MODULES = {"agent", "tools", "mock_model"}
INSTALLED_NAMES = {"agent", "tools", "mock_model", "stock_agent"}
ALLOWED_AT_ROOT = {"agent.py", "tools.py", "mock_model.py", "tests", "runs", "README.md",
                   "LICENSE", "pyproject.toml", "stock_agent", "bench", "docs", "examples",
                   ".ci", ".gitignore"}


def top_level_names(root):
    """The names at the top of the checkout's tracked tree: what `git ls-files` lists, or,
    where there is no git, the folder less what .gitignore ignores. A person's venv/,
    .vscode/ or the orders.db a README command left are theirs, not the layout."""
    if os.path.exists(os.path.join(root, ".git")) and shutil.which("git"):
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True,
                                text=True, timeout=30)
        if listed.returncode == 0:
            return {path.split("/")[0] for path in listed.stdout.split("\0") if path}
    ignored = []
    if os.path.isfile(os.path.join(root, ".gitignore")):
        with open(os.path.join(root, ".gitignore"), encoding="utf-8") as file:
            ignored = [line.strip().strip("/") for line in file
                       if line.strip() and not line.startswith(("#", "!"))]
    return {name for name in os.listdir(root) if name != ".git"
            and not any(fnmatch.fnmatch(name, pattern) for pattern in ignored)}


def project_modules():
    """{dotted module name: file path} for the top-level modules and the package."""
    modules = {name: os.path.join(ROOT, name + ".py") for name in TOP_MODULES}
    for folder, _, files in os.walk(os.path.join(ROOT, "stock_agent")):
        package = os.path.relpath(folder, ROOT).replace(os.sep, ".")
        for file in files:
            if file.endswith(".py"):
                name = package if file == "__init__.py" else f"{package}.{file[:-3]}"
                modules[name] = os.path.join(folder, file)
    return modules


def imports_of(path, modules):
    """The project modules `path` imports, anywhere in the file (inside functions too)."""
    with open(path, encoding="utf-8") as file:
        tree = ast.parse(file.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from stock_agent.providers import openai` imports the module openai (its
            # package's __init__ runs first, but that is no edge of the importer's own).
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            if not all(name in modules for name in names):
                names.append(node.module)
        else:
            continue
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


@functools.lru_cache(maxsize=None)  # two tests read it; the files do not change meanwhile
def import_graph():
    modules = project_modules()
    return {name: imports_of(path, modules) - {name} for name, path in modules.items()}


def find_cycle(graph):
    """One import cycle as a list of module names, or None."""
    state = {}  # name: "open" while on the current path, "done" after

    def visit(name, path):
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target, path + [target])
                if cycle:
                    return cycle
        state[name] = "done"
        return None

    for name in sorted(graph):
        if name not in state:
            cycle = visit(name, [name])
            if cycle:
                return cycle
    return None


def pyproject_list(key):
    """A list value of pyproject.toml's [tool.setuptools] (read without tomllib: 3.10)."""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as file:
        text = file.read()
    match = re.search(rf"^{re.escape(key)}\s*=\s*\[(.*?)\]", text, re.M | re.S)
    return re.findall(r'"([^"]+)"', match.group(1))


class LayoutTest(unittest.TestCase):
    def test_the_root_holds_only_the_designs_files(self):
        self.assertEqual(top_level_names(ROOT) - ALLOWED_AT_ROOT, set())

    def test_what_a_person_keeps_beside_the_checkout_is_not_the_layout(self):
        # venv/, .vscode/ and the databases the README's commands leave: untracked in a
        # git checkout, ignored in a copy without git. A tracked stray file still counts.
        with tempfile.TemporaryDirectory() as root:
            for folder in ("venv", ".vscode", "tests"):
                os.mkdir(os.path.join(root, folder))
            shutil.copy(os.path.join(ROOT, ".gitignore"), root)
            for name in ("orders.db", "shop.db", "agent.py", "stray.txt"):
                with open(os.path.join(root, name), "w", encoding="utf-8"):
                    pass
            with open(os.path.join(root, "tests", "t.py"), "w", encoding="utf-8"):
                pass
            self.assertEqual(top_level_names(root) - ALLOWED_AT_ROOT, {"stray.txt"})
            if shutil.which("git") is None:
                return
            git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=m"]
            subprocess.run([*git, "init", "-q"], cwd=root, check=True, timeout=30)
            subprocess.run([*git, "add", "agent.py", "tests", ".gitignore", "stray.txt"],
                           cwd=root, check=True, timeout=30)
            self.assertEqual(top_level_names(root) - ALLOWED_AT_ROOT, {"stray.txt"})

    def test_no_import_cycle(self):
        self.assertIsNone(find_cycle(import_graph()))

    def test_the_cycle_finder_finds_one(self):
        graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
        self.assertEqual(find_cycle(graph), ["a", "b", "c", "a"])

    def test_imports_run_from_the_root_into_the_package_only(self):
        wrong = {name: sorted(targets & TOP_MODULES) for name, targets in import_graph().items()
                 if name.startswith("stock_agent") and targets & TOP_MODULES
                 and not name.startswith("stock_agent.evals")}
        self.assertEqual(wrong, {})
        harness = import_graph()["stock_agent.evals.harness"]
        self.assertIn("agent", harness)  # the exception is real, and it is the only one

    def test_mock_start_up_loads_only_what_a_mock_run_needs(self):
        self.assertEqual(MOCK_START_UP.result().splitlines()[-1], "[]")

    def test_no_module_loads_the_message_catalogue_when_imported(self):
        self.assertEqual(CATALOGUE_UNLOADED.result().splitlines()[-1], "False")


def mock_start_up_heavy_modules():
    """What of HEAVY a --mock run loads, as its child printed it. HEAVY: the wings a mock
    run does not ask for, and what docs/benchmarks.md measured as worth keeping off the
    --mock path (contextlib is the composition's ExitStack: it stays). -S: no site-packages
    hooks, which would load some of these first."""
    code = ("import sys; before = set(sys.modules); import agent; "
            "agent.main(['--mock', '-q', 'Check A001', '--log-dir', sys.argv[1]]); "
            "print(sorted(m for m in set(sys.modules) - before "
            f"if m.split('.')[0] in {sorted({h.split('.')[0] for h in HEAVY})!r} "
            f"and m.startswith({HEAVY!r})))")
    with tempfile.TemporaryDirectory() as logs:
        return subprocess.run([sys.executable, "-S", "-c", code, logs], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout


def catalogue_loaded_by_imports():
    """Whether importing every project module but stock_agent.messages loads it, as its
    child printed it. The catalogue is read where a line is shown (errors.Text,
    AgentError.message), so a run that shows none never loads it; a run that succeeds
    shows its `log:` line."""
    code = ("import importlib, sys; "
            f"[importlib.import_module(name) for name in {sorted(project_modules())!r} "
            "if name != 'stock_agent.messages']; "
            "print('stock_agent.messages' in sys.modules)")
    return subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


HEAVY = ("stock_agent.providers", "stock_agent.evals", "stock_agent.mcp", "stock_agent.orders",
         "stock_agent.chat", "stock_agent.watch", "stock_agent.otlp", "http", "ssl", "socket",
         "dataclasses", "subprocess", "shlex", "signal", "threading", "sqlite3", "csv",
         "hashlib", "unicodedata", "shutil")
# Child processes the tests only wait for (support.Early; load_tests starts them).
MOCK_START_UP = Early(mock_start_up_heavy_modules)
CATALOGUE_UNLOADED = Early(catalogue_loaded_by_imports)


# Three of the modules that made most temporary folders (about 216 a suite run; a sample, so
# the suite stays fast). Their run starts as the suite loads this module (load_tests, below)
# and goes on beside the other tests; SuiteHygieneTest reads how it ended.
HYGIENE_SAMPLE = ["tests.test_core_json_output", "tests.test_evals_stats",
                  "tests.test_watch_verbose"]


def hygiene_sample_run():
    """HYGIENE_SAMPLE run with a TMPDIR of its own: (status, stderr, what is left there)."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-hygiene-") as tmp:
        done = subprocess.run([sys.executable, "-m", "unittest", *HYGIENE_SAMPLE], cwd=ROOT,
                              env={**os.environ, "TMPDIR": tmp}, capture_output=True,
                              text=True, timeout=300)
        return done.returncode, done.stderr, sorted(os.listdir(tmp))


HYGIENE = Early(hygiene_sample_run)


class SuiteHygieneTest(unittest.TestCase):
    def test_the_tests_leave_no_temporary_folder_behind(self):
        # Their folders go with their tests (support.temp_folder, TemporaryDirectory).
        # TMPDIR reaches the children.
        status, err, left = HYGIENE.result()
        self.assertEqual(status, 0, err[-3000:])
        self.assertEqual(left, [])


HAS_SETUPTOOLS = importlib.util.find_spec("setuptools") is not None
DATA = ("stock_agent/answers/lexicon.txt", "stock_agent/evals/cases.jsonl",
        "stock_agent/evals/conversations.jsonl", "stock_agent/evals/inventory.csv",
        "stock_agent/evals/prompts/short.txt", "stock_agent/examples/inventory.csv")


def built_and_run():
    """What an install puts in site-packages: setuptools' build_py of a copy of the checkout
    (so nothing is written into it), offline, no wheel tool needed; then its commands, run
    from a folder with its own tools.py and agent.py. A dict: the build's `status` and
    `stderr`, its `layout` (its top folder before anything imported from it, which adds a
    __pycache__), which of DATA it `holds`, and (status, out, err) of `help` and `evaluation`."""
    with tempfile.TemporaryDirectory(prefix="stock-agent-build-") as work:
        source = os.path.join(work, "source")
        shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
            ".git", "runs", "tests", "bench", "__pycache__", "*.egg-info", "build"))
        built = os.path.join(work, "site-packages")
        result = subprocess.run(
            [sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py",
             "--build-lib", built], cwd=source, capture_output=True, text=True)
        outcome = {"status": result.returncode, "stderr": result.stderr}
        if result.returncode != 0:
            return outcome
        outcome.update(layout=os.listdir(built),
                       holds={data: os.path.isfile(os.path.join(built, data)) for data in DATA})
        elsewhere = os.path.join(work, "user")
        os.mkdir(elsewhere)
        for name in ("tools.py", "agent.py"):  # a user's own files, which must not be used
            with open(os.path.join(elsewhere, name), "w", encoding="utf-8") as file:
                file.write("raise SystemExit('the wrong module was imported')\n")
        env = {**os.environ, "PYTHONPATH": built}
        children = [subprocess.Popen(  # both at once
            [sys.executable, *argv], cwd=elsewhere, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=env) for argv in (
                ["-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                 "import agent; agent.main(['--help'])", built],
                ["-m", "stock_agent.evals", "run", "--mock", "--log-dir",
                 os.path.join(elsewhere, "runs")])]
        try:
            for name, child in zip(("help", "evaluation"), children):
                out, err = child.communicate(timeout=60)
                outcome[name] = (child.returncode, out, err)
        finally:
            for child in children:
                if child.poll() is None:
                    child.kill()
                    child.communicate()
    return outcome


BUILT = Early(built_and_run)  # a build and two commands: 1-2 s to wait for


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the sample and the build start."""
    start(MOCK_START_UP, CATALOGUE_UNLOADED, HYGIENE)
    if HAS_SETUPTOOLS:
        start(BUILT)
    return tests


class PackagingTest(unittest.TestCase):
    def test_pyproject_installs_the_four_names_and_every_package_folder(self):
        modules = pyproject_list("py-modules")
        packages = pyproject_list("packages")
        self.assertEqual(set(modules) | {name.split(".")[0] for name in packages},
                         INSTALLED_NAMES)
        folders = {os.path.relpath(folder, ROOT).replace(os.sep, ".")
                   for folder, _, files in os.walk(os.path.join(ROOT, "stock_agent"))
                   if "__pycache__" not in folder and files}
        self.assertEqual(folders - set(packages), set())

    @unittest.skipUnless(HAS_SETUPTOOLS, "needs setuptools")
    def test_a_build_lays_out_exactly_the_four_names_with_their_data(self):
        built = self.built()
        self.assertEqual({name.removesuffix(".py") for name in built["layout"]},
                         INSTALLED_NAMES)
        for data in DATA:
            self.assertTrue(built["holds"][data], data)

    @unittest.skipUnless(HAS_SETUPTOOLS, "needs setuptools")
    def test_the_built_commands_work_from_a_folder_with_its_own_tools_py(self):
        built = self.built()
        status, help_out, help_err = built["help"]
        self.assertEqual(status, 0, help_err)
        self.assertTrue(help_out.startswith("usage: stock-agent "))
        status, out, err = built["evaluation"]
        self.assertEqual(status, 0, err)
        self.assertIn("task success", out)

    def built(self):
        built = BUILT.result()
        self.assertEqual(built["status"], 0, built["stderr"])
        return built


if __name__ == "__main__":
    unittest.main()
