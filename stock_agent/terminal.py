"""Writing text a person reads: untrusted text made harmless, and streams that may fail.

Threat model: the model, the model server and the data files can put any character into
what is printed: an answer, a server's error text, a model or tool name, an item name. On a
terminal, ESC and CSI sequences can clear the screen or recolour it, OSC can set the title
or write the clipboard, CR can overwrite a line (and forge a `stock-agent:` line), and bidi
overrides (RLO) can show "45" where the text says "54". `escape()` shows each such character
as its Python escape (`\\x1b`, `\\r`, `\\u202e`), along with lone surrogates, which UTF-8
cannot encode at all. Letters of every script, CJK punctuation and full-width spaces are
left alone.

`write()` never raises: a closed stdout (`>&-`), a full disk or a closed pipe comes back as
the reason, so the caller decides what that means for the exit status.
"""

import os
import sys

# C0 and C1 controls (newline and tab apart), DEL, the bidi controls, line and paragraph
# separators, and surrogates (only ever lone in a str).
_UNSAFE = ("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
           "\ud800-\udfff]")
_CONTROL = {}  # compiled on first use: a run that prints nothing risky never compiles them


def escape(text, *, newlines=False):
    """`text` with every unsafe character shown as its escape. With `newlines`, line
    breaks stay (an answer's paragraphs); without, the result is one line (an error line)."""
    # Every unsafe character is also one str.isprintable() refuses, so the usual line is
    # checked in C and the pattern is compiled only for text that needs a closer look.
    if (text.replace("\n", "") if newlines else text).isprintable():
        return text
    pattern = _CONTROL.get(newlines)
    if pattern is None:
        import re
        chars = _UNSAFE if newlines else _UNSAFE.replace("\x0b", "\x0a\x0b")
        pattern = _CONTROL[newlines] = re.compile(chars)
    return pattern.sub(_escaped, text)


def _escaped(match):
    return match[0].encode("unicode_escape").decode("ascii")


def is_terminal(stream):
    """True if `stream` is an open terminal (None, a closed or a fake stream is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def write(stream, text):
    """Write and flush `text`. Returns None, or the reason it could not be written. A
    character the stream's encoding lacks (a lone surrogate, say) is written as its
    backslash escape: inside a JSON string that is the same JSON value."""
    if stream is None:
        import errno
        return os.strerror(errno.EBADF)
    encoding = getattr(stream, "encoding", None)
    if isinstance(encoding, str):
        text = text.encode(encoding, "backslashreplace").decode(encoding)
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError) as exc:  # ValueError: the stream was closed
        return getattr(exc, "strerror", None) or type(exc).__name__
    return None


def silence(name):
    """Swap a failed sys.stdout or sys.stderr for /dev/null. Python flushes both streams on
    exit and turns a failed flush into exit status 120; the run's status must stand."""
    setattr(sys, name, open(os.devnull, "w"))
