"""The answer corpus run through the command line against a loopback model server.

    $ python -m tests.answers_corpus            # both splits
    $ python -m tests.answers_corpus test       # the test split only
    $ python -m tests.answers_corpus --verdicts test   # {id: verdict} as JSON

Each case of tests/data/answers_{dev,test}.jsonl (written by tests/data/make_answers.py) is
one run of `agent.main` with `--provider ollama` against a FakeServer speaking Ollama's wire
format: the server replies with the case's tool calls, then with its final answer, and with
that same answer to every later request (a model that repeats itself after a correction).
The tools run for real on tests/data/answers_inventory.csv; a case with `orders` runs with
--orders on a fresh ledger and --approve, so its receipt is PO-000001.

Two rates per group (split, language, kind), the issue's measure of the answer check:
- correct sent to correction: a correct answer was not accepted as it stood;
- wrong completed: a wrong answer reached the person as the run's answer (verified, or
  accepted after its correction). An answer rendered from the facts is not the model's.
An answer the program supplemented (the facts of an item it left out added under it) was
accepted as the model wrote it: it counts as accepted both ways.
"""

import io
import json
import os
import sys
import tempfile
from collections import defaultdict
from contextlib import redirect_stderr, redirect_stdout

import agent
from stock_agent.runlog import read_records
from tests import fake_server as fs

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
INVENTORY = os.path.join(DATA, "answers_inventory.csv")
TENANTS = os.path.join(DATA, "answers_tenants.csv")
PATH = "/api/chat"
ACCEPTED = ("accepted", "supplemented")  # the model's first answer reached the person
COMPLETED = (*ACCEPTED, "corrected")  # its first or its corrected answer did


def load(split):
    with open(os.path.join(DATA, f"answers_{split}.jsonl"), encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


class Replayer:
    """A FakeServer that plays one case at a time: the reply is chosen by how many
    assistant messages the request already holds, so no reply is left over for the next."""

    def __init__(self):
        self.server, self.case = fs.FakeServer(), None
        self.server.reply(PATH, 200, self._respond, repeat=True)

    def __enter__(self):
        self.server.__enter__()
        return self

    def __exit__(self, *exc_info):
        self.server.__exit__(*exc_info)

    def _respond(self, handler):
        messages = self.server.requests[-1]["json"]["messages"]
        step = sum(1 for message in messages if message["role"] == "assistant")
        batches = self.case["calls"]
        if step < len(batches):
            body = fs.ollama_chat("", tool_calls=[
                fs.ollama_call(call["name"], call["arguments"], index, f"c{step}-{index}")
                for index, call in enumerate(batches[step])])
        else:
            body = fs.ollama_chat(self.case["answer"])
        data = fs.go_json(body).encode()
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json; charset=utf-8")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def run(self, case, *flags):
        """(exit status, the --json output, the log's events) of one case."""
        self.case = case
        environ = {"LANG": "C", "OLLAMA_HOST": self.server.url, "OLLAMA_MODEL": "qwen2.5:7b"}
        with tempfile.TemporaryDirectory() as logs:
            data = _inventory_flags(case.get("inventory"))
            argv = ["--provider", "ollama", "--log-dir", logs, "--retries", "0", "--json",
                    "--lang", case["lang"], *data, *flags, "-q", case["question"]]
            if case.get("orders"):
                argv += ["--orders", os.path.join(logs, "ledger.db"), "--approve"]
            out = io.StringIO()
            with redirect_stdout(out), redirect_stderr(io.StringIO()):
                status = agent.main(argv, environ=environ)
            events = [record for name in sorted(os.listdir(logs)) if name.endswith(".jsonl")
                      for record in read_records(os.path.join(logs, name))[0]]
        return status, json.loads(out.getvalue()), events


def _inventory_flags(name):
    """The data a case was answered on: the corpus inventory, or for a real model's
    answer (kind real_model) the built-in sample or a tenant of answers_tenants.csv."""
    if name == "sample":
        return []
    if name and name.startswith("tenants:"):
        return ["--inventory", TENANTS, "--tenant", name.partition(":")[2]]
    return ["--inventory", INVENTORY]


def verdict(case, output):
    """What became of one case: `accepted` (its first answer completed), `supplemented`
    (completed with facts added), `corrected`, `rendered` (the person got the facts
    rendered by code), or the error code."""
    if output["status"] == "completed":
        return {"verified": "accepted", None: "accepted"}.get(output["verification"],
                                                              output["verification"])
    return (output.get("error") or {}).get("code") or output["status"]


def run_split(split, replayer=None, *flags):
    """[(case, verdict)] for every case of `split`."""
    if replayer is None:
        with Replayer() as replayer:
            return run_split(split, replayer, *flags)
    return [(case, verdict(case, replayer.run(case, *flags)[1])) for case in load(split)]


def rates(runs):
    """{group: {"correct", "sent", "wrong", "completed", "supplemented", "rendered"}} by
    all, language and kind: `sent` correct answers not accepted as they stood, `completed`
    wrong answers that reached the person as the model wrote them."""
    table = defaultdict(lambda: dict.fromkeys(("correct", "sent", "wrong", "completed",
                                               "supplemented", "rendered"), 0))
    for case, seen in runs:
        for group in ("all", case["lang"], case["kind"]):
            row = table[group]
            row["supplemented"] += seen == "supplemented"
            row["rendered"] += seen == "rendered"
            if case["label"] == "correct":
                row["correct"] += 1
                row["sent"] += seen not in ACCEPTED
            else:
                row["wrong"] += 1
                row["completed"] += seen in COMPLETED
    return dict(table)


def report(split, runs):
    lines = [f"split {split}: {len(runs)} answers",
             f"{'group':<16} {'correct sent to correction':>28} {'wrong completed':>18} "
             f"{'supplemented':>13} {'rendered':>9}"]
    table = rates(runs)
    order = ["all", "en", "zh-TW"] + sorted(set(table) - {"all", "en", "zh-TW"})
    for group, row in ((group, table[group]) for group in order if group in table):
        lines.append(f"{group:<16} {_rate(row['sent'], row['correct']):>28} "
                     f"{_rate(row['completed'], row['wrong']):>18} "
                     f"{row['supplemented']:>13} {row['rendered']:>9}")
    return "\n".join(lines)


def _rate(part, whole):
    return f"{part}/{whole} {100 * part / whole:5.1f}%" if whole else "-"


def failures(runs):
    """The cases the check got wrong, one line each (for tuning on dev)."""
    return [f"{case['id']}: {seen}: {case['answer'][:90]!r}" for case, seen in runs
            if (seen not in ACCEPTED if case["label"] == "correct" else seen in COMPLETED)]


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    show = "-v" in args
    splits = [name for name in args if name in ("dev", "test")] or ["dev", "test"]
    with Replayer() as replayer:
        for split in splits:
            runs = run_split(split, replayer)
            if "--verdicts" in args:  # for tests/test_verify_corpus.py, one JSON object
                print(json.dumps({case["id"]: seen for case, seen in runs}))
                continue
            print(report(split, runs))
            if show:
                print("\n".join(failures(runs)))
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
