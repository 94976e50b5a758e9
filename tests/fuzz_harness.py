"""The harness of the fuzz tests: schema oracles, a spying toolbox, and one run in memory.

`FuzzCase.drive(seed, factories)` runs the real loop the way main() does (minus argparse)
against a scripted model, with the run log kept in memory through the same encoder settings
as on disk, and records every broken property with the seed that reproduces it. The oracles
say by hand what each tool's schema allows, so a bug in schema.validate cannot hide itself.
"""

import contextlib
import io
import json
import math
import os
import re
import tempfile
import unittest
from unittest import mock

import agent
import tools
from mock_model import text_reply
from stock_agent import runlog
from stock_agent.errors import AgentError
from stock_agent.inventory import sample_inventory
from stock_agent.run import Limits
from stock_agent.runlog import RunLog

TERMINAL = ("completed", "failed", "cancelled")
# Codes that reject the reply just received: nothing from that reply may have run.
REPLY_REJECTED = {"TRUNCATED", "CONTEXT_TRUNCATED", "INCOMPLETE_MODEL_RESPONSE",
                  "INVALID_MODEL_MESSAGE", "INVALID_TOOL_CALL", "INVALID_TOOL_BATCH",
                  "EMPTY_ANSWER", "MODEL_HTTP_ERROR", "MODEL_BAD_RESPONSE"}

# --- Independent oracles: what each schema allows, written out by hand -------------

def stock_args_ok(value):
    return (isinstance(value, dict) and set(value) == {"sku"} and type(value["sku"]) is str
            and re.fullmatch(r"[A-Z0-9][A-Z0-9_-]{0,31}", value["sku"]) is not None)


PROBE_SCHEMA = {
    "type": "object",
    "properties": {
        "count": {"type": "integer", "minimum": 1, "maximum": 10},
        "mode": {"type": "string", "enum": ["fast", "full"]},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 8}, "maxItems": 3},
        "flag": {"type": "boolean"},
        "ratio": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["count"],
    "additionalProperties": False,
}


def probe_args_ok(value):
    if not isinstance(value, dict) or "count" not in value or set(value) - set(PROBE_ARGS):
        return False
    checks = {
        "count": lambda v: type(v) is int and 1 <= v <= 10,
        "mode": lambda v: type(v) is str and v in ("fast", "full"),
        "tags": lambda v: (type(v) is list and len(v) <= 3
                           and all(type(t) is str and len(t) <= 8 for t in v)),
        "flag": lambda v: type(v) is bool,
        "ratio": lambda v: type(v) in (int, float) and math.isfinite(v) and 0 <= v <= 1,
    }
    return all(checks[key](item) for key, item in value.items())


PROBE_ARGS = {"count": 3, "mode": "fast", "tags": ["x"], "flag": True, "ratio": 0.5}
VALID_ARGS = {"get_stock": {"sku": "A001"}, "probe": PROBE_ARGS}
ORACLES = {"get_stock": stock_args_ok, "probe": probe_args_ok}


class Spy:
    """Wraps every handler; records each run and any run the oracle would have refused."""

    def __init__(self):
        self.calls = []
        self.violations = []
        self.toolbox = self._toolbox()

    def reset(self):
        self.calls.clear()
        self.violations.clear()
        return self

    def _toolbox(self):
        return tools.Toolbox([
            tools.Tool(name="get_stock", description=tools.GET_STOCK.description,
                       parameters=tools.GET_STOCK.parameters,
                       handler=self._wrap("get_stock", tools.get_stock)),
            tools.Tool(name="probe", description="A tool with every schema keyword.",
                       parameters=PROBE_SCHEMA, handler=self._wrap("probe", lambda inv, a: a)),
        ])

    def _wrap(self, name, handler):
        def spied(inventory, arguments):
            self.calls.append(name)
            if not ORACLES[name](arguments):
                self.violations.append((name, repr(arguments)[:200]))
            return handler(inventory, arguments)
        return spied


# --- Running one case --------------------------------------------------------------

class ScriptedModel:
    """Replays reply factories; records how many handler runs came before each request."""

    provider = model = "fuzz"

    def __init__(self, factories, spy):
        self._factories = list(factories)
        self._spy = spy
        self.calls_before = []
        self.replies = []

    def chat(self, messages, definitions, *, timeout):
        self.calls_before.append(len(self._spy.calls))
        reply = self._factories.pop(0)(messages, definitions) if self._factories else None
        self.replies.append(reply)
        return reply if reply is not None else text_reply("final answer")


