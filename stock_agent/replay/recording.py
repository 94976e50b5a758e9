"""The recorder and the player behind --record and --replay, and the files they share.

One file per request, `<sha256 of the request's bytes>.json`, UTF-8 JSON:

    {"format": "stock-agent-recording/1", "sha256": "...", "provider": "ollama",
     "url": "http://127.0.0.1:11434/api/chat", "request": "<the request body, as sent>",
     "replies": [{"status": 200, "headers": [["Content-Type", "..."], ...],
                  "body": "<the body as the server sent it>"}, ...]}

A streamed reply keeps `"lines"` (the body's lines as the program read them, up to where it
stopped reading: the end marker) instead of `"body"`; a body that is not UTF-8 is kept as
`"body_base64"`. An error answer to a streamed request keeps the error as read, as JSON.
`replies` holds one reply per time the request was sent (a request retried after a 503 is
sent twice, and answered twice, in order); replaying past the last gives the last again.

Kept: status, headers (but Set-Cookie) and body. Not kept: our request headers (an API key
travels in them), and exchanges that never got an answer (refused, timed out): replayed,
such a request has no recording. A file is written whole under a temporary name and renamed
into place, so a reader never sees half of one; files are 0600, a folder made here 0700.
"""

import base64
import contextlib
import hashlib
import json
import os
import threading

from stock_agent import files
from stock_agent.errors import AgentError, Text
from stock_agent.providers import transport

FORMAT = "stock-agent-recording/1"
SUFFIX = ".json"
MAX_RECORDING_BYTES = 16_000_000  # a request within the context cap and a capped reply
MAX_COMPARED = 500                # recordings searched for the nearest one
DIFF_LINES, DIFF_WIDTH = 24, 160  # the diff NO_RECORDING shows, at most
_WRITING = threading.Lock()       # the evaluation's --jobs record from several threads


def key_of(body):
    """The name of a request's recording: the SHA-256 of its bytes."""
    return hashlib.sha256(body).hexdigest()


class Recorder:
    """A transport (see transport.exchange's `via`) that sends over HTTP and keeps each
    exchange in `folder`."""

    def __init__(self, folder, *, provider):
        self.folder = _usable_folder(folder, create=True)
        self.provider = provider
        self._replies = {}  # key -> the replies this client got to that request, in order

    def request_json(self, method, url, body, *, timeout, server, headers=None, deadline=None):
        status, raw, response_headers = transport.request_bytes(
            method, url, body, timeout=timeout, server=server, headers=headers,
            deadline=deadline)
        self._keep(url, body, _reply(status, response_headers, raw))
        return status, transport.decoded(raw, status, server), response_headers

    def stream_lines(self, url, body, *, timeout, server, headers=None):
        status, payload, response_headers, lines = transport.stream_lines(
            url, body, timeout=timeout, server=server, headers=headers)
        if status != 200:
            raw = json.dumps(payload, ensure_ascii=False).encode("utf-8")
            self._keep(url, body, _reply(status, response_headers, raw))
            return status, payload, response_headers, lines
        return status, payload, response_headers, self._tee(url, body, response_headers, lines)

    def _tee(self, url, body, headers, lines):
        """`lines`, passed on and kept once the body ends or its reader stops (at its end
        marker, or at a line it refused). A read that failed keeps nothing."""
        seen, whole = [], False
        try:
            for line in lines:
                seen.append(line)
                yield line
            whole = True
        except GeneratorExit:
            whole = True
            raise
        finally:
            lines.close()
            if whole:
                self._keep(url, body, {"status": 200, "headers": _header_pairs(headers),
                                       "lines": seen})

    def _keep(self, url, body, reply):
        key = key_of(body)
        replies = self._replies.setdefault(key, [])
        replies.append(reply)
        _write(self.folder, key, {"format": FORMAT, "sha256": key, "provider": self.provider,
                                  "url": url, "request": body.decode("utf-8"),
                                  "replies": replies})


