"""The suite: `python -m unittest` from the checkout (docs/testing.md).

The suite starts some 250 Python processes (agent.py as a person runs it, MCP servers, the
documented commands). Where PYTHONDONTWRITEBYTECODE is set, as on machines that keep their
checkouts free of __pycache__, each of them compiled every module it imports from source, a
third of its start-up and 9 s of the suite's CPU. So the children read and write bytecode
in one folder of the suite's own (PYTHONPYCACHEPREFIX), removed when the suite ends: nothing
is still written beside the sources, and this process is left as it was started.
"""

import atexit
import os
import shutil
import tempfile


def _share_bytecode(environ):
    if not environ.get("PYTHONDONTWRITEBYTECODE") or environ.get("PYTHONPYCACHEPREFIX"):
        return  # bytecode is written beside the sources, or already where the user said
    # In memory where the system has such a folder: on disk, deleting a file that has
    # reached it can cost milliseconds, and the children leave hundreds.
    memory = "/dev/shm"
    place = memory if os.path.isdir(memory) and os.access(memory, os.W_OK) else None
    folder = tempfile.mkdtemp(prefix="stock-agent-bytecode-", dir=place)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    del environ["PYTHONDONTWRITEBYTECODE"]
    environ["PYTHONPYCACHEPREFIX"] = folder


_share_bytecode(os.environ)
