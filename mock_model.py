"""A scripted stand-in for a language model. It understands nothing.

`MockModel` has the same `chat(messages, tools, *, timeout)` signature as the real clients
and returns the same neutral reply (see `agent.py`). It has two modes:

- Default (`python agent.py --mock`): a fixed script. On the first request it calls
  `get_stock` once for every SKU-shaped word in the question (A001 and A002 -> two calls in
  one batch). After the tool results come back it writes an answer from those results only,
  errors included. It never reads the question for meaning, and it never invents a number.
- Scripted (`MockModel(script=[...])`): replays the given replies in order, so a test can
  reproduce any model behaviour offline: unknown tools, bad arguments, endless calls,
  truncation, empty answers. A script item may be a reply dict, a function of the messages
  that returns one, or an exception instance to raise.

Every request is recorded in `requests` (the messages and tool definitions it was sent), so a
test can assert on what went back to the model, not only on the outcome.
"""

import json
import re

SKU_IN_TEXT = re.compile(r"\b[A-Z][0-9]{3}\b")

ANSWERS = {
    "en": {
        "item": "{name} ({sku}): stock {stock}, target {target}, suggested order "
                "{suggested_order}.",
        "not_found": "SKU {sku} was not found (it does not exist here; that is not stock 0).",
        "failed": "The lookup for {sku} failed ({error}).",
        "prefix": "[Sample data] ",
        "suffix": " No order has been placed.",
        "no_sku": "I am the offline mock model: I only look up SKUs written like A001 in the "
                  "question. Nothing was looked up and no order has been placed.",
    },
    "zh-TW": {
        "item": "{name}（{sku}）庫存 {stock}，目標 {target}，建議補貨 {suggested_order}。",
        "not_found": "找不到 SKU {sku}（查無此商品，並非庫存 0）。",
        "failed": "{sku} 查詢失敗（{error}）。",
        "prefix": "【教學樣本】",
        "suffix": "尚未建立訂單。",
        "no_sku": "我是離線 Mock 模型，只會查詢問題中像 A001 這樣的 SKU。"
                  "本次沒有查詢任何資料，也未建立訂單。",
    },
}


class MockModel:
    provider = "mock"
    model = "mock"

    def __init__(self, script=None, *, lang="en"):
        self._script = list(script) if script is not None else None
        self._lang = lang if lang in ANSWERS else "en"
        self.requests = []

    def chat(self, messages, tools, *, timeout=None):
        self.requests.append({"messages": list(messages), "tools": tools})
        if self._script is None:
            return self._default_reply(messages)
        number = len(self.requests)
        if number > len(self._script):
            raise AssertionError(
                f"mock script exhausted at request {number}: it holds {len(self._script)} "
                "replies")
        item = self._script[number - 1]
        if isinstance(item, BaseException):
            raise item
        return item(messages) if callable(item) else item

    def _default_reply(self, messages):
        if messages[-1]["role"] != "tool":
            skus = list(dict.fromkeys(SKU_IN_TEXT.findall(messages[-1]["content"])))
            if not skus:
                return text_reply(ANSWERS[self._lang]["no_sku"])
            return calls_reply(*(tool_call("get_stock", {"sku": sku}) for sku in skus))
        return text_reply(self._answer_from_results(messages))

    def _answer_from_results(self, messages):
        words = ANSWERS[self._lang]
        assistant_at = max(i for i, m in enumerate(messages) if m["role"] == "assistant")
        calls = messages[assistant_at]["tool_calls"]
        results = [json.loads(m["content"]) for m in messages[assistant_at + 1:]]
        sentences = []
        for call, result in zip(calls, results):
            sku = call["arguments"].get("sku", "?") if isinstance(call["arguments"], dict) else "?"
            if result["ok"]:
                sentences.append(words["item"].format(**result["data"]))
            elif result["error"] == "SKU_NOT_FOUND":
                sentences.append(words["not_found"].format(sku=sku))
            else:
                sentences.append(words["failed"].format(sku=sku, error=result["error"]))
        separator = "" if self._lang == "zh-TW" else " "
        return words["prefix"] + separator.join(sentences) + words["suffix"]


# --- Building replies (for scripts and for the default mode) ------------------------

def text_reply(text, *, stop="answer"):
    return {"text": text, "tool_calls": [], "stop": stop, "stop_detail": stop,
            "usage": {"input_tokens": None, "output_tokens": None}, "raw": None}


def calls_reply(*calls, text="", stop="tool_calls"):
    return {"text": text, "tool_calls": list(calls), "stop": stop, "stop_detail": stop,
            "usage": {"input_tokens": None, "output_tokens": None}, "raw": None}


def tool_call(name, arguments, call_id=None):
    return {"id": call_id, "name": name, "arguments": arguments}
