"""Every command in README.md and docs/*.md runs as written on a fresh copy of the project.

The fresh copy holds what a release holds. In a git checkout that is the files git would
commit (tracked, or new and not ignored). Without `.git` (a release tarball made with
`git archive HEAD | tar -x`) it is the tree as found, without what running or building
leaves behind: `__pycache__`, the contents of `runs/`, build/dist/egg-info folders.

Each ```sh block runs as one script (`sh -e`: it stops at its first failure), and each `$ `
line of a ```text transcript as one command, with `python` meaning this interpreter and
nothing on stdin (</dev/null: a command reads a question piped there). A
command that needs something a fresh copy lacks (a model server, an installer) is named in
NEEDS_MORE and not run, and neither is a benchmark (MEASURES). Every other one must exit 0
without a traceback. A block must also run a second time just as well, since it may make
files: it runs again unless its first run changed no file of the copy (`runs/` included,
bytecode caches not) nor of its page's TMPDIR, or only added logs to `runs/` and reads
none, when the second run would start from the same state as the first. Nothing may be
left behind outside `runs/` (the logs' git-ignored folder). Each page runs on a copy of
its own, with a TMPDIR of its own, the pages at once, so one page's logs never meet
another's (`ls -t runs/*.jsonl` means this page's last run).
The pages start running when the suite loads this module, beside the other tests; the test
that reads how they ended runs last (tests/__init__.py).

Every page in docs/ is linked from the README, and every relative link of these pages leads
to a file that exists and, when it names a heading, to that heading.
"""

import atexit
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What a command needs that a fresh copy does not have: a server or an installer.
NEEDS_MORE = ("pipx install", "ollama", "llama-server", "OLLAMA_MODEL=", "--provider openai",
              "--model qwen", "ANTHROPIC_API_KEY=", "OPENAI_BASE_URL=", "pip install",
              "npm install", "mcp-server-", "--otlp-endpoint")
# Measurements: they time this machine, and their exit status says whether it was quiet
# enough. tests/test_bench_smoke.py runs each bench at a tiny size instead; the answer
# corpus's rates are asserted by tests/test_answers_corpus.py, on the same split.
MEASURES = ("python bench/", "python -m tests.answers_corpus")
# The suite is not run from inside the suite: a block line naming it becomes `:`.
SUITE = ("python -m unittest", ".ci/run")
# Made by running or building, never part of a release.
GENERATED = re.compile(r"^(__pycache__|\.git|build|dist|\.venv|.*\.egg-info)$")


def pages():
    """README.md and every docs/*.md page, as paths relative to ROOT."""
    docs = os.path.join(ROOT, "docs")
    names = sorted(name for name in os.listdir(docs) if name.endswith(".md"))
    return ["README.md"] + [os.path.join("docs", name) for name in names]


def commands_of(page):
    """(line number, script, flags) for each block and transcript command of `page`. A
    block runs with `sh -e`; a transcript line as typed."""
    with open(os.path.join(ROOT, page), encoding="utf-8") as file:
        lines = file.read().splitlines()
    commands, block, start, kind = [], None, 0, ""
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            if block is None:
                block, start, kind = [], number, line[3:].strip()
                continue
            if kind == "sh":
                commands.append((start, "\n".join(block), "-ec"))
            block = None
        elif block is not None:
            if kind == "text" and line.startswith("$ "):
                commands.append((number, line[2:], "-c"))
            elif kind == "text" and commands and commands[-1][1].endswith("\\"):
                number, script, flags = commands[-1]  # a transcript command goes on
                commands[-1] = (number, script + "\n" + line, flags)
            elif kind == "sh":
                block.append(":" if any(suite in line for suite in SUITE) else line)
    return commands


def runnable(commands):
    return [command for command in commands
            if not any(word in command[1] for word in NEEDS_MORE + MEASURES)]


