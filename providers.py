"""Model server clients: the loop's neutral messages in, one neutral reply out.

Imported only when a real model is used, so `--mock` never loads the HTTP stack.

Ollama (`POST {base}/api/chat`), shapes as in Ollama's docs/api.md and server source
(see docs/ollama-wire.md in the shared notes):
- request: model, messages, tools, `stream: false` (Ollama streams when it is left out),
  options temperature 0, num_predict, and always num_ctx: Ollama's small default context
  silently drops the start of the prompt, which is where the rules and tools are.
- tool results go back as `{"role": "tool", "tool_name": ..., "content": ...}`.
- tool-call arguments go back as JSON objects: a string there makes Ollama reject the request.
- `done_reason: "length"` means the reply was cut; `prompt_eval_count` reaching num_ctx means
  the prompt was.

Transport rules for every provider: one request per call (no hidden retries), the response
body capped at MAX_RESPONSE_BYTES, every failure translated here into one AgentError with an
actionable message, raised `from None` so no traceback leaks to the user.
"""

import json
import socket
from http import client as http_client
from urllib.parse import urlsplit

from errors import AgentError

DEFAULT_OLLAMA_URL = "http://localhost:11434"
MAX_RESPONSE_BYTES = 2_000_000
DISCOVERY_TIMEOUT = 3.0


# --- Configuration -----------------------------------------------------------------

def ollama_client(*, base_url, model, environ, num_ctx, num_predict):
    """Resolve URL and model the way Ollama's own tools do, or explain what is missing."""
    url = resolve_ollama_url(base_url, environ)
    model = model or environ.get("OLLAMA_MODEL")
    if not model:
        raise AgentError("NO_MODEL", env="OLLAMA_MODEL", installed=_installed_hint(url))
    return OllamaClient(base_url=url, model=model, num_ctx=num_ctx, num_predict=num_predict)


def resolve_ollama_url(flag, environ):
    """--base-url, else OLLAMA_BASE_URL, else OLLAMA_HOST, else the local default."""
    if flag:
        return flag.rstrip("/")
    if environ.get("OLLAMA_BASE_URL"):
        return environ["OLLAMA_BASE_URL"].rstrip("/")
    if environ.get("OLLAMA_HOST", "").strip():
        return ollama_host_to_url(environ["OLLAMA_HOST"])
    return DEFAULT_OLLAMA_URL


def ollama_host_to_url(value):
    """Read OLLAMA_HOST as Ollama's CLI does: `host`, `host:port` or a URL, port 11434."""
    value = value.strip()
    scheme, separator, rest = value.partition("://")
    if not separator:
        scheme, rest, default_port = "http", value, 11434
    else:
        default_port = 443 if scheme == "https" else 80
    hostport, _, path = rest.partition("/")
    host, port = _split_host_port(hostport)
    host = host or "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    suffix = "/" + path.rstrip("/") if path.rstrip("/") else ""
    return f"{scheme}://{host}:{port or default_port}{suffix}"


def _split_host_port(hostport):
    if hostport.startswith("["):  # [::1]:11434
        host, _, tail = hostport[1:].partition("]")
        return host, tail[1:] if tail.startswith(":") and tail[1:].isdigit() else None
    if hostport.count(":") == 1:
        host, port = hostport.split(":")
        return host, port if port.isdigit() and int(port) <= 65535 else None
    return hostport, None  # a bare host, or a bare IPv6 address


def is_loopback(url):
    host = (urlsplit(url).hostname or "").lower()
    return host in ("localhost", "::1", "0.0.0.0") or host.startswith("127.")


# --- Ollama ------------------------------------------------------------------------

class OllamaClient:
    provider = "ollama"

    def __init__(self, *, base_url, model, num_ctx=8192, num_predict=1024):
        self.base_url = base_url
        self.model = model
        self.num_ctx = num_ctx
        self.num_predict = num_predict
        self._history = None  # the loop's message list these wire fragments belong to
        self._wire = []       # messages already converted and serialised, in order

    def chat(self, messages, tools, *, timeout):
        body = self._request_body(messages, tools)
        status, payload = post_json(self.base_url + "/api/chat", body, timeout=timeout,
                                    server=self.base_url)
        if status != 200:
            raise self._http_error(status, payload)
        return self._parse_reply(payload)

    def _request_body(self, messages, tools):
        # History only grows, so each message is converted and serialised once. Every request
        # therefore starts with the exact bytes of the one before, and costs no re-encoding.
        if self._history is not messages or len(self._wire) > len(messages):
            self._history, self._wire = messages, []
        for message in messages[len(self._wire):]:
            self._wire.append(json.dumps(_ollama_message(message), ensure_ascii=False))
        head = json.dumps({
            "model": self.model, "stream": False,
            "options": {"temperature": 0, "num_predict": self.num_predict,
                        "num_ctx": self.num_ctx},
            "tools": [{"type": "function", "function": tool} for tool in tools],
        }, ensure_ascii=False)
        body = head[:-1] + ', "messages": [' + ", ".join(self._wire) + "]}"
        return body.encode("utf-8", "backslashreplace")  # a lone surrogate stays a JSON escape

    def _parse_reply(self, data):
        if not isinstance(data, dict):
            raise AgentError("MODEL_BAD_RESPONSE", detail="not a JSON object", url=self.base_url)
        if "error" in data:  # Ollama can report an error inside a 200 response
            raise AgentError("MODEL_HTTP_ERROR", status=200, error=_text(data["error"]))
        if data.get("done") is not True:
            raise AgentError("INCOMPLETE_MODEL_RESPONSE", detail="'done' is not true")
        message = data.get("message")
        if not isinstance(message, dict) or message.get("role") != "assistant":
            raise AgentError("INVALID_MODEL_MESSAGE", detail="no assistant message")
        used = data.get("prompt_eval_count")
        if isinstance(used, int) and used >= self.num_ctx:
            raise AgentError("CONTEXT_TRUNCATED", used=used, num_ctx=self.num_ctx)
        reason = data.get("done_reason")
        usage = {"input_tokens": _int_or_none(used),
                 "output_tokens": _int_or_none(data.get("eval_count"))}
        text = message.get("content")
        if reason == "length":  # cut off: report it, and parse no tool call from it
            return {"text": text, "tool_calls": [], "stop": "truncated",
                    "stop_detail": "done_reason length", "usage": usage, "raw": None}
        calls, raw = _ollama_calls(message)
        normal = reason in (None, "", "stop", "tool_calls")  # proxies send "tool_calls"
        stop = ("tool_calls" if calls else "answer") if normal else "other"
        return {"text": text, "tool_calls": calls, "stop": stop,
                "stop_detail": reason, "usage": usage, "raw": raw}

    def _http_error(self, status, payload):
        error = _text(payload.get("error") if isinstance(payload, dict) else payload)
        if status == 404 and "not found" in error and "model" in error:
            return AgentError("MODEL_NOT_FOUND", model=self.model, url=self.base_url)
        if status == 400 and "does not support tools" in error:
            return AgentError("TOOLS_UNSUPPORTED", model=self.model,
                              installed=_installed_hint(self.base_url, tools_only=True))
        if status in (401, 403):
            return AgentError("AUTH_FAILED", status=status,
                              env="the credentials of the proxy in front of Ollama")
        return AgentError("MODEL_HTTP_ERROR", status=status, error=error)


def _ollama_calls(message):
    """Neutral tool calls, and the message to replay with arguments as JSON objects."""
    raw_calls = message.get("tool_calls")
    if raw_calls is None:
        return [], message
    if not isinstance(raw_calls, list):
        raise AgentError("INVALID_TOOL_BATCH", detail="tool_calls is not a list")
    calls, replayed = [], []
    for index, call in enumerate(raw_calls):
        function = call.get("function") if isinstance(call, dict) else None
        name = function.get("name") if isinstance(function, dict) else None
        if not isinstance(name, str) or not name:
            raise AgentError("INVALID_TOOL_CALL", detail=f"call {index} has no function name")
        arguments = function.get("arguments", {})
        call_id = call.get("id") if isinstance(call.get("id"), str) else None
        calls.append({"id": call_id, "name": name, "arguments": arguments})
        replayed.append({**call, "function": {**function,
                                               "arguments": _as_object(arguments)}})
    return calls, {**message, "tool_calls": replayed}


def _as_object(arguments):
    # Ollama decodes arguments only as a JSON object; text that is not one is replayed as {}
    # (the tool result already told the model its arguments were invalid).
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except (ValueError, RecursionError):
            return {}
    return arguments if isinstance(arguments, dict) else {}


