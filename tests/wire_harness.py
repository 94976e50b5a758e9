"""One harness per provider, so every conformance scenario runs unchanged against each.

A harness knows its provider's path, environment and wire shapes (built with the fake
server's builders, which follow each provider's documentation), and how to run agent.main
against a FakeServer and read back the log. Scenarios talk in neutral terms: calls are
(id, name, arguments) and an answer is text.
"""

import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout

import agent
from tests import fake_server as fs
from tests.support import scratch


class Run:
    def __init__(self, code, out, err, events):
        self.code, self.out, self.err, self.events = code, out, err, events

    def of(self, event):
        return [e for e in self.events if e["event"] == event]


class Harness:
    name = path = None

    def env(self, url):
        raise NotImplementedError

    def run(self, server, *argv, environ=None):
        with scratch() as logs:
            out, err = io.StringIO(), io.StringIO()
            env = {"LANG": "C", **self.env(server.url), **(environ or {})}
            with redirect_stdout(out), redirect_stderr(err):
                # --verify off: these runs test the wire; their canned answers state
                # figures no tool returned, which the answer check rightly refuses.
                code = agent.main(["--provider", self.name, "--log-dir", logs,
                                   "--retries", "0", "--traceback", "--verify", "off",
                                   *argv], environ=env)
            events = []
            for name in os.listdir(logs):
                with open(os.path.join(logs, name), encoding="utf-8") as log:
                    events += [json.loads(line) for line in log]
        return Run(code, out.getvalue(), err.getvalue(), events)

    def requests(self, server):
        return [r for r in server.requests if r["path"] == self.path]


class OllamaHarness(Harness):
    name, path = "ollama", "/api/chat"
    key = None
    model_env, models_path = "OLLAMA_MODEL", "/api/tags"
    models = {"models": [{"name": "qwen2.5:7b", "capabilities": ["completion", "tools"]}]}

    def env(self, url):
        return {"OLLAMA_HOST": url, "OLLAMA_MODEL": "qwen2.5:7b"}

    def answer(self, text):
        return fs.ollama_chat(text)

    def calls(self, *calls):
        return fs.ollama_chat("", tool_calls=[fs.ollama_call(name, args, index, call_id)
                                              for index, (call_id, name, args)
                                              in enumerate(calls)])

    def truncated(self):
        return fs.ollama_chat('{"name": "get_st', done_reason="length")

    def stream_answer(self, pieces, **options):
        return fs.stream(fs.ollama_stream(pieces), sse=False, **options)

    def stream_calls(self, *calls, **options):
        wire = [fs.ollama_call(name, args, index, call_id)
                for index, (call_id, name, args) in enumerate(calls)]
        return fs.stream(fs.ollama_stream(tool_calls=wire), sse=False, **options)

    def stream_error(self):
        return fs.stream(fs.ollama_stream(["The"], done=False) + [{"error": "model crashed"}],
                         sse=False)

    def stream_says_cut(self):
        return fs.stream(fs.ollama_stream(['{"name": "get_st'], done_reason="length"),
                         sse=False)

    def error(self, kind):
        return {"auth": (401, {"error": "unauthorized"}),
                "model": (404, {"error": "model 'qwen2.5:7b' not found"}),
                "tools": (400, {"error": "registry.ollama.ai/library/qwen2.5:7b does not "
                                         "support tools"}),
                "server": (500, {"error": "llama runner process has terminated"}),
                "busy": (503, {"error": "server busy, please try again.  maximum pending "
                                        "requests exceeded"})}[kind]

    def tool_results(self, request):
        """[(id or None, name, content, is_error)] of the results in the last request."""
        messages = request["json"]["messages"]
        results = []
        while messages and messages[-1]["role"] == "tool":
            message = messages.pop()
            results.insert(0, (message.get("tool_call_id"), message["tool_name"],
                               message["content"], None))
        return results

    def replayed_calls(self, request):
        assistant = [m for m in request["json"]["messages"] if m["role"] == "assistant"][-1]
        return [(call.get("id"), call["function"]["name"], call["function"]["arguments"])
                for call in assistant.get("tool_calls", [])]


