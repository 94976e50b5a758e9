"""What a new user meets first: flags, messages in their language, and small mistakes.

Items of the "ready for strangers" review: an empty --question is a usage error (1); the
mock never calls a user's own data sample data (11); huge timeouts are usage errors (12);
`python -I agent.py` works (15); error lines keep the ASCII `stock-agent: CODE: ` prefix in
every language, with the details translated (17); plurals, the stats of an empty folder, a
--log-dir that is a file, and an unknown --tenant say what they should (22).
"""

import io
import os
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

import agent
from stock_agent.errors import EXIT_STATUS, AgentError
from tests.support import Early, run_cli, start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "inventory.csv")


def usage_status(argv):
    """(exit status, stderr) of a command line that argparse refuses; None if it ran."""
    with redirect_stderr(io.StringIO()) as err, redirect_stdout(io.StringIO()), \
            tempfile.TemporaryDirectory() as logs:
        try:
            agent.main([*argv, "--log-dir", logs], environ={})
        except SystemExit as exit:
            return exit.code, err.getvalue()
    return None, err.getvalue()


def isolated_run():
    """`python -I agent.py --mock`, the documented command in isolated mode: CompletedProcess."""
    with tempfile.TemporaryDirectory() as logs:
        return subprocess.run([sys.executable, "-I", "agent.py", "--mock", "--log-dir", logs],
                              cwd=ROOT, capture_output=True, text=True, timeout=20)


ISOLATED = Early(isolated_run)  # a real process the test only waits for


def load_tests(loader, tests, pattern):
    """unittest calls this as it loads the whole module: the real process starts now."""
    start(ISOLATED)
    return tests


class Flags(unittest.TestCase):
    def test_an_empty_or_blank_question_is_a_usage_error(self):
        for question in ("", "   ", "\n"):
            with self.subTest(question=question):
                status, err = usage_status(["--mock", "--question", question])
                self.assertEqual(status, 2)
                self.assertIn("the question is empty", err)

    def test_without_the_flag_the_sample_question_is_asked(self):
        status, out, _, _ = run_cli(["--mock", "--lang", "en"])
        self.assertEqual(status, 0)
        self.assertIn("A001", out)

    def test_timeouts_past_a_day_are_usage_errors(self):
        for flag in ("--timeout", "--budget-seconds"):
            for value in ("1e308", "86401", "inf", "nan"):
                with self.subTest(flag=flag, value=value):
                    self.assertEqual(usage_status(["--mock", flag, value])[0], 2)

    def test_isolated_mode_runs_the_documented_command(self):
        done = ISOLATED.result()
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("A001", done.stdout)


