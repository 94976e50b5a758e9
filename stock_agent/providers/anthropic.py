"""The Anthropic Messages adapter: `POST {base}/v1/messages`.

Shapes follow anthropics/anthropic-sdk-python's types and Anthropic's API docs (listed with
their files in the shared notes, docs/openai-anthropic-wire.md):
- base URL from --base-url or ANTHROPIC_BASE_URL, *without* `/v1`; headers `x-api-key`
  (ANTHROPIC_API_KEY, never logged and blanked out of echoed error text) and
  `anthropic-version: 2023-06-01`.
- request: model, max_tokens (always: the API requires it; --num-predict), temperature 0,
  the system prompt as the top-level `system` (a "system" role message is rejected), tools
  as `{name, description, input_schema}`, then messages.
- reply: `content` blocks (`text`, `tool_use {id, name, input}`), `stop_reason` end_turn /
  tool_use / max_tokens / stop_sequence / refusal / pause_turn, `usage.input_tokens` and
  `usage.output_tokens`.
- replay: the assistant turn goes back with all its blocks unchanged. Every tool_use is
  answered by a `tool_result` with the same `tool_use_id`; all results of a turn go in one
  user message, results first, with `is_error: true` on failed tools.
- streaming (`stream: true`): server-sent events message_start, content_block_start /
  _delta / _stop, message_delta (stop_reason, cumulative usage), message_stop; `ping` is
  ignored; tool input arrives as `partial_json` pieces joined per block and parsed at
  content_block_stop; an `error` event can come inside a 200 stream; a stream without
  message_stop was cut.
"""

import json

from stock_agent.errors import AgentError, Text
from stock_agent.providers.shared import (ChatClient, api_key, cut_reply, echo, finished_reply,
                                          listed_models_hint, token_usage,
                                          wire_by_call_id)
from stock_agent.providers.transport import (checked_url, http_failure, is_loopback, json_values,
                                             sse_events)

DEFAULT_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
NORMAL_STOPS = ("end_turn", "tool_use", "stop_sequence")
CUT_STOPS = ("max_tokens", "model_context_window_exceeded")
BLOCK_EVENTS = ("content_block_start", "content_block_delta", "content_block_stop")


def anthropic_client(*, base_url, model, environ, num_predict, stream=False, on_text=None,
                     deadline=None, lang="en"):
    """Resolve URL, key and model, or explain what is missing."""
    url = checked_url((base_url or environ.get("ANTHROPIC_BASE_URL") or DEFAULT_URL)
                      .rstrip("/"))
    key = api_key(environ, "ANTHROPIC_API_KEY", url=url,
                  required=not is_loopback(url))  # a local proxy may need none
    client = AnthropicClient(base_url=url, model=model or environ.get("ANTHROPIC_MODEL"),
                             api_key=key, num_predict=num_predict, stream=stream,
                             on_text=on_text, lang=lang)
    return client.require_model("ANTHROPIC_MODEL", deadline)


class AnthropicClient(ChatClient):
    provider = "anthropic"
    chat_path = "/v1/messages"

    def headers(self):
        headers = {"anthropic-version": API_VERSION}
        if self._api_key:
            headers["x-api-key"] = self._api_key
        return headers

    def request_head(self, messages, tools):
        system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
        head = {"model": self.model, "max_tokens": self.num_predict, "temperature": 0,
                "stream": self.stream}
        if system:
            head["system"] = system
        head["tools"] = [{"name": tool["name"], "description": tool["description"],
                          "input_schema": tool["parameters"]} for tool in tools]
        return head

    def wire_messages(self, new):
        return wire_by_call_id(new, assistant=_wire_assistant, tool_result=_add_tool_result,
                               system=False)  # sent as the top-level `system`

    def assemble(self, lines):
        return assemble_stream(lines, self)

    def parse_reply(self, data):
        data = self.answer_object(data)
        if data.get("type") == "error":
            raise self.error_in_answer(data)
        content = data.get("content")
        if data.get("role") != "assistant" or not isinstance(content, list):
            raise AgentError("INVALID_MODEL_MESSAGE", detail=Text("no_assistant_message"))
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        usage = token_usage(usage.get("input_tokens"), usage.get("output_tokens"))
        reason = data.get("stop_reason")
        text = "".join(block["text"] for block in content if isinstance(block, dict)
                       and block.get("type") == "text" and isinstance(block.get("text"), str))
        if reason in CUT_STOPS:
            return cut_reply(text, f"stop_reason {reason}", usage)
        return finished_reply(text, _neutral_calls(content), reason,
                              normal=reason in NORMAL_STOPS, usage=usage,
                              raw={"role": "assistant", "content": content})

    def http_error(self, status, payload, headers, *, deadline=None):
        error = self.error_text(payload)
        if (malformed := self.malformed_call(status, error)) is not None:
            return malformed  # llama-server's /v1/messages could not parse the model's call
        kind = _error_type(payload)
        if status in (401, 403) or kind in ("authentication_error", "permission_error"):
            return AgentError("AUTH_FAILED", status=status, env="ANTHROPIC_API_KEY")
        if "does not support tools" in error.lower():
            return AgentError("TOOLS_UNSUPPORTED", model=self.model, installed="")
        if status == 404 and "model" in error.lower():
            return self.model_not_found(deadline)
        if status == 404:
            error = Text("with_hint", text=error, hint=Text("hint_v1_anthropic"))
        return http_failure(status, error, headers)

    def models_hint(self, deadline=None):
        return listed_models_hint(self.base_url, "/v1/models", self.headers(), deadline)


def _wire_assistant(message):
    if message.get("raw") is not None:
        return message["raw"]  # every block as received, thinking and signatures included
    blocks = [{"type": "text", "text": message["content"]}] if message["content"] else []
    blocks += [{"type": "tool_use", "id": call["id"], "name": call["name"],
                "input": call["arguments"] if isinstance(call["arguments"], dict) else {}}
               for call in message["tool_calls"] if call["id"]]
    return {"role": "assistant", "content": blocks}


def _add_tool_result(wire, message):
    """Answer a tool_use by its id. Every result of a turn goes in one user message."""
    result = {"type": "tool_result", "tool_use_id": message["tool_call_id"],
              "content": message["content"]}
    if message.get("is_error"):
        result["is_error"] = True
    last = wire[-1] if wire else None
    if last is not None and last["role"] == "user" and isinstance(
            last["content"], list) and last["content"][0]["type"] == "tool_result":
        last["content"].append(result)
    else:
        wire.append({"role": "user", "content": [result]})


def _neutral_calls(content):
    calls = []
    for index, block in enumerate(content):
        if not isinstance(block, dict) or block.get("type") != "tool_use":
            continue
        if not (isinstance(block.get("id"), str) and block["id"]
                and isinstance(block.get("name"), str) and block["name"]
                and isinstance(block.get("input"), dict)):
            raise AgentError("INVALID_TOOL_CALL", detail=Text("block_without_id", index=index))
        calls.append({"id": block["id"], "name": block["name"], "arguments": block["input"]})
    return calls


def assemble_stream(lines, client):
    """The events of a streamed message joined into the non-streaming Message body."""
    state = {"blocks": {}, "json": {}, "open": set(), "stop": None, "usage": {},
             "done": False}
    for event in json_values((data for _, data in sse_events(lines)), client.base_url):
        kind = event.get("type") if isinstance(event, dict) else None
        if kind == "error":  # an error inside a 200 stream (overloaded, ...)
            raise client.error_in_answer(event)
        if kind == "message_stop":
            state["done"] = True
            break
        if kind in BLOCK_EVENTS and type(event.get("index")) is not int:
            raise AgentError("MODEL_BAD_RESPONSE", detail=Text("event_without_index", kind=kind),
                             url=client.base_url)
        _apply_event(state, kind, event, client.on_text)  # ping and unknown events: no-op
    if not state["done"] or state["open"]:
        raise AgentError("TRUNCATED", reason=Text("block_never_closed") if state["done"]
                         else Text("stream_ended", marker="message_stop"))
    return {"type": "message", "role": "assistant", "stop_reason": state["stop"],
            "content": [state["blocks"][index] for index in sorted(state["blocks"])],
            "usage": state["usage"]}


def _apply_event(state, kind, event, on_text):
    index = event.get("index")
    if kind == "message_start" and isinstance(event.get("message"), dict):
        state["usage"].update(_object(event["message"].get("usage")))
    elif kind == "content_block_start" and isinstance(event.get("content_block"), dict):
        state["blocks"][index] = dict(event["content_block"])
        state["open"].add(index)
        if event["content_block"].get("type") == "tool_use":
            state["json"][index] = []
    elif kind == "content_block_delta" and index in state["open"]:
        _apply_delta(state, index, _object(event.get("delta")), on_text)
    elif kind == "content_block_stop" and index in state["open"]:
        state["open"].discard(index)
        if index in state["json"]:
            state["blocks"][index]["input"] = _tool_input(state["json"].pop(index), index)
    elif kind == "message_delta":
        state["stop"] = _object(event.get("delta")).get("stop_reason", state["stop"])
        state["usage"].update(_object(event.get("usage")))  # output_tokens is cumulative


def _object(value):
    """`value` if the stream sent an object there, else {}: a field of the wrong type
    carries nothing, and what is missing is judged at the end (stop reason, open blocks)."""
    return value if isinstance(value, dict) else {}


def _apply_delta(state, index, delta, on_text):
    block = state["blocks"][index]
    if delta.get("type") == "text_delta" and isinstance(delta.get("text"), str):
        block["text"] = _string(block.get("text")) + delta["text"]
        echo(on_text, delta["text"])
    elif delta.get("type") == "input_json_delta" and index in state["json"]:
        state["json"][index].append(str(delta.get("partial_json", "")))
    elif delta.get("type") == "thinking_delta":
        block["thinking"] = _string(block.get("thinking")) + _string(delta.get("thinking"))
    elif delta.get("type") == "signature_delta":
        block["signature"] = delta.get("signature")


def _string(value):
    return value if isinstance(value, str) else ""


def _tool_input(pieces, index):
    text = "".join(pieces)
    try:
        value = json.loads(text) if text.strip() else {}
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict):
        raise AgentError("INVALID_TOOL_CALL", detail=Text("streamed_input_not_object",
                                                          index=index))
    return value


def _error_type(payload):
    error = payload.get("error") if isinstance(payload, dict) else None
    return error.get("type") if isinstance(error, dict) else None
