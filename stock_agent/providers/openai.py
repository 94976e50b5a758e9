"""The OpenAI-compatible Chat Completions adapter: OpenAI, llama.cpp's llama-server, vLLM,
LM Studio, and any server that speaks `POST {base}/chat/completions`.

Shapes follow the type definitions of openai/openai-python (listed with their files in the
shared notes, docs/openai-anthropic-wire.md) and llama.cpp's tools/server/README.md:
- base URL from --base-url or OPENAI_BASE_URL and, as in OpenAI's SDK, it ends in `/v1`;
  the key (OPENAI_API_KEY) is optional, because local servers need none; it travels only in
  the `Authorization: Bearer` header and is blanked out of any error text a server echoes.
- request: model, temperature 0, max_tokens (--num-predict: the field every compatible
  server knows; OpenAI's reasoning models want max_completion_tokens instead), tools as
  `{"type": "function", "function": {...}}`, then messages.
- reply: `choices[0].message` with `content` (may be null) and `tool_calls`, each
  `{id, type: "function", function: {name, arguments}}` where arguments is JSON *text*;
  `finish_reason` stop / tool_calls / length / content_filter; `usage.prompt_tokens` and
  `usage.completion_tokens`.
- replay: the assistant message goes back with its tool calls exactly as received (the
  arguments text unchanged, even when it is not valid JSON), then one
  `{"role": "tool", "tool_call_id", "content"}` per call, in call order, right after it.
  Calls recovered from text have no id to answer, so their results go back as one user
  message instead of inventing ids.
- streaming (`stream: true`, `stream_options.include_usage`): server-sent `data:` chunks;
  id and name come only in the first delta of each tool-call `index` and arguments are
  joined per index; usage arrives in a last chunk with `choices: []`; `data: [DONE]` ends
  the stream, and a stream without it (or without a finish_reason) was cut.
"""

import json
from urllib.parse import urlsplit

from stock_agent.errors import AgentError, Text
from stock_agent.providers.shared import (ChatClient, api_key, cut_reply, echo, finished_reply,
                                          listed_models_hint, token_usage,
                                          wire_by_call_id)
from stock_agent.providers.transport import checked_url, http_failure, json_values, sse_events

DEFAULT_URL = "https://api.openai.com/v1"


def openai_client(*, base_url, model, environ, num_predict, stream=False, on_text=None,
                  deadline=None, lang="en"):
    """Resolve URL, key and model as OpenAI's SDK does, or explain what is missing."""
    url = checked_url((base_url or environ.get("OPENAI_BASE_URL") or DEFAULT_URL)
                      .rstrip("/"))
    key = api_key(environ, "OPENAI_API_KEY", url=url,
                  required=urlsplit(url).hostname == "api.openai.com")
    client = OpenAIClient(base_url=url, model=model or environ.get("OPENAI_MODEL"), api_key=key,
                          num_predict=num_predict, stream=stream, on_text=on_text,
                          lang=lang)
    return client.require_model("OPENAI_MODEL", deadline)


class OpenAIClient(ChatClient):
    provider = "openai"
    chat_path = "/chat/completions"

    def headers(self):
        return {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}

    def request_head(self, messages, tools):
        head = {"model": self.model, "temperature": 0, "max_tokens": self.num_predict,
                "stream": self.stream}
        if self.stream:
            head["stream_options"] = {"include_usage": True}
        head["tools"] = [{"type": "function", "function": tool} for tool in tools]
        return head

    def wire_messages(self, new):
        return wire_by_call_id(new, assistant=_wire_assistant, tool_result=_add_tool_result)

    def assemble(self, lines):
        return assemble_stream(lines, self)

    def parse_reply(self, data):
        data = self.answer_object(data)
        choices = data.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices else None
        message = choice.get("message") if isinstance(choice, dict) else None
        if not isinstance(message, dict) or message.get("role", "assistant") != "assistant":
            raise AgentError("INVALID_MODEL_MESSAGE", detail=Text("no_assistant_message"))
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        usage = token_usage(usage.get("prompt_tokens"), usage.get("completion_tokens"))
        reason, text = choice.get("finish_reason"), message.get("content")
        if reason == "length":
            return cut_reply(text, "finish_reason length", usage)
        return finished_reply(text, _neutral_calls(message), reason,
                              normal=reason in ("stop", "tool_calls"), usage=usage, raw=message)

    def http_error(self, status, payload, headers, *, deadline=None):
        error, code = self.error_text(payload), _error_code(payload)
        if (malformed := self.malformed_call(status, error)) is not None:
            return malformed  # llama.cpp, or Ollama's /v1, could not parse the model's call
        low = error.lower()
        if status in (401, 403):
            return AgentError("AUTH_FAILED", status=status, env="OPENAI_API_KEY")
        if _no_tool_support(low):
            return AgentError("TOOLS_UNSUPPORTED", model=self.model, installed="")
        if status == 404 and (code == "model_not_found" or "model" in low):
            return self.model_not_found(deadline)
        if status == 404:
            error = Text("with_hint", text=error, hint=Text("hint_v1_openai"))
        return http_failure(status, error, headers)

    def models_hint(self, deadline=None):
        return listed_models_hint(self.base_url, "/models", self.headers(), deadline)


