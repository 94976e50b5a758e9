"""Reading a file a person names (--inventory, --system-prompt, evaluation cases).

Contract: only a regular file is read, and never more than the caller's byte cap. A FIFO
would hold the run until someone writes to it, /dev/zero would fill memory, a folder is not
a file: each is refused at once. `problem()` turns any failure into the sentence an
INVALID_INPUT line shows. Not guarded: a file that changes while it is read (the caller
reads it once, whole, and works from that copy).
"""

import os

from stock_agent.errors import Text


class NotRegular(OSError):
    """The path is a FIFO, a device, a socket or a folder."""


class TooLarge(OSError):
    """The file holds more bytes than the caller reads."""

    def __init__(self, limit):
        super().__init__(f"larger than {limit} bytes")
        self.limit = limit


def open_regular(path):
    """The file at `path` opened for binary reading, or NotRegular. Opened without blocking,
    so a FIFO is refused instead of waited on."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        import stat
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise NotRegular("not a regular file")
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_capped(path, limit):
    """All the bytes of the regular file at `path`, or TooLarge past `limit` bytes."""
    with open_regular(path) as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(limit)
    return data


def problem(exc):
    """What went wrong reading a file (an OSError from above, or UnicodeDecodeError), as a
    Text for an INVALID_INPUT message."""
    if isinstance(exc, NotRegular):
        return Text("not_regular")
    if isinstance(exc, TooLarge):
        return Text("too_large", limit=exc.limit)
    if isinstance(exc, UnicodeDecodeError):
        return Text("not_utf8", byte=exc.start)
    return Text("os_error", reason=getattr(exc, "strerror", None) or type(exc).__name__)