def _ollama_message(message):
    role = message["role"]
    if role == "assistant":
        if message.get("raw") is not None:
            return message["raw"]
        return {"role": "assistant", "content": message["content"], "tool_calls": [
            {"function": {"name": call["name"], "arguments": _as_object(call["arguments"])}}
            for call in message["tool_calls"]]}
    if role == "tool":
        wire = {"role": "tool", "content": message["content"],
                "tool_name": message["tool_name"]}
        if message.get("tool_call_id"):
            wire["tool_call_id"] = message["tool_call_id"]
        return wire
    return {"role": role, "content": message["content"]}


def _installed_hint(base_url, *, tools_only=False):
    """One sentence listing the server's models and which can call tools, or ''."""
    try:
        models = installed_models(base_url)
    except AgentError:
        return f" (Could not list the models on {base_url}.)"
    if not models:
        return f" No model is installed on {base_url}: run `ollama pull qwen2.5:7b`."
    with_tools = [name for name, tools in models if tools]
    if tools_only:
        if not with_tools:
            return " None of the installed models supports tools."
        return " Installed models with tool support: " + ", ".join(with_tools) + "."
    listed = ", ".join(f"{name} (tools)" if tools else name for name, tools in models)
    return f" Installed on {base_url}: {listed}."


def installed_models(base_url):
    """[(name, supports_tools)] from /api/tags, asking /api/show when tags omit capabilities."""
    status, payload = get_json(base_url + "/api/tags", timeout=DISCOVERY_TIMEOUT,
                               server=base_url)
    entries = payload.get("models") if status == 200 and isinstance(payload, dict) else None
    if not isinstance(entries, list):
        raise AgentError("MODEL_BAD_RESPONSE", detail="no model list", url=base_url)
    models = []
    for entry in entries[:50]:
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str):
            continue
        capabilities = entry.get("capabilities")
        if not isinstance(capabilities, list):
            status, shown = post_json(base_url + "/api/show", json.dumps({"model": name}).encode(),
                                      timeout=DISCOVERY_TIMEOUT, server=base_url)
            capabilities = shown.get("capabilities") if isinstance(shown, dict) else None
        models.append((name, isinstance(capabilities, list) and "tools" in capabilities))
    return models


# --- HTTP transport ----------------------------------------------------------------

def post_json(url, body, *, timeout, server, headers=None):
    return _request("POST", url, body, timeout=timeout, server=server, headers=headers)


def get_json(url, *, timeout, server, headers=None):
    return _request("GET", url, None, timeout=timeout, server=server, headers=headers)


def _request(method, url, body, *, timeout, server, headers):
    """(status, parsed JSON body). Errors come back as AgentError with the server's URL."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AgentError("INVALID_INPUT", detail=f"not an http(s) URL: {server}")
    connection_class = (http_client.HTTPSConnection if parts.scheme == "https"
                        else http_client.HTTPConnection)
    path = parts.path + ("?" + parts.query if parts.query else "")
    connection = connection_class(parts.hostname, parts.port, timeout=timeout)
    all_headers = {"Content-Type": "application/json", "Accept": "application/json",
                   "User-Agent": "stock-agent"}
    all_headers.update(headers or {})
    try:
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        raw = _read_capped(response)
        status = response.status
    except (socket.timeout, TimeoutError):
        raise AgentError("MODEL_TIMEOUT", url=server, seconds=round(timeout, 1)) from None
    except http_client.IncompleteRead:
        raise AgentError("INCOMPLETE_MODEL_RESPONSE",
                         detail="the connection closed in the middle of the reply") from None
    except (ConnectionError, OSError, http_client.HTTPException) as exc:
        reason = getattr(exc, "strerror", None) or type(exc).__name__
        raise AgentError("MODEL_UNREACHABLE", url=server, reason=reason) from None
    finally:
        connection.close()
    return status, _decode(raw, status, server)


def _read_capped(response):
    raw = response.read(MAX_RESPONSE_BYTES + 1)
    if len(raw) > MAX_RESPONSE_BYTES:
        raise AgentError("MODEL_RESPONSE_TOO_LARGE", limit=MAX_RESPONSE_BYTES)
    if response.length:  # read(amt) returns a short body quietly when the connection drops
        raise http_client.IncompleteRead(raw, response.length)
    return raw


def _decode(raw, status, server):
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # also nesting too deep to decode
        if status != 200:  # error pages are often plain text or HTML: keep their first line
            text = raw.decode("utf-8", "replace").strip().splitlines()
            return {"error": (text[0] if text else "(empty body)")[:200]}
        raise AgentError("MODEL_BAD_RESPONSE", detail="body is not JSON", url=server) from None


def _text(value):
    return (value if isinstance(value, str) else json.dumps(value))[:300]


def _int_or_none(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None
