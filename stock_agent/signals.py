"""Signals that end a run as Ctrl-C does, and moments that no signal may cut short.

SIGTERM (a service manager, `docker stop`, timeout(1), a CI cancel) and SIGHUP (a closed
terminal) would end the process at once, with no line on stderr and a log that never says
how the run ended. While `EndOnSignals` is active they raise errors.Stopped, a
KeyboardInterrupt, where the program is: every path that ends a run on Ctrl-C ends it on
these too (one line, the log's `cancelled` event, exit 143 TERMINATED or 129 HANGUP).
`ignored()` holds them all, Ctrl-C included, off while something must finish (the MCP
servers being reaped). Handlers can only be set on the main thread; elsewhere both do
nothing.
"""

from stock_agent.errors import Stopped

# (the signal's name, the code it ends a run with). Windows has no SIGHUP.
ENDING = (("SIGTERM", "TERMINATED"), ("SIGHUP", "HANGUP"))


class EndOnSignals:
    """While active, SIGTERM and SIGHUP raise errors.Stopped with their code."""

    def __enter__(self):
        self._previous = _install({name: _stopper(code) for name, code in ENDING})
        return self

    def __exit__(self, *exc_info):
        _restore(self._previous)


class ignored:
    """While active, Ctrl-C, SIGTERM and SIGHUP are ignored."""

    def __enter__(self):
        signal = _signal_module()
        names = ["SIGINT", *(name for name, _ in ENDING)]
        self._previous = _install(dict.fromkeys(names, signal.SIG_IGN))
        return self

    def __exit__(self, *exc_info):
        _restore(self._previous)


def _install(handlers):
    """Set each signal's handler; returns {number: the handler it had} for those set."""
    signal = _signal_module()
    previous = {}
    for name, handler in handlers.items():
        number = getattr(signal, name, None)
        try:
            previous[number] = signal.signal(number, handler)
        except (TypeError, ValueError):  # no such signal here, or not the main thread
            pass
    return previous


def _restore(previous):
    signal = _signal_module()
    for number, handler in previous.items():
        signal.signal(number, handler)


def _signal_module():
    # `signal` builds three enums when it is imported (0.7 ms, 3% of a --mock run's
    # start-up: docs/benchmarks.md); its C core, always loaded, does the same job.
    try:
        import _signal
        return _signal
    except ImportError:  # an interpreter without it
        import signal
        return signal


def _stopper(code):
    def stop(signum, frame):
        raise Stopped(code)
    return stop
