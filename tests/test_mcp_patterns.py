"""A schema's `pattern` is ECMA-262's, and no value can make checking it run away (issue 20,
item 2).

An MCP server chooses its tools' schemas, so a pattern is hostile input: `^(a+)+$` against
41 characters used to take Python's backtracking `re` for ever, past --timeout and
--budget-seconds, in a real run. The validator now runs its own automaton (linear in the
value), refuses when the tool is listed what it cannot match so (a backreference, a
lookaround), and reads `\\d`, `\\w`, `\\s`, `.` and `$` as ECMA-262 does. Our own tools'
patterns (the SKU) keep their meaning; a seeded comparison with `re` on ASCII text, where the
two dialects agree, holds the automaton to the same answers.
"""

import json
import os
import random
import re
import subprocess
import sys
import time
import unittest

from stock_agent.inventory import SKU_PATTERN
from stock_agent.schema import SchemaError, check_schema, validate
from stock_agent import schema
from tests.support import english_prose, run_cli, temp_folder
from tests.test_mcp_protocol import answer_only, mcp_event, server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def checked(pattern, value):
    """validate()'s answer for a string with `pattern`, once check_schema accepted it."""
    schema = {"type": "string", "pattern": pattern}
    check_schema(schema, where="test")
    return validate(schema, value)


def refusal(pattern):
    with unittest.TestCase().assertRaises(SchemaError) as caught:
        check_schema({"type": "string", "pattern": pattern}, where="test")
    return str(caught.exception)


class RunawayTest(unittest.TestCase):
    def test_a_nested_quantifier_from_a_server_is_checked_within_the_timeout(self):
        log_dir = temp_folder(self, "mcp-pattern-")
        question = "test__match " + json.dumps({"text": "a" * 41 + "!"})
        child = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "agent.py"), "--mock", "--mcp",
             server("--pattern", "^(a+)+$"), "--mcp-catalogue-above", "99", "--timeout", "2",
             "--budget-seconds", "5", "--log-dir", log_dir, "-q", question],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            out, err = child.communicate(timeout=8)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            self.fail("checking the pattern ran past --timeout and --budget-seconds")
        self.assertNotIn("Traceback", err)
        with open(os.path.join(log_dir, os.listdir(log_dir)[0]), encoding="utf-8") as file:
            events = [json.loads(line) for line in file]
        call, = [event for event in events if event["event"] == "tool"]
        self.assertEqual(call["error"], "INVALID_ARGUMENTS")

    def test_long_values_cost_time_in_proportion(self):
        for pattern, value, expected in (
                ("^(a+)+$", "a" * 100_000 + "!", False),
                ("^(a|a)*$", "a" * 100_000, True),
                ("(a*)*b", "a" * 100_000, False),
                (r"^[^\x00]*$", "中文" * 150_000, True)):
            with self.subTest(pattern=pattern):
                started = time.monotonic()
                self.assertEqual(checked(pattern, value) is None, expected)
                self.assertLess(time.monotonic() - started, 1.0)

    def test_a_value_too_costly_to_check_is_refused_saying_so(self):
        rng = random.Random(1)
        value = "".join(rng.choices("ab", k=300_000))
        started = time.monotonic()
        problem = checked("(a|b)*a(a|b){20}$", value)  # its automaton has 2**20 states
        self.assertLess(time.monotonic() - started, 2.0)
        self.assertIn("300000 characters are too many to check", problem)


