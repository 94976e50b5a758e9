"""Per-question cost of a conversation as it grows, at question 100 and at question 1,600.

    $ python bench/conversation_growth.py        # 3 conversations of 1,600 questions, medians

The mock answers each question (`--mock --chat --max-tokens 100000000`, questions as a pipe
would give them), so what is timed is the program's own work per question: choosing the
history from the record so far, the loop, and writing the record. Each question's cost is the
time from one answer to the next; a band is the median of the `--window` questions that end
at question `--small` and at question `--large`. Target: the cost at 1,600 is at most 1.5x
the cost at 100 (the history is chosen incrementally: each ended question is measured once
and its facts read once, when it is folded into the notes). Absolute figures vary by machine;
the ratio is the result.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import agent  # noqa: E402  (after the path is set)
from stock_agent import cli  # noqa: E402

TARGET = 1.5  # the cost at --large, at most this times the cost at --small
QUESTIONS = ("Check A001", "Check A002 and A003", "what is running low?", "Check A404",
             "find tea")


def one_conversation(count):
    """The cost of each of `count` questions of one conversation, in seconds."""
    with tempfile.TemporaryDirectory() as log_dir:
        settings = cli.settings(["--mock", "--chat", "--max-tokens", "100000000",
                                 "--log-dir", log_dir], {})
        asked = (QUESTIONS[number % len(QUESTIONS)] for number in range(count))
        times = [time.perf_counter()]
        outcomes = agent.converse(settings, {}, asked)
        try:
            for outcome in outcomes:
                if outcome.error is not None:
                    raise AssertionError(f"question {len(times)} ended {outcome.error.code}")
                times.append(time.perf_counter())
        finally:
            outcomes.close()
    return [later - earlier for earlier, later in zip(times, times[1:])]


def band(costs, last, window):
    """The median cost of the `window` questions that end at question `last`."""
    return statistics.median(costs[last - window:last])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=1600)
    parser.add_argument("--window", type=int, default=20)
    args = parser.parse_args(argv)
    runs = [one_conversation(args.large) for _ in range(args.runs)]
    small = statistics.median(band(costs, args.small, args.window) for costs in runs)
    large = statistics.median(band(costs, args.large, args.window) for costs in runs)
    print(f"per-question cost of a --mock --chat conversation, median of {args.runs} "
          f"conversations of {args.large} questions, Python {sys.version.split()[0]}\n")
    print(f"| at question {args.small} | at question {args.large} | ratio |")
    print("|---:|---:|---:|")
    print(f"| {small * 1e3:.2f} ms | {large * 1e3:.2f} ms | {large / small:.2f}x |")
    print(f"\nwhole conversation: {statistics.median(map(sum, runs)):.2f} s "
          f"(target: ratio at most {TARGET}x)")
    return 0 if large <= TARGET * small else 1


if __name__ == "__main__":
    raise SystemExit(main())