def _wire_assistant(message):
    raw = message.get("raw")
    if raw is not None:  # as received: the request type has no place for other fields
        wire = {"role": "assistant", "content": raw.get("content")}
        if raw.get("tool_calls"):
            wire["tool_calls"] = raw["tool_calls"]
        return wire
    wire = {"role": "assistant", "content": message["content"]}
    calls = [call for call in message["tool_calls"] if call["id"]]
    if calls:  # a reply that came from elsewhere (a scripted model)
        wire["tool_calls"] = [{"id": call["id"], "type": "function", "function": {
            "name": call["name"], "arguments": call["arguments"]
            if isinstance(call["arguments"], str) else json.dumps(call["arguments"])}}
            for call in calls]
    return wire


def _add_tool_result(wire, message):
    """One tool message per call, in call order, right after the assistant message."""
    wire.append({"role": "tool", "tool_call_id": message["tool_call_id"],
                 "content": message["content"]})


def _neutral_calls(message):
    raw_calls = message.get("tool_calls")
    if raw_calls is None:
        return []
    if not isinstance(raw_calls, list):
        raise AgentError("INVALID_TOOL_BATCH", detail=Text("tool_calls_not_list"))
    calls = []
    for index, call in enumerate(raw_calls):
        function = call.get("function") if isinstance(call, dict) else None
        name = function.get("name") if isinstance(function, dict) else None
        if not isinstance(name, str) or not name or not isinstance(call.get("id"), str):
            raise AgentError("INVALID_TOOL_CALL", detail=Text("call_without_id", index=index))
        calls.append({"id": call["id"], "name": name,
                      "arguments": _parsed(function.get("arguments", ""))})
    return calls


def _parsed(arguments):
    """The arguments object; text that is not one stays text, for the validator to reject
    with a message the model can act on (tools.py). The replay keeps the text as received."""
    if not isinstance(arguments, str):
        return arguments
    try:
        value = json.loads(arguments)
    except (ValueError, RecursionError):
        return arguments
    return value if isinstance(value, dict) else arguments


def assemble_stream(lines, client):
    """The chunks of a streamed completion joined into the non-streaming body."""
    state = {"done": False, "text": [], "calls": {}, "finish": None, "usage": None}
    for chunk in json_values(_data_until_done(lines, state), client.base_url):
        client.answer_object(chunk, "chunk_not_object")
        if isinstance(chunk.get("usage"), dict):
            state["usage"] = chunk["usage"]
        choices = chunk.get("choices") or []
        if not isinstance(choices, list):
            raise AgentError("MODEL_BAD_RESPONSE", detail=Text("choices_not_list"),
                             url=client.base_url)
        for choice in choices:
            if isinstance(choice, dict) and choice.get("index", 0) == 0:
                _add_delta(state, choice, client.on_text)
    if not state["done"] or state["finish"] is None:
        raise AgentError("TRUNCATED", reason=Text("stream_ended",
                                                  marker="finish_reason and [DONE]"))
    message = {"role": "assistant", "content": "".join(state["text"]) or None}
    if state["calls"]:
        message["tool_calls"] = [state["calls"][index] for index in sorted(state["calls"])]
    return {"choices": [{"index": 0, "message": message, "finish_reason": state["finish"]}],
            "usage": state["usage"]}


def _data_until_done(lines, state):
    for _, data in sse_events(lines):
        if data.strip() == "[DONE]":
            state["done"] = True
            return
        yield data


def _add_delta(state, choice, on_text):
    delta = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
    if isinstance(delta.get("content"), str) and delta["content"]:
        state["text"].append(delta["content"])
        echo(on_text, delta["content"])
    pieces = delta.get("tool_calls") or []
    if not isinstance(pieces, list):
        raise AgentError("INVALID_TOOL_BATCH", detail=Text("tool_calls_not_list"))
    for piece in pieces:
        if not isinstance(piece, dict) or not isinstance(piece.get("index"), int):
            raise AgentError("INVALID_TOOL_CALL", detail=Text("streamed_call_without_index"))
        call = state["calls"].setdefault(piece["index"], {
            "id": None, "type": "function", "function": {"name": "", "arguments": ""}})
        function = piece.get("function") if isinstance(piece.get("function"), dict) else {}
        if isinstance(piece.get("id"), str) and call["id"] is None:
            call["id"] = piece["id"]  # only the first delta of an index carries it
        if isinstance(function.get("name"), str) and function["name"]:
            call["function"]["name"] = function["name"]
        if isinstance(function.get("arguments"), str):
            call["function"]["arguments"] += function["arguments"]
    if choice.get("finish_reason"):
        state["finish"] = choice["finish_reason"]


def _error_code(payload):
    error = payload.get("error") if isinstance(payload, dict) else None
    return error.get("code") if isinstance(error, dict) else None


def _no_tool_support(low):
    # Ollama's /v1: "... does not support tools"; llama.cpp without --jinja: 500 "tools param
    # requires --jinja flag" (older: "Unsupported param: tools"); vLLM: '"auto" tool choice
    # requires --enable-auto-tool-choice'.
    return ("does not support tools" in low or "--jinja" in low
            or "unsupported param: tools" in low or "--enable-auto-tool-choice" in low)
