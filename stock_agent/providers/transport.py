"""HTTP for the model clients: one request, one answer, every failure one AgentError.

Rules for every provider:
- one request per call: nothing is retried here. The loop (agent.py) retries errors marked
  `transient`, because only it knows the run's deadline and writes the log.
- response bodies, streamed or not, are capped at MAX_RESPONSE_BYTES.
- failures are translated here into one AgentError with the server's URL and a reason,
  raised `from None` so no traceback reaches the user. Request headers (which hold API keys)
  never enter an error.
- 429 and 5xx answers, and connections reset by the server, are marked `transient` and carry
  the server's `Retry-After` (or OpenAI's `retry-after-ms`) when it sent one.
"""

import ipaddress
import json
import socket
import time
from http import client as http_client
from urllib.parse import urlsplit

from stock_agent.errors import AgentError

MAX_RESPONSE_BYTES = 2_000_000
MAX_RETRY_AFTER_SECONDS = 60.0
# Dropped or reset connections: worth one more try. A refused connection is not: nothing listens.
_TRANSIENT_RESETS = (ConnectionResetError, ConnectionAbortedError, BrokenPipeError,
                     http_client.RemoteDisconnected)


def exchange(url, body, *, timeout, server, stream, assemble, http_error, headers=None,
             on_text=None):
    """POST one chat request and return the body of a 200 answer, streamed or not.

    A streamed answer goes through `assemble(lines)`, which joins it into the body the
    non-streaming request would have returned, so one parser judges both. `on_text` gets
    each piece of text as it arrives, then None when the reply is over. Any other status
    raises `http_error(status, body, headers)`: the adapter's reading of the error.
    """
    if stream:
        status, payload, response_headers, lines = stream_lines(
            url, body, timeout=timeout, server=server, headers=headers)
        if status == 200:
            try:
                payload = assemble(lines)
            finally:
                lines.close()  # stop reading whatever follows the end marker
                if on_text is not None:
                    on_text(None)
    else:
        status, payload, response_headers = request_json(
            "POST", url, body, timeout=timeout, server=server, headers=headers)
    if status != 200:
        raise http_error(status, payload, response_headers)
    return payload


def post_json(url, body, *, timeout, server, headers=None):
    """(status, parsed JSON body)."""
    status, payload, _ = request_json("POST", url, body, timeout=timeout, server=server,
                                      headers=headers)
    return status, payload


def get_json(url, *, timeout, server, headers=None):
    status, payload, _ = request_json("GET", url, None, timeout=timeout, server=server,
                                      headers=headers)
    return status, payload


def request_json(method, url, body, *, timeout, server, headers=None):
    """(status, parsed JSON body, response headers). Errors come back as AgentError."""
    deadline = time.monotonic() + timeout
    connection = _open(method, url, body, timeout=timeout, server=server, headers=headers)
    try:
        response = _response(connection, timeout=timeout, server=server)
        raw = _read_capped(response, deadline=deadline, timeout=timeout, server=server)
        return response.status, _decode(raw, response.status, server), response.headers
    finally:
        connection.close()


def stream_lines(url, body, *, timeout, server, headers=None):
    """POST and read a streamed answer. Returns (status, payload, headers, lines).

    For a 200 answer, `lines` yields each line of the body as text (without its newline)
    as it arrives, and payload is None; for any other status the body is read and parsed
    as an error (`lines` is empty). A connection cut in the middle simply ends `lines`:
    the caller sees that no end marker came. `timeout` bounds the whole stream.
    """
    deadline = time.monotonic() + timeout
    connection = _open("POST", url, body, timeout=timeout, server=server, headers=headers)
    try:
        response = _response(connection, timeout=timeout, server=server)
        if response.status != 200:
            raw = _read_capped(response, deadline=deadline, timeout=timeout, server=server)
            connection.close()
            return response.status, _decode(raw, response.status, server), response.headers, ()
    except BaseException:
        connection.close()
        raise
    return 200, None, response.headers, _lines(connection, response, deadline, timeout, server)


def _lines(connection, response, deadline, timeout, server):
    """The body's lines as text, as they arrive. A connection cut in the middle just ends
    them: the stream's parser then reports the end marker that never came."""
    pending = b""
    try:
        for chunk in _chunks(response, deadline=deadline, timeout=timeout, server=server):
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                yield line.decode("utf-8", "replace").rstrip("\r")
        if pending:
            yield pending.decode("utf-8", "replace").rstrip("\r")
    except AgentError as exc:
        if exc.code != "INCOMPLETE_MODEL_RESPONSE" and exc.code != "MODEL_UNREACHABLE":
            raise
    finally:
        connection.close()


def _chunks(response, *, deadline, timeout, server):
    """The body in pieces as they arrive: at most MAX_RESPONSE_BYTES, and over by `deadline`.

    The socket timeout only bounds each read, so a server that trickles a byte at a time
    would never trip it; the deadline bounds the whole answer, however slowly it comes.
    """
    total = 0
    while True:
        if time.monotonic() > deadline:
            raise AgentError("MODEL_TIMEOUT", url=server, seconds=round(timeout, 1))
        try:
            chunk = response.read1(65536)
        except BaseException as exc:
            _translate(exc, timeout=timeout, server=server)
        if not chunk:
            if response.length:  # the connection closed before the promised length
                _translate(http_client.IncompleteRead(b"", response.length), timeout=timeout,
                           server=server)
            return
        total += len(chunk)
        if total > MAX_RESPONSE_BYTES:
            raise AgentError("MODEL_RESPONSE_TOO_LARGE", limit=MAX_RESPONSE_BYTES)
        yield chunk


