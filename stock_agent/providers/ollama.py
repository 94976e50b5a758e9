"""The Ollama adapter: `POST {base}/api/chat`, shapes as in Ollama's docs/api.md and server
source (see docs/ollama-wire.md in the shared notes):
- request: model, messages, tools, `stream` always sent (Ollama streams when it is left out),
  options temperature 0, num_predict, and always num_ctx: Ollama's small default context
  silently drops the start of the prompt, which is where the rules and tools are.
- `think` always sent (false unless --think): a model with the thinking capability thinks
  when it is left out. Its reasoning (`message.thinking`) is never the answer and is not
  sent back: Ollama does not need it in the history.
- `truncate: false` always sent: by default Ollama drops whole messages (middle history
  included) from a prompt over num_ctx; with false it refuses the request, and the refusal
  is CONTEXT_TRUNCATED. Its words: "the input length exceeds the context length" (0.12.6),
  or llama-server's "request (N tokens) exceeds the available context size (M tokens), try
  increasing it" as the error's text (0.34, 0.40), as recorded in public client tests; a
  server older than the field ignores it, and a prompt that fills num_ctx still says so.
- tool results go back as `{"role": "tool", "tool_name": ..., "content": ...}`.
- tool-call arguments go back as JSON objects: a string there makes Ollama reject the request.
- `done_reason: "length"` means the reply was cut; `prompt_eval_count` reaching num_ctx means
  the prompt was.
- streaming (`stream: true`): NDJSON lines; tool calls arrive whole; the last line has
  `done: true`, and a stream without it was cut. `{"error": ...}` may come inside a 200.

Every request a client sends starts with the exact bytes of the one before (WireCache), so
a server's prompt cache always hits, and no message is converted twice.
"""

import json
import time

from stock_agent.errors import AgentError, Text
from stock_agent.providers.shared import (DISCOVERY_TIMEOUT, ChatClient, cut_reply,
                                          discovery_deadline, echo, finished_reply, token_usage)
from stock_agent.providers.transport import (checked_url, get_json, http_failure, json_values,
                                             post_json, unanswered)

DEFAULT_OLLAMA_URL = "http://localhost:11434"


# --- Configuration -----------------------------------------------------------------

def ollama_client(*, base_url, model, environ, num_ctx, num_predict, stream=False,
                  on_text=None, deadline=None, lang="en", think=False):
    """Resolve URL and model the way Ollama's own tools do, or explain what is missing.
    Listing the installed models for that explanation ends by `deadline`."""
    url = checked_url(resolve_ollama_url(base_url, environ))
    client = OllamaClient(base_url=url, model=model or environ.get("OLLAMA_MODEL"),
                          num_ctx=num_ctx, num_predict=num_predict, stream=stream,
                          on_text=on_text, lang=lang, think=think)
    return client.require_model("OLLAMA_MODEL", deadline)


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
    # A port that is not one (99999, "P?x=1") is kept, so checked_url refuses the URL
    # instead of quietly using the default port.
    if hostport.startswith("["):  # [::1]:11434
        host, _, tail = hostport[1:].partition("]")
        return host, tail.removeprefix(":") or None
    if hostport.count(":") == 1:
        host, port = hostport.split(":")
        return host, port or None
    return hostport, None  # a bare host, or a bare IPv6 address


# --- Ollama ------------------------------------------------------------------------

class OllamaClient(ChatClient):
    provider = "ollama"
    chat_path = "/api/chat"

    def __init__(self, *, base_url, model, num_ctx=8192, num_predict=512, stream=False,
                 on_text=None, lang="en", think=False):
        super().__init__(base_url=base_url, model=model, num_predict=num_predict,
                         stream=stream, on_text=on_text, lang=lang)
        self.num_ctx = num_ctx  # sent every time (see above); a prompt that fills it was cut
        self.think = think

    @property
    def request_options(self):
        """The request's fields a run's log records (run_started `request`)."""
        return {"think": self.think, "truncate": False}

    def request_head(self, messages, tools):
        return {
            "model": self.model, "stream": self.stream, **self.request_options,
            "options": {"temperature": 0, "num_predict": self.num_predict,
                        "num_ctx": self.num_ctx},
            "tools": [{"type": "function", "function": tool} for tool in tools],
        }

    def wire_messages(self, new):
        return [_ollama_message(message) for message in new]

    def assemble(self, lines):
        return assemble_stream(lines, self)

    def parse_reply(self, data):
        data = self.answer_object(data)
        if data.get("done") is not True:
            raise AgentError("INCOMPLETE_MODEL_RESPONSE", detail=Text("done_not_true"))
        message = data.get("message")
        if not isinstance(message, dict) or message.get("role") != "assistant":
            raise AgentError("INVALID_MODEL_MESSAGE", detail=Text("no_assistant_message"))
        used = data.get("prompt_eval_count")
        if isinstance(used, int) and used >= self.num_ctx:
            raise AgentError("CONTEXT_TRUNCATED", detail=Text(
                "prompt_filled", used=used, num_ctx=self.num_ctx))
        # The reasoning of a thinking model is neither the answer nor sent back.
        message = {key: value for key, value in message.items() if key != "thinking"}
        reason, text = data.get("done_reason"), message.get("content")
        usage = token_usage(used, data.get("eval_count"))
        if reason == "length":
            return cut_reply(text, "done_reason length", usage)
        calls, raw = _ollama_calls(message)
        normal = reason in (None, "", "stop", "tool_calls")  # proxies send "tool_calls"
        return finished_reply(text, calls, reason, normal=normal, usage=usage, raw=raw)

    def http_error(self, status, payload, headers=None, *, deadline=None):
        error = self.error_text(payload)
        if (malformed := self.malformed_call(status, error)) is not None:
            return malformed
        if _context_overflow(error):
            return AgentError("CONTEXT_TRUNCATED", detail=Text(
                "prompt_refused", num_ctx=self.num_ctx, error=_inner_message(error)))
        if status == 404 and "not found" in error and "model" in error:
            return self.model_not_found(deadline)
        if status == 400 and "does not support tools" in error:
            return AgentError("TOOLS_UNSUPPORTED", model=self.model, installed=_installed_hint(
                self.base_url, discovery_deadline(deadline), tools_only=True))
        if status in (401, 403):
            return AgentError("AUTH_FAILED", status=status,
                              env=Text("ollama_proxy_credentials"))
        return http_failure(status, error, headers)

    def models_hint(self, deadline=None):
        return _installed_hint(self.base_url, discovery_deadline(deadline))


