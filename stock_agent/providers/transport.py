"""HTTP for the model clients: one request, one answer, every failure one AgentError.

Rules for every provider:
- one request per call: nothing is retried here. The loop (agent.py) retries errors marked
  `transient`, because only it knows the run's deadline and writes the log.
- one deadline bounds the whole exchange: connecting, sending, the status line, the headers
  and the body, streamed or not. Every read waits at most until that deadline, so a server
  that trickles a byte at a time is cut off when the time is up, not after. (Resolving the
  host name and the TLS handshake are bounded per step, by the same timeout, not in total.)
- response bodies, streamed or not, are capped at MAX_RESPONSE_BYTES.
- failures are translated here into one AgentError with the server's URL and a reason,
  raised `from None` so no traceback reaches the user. Request headers (which hold API keys)
  never enter an error.
- 429 and 5xx answers, and connections reset by the server, are marked `transient` and carry
  the server's `Retry-After` (or OpenAI's `retry-after-ms`) when it sent one.
- redirects are not followed (they would carry the key to another address): a 3xx is an
  error naming where it points.
- proxy environment variables (HTTP_PROXY, HTTPS_PROXY, NO_PROXY) are not read: a request
  goes straight to the URL it names.
"""

import ipaddress
import json
import socket
import time
from http import client as http_client
from urllib.parse import urlsplit

from stock_agent.errors import SIGNAL_SLICE_SECONDS, AgentError, Text, raise_if_stopped

MAX_RESPONSE_BYTES = 2_000_000
MAX_RETRY_AFTER_SECONDS = 60.0
# Dropped or reset connections: worth one more try. A refused connection is not: nothing listens.
_TRANSIENT_RESETS = (ConnectionResetError, ConnectionAbortedError, BrokenPipeError,
                     http_client.RemoteDisconnected)


def exchange(url, body, *, timeout, server, stream, assemble, http_error, headers=None,
             on_text=None, provider=None, via=None):
    """POST one chat request and return the body of a 200 answer, streamed or not.

    A streamed answer goes through `assemble(lines)`, which joins it into the body the
    non-streaming request would have returned, so one parser judges both. `on_text` gets
    each piece of text as it arrives, then None when the reply is over. Any other status
    raises `http_error(status, body, headers)`: the adapter's reading of the error, told
    the URL it came from. `provider` names what to suggest when nothing answers.

    `via` is what carries the request: None is this module's HTTP; the replay wing
    (stock_agent/replay) passes an object with the same `request_json` and `stream_lines`
    that records the exchange, or answers it from a recording.
    """
    post, post_streamed = (request_json, stream_lines) if via is None else \
        (via.request_json, via.stream_lines)
    try:
        if stream:
            status, payload, response_headers, lines = post_streamed(
                url, body, timeout=timeout, server=server, headers=headers)
            if status == 200:
                try:
                    payload = assemble(lines)
                finally:
                    lines.close()  # stop reading whatever follows the end marker
                    if on_text is not None:
                        on_text(None)
        else:
            status, payload, response_headers = post(
                "POST", url, body, timeout=timeout, server=server, headers=headers)
    except AgentError as exc:
        raise advised(exc, provider)
    if status != 200:
        raise _status_error(status, payload, response_headers, url, http_error)
    return payload


def advised(error, provider):
    """`error`, and if nothing answered, with how to start `provider`'s server (a host name
    that does not resolve keeps its advice: there is nothing to start)."""
    if error.code == "MODEL_UNREACHABLE" and provider and not error.params.get("dns"):
        error.params["advice"] = Text("advice_" + provider)
    return error


def unanswered(error):
    """True when nothing answered at the URL (refused, no route, no such host), unlike a
    connection that a server there reset."""
    return error.code == "MODEL_UNREACHABLE" and not error.params.get("transient")


def _status_error(status, payload, headers, url, http_error):
    """The AgentError for an answer that is not 200, naming the URL that gave it."""
    if 300 <= status < 400:
        return AgentError("MODEL_HTTP_ERROR", status=status, url=url, error=Text(
            "redirect", location=headers.get("Location") or "?"))
    error = http_error(status, payload, headers)
    error.params.setdefault("url", url)
    if isinstance(payload, dict) and payload.get("html") and "error" in error.params:
        error.params["error"] = Text("html_page", text=error.params["error"])
    return error


