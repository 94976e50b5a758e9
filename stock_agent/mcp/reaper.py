"""What a server started and left behind, found and reaped (Linux).

Each server runs in a process group of its own, and closing it signals that whole group
(stdio.py). A descendant that leaves the group, with `setsid` as a daemon does, is out of
its reach. So on Linux, while servers run, this process is a child subreaper
(`prctl(PR_SET_CHILD_SUBREAPER)`): a server's descendant whose parent exits becomes our
child, not init's, whichever group or session it moved to. Once every server is closed,
`reap_orphans` stops each child of ours that runs outside our own session (every server and
everything it started runs in the server's session or a newer one; nothing else this
program starts does): SIGTERM, SIGKILL after ORPHAN_GRACE_SECONDS, and waits for it, over
again while killing one hands us its own children, for at most ORPHAN_LIMIT_SECONDS.

Not reaped: anything when this program is killed outright (SIGKILL: the orphans go to init
as before), anything on a system without prctl (macOS, Windows: only the process group is
signalled), and what a server had someone else start (a service manager, a container
daemon, another machine).
"""

import os
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER, PR_GET_CHILD_SUBREAPER = 36, 37
ORPHAN_GRACE_SECONDS = 0.5   # after SIGTERM, before SIGKILL
ORPHAN_LIMIT_SECONDS = 3.0   # the whole sweep


def adopt_orphans():
    """Become a child subreaper; returns what to give reap_orphans (None where this system
    has no subreapers, and nothing will be swept)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        before = ctypes.c_int()
        if libc.prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(before), 0, 0, 0) != 0:
            return None
        if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
            return None
    except (OSError, AttributeError):
        return None
    return libc, before.value


def reap_orphans(adopted):
    """Stop and reap the children that came to us from the servers, then stop being a
    subreaper (unless we were one before). Returns the pids still running, if any."""
    if adopted is None:
        return []
    libc, before = adopted
    try:
        return _sweep(os.getpid(), os.getsid(0))
    finally:
        if not before:
            libc.prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)


def _sweep(me, session):
    terminated = {}  # pid -> when it was sent SIGTERM
    deadline = time.monotonic() + ORPHAN_LIMIT_SECONDS
    while True:
        orphans = _children_elsewhere(me, session)
        if not orphans or time.monotonic() > deadline:
            return [pid for pid, state in orphans if state != "Z"]
        now = time.monotonic()
        for pid, state in orphans:
            if state != "Z" and pid not in terminated:
                _kill(pid, signal.SIGTERM)
                terminated[pid] = now
            elif state != "Z" and now - terminated[pid] >= ORPHAN_GRACE_SECONDS:
                _kill(pid, signal.SIGKILL)
            _reap(pid)
        time.sleep(0.01)


def _children_elsewhere(me, session):
    """[(pid, state)] of our children outside `session`, read from /proc."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as file:
                fields = file.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        state, parent, _, its_session = fields[:4]
        if int(parent) == me and int(its_session) != session:
            found.append((int(name), state.decode("ascii", "replace")))
    return found


def _kill(pid, sig):
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _reap(pid):
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