class EcmaTest(unittest.TestCase):
    def test_digits_words_and_spaces_are_ecma_262s(self):
        for pattern, value, matches in (
                (r"^\d+$", "123", True), (r"^\d+$", "１２３", False), (r"^\d+$", "٣٣٣", False),
                (r"^\w+$", "abc_9", True), (r"^\w+$", "é", False), (r"^\W$", "é", True),
                (r"^\s$", "\u00a0", True), (r"^\s$", "\ufeff", True),
                (r"^\s$", "\x1c", False), (r"^\s$", "\x85", False),
                ("^.$", "\n", False), ("^.$", "\r", False), ("^.$", "\u2028", False),
                ("^.$", "😀", True), ("a$b", "a", False), ("^a$", "a\n", False),
                ("[]", "a", False), ("^[^]$", "\n", True), ("^[a-c-]+$", "a-c", True),
                ("^a{,2}$", "a{,2}", True), (r"^\u{1F600}\x41$", "😀A", True)):
            with self.subTest(pattern=pattern, value=value):
                self.assertEqual(checked(pattern, value) is None, matches)

    def test_our_sku_pattern_keeps_its_meaning(self):
        for sku, valid in (("A001", True), ("N001", True), ("A-_9", True), ("A" * 32, True),
                           ("A" * 33, False), ("a001", False), ("A001\n", False),
                           ("Ａ001", False), ("-A01", False), ("", False)):
            with self.subTest(sku=sku):
                self.assertEqual(checked(SKU_PATTERN, sku) is None, valid)

    def test_the_automaton_agrees_with_re_where_the_dialects_agree(self):
        rng = random.Random(20)
        atoms = ["a", "b", ".", "[ab]", "[^a]", r"\d", "1", "^", "$", r"\w", "[a-]", r"\-"]

        def pattern(depth=0):
            roll = rng.random()
            if depth > 3 or roll < 0.3:
                return rng.choice(atoms)
            if roll < 0.5:
                return pattern(depth + 1) + pattern(depth + 1)
            if roll < 0.65:
                return f"({pattern(depth + 1)}|{pattern(depth + 1)})"
            quantifier = rng.choice(["*", "+", "?", "{2}", "{1,3}", "{0,}", "*?"])
            return f"(?:{pattern(depth + 1)}){quantifier}"

        compared = 0
        for _ in range(600):
            text = pattern()
            expected = re.compile(text.replace("$", r"\Z"), re.ASCII)
            program = schema._program(text)
            for _ in range(8):
                value = "".join(rng.choice("ab1-\n") for _ in range(rng.randint(0, 8)))
                self.assertEqual(program.search(value), expected.search(value) is not None,
                                 (text, value))
                compared += 1
        self.assertEqual(compared, 4800)


class RefusedTest(unittest.TestCase):
    def test_what_cannot_be_matched_in_linear_time_is_refused_by_name(self):
        for pattern, named in (("(a)\\1", "\\1"), ("(?<x>a)\\k<x>", "\\k"), ("(?=a)", "(?="),
                               ("(?!a)", "(?!"), ("(?<=a)b", "(?<="), ("(?<!a)b", "(?<!"),
                               ("\\bword", "\\b"), ("\\p{L}", "\\p")):
            with self.subTest(pattern=pattern):
                self.assertIn(f"pattern uses {named}, which stock-agent does not match",
                              refusal(pattern))

    def test_a_pattern_too_large_or_not_a_pattern_is_refused(self):
        self.assertIn("too large", refusal("x{1001}"))
        self.assertIn("too large", refusal("(" * 60 + ")" * 60))
        self.assertIn("too large", refusal("[a-z]{1000}[0-9]{1000}"))
        for pattern in ("a**", "*a", "(a", "a)", "[a", "[z-a]", "\\q", "^*", "(?P<n>a)"):
            with self.subTest(pattern=pattern):
                self.assertIn("pattern is not a regular expression", refusal(pattern))

    def test_a_server_tool_with_a_backreference_is_not_offered(self):
        for lang, expected in (("en", "pattern uses \\1, which stock-agent does not match"),
                               ("zh-TW", "pattern 使用了 \\1，stock-agent 不支援")):
            with self.subTest(lang=lang):
                status, out, err, events = run_cli(
                    ["--lang", lang, "--mcp", server("--pattern", "^(a)\\1$")],
                    model=answer_only())
                self.assertEqual(status, 0, err)
                refused = {item["tool"]: item["reason"] for item in mcp_event(events)["refused"]}
                self.assertIn("pattern uses \\1", refused["match"])
                self.assertIn(expected, err)
                if lang == "zh-TW":
                    line, = [line for line in err.splitlines() if "match" in line]
                    self.assertEqual(english_prose(line, "stock-agent"), [], line)


if __name__ == "__main__":
    unittest.main()