class OpenAIHarness(Harness):
    name, path = "openai", "/v1/chat/completions"
    key = "sk-test-SECRET-openai-0123456789"
    model_env, models_path = "OPENAI_MODEL", "/v1/models"
    models = {"object": "list", "data": [{"id": "qwen2.5:7b", "object": "model"}]}

    def env(self, url):
        return {"OPENAI_BASE_URL": url + "/v1", "OPENAI_MODEL": "qwen2.5-1.5b",
                "OPENAI_API_KEY": self.key}

    def answer(self, text):
        return fs.openai_chat(text)

    def calls(self, *calls):
        return fs.openai_chat(None, finish_reason="tool_calls", tool_calls=[
            fs.openai_call(call_id, name, _text(args)) for call_id, name, args in calls])

    def truncated(self):
        return fs.openai_chat(None, finish_reason="length", tool_calls=[
            fs.openai_call("call_1", "get_stock", '{"sku": "A0')])

    def stream_answer(self, pieces, **options):
        return fs.stream(fs.openai_stream(pieces), **options)

    def stream_calls(self, *calls, **options):
        described = [(call_id, name, _pieces(_text(args))) for call_id, name, args in calls]
        return fs.stream(fs.openai_stream(tool_calls=described, finish_reason="tool_calls"),
                         **options)

    def stream_error(self):
        return fs.stream(fs.openai_stream(["The"], finish_reason=None, usage=False,
                                          done=False)
                         + [("", fs.openai_error("upstream model crashed", kind="server_error"))])

    def stream_says_cut(self):
        return fs.stream(fs.openai_stream(tool_calls=[("call_1", "get_stock", ['{"sku": "A0'])],
                                          finish_reason="length"))

    def error(self, kind):
        return {"auth": (401, fs.openai_error(f"Incorrect API key provided: {self.key}.",
                                              code="invalid_api_key")),
                "model": (404, fs.openai_error("The model `qwen2.5-1.5b` does not exist or "
                                               "you do not have access to it.",
                                               code="model_not_found")),
                "tools": (500, {"error": {"code": 500, "message": "tools param requires "
                                          "--jinja flag", "type": "server_error"}}),
                "server": (500, fs.openai_error("internal error", kind="server_error")),
                "busy": (503, {"error": {"code": 503, "message": "Loading model",
                                         "type": "unavailable_error"}})}[kind]

    def tool_results(self, request):
        messages = request["json"]["messages"]
        results = []
        while messages and messages[-1]["role"] == "tool":
            message = messages.pop()
            results.insert(0, (message["tool_call_id"], None, message["content"], None))
        return results

    def replayed_calls(self, request):
        assistant = [m for m in request["json"]["messages"] if m["role"] == "assistant"][-1]
        return [(call["id"], call["function"]["name"], call["function"]["arguments"])
                for call in assistant.get("tool_calls", [])]


class AnthropicHarness(Harness):
    name, path = "anthropic", "/v1/messages"
    key = "sk-ant-test-SECRET-anthropic-0123"
    model_env, models_path = "ANTHROPIC_MODEL", "/v1/models"
    models = {"data": [{"id": "qwen2.5:7b", "type": "model"}], "has_more": False}

    def env(self, url):
        return {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_MODEL": "claude-test",
                "ANTHROPIC_API_KEY": self.key}

    def answer(self, text):
        return fs.anthropic_message([fs.anthropic_text(text)] if text else [])

    def calls(self, *calls):
        return fs.anthropic_message(
            [fs.anthropic_text("Let me look that up.")]
            + [fs.anthropic_tool_use(call_id, name, args) for call_id, name, args in calls],
            stop_reason="tool_use")

    def truncated(self):
        return fs.anthropic_message([fs.anthropic_text("The stock of")],
                                    stop_reason="max_tokens")

    def stream_answer(self, pieces, **options):
        return fs.stream(fs.anthropic_stream([fs.anthropic_text("".join(pieces))]), **options)

    def stream_calls(self, *calls, **options):
        blocks = [fs.anthropic_tool_use(call_id, name, args) for call_id, name, args in calls]
        return fs.stream(fs.anthropic_stream(blocks, stop_reason="tool_use"), **options)

    def stream_error(self):
        events = fs.anthropic_stream([fs.anthropic_text("The")], stop=False)[:4]
        return fs.stream(events + [("error", fs.anthropic_error("overloaded_error",
                                                                "Overloaded"))])

    def stream_says_cut(self):
        block = fs.anthropic_tool_use("toolu_1", "get_stock", {"sku": "A001"})
        return fs.stream(fs.anthropic_stream([block], stop_reason="max_tokens"))

    def error(self, kind):
        return {"auth": (401, fs.anthropic_error("authentication_error",
                                                 "invalid x-api-key")),
                "model": (404, fs.anthropic_error("not_found_error", "model: claude-test")),
                "tools": (400, fs.anthropic_error("invalid_request_error",
                                                  "this model does not support tools")),
                "server": (500, fs.anthropic_error("api_error", "Internal server error")),
                "busy": (529, fs.anthropic_error("overloaded_error", "Overloaded"))}[kind]

    def tool_results(self, request):
        last = request["json"]["messages"][-1]
        if last["role"] != "user" or not isinstance(last["content"], list):
            return []
        return [(block["tool_use_id"], None, block["content"], block.get("is_error"))
                for block in last["content"]]

    def replayed_calls(self, request):
        assistant = [m for m in request["json"]["messages"] if m["role"] == "assistant"][-1]
        return [(block["id"], block["name"], block["input"])
                for block in assistant["content"] if block["type"] == "tool_use"]


HARNESSES = (OllamaHarness(), OpenAIHarness(), AnthropicHarness())


def _text(arguments):
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def _pieces(text):
    return [text[:3], text[3:9], text[9:]] if len(text) > 9 else [text]
