"""Every way a run can end: stable codes, their exit statuses, the errors that carry them.

A run ends with exactly one status. `completed` exits 0, or 47 (WRITE_REFUSED) when a
write the question asked for was refused: the answer stands, and a script can tell. Every
other ending is an `AgentError` whose `code` is one of the keys of `EXIT_STATUS`. The code
is the contract: the same string appears in the run log, in `--json` output and in the
tests, in every language. The human message is looked up by code and language, so tests
assert on the code and the exit status, never on prose. The lines are in the message
catalogue (stock_agent/messages.py), loaded only when one is shown; `Text` and `fill` here
read it.

Tool failures that the model can correct (UNKNOWN_TOOL, INVALID_ARGUMENTS, SKU_NOT_FOUND, ...)
are not exceptions: they travel back to the model as tool results (see tools.py).
"""

# Exit statuses, grouped so a script can test ranges: 1x limits, 2x bad model replies,
# 3x model server and configuration, 4x writes (--orders, --resume), 5x plugins (MCP
# servers at start-up), 60-62 recorded exchanges (--record, --replay), 65-68 the export
# of a finished run (--otlp), 2-8 local problems (5: an evaluation below its
# --min-success gate; 7: a conversation that cannot go on with these flags; 8: its record
# is full), and 128 + the signal for a run a signal ended: 130 Ctrl-C (SIGINT), 143
# SIGTERM, 129 SIGHUP, the statuses a shell reports for them; and 141, SIGPIPE's, when the
# reader of stdout left before the output was written (`| head -1`): said by no message, as
# coreutils and git end there. This table is the one source: README.md (its ranges),
# docs/output.md and --help (cli.EPILOG) copy it, and tests/test_docs_agree.py holds every
# copy to it.
EXIT_STATUS = {
    "COMPLETED": 0,
    "INTERNAL_ERROR": 1,
    "USAGE": 2,
    "INVALID_INPUT": 3,
    "LOG_UNWRITABLE": 4,
    "BELOW_MIN_SUCCESS": 5,
    "OUTPUT_UNWRITABLE": 6,
    "CONTINUE_UNAVAILABLE": 7,
    "RECORD_FULL": 8,
    "STEP_LIMIT": 10,
    "TIME_BUDGET": 11,
    "CONTEXT_LIMIT": 12,
    "TOOL_ERROR_LIMIT": 13,
    "TOKEN_LIMIT": 14,
    "FIXED_CONTEXT_TOO_LARGE": 15,
    "TRUNCATED": 20,
    "CONTEXT_TRUNCATED": 21,
    "INCOMPLETE_MODEL_RESPONSE": 22,
    "INVALID_MODEL_MESSAGE": 23,
    "INVALID_TOOL_CALL": 24,
    "INVALID_TOOL_BATCH": 25,
    "EMPTY_ANSWER": 26,
    "TOOL_CALL_IN_TEXT": 27,
    "UNVERIFIED_ANSWER": 28,
    "MALFORMED_TOOL_CALL": 29,
    "NO_MODEL": 30,
    "MODEL_NOT_FOUND": 31,
    "TOOLS_UNSUPPORTED": 32,
    "MODEL_UNREACHABLE": 33,
    "MODEL_TIMEOUT": 34,
    "MODEL_HTTP_ERROR": 35,
    "MODEL_BAD_RESPONSE": 36,
    "MODEL_RESPONSE_TOO_LARGE": 37,
    "AUTH_FAILED": 38,
    "NO_API_KEY": 39,
    "LEDGER_UNAVAILABLE": 40,
    "JOURNAL_UNWRITABLE": 41,
    "WRITE_UNCONFIRMED": 42,
    "RESUME_UNAVAILABLE": 43,
    "IDEMPOTENCY_CONFLICT": 44,
    "APPROVAL_NEEDED": 45,
    "NOTE_WITHHELD": 46,
    "WRITE_REFUSED": 47,
    "MCP_START_FAILED": 50,
    "MCP_PROTOCOL_ERROR": 51,
    "MCP_SERVER_EXITED": 52,
    "MCP_TIMEOUT": 53,
    "MCP_OUTPUT_LIMIT": 54,
    "NO_RECORDING": 60,
    "RECORDING_UNUSABLE": 61,
    "BAD_RECORDING": 62,
    "OTLP_LOG_UNREADABLE": 65,
    "OTLP_EXPORT_REFUSED": 66,
    "OTLP_UNREACHABLE": 67,
    "OTLP_TIMEOUT": 68,
    "CANCELLED": 130,
    "TERMINATED": 143,
    "HANGUP": 129,
    "PIPE_CLOSED": 141,
}

