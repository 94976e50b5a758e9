"""The evaluation's progress on a terminal: one line on stderr, rewritten as cases run.

    case 3/92  en-multi-two (repeat 1)  passed 2 of 2

The evaluation opens it only when stderr is a terminal and -v is not given (the trace says
more), so a pipe, a log file, CI or a --report run that is redirected gets none of it, and
the table on stdout is never touched. The line is cut to the terminal's width (a wrapped
line could not be rewritten) and erased when the evaluation ends, whatever ends it.
Case ids come from the cases file: control characters are escaped before they are shown.
"""

import os
import threading

ERASE = "\r\x1b[K"  # back to the line's start, and clear it


class Progress:
    def __init__(self, stream, total):
        self.stream = stream
        self.total = total
        self._started = self._done = self._passed = 0
        self._lock = threading.Lock()  # --jobs runs cases on several threads
        self._width = _width(stream)

    def started(self, case_id, repeat, repeats):
        """A run of a case begins: show its number, id and the passes so far."""
        with self._lock:
            self._started += 1
            what = case_id if repeats == 1 else f"{case_id} (repeat {repeat})"
            self._show(f"case {self._started}/{self.total}  {what}  "
                       f"passed {self._passed} of {self._done}")

    def finished(self, row):
        with self._lock:
            self._done += 1
            self._passed += bool(row["success"])

    def close(self):
        with self._lock:
            self._write(ERASE)
            self.stream = None

    def _show(self, text):
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
        self._write(ERASE + text[:self._width - 1])

    def _write(self, text):
        if self.stream is None:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # stderr closed: the evaluation goes on without it
            self.stream = None


def _width(stream):
    """The terminal's columns; 80 when it cannot say (a new pty says 0)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80
