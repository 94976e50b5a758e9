"""Shared helpers for tests: run the CLI in-process and read back its run log; start what a
test only waits for early (Early); remove scratch folders beside the tests (discard)."""

import atexit
import concurrent.futures
import contextlib
import functools
import io
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import agent
import tools
from mock_model import MockModel
from stock_agent.inventory import sample_inventory
from stock_agent.run import Limits
from stock_agent.runlog import RunLog


# The interpreter for a test's own driver (`python -c` code that pauses a run where a test
# signals it, or reads a file within limits): without site (-S). The project needs nothing
# from site-packages, and on some machines the .pth files there import packages at every
# start: 35 ms of CPU a process on the project's 2-core machine, where a plain start takes
# 10. Runs of agent.py as a person starts it keep the plain interpreter.
DRIVER = (sys.executable, "-S")


def run_cli(argv, *, environ=None, log_dir=None, model=None, stdin=None):
    """Call agent.main() with captured streams. Returns (status, stdout, stderr, events).

    `model`, if given, is the model every run gets (a scripted MockModel, say), in place of
    the one the flags would choose. `stdin`, if given, is what the program reads there (the
    questions of a conversation, one per line; a piped question); else nothing, unless a
    test put its own there. The log goes to `log_dir`, else to a
    scratch folder that is removed once its events are read.
    """
    if log_dir is None:
        with scratch() as temporary:
            return run_cli(argv, environ=environ, log_dir=temporary, model=model, stdin=stdin)
    environ = {} if environ is None else environ
    make_model = None if model is None else (lambda settings, environ: model)
    out, err = io.StringIO(), io.StringIO()
    if stdin is None and sys.stdin is sys.__stdin__:
        stdin = ""  # not the suite's own stdin: a pipe there would be read as the question
    from unittest import mock  # here: a driver importing this module for pause() skips it
    given = contextlib.nullcontext() if stdin is None else mock.patch(
        "sys.stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), given:
        status = agent.main([*argv, "--log-dir", log_dir], environ=environ,
                            make_model=make_model)
    return status, out.getvalue(), err.getvalue(), read_only_log(log_dir)


def read_only_log(log_dir):
    """The events of the single log in `log_dir` ([] if there is none)."""
    if not os.path.isdir(log_dir):
        return []
    names = [name for name in os.listdir(log_dir) if name.endswith(".jsonl")]
    if not names:
        return []
    assert len(names) == 1, f"expected one log, found {names}"
    with open(os.path.join(log_dir, names[0]), encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def temp_folder(test, prefix="stock-agent-test-", **options):
    """A new folder, removed with all it holds when `test` ends: a TestCase (after the test)
    or a TestCase class in setUpClass (after the class). A suite run leaves nothing in /tmp."""
    path = tempfile.mkdtemp(prefix=prefix, **options)
    add = test.addClassCleanup if isinstance(test, type) else test.addCleanup
    add(discard, path)
    return path


@contextlib.contextmanager
def scratch(prefix="stock-agent-test-"):
    """A new folder for the length of a `with`, then removed (`discard`)."""
    path = tempfile.mkdtemp(prefix=prefix)
    try:
        yield path
    finally:
        discard(path)


# Removing even an empty folder can take milliseconds (3.4 ms on the project's 2-core
# machine, whose ext4 is mounted with discard), and a suite run removes over a thousand: 5 s
# of its main thread. So the folders of temp_folder, scratch, run_cli and run_script go to
# one thread that removes them beside the tests; at exit the suite waits for it to finish,
# so a run still leaves nothing behind.
_DISCARDED = queue.SimpleQueue()
_REMOVER = []


def discard(path):
    """Remove the folder `path` and all it holds, soon, on the remover thread."""
    if not _REMOVER:
        _REMOVER.append(threading.Thread(target=_remove_discarded, name="remover",
                                         daemon=True))
        _REMOVER[0].start()
        atexit.register(_finish_removing)
    _DISCARDED.put(path)


def _remove_discarded():
    for path in iter(_DISCARDED.get, None):
        shutil.rmtree(path, ignore_errors=True)


def _finish_removing():
    _DISCARDED.put(None)
    _REMOVER[0].join(timeout=60)


def run_script(script, *, question="Check A001", limits=None, log_content=False,
               toolbox=None, inventory=None, recover_text_calls=False, policy=None):
    """Run the loop against a scripted mock. Returns (answer or AgentError, model, events).
    `policy` (answers.Answers) decides what the person reads, as the command line does by
    default; without one, the model's answer is returned as it came."""
    model = MockModel(script)
    with scratch() as log_dir:
        log = RunLog(log_dir, content=log_content)
        outcome = agent.run_agent(
            question, model, toolbox=toolbox or tools.default_toolbox(),
            inventory=inventory or sample_inventory(), limits=limits or Limits(),
            log=log, system_prompt="rules", recover_text_calls=recover_text_calls,
            policy=policy)
        log.finish(outcome)
        return (outcome.error or outcome.answer), model, read_only_log(log_dir)


def execute(toolbox, name, arguments, inventory):
    """One call through a fresh ToolRunner, as the loop runs it: (result, log note)."""
    outcome, = tools.ToolRunner(toolbox, inventory).run_batch(
        [{"id": None, "name": name, "arguments": arguments}])
    return outcome.result, outcome.note


def pause(seconds=30.0):
    """What a child driver sleeps in while a test signals it: short sleeps, not one long
    one. A signal that lands after Python last checked for pending signals and before the
    sleep's system call began interrupts nothing: the handler would wait out the whole
    sleep (a SIGHUP test failed so under load, the child still asleep 10 s later)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.05)


def wait_for(predicate, seconds=30.0):
    """Wait until a child reaches the point a test interrupts it. A bound for readiness,
    not a figure the test proves: on a loaded 2-core machine a child took over 10 s to get
    past a first Ctrl-C."""
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("the child never reached the point to interrupt")
        time.sleep(0.01)


def signal_beside(sig, ready):
    """Once `ready()` is true, send `sig` to a thread of its own (not the main thread, which
    is left waiting): Python's C handler runs on that thread, and the main thread hears of it
    only when it next runs Python code. That is what a signal leaves behind when it lands
    just before the main thread begins a wait. Returns the thread, to join; its `sent` is
    when the signal went."""
    def send():
        wait_for(ready)
        thread.sent = time.monotonic()
        signal.pthread_kill(threading.get_ident(), sig)
    thread = threading.Thread(target=send, name="signal-beside", daemon=True)
    thread.start()
    return thread


def sigint_child(argv, ready, *, cwd, sig=signal.SIGINT):
    """Start `argv`, send it a real SIGINT (or `sig`: SIGKILL for a crash) once `ready()` is
    true: (exit status, out, err)."""
    child = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONFAULTHANDLER": "1"})
    try:
        wait_for(ready)
        child.send_signal(sig)
        try:
            out, err = child.communicate(timeout=30)  # a bound, as wait_for's: a loaded machine
        except subprocess.TimeoutExpired:  # where each thread waits, for the failure to say
            child.send_signal(signal.SIGABRT)
            raise AssertionError(f"still running 30 s after {sig!r}; its threads:\n"
                                 f"{child.communicate(timeout=10)[1][-6000:]}") from None
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return child.returncode, out, err


# A test that only waits on child processes (a signal sent to a run, a session on a terminal,
# a build) can have them started before it runs, as the suite loads its module
# (the module's load_tests starts its Early waits): the waits then go on beside the tests
# that run first, on the core the suite's own process leaves free, and the test reads how
# they ended. Four at a time, so a busy machine is not flooded. A test run alone starts its
# own wait when it asks for the result.
_EARLY = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="early")


class Early:
    """`function(*args, **options)`, run once on the suite's worker threads."""

    def __init__(self, function, *args, **options):
        self._call = functools.partial(function, *args, **options)
        self._future = None
        self._lock = threading.Lock()

    def start(self):
        with self._lock:
            if self._future is None:
                self._future = _EARLY.submit(self._call)
        return self

    def result(self):
        """What the function returned; raises what it raised."""
        return self.start()._future.result()


def start(*waits):
    """Start each Early of `waits` (for a module's load_tests)."""
    for wait in waits:
        wait.start()


def early_folder(prefix="stock-agent-test-"):
    """A new folder for what an Early's function leaves its test to read. Removed at exit
    if the test did not remove it (a test that was not run)."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def english_prose(text, *quoted):
    """The runs of two or more English words left in `text` once each of `quoted` (what a
    message only quotes: a path, a server's or the operating system's own words) is taken
    out. A zh-TW line holds none of the program's own: `assertEqual(english_prose(...), [])`.
    Single names (MCP, SQLite, --orders, inputSchema) are not prose and stay."""
    for part in quoted:
        text = text.replace(str(part), " ")
    return re.findall(r"[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,})+", text)


def settings(*flags, lang="en", environ=None):
    """The run.Settings the command line makes of `flags` (and `--lang lang`)."""
    from stock_agent import cli
    return cli.settings([*flags, "--lang", lang], {} if environ is None else environ)