def _open(method, url, body, *, timeout, server, headers):
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AgentError("INVALID_INPUT", detail=f"not an http(s) URL: {server}")
    connection_class = (http_client.HTTPSConnection if parts.scheme == "https"
                        else http_client.HTTPConnection)
    path = parts.path + ("?" + parts.query if parts.query else "")
    try:
        connection = connection_class(parts.hostname, parts.port, timeout=timeout)
    except ValueError:  # a port that is not a number
        raise AgentError("INVALID_INPUT", detail=f"not an http(s) URL: {server}") from None
    all_headers = {"Content-Type": "application/json", "Accept": "application/json",
                   "User-Agent": "stock-agent"}
    all_headers.update(headers or {})
    try:
        connection.request(method, path, body=body, headers=all_headers)
    except BaseException as exc:
        connection.close()
        _translate(exc, timeout=timeout, server=server)
    return connection


def _response(connection, *, timeout, server):
    try:
        return connection.getresponse()
    except BaseException as exc:
        connection.close()
        _translate(exc, timeout=timeout, server=server)


def _read_capped(response, *, deadline, timeout, server):
    return b"".join(_chunks(response, deadline=deadline, timeout=timeout, server=server))


def _translate(exc, *, timeout, server):
    """Raise the AgentError that says what went wrong with the connection."""
    if isinstance(exc, AgentError):
        raise exc
    if isinstance(exc, (socket.timeout, TimeoutError)):
        raise AgentError("MODEL_TIMEOUT", url=server, seconds=round(timeout, 1)) from None
    if isinstance(exc, http_client.IncompleteRead):
        raise AgentError("INCOMPLETE_MODEL_RESPONSE",
                         detail="the connection closed in the middle of the reply") from None
    if isinstance(exc, (ConnectionError, OSError, http_client.HTTPException)):
        reason = getattr(exc, "strerror", None) or type(exc).__name__
        raise AgentError("MODEL_UNREACHABLE", url=server, reason=reason,
                         transient=isinstance(exc, _TRANSIENT_RESETS)) from None
    raise exc


def _decode(raw, status, server):
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # also nesting too deep to decode
        if status != 200:  # error pages are often plain text or HTML: keep their first line
            text = raw.decode("utf-8", "replace").strip().splitlines()
            return {"error": (text[0] if text else "(empty body)")[:200]}
        raise AgentError("MODEL_BAD_RESPONSE", detail="body is not JSON", url=server) from None


# --- Errors any provider can answer ------------------------------------------------

def http_failure(status, error, headers=None, *, transient=None):
    """MODEL_HTTP_ERROR; 429 and 5xx are transient (unless the caller knows better) and
    keep the server's Retry-After."""
    if transient is None:
        transient = status == 429 or 500 <= status <= 599
    return AgentError("MODEL_HTTP_ERROR", status=status, error=error, transient=transient,
                      retry_after=retry_after(headers) if transient else None)


def retry_after(headers):
    """Seconds the server asked us to wait (retry-after-ms, Retry-After seconds or date)."""
    if headers is None:
        return None
    milliseconds = _number(headers.get("retry-after-ms"))
    if milliseconds is not None:
        return min(milliseconds / 1000, MAX_RETRY_AFTER_SECONDS)
    value = headers.get("retry-after")
    seconds = _number(value)
    if seconds is None and value:
        from email.utils import parsedate_to_datetime
        try:
            seconds = parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError, IndexError):
            return None
    return None if seconds is None else min(max(seconds, 0.0), MAX_RETRY_AFTER_SECONDS)


def _number(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if value >= 0 and value != float("inf") else None


# --- Streamed bodies ---------------------------------------------------------------

def sse_events(lines):
    """(event name, data text) for each server-sent event (blank line ends one)."""
    name, data = None, []
    for line in lines:
        if not line:
            if data:
                yield name, "\n".join(data)
            name, data = None, []
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
        elif line.startswith("event:"):
            name = line[6:].strip()
        # ":" comments, ids and retry hints carry nothing we use
    if data:  # no blank line after the last event: the parser judges whether it is whole
        yield name, "\n".join(data)


def json_values(texts, server):
    """Parse each text as JSON. A broken last one means the stream was cut (it just ends);
    a broken one followed by more is a server that does not speak this format."""
    broken = False
    for text in texts:
        if broken:
            raise AgentError("MODEL_BAD_RESPONSE", detail="a streamed line is not JSON",
                             url=server)
        if not text.strip():
            continue
        try:
            yield json.loads(text)
        except (ValueError, RecursionError):
            broken = True


# --- Where a URL points --------------------------------------------------------------

def is_loopback(url):
    """True only for this machine: localhost, or an IP address that is loopback (or 0.0.0.0,
    which connects here). A name like 127.example.com is a remote host."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified
