"""Token usage and --max-tokens (stock_agent/run.py), for one run.

The limit counts the tokens the server reports, or an estimate when it reports none; the
estimate is calibrated by the counts the server did report. A request that would pass the
limit is never sent. (Over a whole conversation: tests/test_chat_conversation.py; excerpts of
long results: tests/test_chat_context.py.)
"""

import unittest

import tools
from mock_model import MockModel, calls_reply, text_reply, tool_call
from stock_agent import cli
from stock_agent.errors import EXIT_STATUS
from stock_agent.run import Limits
from stock_agent.chat.session import Session, model_window
from stock_agent.run import CHARS_PER_TOKEN, Estimator, Meter
from tests.support import run_cli, run_script, settings


def reported(reply, input_tokens, output_tokens):
    return {**reply, "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens}}


class EstimatorTest(unittest.TestCase):
    def test_before_any_count_it_assumes_the_default_ratio(self):
        self.assertEqual(Estimator().tokens_for(300), round(300 / CHARS_PER_TOKEN))
        self.assertEqual(Estimator().chars_for(100), 100 * CHARS_PER_TOKEN)

    def test_reported_counts_calibrate_it(self):
        estimator = Estimator()
        estimator.observe(3_000, 1_500)  # a language that takes 2 characters a token
        estimator.observe(1_000, 500)
        self.assertEqual(estimator.tokens_for(400), 200)
        self.assertEqual(estimator.chars_for(200), 400)
        estimator.observe(0, 10)  # nothing to learn from an empty request
        self.assertEqual(estimator.tokens_for(400), 200)


class MeterTest(unittest.TestCase):
    def test_reported_tokens_count_as_reported(self):
        meter = Meter(10_000)
        self.assertEqual(meter.count(900, reported(text_reply("ok"), 300, 7)), 307)
        self.assertEqual(meter.used, 307)

    def test_unreported_tokens_are_estimated_at_the_calibrated_ratio(self):
        meter = Meter(10_000)
        meter.count(900, reported(text_reply("ok"), 300, 7))  # 3 characters a token here
        added = meter.count(1_800, text_reply("x" * 28))  # the server said nothing
        # 1,800 / 3 in, and out the reply's text and calls as JSON, ["x...x", []]: 36 / 3
        self.assertEqual(added, 600 + 12)

    def test_a_request_that_would_pass_the_limit_is_refused(self):
        meter = Meter(1_000, used=800)
        meter.check(600)  # about 200 tokens: exactly at the limit, allowed
        with self.assertRaises(Exception) as caught:
            meter.check(603)
        self.assertEqual(caught.exception.code, "TOKEN_LIMIT")
        self.assertEqual(caught.exception.params, {"used": 800, "need": 201, "limit": 1_000})


class RunTest(unittest.TestCase):
    def test_max_tokens_stops_a_run_before_the_request_that_would_pass_it(self):
        script = [reported(calls_reply(tool_call("get_stock", {"sku": "A001"})), 5_000, 20),
                  text_reply("never sent")]
        error, model, events = run_script(script, limits=Limits(max_tokens=6_000))
        self.assertEqual(error.code, "TOKEN_LIMIT")
        self.assertEqual(len(model.requests), 1)
        self.assertEqual(error.params["used"], 5_020)
        self.assertGreater(error.params["need"], 5_000)  # calibrated on this server's count
        self.assertEqual(events[-1]["exit_status"], EXIT_STATUS["TOKEN_LIMIT"])

    def test_without_reported_counts_the_estimate_is_the_limit(self):
        model = MockModel()
        status, out, err, events = run_cli(["--mock", "--max-tokens", "100"], model=model)
        self.assertEqual(status, 14)
        self.assertEqual(model.requests, [])  # nothing was sent
        self.assertTrue(err.startswith("stock-agent: TOKEN_LIMIT: 0 tokens used so far"))
        self.assertEqual(events[0]["limits"]["max_tokens"], 100)
        self.assertEqual(events[-1]["code"], "TOKEN_LIMIT")

    def test_the_default_leaves_an_ordinary_run_alone(self):
        status, _, _, events = run_cli(["--mock"])
        self.assertEqual(status, 0)
        self.assertEqual(events[0]["limits"]["max_tokens"], 500_000)


class WindowTest(unittest.TestCase):
    """With Ollama the model's window is known (--num-ctx less --num-predict): the history
    budget is what fits in it at the ratio the server's counts show."""

    def session(self, *flags):
        args = settings(*flags)
        given = {"limits": args.limits, "toolbox": tools.default_toolbox(),
                 "system_prompt": "rules", "model": MockModel()}
        return Session(None, turns=[], given=given, lang="en", meter=Meter(10**9),
                       window=model_window(args))

    def test_the_window_bounds_the_budget_once_calibrated(self):
        talk = self.session("--provider", "ollama", "--num-ctx", "4096", "--num-predict",
                            "1024", "--max-context-chars", "40000")
        self.assertEqual(talk.budget(), 3_072 * CHARS_PER_TOKEN)
        talk.meter.estimator.observe(1_000, 1_000)  # a token a character
        self.assertEqual(talk.budget(), 3_072)

    def test_other_providers_and_the_mock_have_no_known_window(self):
        for flags in (["--provider", "openai"], ["--mock"]):
            with self.subTest(flags=flags):
                talk = self.session(*flags, "--max-context-chars", "9000")
                talk.meter.estimator.observe(1_000, 1_000)
                self.assertEqual(talk.budget(), 9_000)


if __name__ == "__main__":
    unittest.main()