def release_files():
    """The files of a fresh copy, relative to ROOT."""
    if os.path.exists(os.path.join(ROOT, ".git")):  # a folder, or a file in a worktree
        listed = subprocess.run(["git", "ls-files", "--cached", "--others",
                                 "--exclude-standard"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout
        return [name for name in listed.splitlines()
                if os.path.isfile(os.path.join(ROOT, name))]
    found = []
    for base, folders, names in os.walk(ROOT):
        folders[:] = sorted(name for name in folders if not GENERATED.match(name))
        relative = os.path.relpath(base, ROOT)
        if relative.split(os.sep)[0] == "runs":
            continue  # the logs of earlier runs: the folder is made empty below
        found += [os.path.normpath(os.path.join(relative, name)) for name in names
                  if not name.endswith(".pyc")]
    return found


def files_in(folder):
    found = set()
    for base, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name != "__pycache__"]
        relative = os.path.relpath(base, folder)
        if relative.split(os.sep)[0] == "runs":
            continue
        found |= {os.path.normpath(os.path.join(relative, name)) for name in names}
    return found


def file_state(folder):
    """{path: (size, modification time)} of every file under `folder`, `runs/` included,
    bytecode caches not (Python writes them as it imports)."""
    state = {}
    for base, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name != "__pycache__"]
        for name in names:
            path = os.path.join(base, name)
            stat = os.lstat(path)
            state[os.path.relpath(path, folder)] = (stat.st_size, stat.st_mtime_ns)
    return state