class Languages(unittest.TestCase):
    def test_zh_tw_lines_keep_the_ascii_prefix_and_translate_the_detail(self):
        with tempfile.TemporaryDirectory() as folder:
            bad = os.path.join(folder, "bad.csv")
            with open(bad, "w", encoding="utf-8") as file:
                file.write("sku,name,stock,target\nA001,x,ten,2\n")
            status, _, err, _ = run_cli(["--mock", "--lang", "zh-TW", "--inventory", bad])
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
        self.assertTrue(err.startswith("stock-agent: INVALID_INPUT: "), err)
        self.assertIn("第 2 列，欄位 stock", err)
        self.assertIn("不是大於或等於 0 的整數", err)
        self.assertNotIn("row 2", err)

    def test_every_line_key_in_the_code_is_in_the_catalogue(self):
        import re
        from stock_agent.messages import LINES
        from stock_agent.orders.resume import SETTLED
        used = set()
        for folder, _, names in os.walk(os.path.join(ROOT, "stock_agent")):
            for name in names:
                if name.endswith(".py"):
                    with open(os.path.join(folder, name), encoding="utf-8") as file:
                        used |= set(re.findall(r'Text\(\s*"(\w+)"\s*[,)]', file.read()))
        with open(os.path.join(ROOT, "agent.py"), encoding="utf-8") as file:
            used |= set(re.findall(r'Text\(\s*"(\w+)"\s*[,)]', file.read()))
        # The keys the code builds or picks from a variable rather than writes out.
        used |= {f"advice_{provider}" for provider in ("ollama", "openai", "anthropic")}
        used |= {"remote", "clear_key"} | set(SETTLED.values())  # cli.note_remote, --resume
        self.assertEqual(sorted(used - set(LINES)), [])

    def test_every_entry_of_the_catalogue_has_both_languages_with_the_same_names(self):
        import string
        from stock_agent.messages import AFTER_ORDERS, LINES, MESSAGES

        def names(template):  # {name}, {name!r} and {name|one|many} all name `name`
            return {field.split("|")[0]
                    for _, field, _, _ in string.Formatter().parse(template) if field}

        for table_name, table in (("MESSAGES", MESSAGES), ("AFTER_ORDERS", AFTER_ORDERS),
                                  ("LINES", LINES)):
            for key, entry in table.items():
                with self.subTest(table=table_name, key=key):
                    self.assertEqual(set(entry), {"en", "zh-TW"})
                    self.assertEqual(names(entry["zh-TW"]), names(entry["en"]))
                    self.assertFalse(any("\n" in text for text in entry.values()))
        for code, entry in AFTER_ORDERS.items():  # filled with the same AgentError params
            with self.subTest(after_orders=code):
                self.assertLessEqual(names(entry["en"]), names(MESSAGES[code]["en"]))

    def test_the_catalogue_is_data_that_runs_nothing(self):
        # No function to call, nothing imported: loading it is all it costs, and only when
        # a line is shown.
        import ast
        with open(os.path.join(ROOT, "stock_agent", "messages.py"), encoding="utf-8") as file:
            tree = ast.parse(file.read())
        kinds = {type(node).__name__ for node in tree.body}
        self.assertEqual(kinds, {"Expr", "Assign"})  # the docstring and the tables
        self.assertEqual([node.targets[0].id for node in tree.body[1:]],
                         ["MESSAGES", "AFTER_ORDERS", "LINES"])
        self.assertFalse([node for node in ast.walk(tree) if isinstance(node, ast.Call)])


class SmallThings(unittest.TestCase):
    def test_one_model_request_is_singular(self):
        self.assertIn("after 1 model request without",
                      AgentError("STEP_LIMIT", max_steps=1).message())
        self.assertIn("after 2 model requests without",
                      AgentError("STEP_LIMIT", max_steps=2).message())
        self.assertTrue(AgentError("TOOL_ERROR_LIMIT", count=1).message()
                        .startswith("1 tool call in a row"))

    def test_stats_of_an_empty_folder_say_none(self):
        from stock_agent.evals.__main__ import main as evals_main
        with tempfile.TemporaryDirectory() as empty, redirect_stdout(io.StringIO()) as out:
            self.assertEqual(evals_main(["stats", empty]), 0)
        self.assertIn("  status       none", out.getvalue())

    def test_a_log_dir_that_is_a_file_says_so(self):
        with tempfile.NamedTemporaryFile() as file:
            status, _, err, _ = run_cli(["--mock"], log_dir=file.name)
        self.assertEqual(status, EXIT_STATUS["LOG_UNWRITABLE"])
        self.assertIn("not a folder", err)
        self.assertNotIn("File exists", err)

    def test_an_unknown_tenant_lists_the_known_ones(self):
        status, _, err, _ = run_cli(["--mock", "--inventory", EXAMPLE, "--tenant", "west"])
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
        self.assertIn("tenants in the file: north, south", err)
        status, _, err, _ = run_cli(["--mock", "--inventory", EXAMPLE])
        self.assertIn("(tenants: north, south)", err)

    def test_the_mock_does_not_call_your_data_sample_data_when_nothing_was_found(self):
        status, out, _, _ = run_cli(["--mock", "--lang", "en", "--inventory", EXAMPLE,
                                     "--tenant", "north", "-q", "Check Z999"])
        self.assertEqual(status, 0)
        self.assertNotIn("[Sample data]", out)
        self.assertIn("Z999 was not found", out)
        # The built-in sample keeps its label when a lookup names it.
        _, out, _, _ = run_cli(["--mock", "--lang", "en", "-q", "Check A001"])
        self.assertTrue(out.startswith("[Sample data]"))