def post_json(url, body, *, timeout, server, headers=None, deadline=None):
    """(status, parsed JSON body)."""
    status, payload, _ = request_json("POST", url, body, timeout=timeout, server=server,
                                      headers=headers, deadline=deadline)
    return status, payload


def get_json(url, *, timeout, server, headers=None, deadline=None):
    status, payload, _ = request_json("GET", url, None, timeout=timeout, server=server,
                                      headers=headers, deadline=deadline)
    return status, payload


def request_json(method, url, body, *, timeout, server, headers=None, deadline=None):
    """(status, parsed JSON body, response headers). Errors come back as AgentError.
    The exchange ends by `timeout` seconds from now, or by `deadline` if that is sooner."""
    status, raw, response_headers = request_bytes(method, url, body, timeout=timeout,
                                                  server=server, headers=headers,
                                                  deadline=deadline)
    return status, decoded(raw, status, server), response_headers


def request_bytes(method, url, body, *, timeout, server, headers=None, deadline=None):
    """(status, the body's bytes as the server sent them, response headers): request_json
    before the body is parsed."""
    deadline = _sooner(timeout, deadline)
    connection = _open(method, url, body, deadline=deadline, timeout=timeout, server=server,
                       headers=headers)
    try:
        response = _response(connection, timeout=timeout, server=server)
        raw = _read_capped(response, deadline=deadline, timeout=timeout, server=server)
        return response.status, raw, response.headers
    finally:
        connection.close()


def stream_lines(url, body, *, timeout, server, headers=None):
    """POST and read a streamed answer. Returns (status, payload, headers, lines).

    For a 200 answer, `lines` yields each line of the body as text (without its newline)
    as it arrives, and payload is None; for any other status the body is read and parsed
    as an error (`lines` is empty). A connection cut in the middle simply ends `lines`:
    the caller sees that no end marker came. `timeout` bounds the whole stream.
    """
    deadline = _sooner(timeout, None)
    connection = _open("POST", url, body, deadline=deadline, timeout=timeout, server=server,
                       headers=headers)
    try:
        response = _response(connection, timeout=timeout, server=server)
        if response.status != 200:
            raw = _read_capped(response, deadline=deadline, timeout=timeout, server=server)
            connection.close()
            return response.status, decoded(raw, response.status, server), response.headers, ()
    except BaseException:
        connection.close()
        raise
    return 200, None, response.headers, _lines(connection, response, deadline, timeout, server)


def _sooner(timeout, deadline):
    by_timeout = time.monotonic() + timeout
    return by_timeout if deadline is None else min(by_timeout, deadline)


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
    """The body in pieces as they arrive: at most MAX_RESPONSE_BYTES, and over by `deadline`
    (each read also waits no longer than the deadline: see _DeadlineSocket)."""
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


def _open(method, url, body, *, deadline, timeout, server, headers):
    parts = urlsplit(checked_url(url))
    connection_class = _HTTPS if parts.scheme == "https" else _HTTP
    path = parts.path + ("?" + parts.query if parts.query else "")
    connection = connection_class(parts.hostname, parts.port, deadline=deadline,
                                  timeout=max(min(timeout, deadline - time.monotonic()), 0.001))
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
                         detail=Text("connection_closed")) from None
    if isinstance(exc, socket.gaierror):  # the name does not resolve: nothing to start
        raise AgentError("MODEL_UNREACHABLE", url=server, reason=Text("no_such_host"),
                         advice=Text("advice_dns"), dns=True) from None
    if isinstance(exc, (ConnectionError, OSError, http_client.HTTPException)):
        reason = getattr(exc, "strerror", None) or type(exc).__name__
        raise AgentError("MODEL_UNREACHABLE", url=server, reason=reason,
                         advice=Text("advice_running"),
                         transient=isinstance(exc, _TRANSIENT_RESETS)) from None
    raise exc


