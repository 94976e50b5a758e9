"""A scripted stand-in for a language model. It understands nothing.

`MockModel` has the same `chat(messages, tools, *, timeout)` signature as the real clients
and returns the same neutral reply (see `agent.py`). It has two modes:

- Default (`python agent.py --mock`): a fixed script driven by keyword triggers. On the first
  request it calls `get_stock` once for every SKU-shaped word in the question (A001 and A002
  -> two calls in one batch); with no SKU, a "running low" / "reorder" / 補貨 / 不足 word
  calls `list_reorder`, and text in quotes ("oolong", 「烏龍」) calls `find_items` with it.
  Only when `draft_purchase_order` is among the tools it was sent (--orders), an order word
  (order, buy, 下單, 訂購, ...) with a SKU and a quantity in digits or Chinese numerals
  ("order 18 of A001", 「幫我下單 A001 十八個」) calls it instead.
  An MCP server's tool named in the question (`time__get_current_time {"timezone": "UTC"}`)
  is called first, with the JSON object written after its name.
  After the tool results come back it writes an answer from those results only, errors
  included: an order id only from a receipt, "not placed" when there is none, and for a
  dry run (--dry-run) that nothing was written. It never reads the question for meaning,
  and it never invents a number.
- Scripted (`MockModel(script=[...])`): replays the given replies in order, so a test can
  reproduce any model behaviour offline: unknown tools, bad arguments, endless calls,
  truncation, empty answers. A script item may be a reply dict, a function of the messages
  that returns one, or an exception instance to raise.

Every request is recorded in `requests` (the messages and tool definitions it was sent), so a
test can assert on what went back to the model, not only on the outcome.
"""

import json
import re

from stock_agent.answers import written

SKU_IN_TEXT = re.compile(r"\b[A-Z][0-9]{3}\b")
# Patterns, not compiled objects: `re` compiles them on first use, so a question with a SKU
# (the default --mock run) never pays for them. QUOTED alone takes ~5 ms to compile.
REORDER_WORDS = (r"(?i)\b(?:running low|low stock|reorder|restock|below target)\b|"
                 r"補貨|不足|缺貨|快沒")
QUOTED = r'"([^"]{1,64})"|“([^”]{1,64})”|「([^」]{1,64})」|『([^』]{1,64})』'
ORDER_WORDS = r"(?i)\b(?:order|buy|purchase)\b|下單|下訂|訂購|採購|訂貨"
QUANTITY = r"[0-9０-９]+|[零〇一二兩三四五六七八九十百千萬]+"
ORDER_TOOL = "draft_purchase_order"

# The mock's own words: what it says when the question gives it nothing to look up. Its
# answers from tool results are the program's own (answers.written), the one that also
# answers the person when a model's answer cannot be shown.
NO_SKU = {
    "en": "I am the offline mock model: I only look up SKUs written like A001, names in "
          "quotes, or what is running low. Nothing was looked up and no order has been "
          "placed.",
    "zh-TW": "我是離線 Mock 模型，只會查詢問題中像 A001 這樣的 SKU、引號內的品名，"
             "或哪些需要補貨。本次沒有查詢任何資料，也未建立訂單。",
}


class MockModel:
    provider = "mock"
    model = "mock"

    def __init__(self, script=None, *, lang="en"):
        self._script = list(script) if script is not None else None
        self._lang = lang if lang in NO_SKU else "en"
        self.requests = []

    def chat(self, messages, tools, *, timeout=None):
        self.requests.append({"messages": list(messages), "tools": tools})
        if self._script is None:
            return self._default_reply(messages, tools)
        number = len(self.requests)
        if number > len(self._script):
            raise AssertionError(
                f"mock script exhausted at request {number}: it holds {len(self._script)} "
                "replies")
        item = self._script[number - 1]
        if isinstance(item, BaseException):
            raise item
        return item(messages) if callable(item) else item

    def _default_reply(self, messages, tools):
        if messages[-1]["role"] != "tool":
            question, named = _named_calls(messages[-1]["content"], tools)
            offered = {tool["name"] for tool in tools or ()}
            order = _order_for(question) if ORDER_TOOL in offered else None
            calls = named + ([order] if order else _calls_for(question))
            if not calls:
                return text_reply(NO_SKU[self._lang])
            return calls_reply(*calls)
        return text_reply(self._answer_from_results(
            messages, writes={ORDER_TOOL} & {tool["name"] for tool in tools or ()}))

    def _answer_from_results(self, messages, writes):
        assistant_at = max(i for i, m in enumerate(messages) if m["role"] == "assistant")
        calls = messages[assistant_at]["tool_calls"]
        results = [json.loads(m["content"]) for m in messages[assistant_at + 1:]]
        question = next(m["content"] for m in reversed(messages[:assistant_at])
                        if m["role"] == "user")
        return written([{"invocation": f"{assistant_at}:{index}", "name": call["name"],
                         "arguments": call["arguments"], "result": result}
                        for index, (call, result) in enumerate(zip(calls, results))],
                       question, self._lang, writes=writes)