# Exit statuses that no AgentError carries: no message, never in the log.
NOT_ERRORS = ("COMPLETED", "USAGE", "PIPE_CLOSED")

# The codes of a run that was stopped from outside, not one that failed: its log ends with
# `cancelled`, and an evaluation stops.
CANCELLED_CODES = ("CANCELLED", "TERMINATED", "HANGUP")


class ToolError(Exception):
    """A tool call that failed as declared (SKU_NOT_FOUND, a refused write, a server tool's
    error): not a crash but an observation. The model gets `{"ok": false, "error": code,
    "detail": detail}`, with `detail` worded so it can correct itself. The one tool error of
    the project: our tools, the orders wing and MCP servers' tools all raise it."""

    def __init__(self, code, detail):
        super().__init__(code)
        self.code = code
        self.detail = detail


class AgentError(Exception):
    """A run that cannot finish. `code` is a key of EXIT_STATUS; `params` fill its message.
    A param `below` (a list of lines, as NO_RECORDING's diff) is printed under the error
    line by the command line, each line escaped."""

    def __init__(self, code, **params):
        if code not in EXIT_STATUS or code in NOT_ERRORS:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def exit_status(self):
        return EXIT_STATUS[self.code]

    def message(self, lang="en", *, ordered=False):
        """The line a person reads. `ordered`: the run placed an order before it ended, so
        a message that promises nothing was ordered is replaced by one that does not."""
        from stock_agent.messages import AFTER_ORDERS, MESSAGES  # only when a line is shown
        table = AFTER_ORDERS.get(self.code, MESSAGES[self.code]) if ordered else \
            MESSAGES[self.code]
        return fill(table.get(lang) or table["en"], self.params, lang)

    def __str__(self):
        return f"{self.code}: {self.message('en')}"


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the signal found the program (the signals section of
    stock_agent/cli.py). A KeyboardInterrupt, so every path that ends a run on Ctrl-C ends
    it on these too."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


# Python runs a signal's handler on the main thread, between two of its bytecodes. A signal
# that lands just before the main thread begins a blocking wait (on a lock, a socket, a
# sleep) is taken in C, interrupts nothing, and the wait runs to its own end: a SIGTERM'd
# run sat out a 30 s MCP call before it ended. So the long waits (the model's replies, a
# retry's pause, an MCP call, a parallel batch) run in slices no longer than this, and a
# handler waiting to run runs between two of them.
SIGNAL_SLICE_SECONDS = 0.1

# Only the main thread hears a signal, and an evaluation with --jobs runs its cases on
# worker threads. Once the main thread has heard one, stop_workers(code) has every run on a
# worker end as the main thread's would (`cancelled` in its log): each long wait asks
# raise_if_stopped() before every slice. None while nothing is to stop.
_stopping = None


def stop_workers(code):
    """From now on, end each run on a worker with `code` (CANCELLED, TERMINATED, HANGUP);
    None: stop no more."""
    global _stopping
    _stopping = code


def raise_if_stopped():
    """On a worker whose evaluation was stopped, raise the signal's Stopped there."""
    code = _stopping  # read once: the main thread may clear it meanwhile
    if code is not None:
        raise Stopped(code)


def cancellation(interrupt):
    """The AgentError for a KeyboardInterrupt: CANCELLED for Ctrl-C, else the signal's."""
    return AgentError(getattr(interrupt, "code", "CANCELLED"))


class Text:
    """A line of the message catalogue, worded in every language: `Text("os_error",
    reason=...)` reads stock_agent/messages.py's LINES["os_error"] in the language it is
    rendered in. On its own it is a whole line; as a param of an AgentError or of another
    Text, a detail, rendered in the message's language. What it quotes (a path, a server's
    own words) is shown as it came."""

    __slots__ = ("key", "params")

    def __init__(self, key, /, **params):  # a param may be called `key` too
        self.key = key
        self.params = params

    def render(self, lang="en"):
        from stock_agent.messages import LINES  # loaded only when a line is shown
        table = LINES[self.key]
        return fill(table.get(lang) or table["en"], self.params, lang)

    def __str__(self):
        return self.render("en")


def fill(template, params, lang):
    """`template` with its `{name}`s filled from `params` (Text rendered in `lang`, a missing
    name as '?'), and `{name|one|many}` as the word that fits the number in `name`."""
    if "|" in template:
        import re
        template = re.sub(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}",
                          lambda m: m[2] if params.get(m[1]) == 1 else m[3], template)
    shown = {name: value.render(lang) if isinstance(value, Text) else value
             for name, value in params.items()}
    return template.format_map(_Blank(shown))


class _Blank(dict):
    """Format parameters that print a missing name as '?' instead of raising KeyError."""

    def __missing__(self, key):
        return "?"