def decoded(raw, status, server):
    """A body's bytes as JSON; an error page that is not JSON as {"error": its title}."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # also nesting too deep to decode
        if status != 200:  # error pages are often plain text or HTML: say what they hold
            return _page_error(raw.decode("utf-8", "replace"))
        raise AgentError("MODEL_BAD_RESPONSE", detail=Text("not_json"), url=server) from None


def _page_error(text):
    """{"error": ...} for an error page that is not JSON: the title of an HTML page (marked
    `html`, so the error says this is not a model server's answer), else its first line."""
    if text.lstrip()[:1] == "<":
        import re
        title = re.search(r"(?is)<title[^>]*>(.*?)</title>", text)
        words = " ".join((title[1] if title else "").split())
        return {"error": (words or "untitled")[:200], "html": True}
    lines = text.strip().splitlines()
    return {"error": (lines[0] if lines else "(empty body)")[:200]}


# --- A connection bounded by one deadline ------------------------------------------

class _DeadlineSocket:
    """A connected socket whose every send and receive waits no longer than `deadline`
    (a time.monotonic() value). http.client reads the status line, the headers and the
    body through `makefile()`, so this bounds all of them. A receive waits in slices
    (SIGNAL_SLICE_SECONDS), so a signal that lands as it begins still ends the run at once;
    a send does not, as a send cut short cannot say how much of it went."""

    def __init__(self, sock, deadline):
        self._sock = sock
        self._deadline = deadline

    def _arm(self, most=None):
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise socket.timeout("the request's deadline passed")
        self._sock.settimeout(remaining if most is None else min(remaining, most))

    def sendall(self, data, *args):
        self._arm()
        return self._sock.sendall(data, *args)

    def recv_into(self, buffer, *args):
        while True:
            raise_if_stopped()
            self._arm(SIGNAL_SLICE_SECONDS)
            try:
                return self._sock.recv_into(buffer, *args)
            except socket.timeout:  # the slice ran out (the next _arm says if the deadline did)
                continue

    def makefile(self, mode="rb", *args, **kwargs):
        import io
        self._sock._io_refs += 1  # as socket.makefile counts the files reading a socket
        return io.BufferedReader(socket.SocketIO(self, "rb"))

    def __getattr__(self, name):  # close, fileno, setsockopt, ...: the socket's own
        return getattr(self._sock, name)


class _Bounded:
    """An HTTP(S) connection whose socket gives up at `deadline`, once connected."""

    def __init__(self, host, port, *, deadline, timeout):
        super().__init__(host, port, timeout=timeout)
        self.deadline = deadline

    def connect(self):
        super().connect()
        self.sock = _DeadlineSocket(self.sock, self.deadline)


class _HTTP(_Bounded, http_client.HTTPConnection):
    pass


class _HTTPS(_Bounded, http_client.HTTPSConnection):
    pass


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
            raise AgentError("MODEL_BAD_RESPONSE", detail=Text("line_not_json"),
                             url=server)
        if not text.strip():
            continue
        try:
            yield json.loads(text)
        except (ValueError, RecursionError):
            broken = True


# --- What a header can carry ----------------------------------------------------------

# RFC 9110's token: what a header's name may be made of.
HEADER_NAME = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"


def checked_header(value, *, env, name=None):
    """`value` if a request header can carry it as it is, else INVALID_INPUT naming `env`,
    the variable it came from, and never the value: it may be a key. A control character (a
    stray newline from a file) would end the header, and http.client sends headers in
    Latin-1 and raises, with the value in its error, on any character outside it; a space
    at either end would be stripped off by the receiver. `name`, when the variable gives
    one too, must be a token."""
    import re
    if (value != value.strip() or not value.isprintable() or max(value, default="") > "\xff"
            or (name is not None and not re.fullmatch(HEADER_NAME, name))):
        raise AgentError("INVALID_INPUT", detail=Text("header_unsendable", env=env))
    return value


# --- Where a URL points --------------------------------------------------------------

def checked_url(url):
    """`url` if it can name a model server, else INVALID_INPUT saying what to change.
    Checked when a client is made, before anything is sent or any note is printed."""
    problem = _url_problem(url)
    if problem is not None:
        raise AgentError("INVALID_INPUT", detail=Text("bad_url", url=url, problem=problem))
    return url


def _url_problem(url):
    if not url.isascii() or any(c.isspace() or not c.isprintable() for c in url):
        return Text("url_characters")
    if "://" not in url:
        return Text("url_no_scheme", url=url)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        return Text("url_scheme", scheme=parts.scheme)
    if "@" in parts.netloc:  # a key belongs in its variable, where it is never logged
        return Text("url_userinfo")
    if not parts.hostname:
        return Text("url_no_host")
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or parts.netloc.endswith(":"):
        return Text("url_port")
    if "?" in url or "#" in url:
        return Text("url_query")
    return None


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
