"""A conversation at the terminal or from a pipe: reading the questions, printing answers.

    $ python agent.py --mock
    One question per line; /help lists the commands; /exit or Ctrl-D ends the conversation.
    > Check A001
    [Sample data] 濾掛咖啡 (A001): stock 12, target 30, suggested order 18.
    No order has been placed in this run.
    > /exit
    log: runs/20261201T020558Z-c65893.jsonl

The commands are answered here, never sent to the model: a line that is one of EXIT_WORDS
ends the conversation (ours, ollama's `/bye`, `llm chat`'s `exit` and `quit`), and /help
lists them. When the reader of stdout leaves (`| head -1`), no more questions are asked.

Loaded only for a conversation (`cli.wants_chat`); what each answer looks like is
cli.report's, as for a single question. Asking, the record and the history are
stock_agent/chat/session.py's.
"""

import sys

from stock_agent import cli
from stock_agent.errors import EXIT_STATUS, AgentError, Text, cancellation
from stock_agent.run import MAX_QUESTION_CHARS

MAX_LINE_BYTES = 4 * MAX_QUESTION_CHARS + 2  # UTF-8 takes at most 4 a character; and "\r\n"

# Lines that are commands, whatever their case, as people type them at other model chats.
EXIT_WORDS = ("/exit", "/quit", "/bye", "exit", "quit")
HELP_WORDS = ("/help", "/?")


def questions(stdin, lang):
    """The questions of a conversation, one per line, blank lines skipped, until a line of
    EXIT_WORDS or EOF; /help is answered on stderr. On a terminal each is asked for with a
    prompt (and line editing, when the platform has readline); from a pipe they are read as
    they come."""
    interactive = cli.is_terminal(stdin) and cli.is_terminal(sys.stdout)
    if interactive:
        cli.print_err(Text("chat_welcome").render(lang))
        try:
            import readline  # noqa: F401  (input() edits lines with it once it is loaded)
        except ImportError:
            pass
    read = (lambda: input(Text("chat_prompt").render(lang))) if interactive else \
        _line_reader(stdin)
    while True:
        try:
            line = read()
        except EOFError:
            if interactive:  # Ctrl-D left the cursor after the prompt: the next line is ours
                cli.write(sys.stdout, "\n")
            return
        except UnicodeDecodeError:  # this line is not text in the input's encoding
            raise AgentError("INVALID_INPUT", detail=Text("question_not_text")) from None
        if not line and not interactive:
            return
        line = line.strip()
        if line.casefold() in EXIT_WORDS:
            return
        if line.casefold() in HELP_WORDS:
            cli.print_err(Text("chat_help").render(lang))
            continue
        if len(line) > MAX_QUESTION_CHARS:
            raise _too_long()
        if line:
            yield line


def _line_reader(stdin):
    """A pipe's lines one at a time, each decoded on its own, so a line that is not text
    fails alone, after the questions before it were answered. No line is read past what a
    question may hold: a longer one ends the conversation there (INVALID_INPUT)."""
    binary = getattr(stdin, "buffer", None)
    if binary is None:  # a text stream with no bytes beneath (a test's StringIO)
        return lambda: _whole(stdin.readline(MAX_QUESTION_CHARS + 3), MAX_QUESTION_CHARS + 3)
    encoding = getattr(stdin, "encoding", None) or "utf-8"
    return lambda: _whole(binary.readline(MAX_LINE_BYTES), MAX_LINE_BYTES).decode(encoding)


def _whole(line, limit):
    """`line` as read with at most `limit` characters or bytes: one that filled the limit
    with no end of line in it is longer than any question may be."""
    if len(line) >= limit and line[-1:] not in ("\n", b"\n"):
        raise _too_long()
    return line


def _too_long():
    return AgentError("INVALID_INPUT", detail=Text("question_too_long",
                                                   limit=f"{MAX_QUESTION_CHARS:,}"))


def report_each(outcomes, settings, *, echo=None):
    """Print each question's outcome of a conversation as it ends, then where its record is.

    Returns the exit status: 0 when every question was answered, else that of the last one
    that was not; Ctrl-C at the prompt ends the conversation with CANCELLED's status (a
    signal with its own), and input that is not text ends it with INVALID_INPUT's. When
    stdout cannot take an answer no more questions are asked; when its reader has left, the
    record's path is not shown either (PIPE_CLOSED: quiet, as cli.report is).
    """
    status, record, lang = 0, None, settings.lang
    try:
        for outcome in outcomes:
            ended = cli.report(outcome, settings,
                               shown=echo.last if echo is not None else "", show_log=False)
            status = ended or status
            record = outcome.log if outcome.log_error is None else None
            if ended in (EXIT_STATUS["OUTPUT_UNWRITABLE"], EXIT_STATUS["PIPE_CLOSED"]):
                break  # nobody can read the answers: asking more would only spend tokens
    except KeyboardInterrupt as interrupt:  # at the prompt: Ctrl-C, SIGTERM or SIGHUP
        error = cancellation(interrupt)
        cli.print_err("" if error.code == "CANCELLED" else Text(
            "error", code=error.code, message=error.message(lang)).render(lang))
        status = error.exit_status
    except AgentError as exc:
        cli.print_err(Text("error", code=exc.code, message=exc.message(lang)).render(lang))
        status = exc.exit_status
    finally:
        outcomes.close()  # the record is closed before its path is shown
    if record is not None and status != EXIT_STATUS["PIPE_CLOSED"]:
        cli.print_err(Text("log", path=record).render(lang))
    return status