class Pages:
    """Every page's commands, run on copies of the release in a folder of their own. The
    run starts when the suite loads this module (`started`) and goes on beside the other
    tests, two pages at a time on threads of their own (support.Early's serve the tests
    that need their waits sooner); the test that reads how it ended runs last of the suite
    (tests/__init__.py)."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="stock-agent-docs-")
        atexit.register(shutil.rmtree, self.folder, ignore_errors=True)
        self.release = release_files()  # each page copies them, on its worker thread
        self.bin = os.path.join(self.folder, "bin")
        os.makedirs(self.bin)
        os.symlink(sys.executable, os.path.join(self.bin, "python"))
        self.work = {page: runnable(commands_of(page)) for page in pages()}
        self.work = {page: commands for page, commands in self.work.items() if commands}
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=2,
                                                          thread_name_prefix="docs")
        atexit.register(self.pool.shutdown, cancel_futures=True)
        self.done = {page: self.pool.submit(self.run_page, page, commands)
                     for page, commands in self.work.items()}

    def run_page(self, page, commands):
        """Run `commands` in order on a copy of the release of their own. Returns
        [(line, attempt, script, done)] and the files left behind outside runs/."""
        checkout = os.path.join(self.folder, page.replace(os.sep, "-"))
        for name in self.release:
            target = os.path.join(checkout, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, name), target)
        os.makedirs(os.path.join(checkout, "runs"), exist_ok=True)
        before = files_in(checkout)
        tmp = checkout + ".tmp"  # the page's own: what one page makes there is its own
        os.makedirs(tmp)
        environ = {**os.environ, "PATH": self.bin + os.pathsep + os.environ["PATH"],
                   "LANG": "C.UTF-8", "TMPDIR": tmp}
        environ.pop("OLLAMA_HOST", None)
        ran = []
        try:
            for line, script, flags in commands:
                # A block may make files (a database, a report): it must work a second time.
                for attempt in (1, 2) if flags == "-ec" else (1,):
                    state = (file_state(checkout), file_state(tmp))
                    done = subprocess.run(["sh", flags, script], cwd=checkout, env=environ,
                                          stdin=subprocess.DEVNULL, capture_output=True,
                                          text=True, timeout=60)
                    ran.append((line, attempt, script, done))
                    if _same_start(state, (file_state(checkout), file_state(tmp)), script):
                        break  # a second run would start where the first did
            return ran, sorted(files_in(checkout) - before)
        finally:
            # Removed now, beside the other tests: a file that has reached the disk takes
            # about 3 ms to delete here, and the pages leave some 2,700 by the suite's end.
            shutil.rmtree(checkout, ignore_errors=True)
            shutil.rmtree(tmp, ignore_errors=True)


# A block that reads the logs of runs/ (by name, or as `stats`, `--continue` and
# `--resume` do) starts differently once a run has added one.
READS_LOGS = re.compile(r"runs/|\bstats\b|--continue|--resume|--replay")


def _same_start(before, after, script):
    """Whether a second run of `script` would start where its first did: it changed no
    file, or it only added logs to runs/ and reads none (a third of the pages' runs, since
    each run logs)."""
    if before == after:
        return True
    (checkout, tmp), (checkout_after, tmp_after) = before, after
    added = set(checkout_after) - set(checkout)
    return tmp == tmp_after and not READS_LOGS.search(script) and \
        all(checkout_after[name] == state for name, state in checkout.items()) and \
        all(name.startswith("runs" + os.sep) for name in added)


def _start():
    """The pages' run, started as the suite loads this module; None when it cannot run
    here (the test says why)."""
    if not shutil.which("sh"):
        return None
    if os.path.exists(os.path.join(ROOT, ".git")) and not shutil.which("git"):
        return None
    return Pages()


started = _start()


class DocumentedCommands(unittest.TestCase):
    def test_every_command_runs_and_leaves_no_file(self):
        if started is None:
            self.skipTest("needs sh, and git in a git checkout to list its files")
        self.assertIn("README.md", started.work)  # the parser still finds the commands
        self.assertGreaterEqual(sum(map(len, started.work.values())), 20)
        for page, pages_run in started.done.items():
            ran, left = pages_run.result()
            for line, attempt, script, finished in ran:
                with self.subTest(page=page, line=line, attempt=attempt):
                    self.assertEqual(finished.returncode, 0, f"{page} line {line}:\n{script}\n"
                                                             f"{finished.stderr[-2000:]}")
                    self.assertNotIn("Traceback", finished.stderr)
            with self.subTest(page=page):
                self.assertEqual(left, [])


class SecondRunTest(unittest.TestCase):
    def test_a_block_runs_again_unless_it_would_start_where_it_did(self):
        log = os.path.join("runs", "20261206T120000Z-abc.jsonl")
        before = ({"agent.py": (10, 1)}, {})
        cases = (((before[0], {}), "python agent.py --mock", True),  # nothing changed
                 (({**before[0], log: (5, 2)}, {}), "python agent.py --mock", True),
                 (({**before[0], log: (5, 2)}, {}), "ls -t runs/*.jsonl", False),  # reads it
                 (({**before[0], log: (5, 2)}, {}), "python -m stock_agent.evals stats", False),
                 (({"agent.py": (11, 3)}, {}), "python agent.py --mock", False),
                 (({**before[0], "shop.db": (5, 2)}, {}), "python agent.py --mock", False),
                 ((before[0], {"x": (1, 1)}), "python agent.py --mock", False))
        for after, script, same in cases:
            with self.subTest(after=after, script=script):
                self.assertIs(_same_start(before, after, script), same)


LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(page):
    """The GitHub anchors of `page`'s headings."""
    with open(os.path.join(ROOT, page), encoding="utf-8") as file:
        text = re.sub(r"(?ms)^```.*?^```", "", file.read())
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"(?m)^#+ (.+)$", text)}


class DocumentedLinks(unittest.TestCase):
    def test_every_docs_page_is_linked_from_the_readme(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
            links = set(LINK.findall(file.read()))
        for page in pages()[1:]:
            with self.subTest(page=page):
                self.assertIn(page.replace(os.sep, "/"), links)

    def test_every_relative_link_leads_somewhere(self):
        for page in pages():
            with open(os.path.join(ROOT, page), encoding="utf-8") as file:
                text = re.sub(r"(?ms)^```.*?^```", "", file.read())
            for link in LINK.findall(text):
                if re.match(r"[a-z]+:", link):
                    continue  # a web address
                path, _, anchor = link.partition("#")
                target = os.path.normpath(os.path.join(os.path.dirname(page), path or
                                                       os.path.basename(page)))
                with self.subTest(page=page, link=link):
                    self.assertTrue(os.path.exists(os.path.join(ROOT, target)), target)
                    if anchor and target.endswith(".md"):
                        self.assertIn(anchor, anchors(target))


if __name__ == "__main__":
    unittest.main()