def _context_overflow(error):
    """True for Ollama's refusal of a prompt over num_ctx with `truncate: false` (above)."""
    low = error.lower()
    return ("the input length exceeds the context length" in low
            or "exceeds the available context size" in low)


def _inner_message(error):
    """llama-server's own message when Ollama passes its error object on as text."""
    try:
        inner = json.loads(error)["error"]["message"]
    except (ValueError, TypeError, KeyError, RecursionError):
        return error
    return inner if isinstance(inner, str) else error


def _ollama_calls(message):
    """Neutral tool calls, and the message to replay with arguments as JSON objects."""
    raw_calls = message.get("tool_calls")
    if raw_calls is None:
        return [], message
    if not isinstance(raw_calls, list):
        raise AgentError("INVALID_TOOL_BATCH", detail=Text("tool_calls_not_list"))
    calls, replayed = [], []
    for index, call in enumerate(raw_calls):
        function = call.get("function") if isinstance(call, dict) else None
        name = function.get("name") if isinstance(function, dict) else None
        if not isinstance(name, str) or not name:
            raise AgentError("INVALID_TOOL_CALL", detail=Text("call_without_name", index=index))
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


def _installed_hint(base_url, deadline, *, tools_only=False):
    """One sentence listing the server's models and which can call tools (as far as was
    learnt by `deadline`), or saying they could not be listed. A server that nothing
    answers for is no hint: its MODEL_UNREACHABLE is raised."""
    try:
        models = installed_models(base_url, deadline)
    except AgentError as exc:
        if unanswered(exc):
            raise
        return Text("hint_unlisted", url=base_url)
    if not models:
        return Text("hint_none_installed", url=base_url)
    unchecked = sum(tools is None for _, tools in models)
    later = Text("hint_unchecked", count=unchecked) if unchecked else ""
    if tools_only:
        with_tools = [name for name, tools in models if tools]
        if not with_tools:
            return Text("hint_no_tools", unchecked=later)
        return Text("hint_tools", models=", ".join(with_tools), unchecked=later)
    listed = ", ".join(f"{name} (tools)" if tools else name for name, tools in models)
    return Text("hint_installed", url=base_url, models=listed, unchecked=later)


def installed_models(base_url, deadline):
    """[(name, supports_tools)] from /api/tags, asking /api/show when tags omit
    capabilities. supports_tools is None for a model not checked by `deadline`."""
    status, payload = get_json(base_url + "/api/tags", timeout=DISCOVERY_TIMEOUT,
                               server=base_url, deadline=deadline)
    entries = payload.get("models") if status == 200 and isinstance(payload, dict) else None
    if not isinstance(entries, list):
        raise AgentError("MODEL_BAD_RESPONSE", detail=Text("no_model_list"), url=base_url)
    models = []
    for entry in entries[:50]:
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str):
            continue
        capabilities = entry.get("capabilities")
        if not isinstance(capabilities, list):
            capabilities = _shown_capabilities(base_url, name, deadline)
        models.append((name, None if capabilities is None else "tools" in capabilities))
    return models


def _shown_capabilities(base_url, name, deadline):
    """A model's capabilities from /api/show, or None when not learnt by `deadline`."""
    if time.monotonic() >= deadline:
        return None
    try:
        status, shown = post_json(base_url + "/api/show", json.dumps({"model": name}).encode(),
                                  timeout=DISCOVERY_TIMEOUT, server=base_url, deadline=deadline)
    except AgentError:
        return None
    capabilities = shown.get("capabilities") if status == 200 and isinstance(shown, dict) \
        else None
    return capabilities if isinstance(capabilities, list) else []


def assemble_stream(lines, client):
    """The NDJSON chunks of a streamed /api/chat joined into the non-streaming body."""
    content, thinking, calls, last = [], [], [], None
    for chunk in json_values(lines, client.base_url):
        # an error after the stream started comes with status 200: answer_object reports it
        client.answer_object(chunk, "chunk_not_object")
        message = chunk.get("message") if isinstance(chunk.get("message"), dict) else {}
        piece = message.get("content")
        if isinstance(piece, str) and piece:
            content.append(piece)
            echo(client.on_text, piece)
        if isinstance(message.get("thinking"), str):
            thinking.append(message["thinking"])
        if isinstance(message.get("tool_calls"), list):
            calls.extend(message["tool_calls"])  # whole calls, never pieces
        if chunk.get("done") is True:
            last = chunk
            break
    if last is None:
        raise AgentError("TRUNCATED", reason=Text("stream_ended", marker="`done: true`"))
    message = {"role": "assistant", "content": "".join(content)}
    if thinking:
        message["thinking"] = "".join(thinking)
    if calls:
        message["tool_calls"] = calls
    return {**last, "message": message}