class RoundTwoSmallThings(unittest.TestCase):
    """The small things a new user tripped over."""

    def test_version_is_pyprojects(self):
        import re
        with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as file:
            version = re.search(r'^version = "([^"]+)"', file.read(), re.M)[1]
        out = io.StringIO()
        with redirect_stdout(out), self.assertRaises(SystemExit) as caught:
            agent.main(["--version"])
        self.assertEqual((caught.exception.code, out.getvalue()),
                         (0, f"stock-agent {version}\n"))

    def test_exported_openai_or_anthropic_variables_without_provider_get_one_note(self):
        from stock_agent import cli
        environ = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_API_KEY": "k"}
        for lang, said in (("en", "add --provider openai"), ("zh-TW", "請加上 --provider openai")):
            err = io.StringIO()
            with redirect_stderr(err):
                settings = cli.settings(["--lang", lang, "-q", "x"], environ)
            self.assertEqual(settings.provider, "ollama")
            self.assertEqual(len(err.getvalue().splitlines()), 1, err.getvalue())
            self.assertIn(said, err.getvalue())
            self.assertIn("OPENAI_API_KEY, OPENAI_BASE_URL", err.getvalue())
        quiet = (["--provider", "openai", "-q", "x"], ["--provider", "ollama", "-q", "x"],
                 ["--mock", "-q", "x"])
        for argv in quiet:
            err = io.StringIO()
            with redirect_stderr(err):
                cli.settings(argv, environ)
            self.assertEqual(err.getvalue(), "", argv)
        err = io.StringIO()
        with redirect_stderr(err):  # OLLAMA_* set: Ollama is meant
            cli.settings(["-q", "x"], {**environ, "OLLAMA_MODEL": "qwen2.5:7b"})
        self.assertEqual(err.getvalue(), "")
        err = io.StringIO()
        with redirect_stderr(err):
            cli.settings(["-q", "x"], {"ANTHROPIC_API_KEY": "k"})
        self.assertIn("--provider anthropic", err.getvalue())

    def test_a_csv_with_only_its_header_is_an_error(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "header.csv")
            with open(path, "w", encoding="utf-8") as file:
                file.write("sku,name,stock,target\n")
            for lang, said in (("en", "no items, only the column names"),
                               ("zh-TW", "沒有任何商品")):
                status, out, err, _ = run_cli(["--mock", "--lang", lang, "--inventory", path])
                self.assertEqual((status, out), (EXIT_STATUS["INVALID_INPUT"], ""))
                self.assertTrue(err.startswith("stock-agent: INVALID_INPUT: "), err)
                self.assertIn(said, err)

    def test_the_evaluations_error_line_has_the_same_prefix(self):
        from stock_agent.evals.__main__ import main as evals_main
        err = io.StringIO()
        with redirect_stderr(err), redirect_stdout(io.StringIO()), \
                tempfile.TemporaryDirectory() as folder:
            status = evals_main(["stats", os.path.join(folder, "missing")], environ={})
        self.assertEqual(status, EXIT_STATUS["INVALID_INPUT"])
        self.assertTrue(err.getvalue().startswith("stock-agent: INVALID_INPUT: "), err.getvalue())

    def test_the_readme_says_orders_and_mcp_are_single_run_features(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
            readme = " ".join(file.read().split())
        self.assertIn("`--orders` and `--mcp` are single-run features", readme)

    def test_the_license_pyproject_names_is_there(self):
        import re
        with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as file:
            named = re.search(r'^license = \{ text = "([^"]+)" \}', file.read(), re.M)[1]
        with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as file:
            self.assertTrue(file.readline().startswith(f"{named} License"))


if __name__ == "__main__":
    unittest.main()