class Player:
    """A transport that answers each request from the recordings in `folder`, never over
    the network: NO_RECORDING for a request none answers."""

    def __init__(self, folder):
        self.folder = _usable_folder(folder, create=False)
        if not _recordings(self.folder):
            raise AgentError("RECORDING_UNUSABLE", path=folder, reason=Text("replay_empty"))
        self._asked = {}  # key -> how often this client sent that request

    def request_json(self, method, url, body, *, timeout, server, headers=None, deadline=None):
        reply = self._reply(body)
        return reply["status"], transport.decoded(_body(reply), reply["status"], server), \
            _headers(reply)

    def stream_lines(self, url, body, *, timeout, server, headers=None):
        reply = self._reply(body)
        if reply["status"] != 200:
            return reply["status"], transport.decoded(_body(reply), reply["status"], server), \
                _headers(reply), ()
        return 200, None, _headers(reply), (line for line in reply.get("lines", ()))

    def _reply(self, body):
        key = key_of(body)
        path = os.path.join(self.folder, key + SUFFIX)
        if not os.path.lexists(path):
            nearest, diff = nearest_diff(self.folder, body)
            raise AgentError("NO_RECORDING", path=self.folder, key=key[:12], nearest=nearest,
                             below=diff)
        replies = _read(path, body)
        asked = self._asked[key] = self._asked.get(key, 0) + 1
        return replies[min(asked, len(replies)) - 1]


# --- The files -----------------------------------------------------------------------

def _usable_folder(path, *, create):
    """`path`, a folder this run can read (and with `create`, write, made 0700 if it is
    not there), or RECORDING_UNUSABLE saying why not."""
    try:
        if create and not os.path.lexists(path):
            os.makedirs(path, mode=0o700)
        if not os.path.isdir(path):
            reason = Text("replay_not_folder") if os.path.lexists(path) else \
                Text("replay_no_folder")
            raise AgentError("RECORDING_UNUSABLE", path=path, reason=reason)
        os.listdir(path)
        if create and not os.access(path, os.W_OK | os.X_OK):
            raise PermissionError(13, os.strerror(13))
    except OSError as exc:
        raise AgentError("RECORDING_UNUSABLE", path=path,
                         reason=exc.strerror or type(exc).__name__) from None
    return path


def _recordings(folder):
    """The names of the recordings in `folder`, sorted."""
    return sorted(name for name in os.listdir(folder)
                  if name.endswith(SUFFIX) and not name.startswith("."))


def _write(folder, key, recording):
    """Write one recording whole, 0600, under a temporary name renamed into place."""
    path = os.path.join(folder, key + SUFFIX)
    temporary = os.path.join(folder, f".{key}.{os.getpid()}.{threading.get_ident()}.tmp")
    data = json.dumps(recording, ensure_ascii=False, indent=1).encode("utf-8") + b"\n"
    with _WRITING:
        try:
            if os.path.lexists(temporary):
                os.remove(temporary)  # left by a run that died while writing
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                                 | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.remove(temporary)  # a full disk leaves no half of a recording behind
            raise AgentError("RECORDING_UNUSABLE", path=folder,
                             reason=exc.strerror or type(exc).__name__) from None


