"""A question piped on standard input, and a usage error as one line in the person's language.

    $ echo "Check A002" | python agent.py --mock
    [Sample data] 烏龍茶包 (A002): stock 45, target 30, suggested order 0. No order has ...
    $ python agent.py --mock --lang zh-TW --max-steps 0
    stock-agent: USAGE: --max-steps：'0' 不是大於 0 的整數（請見 --help）

stock_agent/cli.py asks, and prints what these return; nothing here prints. Loaded only
when stdin is a pipe or a file, or for a usage error.

- `piped_question(stdin, seconds=...)`: the question on standard input when it is not a
  terminal (`echo "Check A002" | stock-agent`, as `llm` and `ollama run` read theirs), read
  to its end within a bound of time and size. Zero bytes (`</dev/null`, an empty file) is
  no question: the run asks the sample question, as at a terminal. Anything else that is no
  question (blank space, not text, too long, no end in time) is a usage error, as an empty
  or a too long --question is: a run never answers another question than the one it was
  given.
- `usage_line(message, lang)`: a usage error as one line, `stock-agent: USAGE: ... (see
  --help)`, in `lang`. argparse words its own errors (and the errors our flag types raise
  inside them) in English; each `usage_*` line of the catalogue is matched by its English
  form and rendered in `lang`, so every usage line is translated that the catalogue knows.
  An English line it does not know (a new argparse wording) is shown as it came.
"""

import os

from stock_agent.errors import EXIT_STATUS, Text, fill
from stock_agent.run import MAX_QUESTION_CHARS

MAX_PIPED_BYTES = 4 * MAX_QUESTION_CHARS  # UTF-8 takes at most 4 bytes a character
USAGE_STATUS = EXIT_STATUS["USAGE"]  # a usage error's exit status, as argparse's


# --- A question piped on standard input ----------------------------------------------

class NoQuestion(Exception):
    """Standard input holds something that is not a question: `text` (a Text) says what."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text


def piped_question(stdin, *, seconds):
    """The question on `stdin` (a stream that is no terminal), or None when it holds none:
    zero bytes. Waits at most `seconds` for its end; NoQuestion when it holds no question,
    a usage error as an empty or too long --question is."""
    data = _read_to_end(getattr(stdin, "buffer", stdin), MAX_PIPED_BYTES + 1, seconds)
    if data is None:
        raise NoQuestion(Text("stdin_open", seconds=f"{seconds:g}"))
    if len(data) > MAX_PIPED_BYTES:
        raise _too_long()
    if isinstance(data, bytes):
        encoding = getattr(stdin, "encoding", None) or "utf-8"
        try:
            data = data.decode(encoding)
        except UnicodeDecodeError:
            raise NoQuestion(Text("stdin_not_text", encoding=encoding)) from None
    question = data.strip()
    if len(question) > MAX_QUESTION_CHARS:
        raise _too_long()
    if data and not question:  # `echo "$EMPTY" |`: a question went missing on the way
        raise NoQuestion(Text("stdin_blank"))
    return question or None


def _read_to_end(stream, limit, seconds):
    """At most `limit` bytes (characters, of a text stream) of `stream`, up to its end, or
    None when its end did not come within `seconds`. A file, /dev/null or a test's StringIO
    is read at once; a pipe or a socket may be held open by whoever has it, so it is waited
    for (`_read_waiting`)."""
    import stat
    try:
        descriptor = stream.fileno()
        mode = os.fstat(descriptor).st_mode
    except (AttributeError, OSError, ValueError):  # no descriptor beneath: nothing to wait for
        descriptor, mode = None, 0
    read = []
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        _read_waiting(descriptor, limit, seconds, read)
    else:
        _read(lambda: stream.read(limit), read)
    if read and isinstance(read[0], Exception):
        reason = getattr(read[0], "strerror", None) or type(read[0]).__name__
        raise NoQuestion(Text("unreadable_file", path="stdin",
                              problem=Text("os_error", reason=reason)))
    return read[0] if read else None


def _read_waiting(descriptor, limit, seconds, read):
    """Read `descriptor` to its end (at most `limit` bytes) into `read` in a thread, for at
    most `seconds`. The thread reads the descriptor itself, holding no lock of sys.stdin's,
    so the process can end while it still waits."""
    import threading  # only here: a --mock run starts without it (test_core_inventory)

    def to_end():
        chunks, size = [], 0
        while size < limit:
            chunk = os.read(descriptor, min(limit - size, 65_536))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)

    thread = threading.Thread(target=_read, args=(to_end, read), name="stdin", daemon=True)
    thread.start()
    thread.join(seconds)


def _read(how, read):
    try:
        read.append(how())
    except (OSError, ValueError) as exc:  # ValueError: a closed stream
        read.append(exc)


def _too_long():
    return NoQuestion(Text("stdin_too_long", limit=f"{MAX_QUESTION_CHARS:,}"))


# --- Usage errors, one line in the person's language ---------------------------------

def usage_line(message, lang):
    """The one line of a usage error: `message` (a Text, or argparse's English) in `lang`."""
    detail = message.render(lang) if isinstance(message, Text) else translated(message, lang)
    return Text("error", code="USAGE", message=Text("see_help", detail=detail)).render(lang)


def translated(message, lang):
    """argparse's English `message` in `lang`, by the catalogue's usage_* lines."""
    if lang == "en":
        return message
    from stock_agent.messages import LINES
    for key, entry in LINES.items():
        if key.startswith("usage_"):
            found = _pattern(entry["en"]).fullmatch(message)
            if found:  # what it quotes (a flag, a value) is shown as it came
                params = {name: translated(value, lang)
                          for name, value in found.groupdict().items()}
                return fill(entry.get(lang) or entry["en"], params, lang)
    return message


def _pattern(template):
    """A regular expression matching what `template` reads once filled: {name} as a group."""
    import re
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(f"(?P<{part}>.+?)" if index % 2 else re.escape(part)
                              for index, part in enumerate(parts)), re.S)
