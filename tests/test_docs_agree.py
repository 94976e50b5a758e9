"""What the docs and --help say about the program agrees with the program.

Every repository path a comment, docstring or doc names exists.
"""

import glob
import os
import re
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THIS_FILE = os.path.relpath(os.path.abspath(__file__), ROOT).replace(os.sep, "/")


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        return file.read()


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
}
# Wrong paths in files that are being rewritten elsewhere and must not be edited here.
# Each entry goes when its file is fixed (a test says so).
KNOWN_WRONG = {
    ("tools.py", "stock_agent/writes.py"),  # now stock_agent/orders/writes.py
    ("tests/test_verify_rules.py", "stock_agent/verify.py"),  # now stock_agent/verify/
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
                if path in ELSEWHERE or (source, path) in KNOWN_WRONG:
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

    def test_every_known_wrong_path_is_still_there(self):
        for source, path in sorted(KNOWN_WRONG):
            with self.subTest(file=source, path=path):
                self.assertIn(path, set(named_paths(read(source))),
                              "fixed: remove it from KNOWN_WRONG")
                self.assertFalse(exists(path), "it exists now: remove it from KNOWN_WRONG")


if __name__ == "__main__":
    unittest.main()
