"""A conversation at the terminal or from a pipe: reading the questions, printing answers.

    $ python agent.py --mock
    One question per line; /exit or Ctrl-D ends the conversation.
    > Check A001
    [Sample data] 濾掛咖啡 (A001): stock 12, target 30, suggested order 18. No order has been placed.
    > /exit
    log: runs/20261201T020558Z-c65893.jsonl

Loaded only for a conversation (`cli.wants_chat`); what each answer looks like is
cli.report's, as for a single question. Asking, the record and the history are
stock_agent/session.py's.
"""

import sys

from stock_agent import cli
from stock_agent.errors import AgentError

WORDS = {
    "en": {"welcome": "One question per line; /exit or Ctrl-D ends the conversation.",
           "prompt": "> "},
    "zh-TW": {"welcome": "每行一個問題；輸入 /exit 或按 Ctrl-D 結束對話。", "prompt": "> "},
}


def questions(stdin, lang):
    """The questions of a conversation, one per line, blank lines skipped, until `/exit` or
    EOF. On a terminal each is asked for with a prompt (and line editing, when the platform
    has readline); from a pipe they are read as they come."""
    interactive = cli.terminal.is_terminal(stdin) and cli.terminal.is_terminal(sys.stdout)
    if interactive:
        cli.print_err(WORDS[lang]["welcome"])
        try:
            import readline  # noqa: F401  (input() edits lines with it once it is loaded)
        except ImportError:
            pass
    while True:
        try:
            line = input(WORDS[lang]["prompt"]) if interactive else stdin.readline()
        except EOFError:
            return
        if not line and not interactive:
            return
        line = line.strip()
        if line == "/exit":
            return
        if line:
            yield line


def report_each(outcomes, args, lang, *, echo=None):
    """Print each question's outcome of a conversation as it ends, then where its record is.

    Returns the exit status: 0 when every question was answered, else that of the last one
    that was not; Ctrl-C at the prompt ends the conversation with CANCELLED's status.
    """
    status, record = 0, None
    try:
        for outcome in outcomes:
            ended = cli.report(outcome, args, lang,
                               shown=echo.last if echo is not None else "", show_log=False)
            status = ended or status
            record = outcome.log if outcome.log_error is None else None
            if ended == AgentError("OUTPUT_UNWRITABLE").exit_status:
                break  # nobody can read the answers: asking more would only spend tokens
    except KeyboardInterrupt:
        cli.print_err("")
        status = AgentError("CANCELLED").exit_status
    finally:
        outcomes.close()  # the record is closed before its path is shown
    if record is not None:
        cli.print_err(cli.UI[lang]["log"].format(path=record))
    return status