def _read(path, body):
    """The replies of the recording at `path`, which must be for exactly `body`; else
    BAD_RECORDING saying what is wrong with it."""
    try:
        recording = json.loads(files.read_capped(path, MAX_RECORDING_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise AgentError("BAD_RECORDING", path=path, reason=files.problem(exc)) from None
    except (ValueError, RecursionError):
        raise AgentError("BAD_RECORDING", path=path, reason=Text("replay_not_json")) from None
    problem = _problem(recording, body)
    if problem is not None:
        raise AgentError("BAD_RECORDING", path=path, reason=Text(problem))
    return recording["replies"]


def _problem(recording, body):
    """The catalogue key saying what is wrong with a parsed recording, or None."""
    if not isinstance(recording, dict) or recording.get("format") != FORMAT:
        return "replay_format"
    request = recording.get("request")
    if not isinstance(request, str) or request.encode("utf-8", "surrogatepass") != body:
        return "replay_other_request"
    replies = recording.get("replies")
    if not isinstance(replies, list) or not replies or not all(map(_valid_reply, replies)):
        return "replay_bad_reply"
    return None


def _valid_reply(reply):
    if not isinstance(reply, dict) or type(reply.get("status")) is not int:
        return False
    pairs = reply.get("headers", [])
    if not isinstance(pairs, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)
            for pair in pairs):
        return False
    if "lines" in reply:
        lines = reply["lines"]
        return isinstance(lines, list) and all(isinstance(line, str) for line in lines)
    if "body_base64" in reply:
        try:
            base64.b64decode(reply["body_base64"], validate=True)
        except (TypeError, ValueError):
            return False
        return True
    return isinstance(reply.get("body"), str)


def _reply(status, headers, raw):
    reply = {"status": status, "headers": _header_pairs(headers)}
    try:
        reply["body"] = raw.decode("utf-8")
    except UnicodeDecodeError:
        reply["body_base64"] = base64.b64encode(raw).decode("ascii")
    return reply


def _header_pairs(headers):
    return [[name, value] for name, value in headers.items()
            if name.lower() != "set-cookie"]


def _headers(reply):
    from http.client import HTTPMessage
    message = HTTPMessage()
    for name, value in reply.get("headers", ()):
        message[name] = value
    return message


def _body(reply):
    if "body_base64" in reply:
        return base64.b64decode(reply["body_base64"])
    return reply.get("body", "").encode("utf-8")


# --- The diff against the nearest recording -----------------------------------------

def nearest_diff(folder, body):
    """(a Text naming the recorded request nearest to `body`, a short unified diff of it
    against `body` as lines), both requests as indented JSON. The nearest is the one that
    shares the longest start with `body` (each request of a run starts with the bytes of
    the one before), and of those the one nearest in length."""
    best, best_name, best_score = None, None, None
    for name in _recordings(folder)[:MAX_COMPARED]:
        try:
            recording = json.loads(files.read_capped(os.path.join(folder, name),
                                                     MAX_RECORDING_BYTES))
            recorded = recording["request"].encode("utf-8", "surrogatepass")
        except (OSError, ValueError, RecursionError, TypeError, KeyError, AttributeError):
            continue  # an unreadable recording is nobody's nearest
        # The longest shared start; between equals, the length nearest to this request's.
        score = (_shared_start(recorded, body), -abs(len(recorded) - len(body)))
        if best_score is None or score > best_score:
            best, best_name, best_score = recorded, name, score
    if best is None:
        return Text("replay_nothing_near"), []
    import difflib
    lines = difflib.unified_diff(_pretty(best), _pretty(body), n=1, lineterm="")
    lines = [line for line in lines if not line.startswith(("---", "+++"))]
    shown = _clipped(lines[:DIFF_LINES])
    if len(lines) > DIFF_LINES:
        shown.append(f"... ({len(lines) - DIFF_LINES} more lines)")
    return Text("replay_nearest", name=best_name), shown


def _shared_start(first, second):
    """How many bytes `first` and `second` share at their start."""
    length = min(len(first), len(second))
    low, high = 0, length
    while low < high:  # bisect: comparing halves is fast in C, a byte loop is not
        middle = (low + high + 1) // 2
        if first[:middle] == second[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _pretty(body):
    """A request as indented JSON lines (its text's lines if it is not JSON)."""
    text = body.decode("utf-8", "replace")
    try:
        text = json.dumps(json.loads(text), ensure_ascii=False, indent=1)
    except (ValueError, RecursionError):
        pass
    return text.splitlines()


def _clipped(lines):
    """`lines` cut to DIFF_WIDTH characters. A changed line (a long prompt, a tool result)
    is shown from a little before where it first differs from the line it replaced."""
    shown, removed = [], None
    for line in lines:
        start = 0
        if line.startswith("-"):
            removed = line
        elif line.startswith("+") and removed is not None:
            start = _shared_start(removed[1:].encode(), line[1:].encode())
            start = len(line[1:].encode()[:start].decode("utf-8", "ignore"))
            if len(shown) and shown[-1] == _clip(removed, 0) and len(removed) > DIFF_WIDTH:
                shown[-1] = _clip(removed, start)
        shown.append(_clip(line, start))
    return shown


def _clip(line, differs_at):
    """`line` (a sign, then text) cut to DIFF_WIDTH, showing its text from 40 characters
    before `differs_at`."""
    if len(line) <= DIFF_WIDTH:
        return line
    text, width = line[1:], DIFF_WIDTH - 7  # the sign, and "..." at either end
    begin = max(0, min(differs_at - 40, len(text) - width))
    return (line[0] + ("..." if begin else "") + text[begin:begin + width]
            + ("..." if begin + width < len(text) else ""))
