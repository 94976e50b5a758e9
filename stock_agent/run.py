"""What a run is given and what it gives back.

`Limits` holds every bound of a run; its defaults are the defaults of the command-line flags,
written only here. In a conversation each question is a run, except `max_tokens`, which
bounds the whole conversation. `Outcome` is how one run ended: the loop fills in the answer
or the error and its tallies as it goes, and the command line adds the log it was written
to. The `--json` object (cli.py) and the evaluation (evals/) are read from it.

Plain classes, not dataclasses or namedtuples: they cost more to create at start-up than a
`--mock` run's own work (docs/benchmarks.md).
"""

from stock_agent.errors import CANCELLED_CODES, AgentError, cancellation

LIMIT_DEFAULTS = {
    "max_steps": 6,              # model requests per run
    "max_tool_calls": 8,         # tool calls in one model reply
    "max_context_chars": 40_000,  # the largest serialised request
    "budget_seconds": 300.0,     # wall clock for the whole run
    "timeout": 120.0,            # one model request
    "max_tool_errors": 3,        # failed tool calls in a row
    "retries": 1,                # more tries of a model request after a transient failure
    "max_tokens": 500_000,       # input + output tokens of a run, or of a whole conversation
}


class Limits:
    """Every bound of a run. Each has a non-zero default: there is no "unlimited"."""

    __slots__ = tuple(LIMIT_DEFAULTS)

    def __init__(self, **given):
        unknown = set(given) - set(LIMIT_DEFAULTS)
        if unknown:
            raise TypeError(f"unknown limit(s): {', '.join(sorted(unknown))}")
        for name, default in LIMIT_DEFAULTS.items():
            setattr(self, name, given.get(name, default))

    def as_dict(self):
        return {name: getattr(self, name) for name in LIMIT_DEFAULTS}


class Outcome:
    """How one run ended. `error` is None for a completed run, else the AgentError that
    ended it (CANCELLED for Ctrl-C, TERMINATED or HANGUP for a signal). `log_error` is set
    when the log itself failed."""

    def __init__(self, *, answer=None, error=None):
        self.answer = answer
        self.error = error
        self.log_error = None
        self.steps = 0
        self.tool_calls = []  # {"name", "ok", "error"} for every call, in order
        self.orders = []      # the receipts of the orders this run placed or confirmed
        # {"invocation", "name", "arguments", "result"} for every call, in order: what the
        # answer checker (stock_agent/verify.py) and the facts are read from; not in --json.
        self.results = []
        # The checker's verdict: None (not checked: --verify off, or no answer reached),
        # "verified" (the first answer passed), "corrected" (passed after the corrective
        # turn), "unverified" (failed after it: UNVERIFIED_ANSWER, or another error).
        self.verification = None
        self.corrections = 0  # corrective turns the model was given (at most one)
        self.tokens = {"input": None, "output": None}  # None: the server never said
        self.run_id = None
        self.log = None       # the log's path, once it was opened
        self.duration_ms = 0
        self.transcript = []  # this question's messages as the model saw them, question first

    @property
    def status(self):
        if self.error is None:
            return "completed"
        return "cancelled" if self.error.code in CANCELLED_CODES else "failed"

    @property
    def exit_status(self):
        failure = self.log_error or self.error
        return 0 if failure is None else failure.exit_status

    def add_tokens(self, usage):
        """Count the tokens one reply used, as far as the server reported them."""
        for key, field in (("input", "input_tokens"), ("output", "output_tokens")):
            value = usage.get(field)
            if isinstance(value, int) and not isinstance(value, bool):
                self.tokens[key] = (self.tokens[key] or 0) + value


def ended_by(error, *, traceback=False):
    """The AgentError for an exception that ended a run outside the loop's own checks:
    Ctrl-C is CANCELLED (SIGTERM and SIGHUP their own codes), an AgentError is itself,
    anything else is a bug: INTERNAL_ERROR, its stack printed on stderr only when
    `traceback` is asked for."""
    if isinstance(error, KeyboardInterrupt):  # Ctrl-C, or SIGTERM/SIGHUP (errors.Stopped)
        return cancellation(error)
    if isinstance(error, AgentError):
        return error
    if traceback:
        import traceback as stack
        stack.print_exception(error)
    return AgentError("INTERNAL_ERROR", type=type(error).__name__)
