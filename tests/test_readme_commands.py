"""Every command in the README runs as written on a fresh checkout (item 18).

The checkout is a copy of the files git would commit (tracked, or new and not ignored). Each
```sh block runs as one script, and each `$ ` line of a ```text transcript as one command,
with `python` meaning this interpreter. Commands that need something a checkout lacks (a
model server, an install) are named in NEEDS_MORE and not run; every other one must exit 0
without a traceback (a block must also run a second time just as well: it may make files),
and nothing may be left behind outside `runs/` (the logs' git-ignored folder).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What a command needs that a fresh checkout does not have: a server or an installer.
NEEDS_MORE = ("pipx install", "ollama", "llama-server", "OLLAMA_MODEL=", "--provider openai",
              "--model qwen", "ANTHROPIC_API_KEY=", "OPENAI_BASE_URL=", "pip install",
              "npm install", "mcp-server-")
SUITE = "python -m unittest"  # the suite itself is not run from inside the suite


def readme_commands():
    """(line number, script, flags) for each block and transcript command of README.md. A
    block runs with `sh -e` (it stops at its first failure); a transcript line as typed."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        lines = file.read().splitlines()
    commands, block, start = [], None, 0
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
                block.append(":" if line.startswith(SUITE) else line)
    return commands


def checkout_files():
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [name for name in listed.splitlines() if os.path.isfile(os.path.join(ROOT, name))]


def files_in(folder):
    found = set()
    for base, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name != "__pycache__"]
        relative = os.path.relpath(base, folder)
        if relative.split(os.sep)[0] in ("runs", "bin"):
            continue
        found |= {os.path.normpath(os.path.join(relative, name)) for name in names}
    return found


@unittest.skipUnless(shutil.which("git") and shutil.which("sh"), "needs git and sh")
class ReadmeCommands(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="stock-agent-readme-")
        cls.addClassCleanup(shutil.rmtree, cls.folder)
        cls.checkout = os.path.join(cls.folder, "checkout")
        for name in checkout_files():
            target = os.path.join(cls.checkout, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, name), target)
        cls.bin = os.path.join(cls.checkout, "bin")
        os.makedirs(cls.bin)
        os.symlink(sys.executable, os.path.join(cls.bin, "python"))

    def run_in_checkout(self, script, flags):
        environ = {**os.environ, "PATH": self.bin + os.pathsep + os.environ["PATH"],
                   "LANG": "C.UTF-8", "TMPDIR": self.folder}
        environ.pop("OLLAMA_HOST", None)
        return subprocess.run(["sh", flags, script], cwd=self.checkout, env=environ,
                               capture_output=True, text=True, timeout=60)

    def test_every_command_runs_and_leaves_no_file(self):
        before = files_in(self.checkout)
        commands = readme_commands()
        ran = [command for command in commands
               if not any(word in command[1] for word in NEEDS_MORE)]
        self.assertGreaterEqual(len(ran), 8)  # the parser still finds the commands
        for line, script, flags in ran:
            # A block may make files (a database, a report): it must work a second time too.
            for attempt in (1, 2) if flags == "-ec" else (1,):
                with self.subTest(line=line, attempt=attempt):
                    done = self.run_in_checkout(script, flags)
                    self.assertEqual(done.returncode, 0, f"README line {line}:\n{script}\n"
                                                         f"{done.stderr[-2000:]}")
                    self.assertNotIn("Traceback", done.stderr)
        self.assertEqual(sorted(files_in(self.checkout) - before), [])


if __name__ == "__main__":
    unittest.main()