def _order_for(question):
    """A draft_purchase_order call for an order request, or None. The SKU and quantity are
    looked for after the order word first ("order 18 of A001"), then anywhere."""
    match = re.search(ORDER_WORDS, question)
    if match is None:
        return None
    for text in (question[match.end():], question):
        skus = SKU_IN_TEXT.findall(text)
        numbers = re.findall(QUANTITY, SKU_IN_TEXT.sub(" ", text))
        if skus and numbers:
            return tool_call(ORDER_TOOL, {"sku": skus[0], "quantity": quantity(numbers[0])})
    return None


def quantity(text):
    """The whole number written in digits (also full width) or Chinese numerals: 18, １８,
    十八, 二十五, 九十九, 一百零五, 兩千."""
    if text.isdigit():
        return int(text)  # int() reads full-width digits too
    from stock_agent.answers.numerals import chinese_number
    return chinese_number(text)


def _named_calls(question, tools):
    """An MCP tool named in the question (`time__get_current_time {"timezone": "UTC"}`) is
    called with the JSON object written right after its name, if any. Returns the question
    without those calls, and the calls."""
    names = {tool["name"] for tool in tools or () if "__" in tool["name"]}
    if not names:  # no server tools: the pattern is never compiled (start-up time)
        return question, []
    calls, rest, position = [], [], 0
    for match in re.finditer(r"[A-Za-z0-9_-]+__[A-Za-z0-9_-]+", question):
        if match.group() not in names or match.start() < position:
            continue
        arguments, end = _json_object_after(question, match.end())
        calls.append(tool_call(match.group(), arguments))
        rest.append(question[position:match.start()])
        position = end
    return "".join(rest) + question[position:], calls


def _json_object_after(text, start):
    """The JSON object right after `start` (spaces allowed) and where it ends, or ({}, start)."""
    index = len(text) - len(text[start:].lstrip())
    try:
        value, end = json.JSONDecoder().raw_decode(text, index)
    except ValueError:
        return {}, start
    return (value, end) if isinstance(value, dict) else ({}, start)


def _calls_for(question):
    """The keyword triggers, in order: SKUs, then a "running low" word, then quoted names."""
    skus = list(dict.fromkeys(SKU_IN_TEXT.findall(question)))
    if skus:
        return [tool_call("get_stock", {"sku": sku}) for sku in skus]
    if re.search(REORDER_WORDS, question):
        return [tool_call("list_reorder", {})]
    names = ["".join(groups).strip() for groups in re.findall(QUOTED, question)]
    return [tool_call("find_items", {"query": name}) for name in dict.fromkeys(names) if name]


# --- Building replies (for scripts and for the default mode) ------------------------

def text_reply(text, *, stop="answer"):
    return {"text": text, "tool_calls": [], "stop": stop, "stop_detail": stop,
            "usage": {"input_tokens": None, "output_tokens": None}, "raw": None}


def calls_reply(*calls, text="", stop="tool_calls"):
    return {"text": text, "tool_calls": list(calls), "stop": stop, "stop_detail": stop,
            "usage": {"input_tokens": None, "output_tokens": None}, "raw": None}


def tool_call(name, arguments, call_id=None):
    return {"id": call_id, "name": name, "arguments": arguments}