class KeptBytes(io.BytesIO):
    """A log file in memory that keeps its bytes after the log closes it."""

    def close(self):
        self.kept = self.getvalue()
        super().close()


class MemoryFiles:
    """Stands in for `open` inside runlog.py: same encoding and error handling, no disk."""

    def __init__(self):
        self.last = None

    def __call__(self, path, mode="r", encoding=None, errors=None, **kwargs):
        self.last = KeptBytes()
        return io.TextIOWrapper(self.last, encoding=encoding, errors=errors)

    def text(self):
        raw = getattr(self.last, "kept", None)
        return (raw if raw is not None else self.last.getvalue()).decode("utf-8")


LIMITS = dict(max_steps=4, max_tool_calls=4, max_context_chars=40_000, budget_seconds=600.0,
              timeout=60.0)


def run_case(model, spy, files, log_dir, *, content=False):
    """Run like main() does, minus argparse. Returns (code or None, log text)."""
    log = RunLog(log_dir, content=content)
    log.started(provider="fuzz", model="fuzz", limits=Limits(**LIMITS), lang="en",
                tools=spy.toolbox.names(), source="fuzz", question="q")
    outcome = agent.run_agent("Check A001", model, toolbox=spy.toolbox,
                              inventory=sample_inventory(), limits=Limits(**LIMITS),
                              log=log, system_prompt="s")
    code = outcome.error.code if outcome.error is not None else None
    try:
        log.finish(outcome)
    except AgentError as exc:  # the log itself failed: its terminal line may be missing
        code = exc.code
    return code, files.text()


def log_problems(code, text):
    """Every way the log of one run can break the log contract, as sentences."""
    problems = []
    lines = text.splitlines()
    events = []
    for number, line in enumerate(lines, 1):
        try:
            events.append(json.loads(line))
        except ValueError:
            problems.append(f"log line {number} is not JSON: {line[:80]!r}")
    if not text.endswith("\n"):
        problems.append("the log does not end with a newline")
    terminal = [e for e in events if e.get("event") in TERMINAL]
    if len(terminal) != 1 or events[-1:] != terminal:
        problems.append(f"terminal events {[e.get('event') for e in terminal]}, last line "
                        f"{events[-1:] and events[-1].get('event')}")
    elif code is not None and terminal[0].get("code") != code:
        problems.append(f"terminal code {terminal[0].get('code')} != raised {code}")
    return problems


class FuzzCase(unittest.TestCase):
    """Shared driver: a temp log dir, `open` kept in memory, stderr swallowed."""

    def setUp(self):
        self.log_dir = tempfile.mkdtemp()
        self.addCleanup(os.rmdir, self.log_dir)
        self.files = MemoryFiles()
        patcher = mock.patch.object(runlog, "open", self.files, create=True)
        patcher.start()
        self.addCleanup(patcher.stop)
        quiet = contextlib.redirect_stderr(io.StringIO())
        quiet.__enter__()
        self.addCleanup(quiet.__exit__, None, None, None)
        self.failures = []
        self.spy = Spy()

    def drive(self, seed, factories):
        """One run; any broken property is recorded with the seed that reproduces it."""
        spy = self.spy.reset()
        model = ScriptedModel(factories(spy), spy)
        try:  # odd seeds log content too: model text, arguments and results are the riskiest
            code, text = run_case(model, spy, self.files, self.log_dir, content=seed % 2 == 1)
        except Exception as exc:  # the property under test: nothing but AgentError escapes
            self.failures.append((seed, f"{type(exc).__name__}: {str(exc)[:200]}"))
            return None, model, spy
        problems = log_problems(code, text)
        if spy.violations:
            problems.append(f"handler ran with refused arguments {spy.violations[0]}")
        if code in REPLY_REJECTED and len(spy.calls) != model.calls_before[-1]:
            problems.append(f"{code}, yet tools from that reply ran")
        if problems:
            self.failures.append((seed, "; ".join(problems)))
        return code, model, spy

    def assertNoFailures(self, what):
        shown = "\n".join(f"  seed {seed}: {text}" for seed, text in self.failures[:8])
        if self.failures:
            self.fail(f"{len(self.failures)} {what} failed:\n{shown}")
