"""The suite: `python -m unittest` from the checkout (docs/testing.md).

The suite starts some 250 Python processes (agent.py as a person runs it, MCP servers, the
documented commands). Where PYTHONDONTWRITEBYTECODE is set, as on machines that keep their
checkouts free of __pycache__, each of them compiled every module it imports from source, a
third of its start-up and 9 s of the suite's CPU. So the children read and write bytecode
in one folder of the suite's own (PYTHONPYCACHEPREFIX), removed when the suite ends: nothing
is still written beside the sources, and this process is left as it was started. The
folder starts with links to the standard library's own bytecode, which a child would
not read from that folder otherwise.

The suite's temporary files (every TMPDIR-based folder: logs, ledgers, copies of the
checkout, the children's too) go to a folder of its own in memory (/dev/shm) where the
system has one and TMPDIR is not set: on the project's machine, whose disk is mounted with
discard, making a folder on disk cost 1-2 ms of CPU and an SQLite commit or a journal's
fsync milliseconds more; some modules ran 40 % faster in memory. It too is removed when
the suite ends.

A suite started as a shell's background job (`python -m unittest &`) ignores SIGINT, and
its children would too: it takes Python's own handler instead, which each child starts
without, so the tests that press Ctrl-C in a child pass there as well.

Discovery (`python -m unittest`) runs the modules in its usual order, but for
test_docs_commands, which runs last: the documented commands start as the suite loads that
module and take longer than any other work beside the tests, so the test that reads how
they ended waits for nothing at the end. (Tests that need their waits sooner start them
with support.Early.) The modules of tests/aside.py's ASIDE run in a process of their own,
beside the others, and their tests are told just before test_docs_commands.
"""

import atexit
import os
import shutil
import sys
import tempfile

LAST = "tests.test_docs_commands"


def _memory():
    """The system's folder in memory, if it has one we may write in; else None."""
    memory = "/dev/shm"
    return memory if os.path.isdir(memory) and os.access(memory, os.W_OK) else None


def _scratch_in_memory(environ):
    if environ.get("TMPDIR") or not _memory():
        return  # temporary files go where the user said, or the system has no such folder
    folder = tempfile.mkdtemp(prefix="stock-agent-tmp-", dir=_memory())
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    environ["TMPDIR"] = tempfile.tempdir = folder


def _share_bytecode(environ):
    if not environ.get("PYTHONDONTWRITEBYTECODE") or environ.get("PYTHONPYCACHEPREFIX"):
        return  # bytecode is written beside the sources, or already where the user said
    # In memory where the system has such a folder: on disk, deleting a file that has
    # reached it can cost milliseconds, and the children leave hundreds.
    folder = tempfile.mkdtemp(prefix="stock-agent-bytecode-", dir=_memory())
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    _seed_with_the_standard_library(folder)
    del environ["PYTHONDONTWRITEBYTECODE"]
    environ["PYTHONPYCACHEPREFIX"] = folder


# Not the standard library's own: what no child imports. The rest is some 700 files.
_NEVER_IMPORTED = {"site-packages", "test", "idlelib", "tkinter", "lib2to3", "ensurepip"}


def _seed_with_the_standard_library(folder):
    """Links in `folder` to the bytecode the interpreter ships for its standard library.
    A child reads bytecode only from the prefix folder, so without them the first children
    compiled json, re, argparse and the rest again: 0.25 s of CPU each, at the suite's
    start, when the early children start together. A link is read, never written through:
    Python replaces a cache file it writes."""
    import sysconfig  # here: not for the children, which import this package too
    library = sysconfig.get_paths()["stdlib"]
    ending = f".{sys.implementation.cache_tag}.pyc"
    for base, folders, names in os.walk(library):
        if base == library:
            folders[:] = [name for name in folders if name not in _NEVER_IMPORTED]
        if os.path.basename(base) != "__pycache__":
            continue
        target = folder + os.path.dirname(base)  # where the prefix puts that bytecode
        os.makedirs(target, exist_ok=True)
        for name in names:
            if name.endswith(ending):
                os.symlink(os.path.join(base, name), os.path.join(target, name))


def _children_hear_ctrl_c():
    """A suite started where SIGINT is ignored (a shell's background job, `cmd &`) would
    pass that on to every child, and each test that presses Ctrl-C in one would wait in
    vain. A handler of this process's own is reset to the default in each child."""
    import signal
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_scratch_in_memory(os.environ)
_share_bytecode(os.environ)
_children_hear_ctrl_c()


def load_tests(loader, tests, pattern):
    """unittest's hook for the package: discovery of its modules, LAST moved to the end,
    and those of tests.aside's ASIDE started in a process of their own, told before LAST
    (a run with -k runs every module here)."""
    from tests import aside
    here = os.path.dirname(os.path.abspath(__file__))
    found = loader.discover(here, pattern or "test*.py", os.path.dirname(here))
    modules = [(suite, _module_of(suite)) for suite in found]
    beside = [] if loader.testNamePatterns else [
        name for _, name in modules if name in aside.ASIDE]
    tests.addTests([suite for suite, name in modules if name != LAST and name not in beside])
    if beside:
        tests.addTest(aside.Aside(beside))
    tests.addTests([suite for suite, name in modules if name == LAST])
    return tests


def _module_of(suite):
    """The module of the first test in `suite` (one module's suite, as discovery made it)."""
    import unittest  # here: a child's driver importing tests.support never needs it
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            found = _module_of(test)
            if found:
                return found
        else:
            return type(test).__module__
    return None

