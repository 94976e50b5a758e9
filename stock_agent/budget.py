"""The budget of every request to the model: what it may cost and what it may carry.

- Tokens (--max-tokens). A reply's tokens are the input and output counts the server
  reports. When it reports none (the mock, some servers, a stream without a usage chunk),
  they are estimated from sizes in characters: the request for input, the reply's text and
  calls for output. The estimate starts at CHARS_PER_TOKEN and is calibrated by every count
  the server does report. `Meter.check` runs before every request: when the tokens used so
  far plus the next request's estimated input would pass the limit, it raises TOKEN_LIMIT and
  nothing is sent. One Meter lives for one run, or for a whole conversation
  (stock_agent/session.py), so the limit bounds the conversation, not each question.
- Characters (--max-context-chars). `request_chars` and `message_chars` estimate a request's
  size as each provider sends it (the loop keeps a running total, so each message is
  measured once).
- The fixed part (--max-context-chars). The system prompt and the tool definitions go whole
  into every request; if they alone pass the budget, `check_fixed_part` stops the run with
  FIXED_CONTEXT_TOO_LARGE naming both sizes, instead of anything being dropped silently.
- Long tool results. One longer than `excerpt_limit(--max-context-chars)` (a tenth, at
  least 1,000 characters) reaches the model as valid JSON with its lists and texts shortened
  and a `"cut"` note saying so; the log keeps the whole result (with --log-content, and
  always in a conversation's record).

Every run's loop (agent.py) needs this module; what the model sees of a conversation
(context.py) loads only for a conversation.

Not guaranteed: an estimate is an estimate, and a reply's own output is only known after it
arrives, so the last reply may carry the total past the limit; the next request is refused.
"""

import json

from stock_agent.errors import AgentError

# Before the server has reported a count. JSON and English run near 4 characters a token,
# Chinese near 1.5; 3 errs towards counting too many, which is the safe side of a limit.
CHARS_PER_TOKEN = 3.0


# --- The size of a request -------------------------------------------------------------

def chars(value):
    """The size of a JSON value as sent: its text, non-ASCII characters as themselves."""
    return len(json.dumps(value, ensure_ascii=False))


# What a request holds besides its messages: the model name and options (about 120
# characters), and per tool its {"type": "function", "function": ...} wrapper. With these,
# and each message counted in the fields its wire form keeps, the estimate stays within a
# few percent of every provider's real request (tests/test_context_size.py).
REQUEST_ENVELOPE_CHARS, TOOL_WRAPPER_CHARS = 120, 36
WIRE_TOOL_FIELDS = ("role", "tool_call_id", "tool_name", "content")


def request_chars(definitions):
    """The size of a request before its messages: the envelope and the tool definitions."""
    return (REQUEST_ENVELOPE_CHARS + chars(definitions)
            + TOOL_WRAPPER_CHARS * len(definitions))


def message_chars(message):
    """The size of a message as a client sends it: an assistant's own message (`raw`) when
    there is one, else its text and calls (never both); a tool result in the fields its
    wire form keeps."""
    if message["role"] == "assistant":
        if message.get("raw") is not None:
            return chars(message["raw"])
        return chars({"role": "assistant", "content": message["content"],
                       "tool_calls": message["tool_calls"]})
    if message["role"] == "tool":
        return chars({key: message[key] for key in WIRE_TOOL_FIELDS if key in message})
    return chars(message)


# --- Tokens ----------------------------------------------------------------------------

class Estimator:
    """Characters to tokens and back, at the ratio the server's own counts show."""

    def __init__(self):
        self.chars = 0   # request characters whose input tokens the server reported
        self.tokens = 0  # those tokens

    def observe(self, chars, tokens):
        """Calibrate with one request of `chars` characters that the server counted."""
        if chars > 0 and tokens > 0:
            self.chars += chars
            self.tokens += tokens

    def tokens_for(self, chars):
        tokens = chars * self._tokens_per_char()
        return int(tokens) + (tokens > int(tokens))  # rounded up (no `math` at start-up)

    def chars_for(self, tokens):
        return int(tokens / self._tokens_per_char())

    def _tokens_per_char(self):
        return self.tokens / self.chars if self.chars else 1 / CHARS_PER_TOKEN


class Meter:
    """The tokens a run or a conversation has used, against `limit` (--max-tokens)."""

    def __init__(self, limit, *, used=0):
        self.limit = limit
        self.used = used
        self.estimator = Estimator()

    def check(self, request_chars):
        """Raise TOKEN_LIMIT if the next request, `request_chars` long, would pass the limit."""
        need = self.estimator.tokens_for(request_chars)
        if self.used + need > self.limit:
            raise AgentError("TOKEN_LIMIT", used=self.used, need=need, limit=self.limit)

    def count(self, request_chars, reply):
        """Add one reply's tokens: as reported, else estimated. Returns the tokens added."""
        usage = reply.get("usage") if isinstance(reply.get("usage"), dict) else {}
        spent_in, spent_out = _count(usage.get("input_tokens")), _count(usage.get("output_tokens"))
        if spent_in is not None:
            self.estimator.observe(request_chars, spent_in)
        else:
            spent_in = self.estimator.tokens_for(request_chars)
        if spent_out is None:
            spent_out = self.estimator.tokens_for(_reply_chars(reply))
        self.used += spent_in + spent_out
        return spent_in + spent_out


def _count(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
        else None


def _reply_chars(reply):
    """The size of what the model wrote: its text and its calls, whatever their shape."""
    written = [reply.get("text"), reply.get("tool_calls")]
    return len(json.dumps(written, ensure_ascii=False, default=str))


def check_fixed_part(definitions_chars, system_chars, limit):
    """Raise FIXED_CONTEXT_TOO_LARGE if the system prompt and the tool definitions alone
    (their JSON sizes) pass `limit`: no history can be cut to make room for them."""
    if definitions_chars + system_chars > limit:
        raise AgentError("FIXED_CONTEXT_TOO_LARGE", prompt=system_chars,
                         tools=definitions_chars, fixed=definitions_chars + system_chars,
                         limit=limit)


# --- Long tool results ------------------------------------------------------------------

EXCERPT_FLOOR = 1_000  # a result this short is never cut, whatever the budget


def excerpt_limit(budget):
    """The longest tool result the model sees whole: a tenth of the budget, at least 1,000."""
    return max(budget // 10, EXCERPT_FLOOR)


# (items kept per list, characters kept per text), tried in turn until the excerpt fits.
_CUTS = ((20, 400), (10, 200), (5, 100), (2, 60), (1, 40), (0, 40))


def tool_content(result, *, limit):
    """The JSON text of a tool result for the model, and what was cut (None: nothing).

    A result within `limit` goes whole. A longer one goes as valid JSON with lists and texts
    shortened and a "cut" note saying so; the record keeps the whole result.
    """
    text = json.dumps(result, ensure_ascii=False)
    if len(text) <= limit:
        return text, None
    for items, kept in _CUTS:
        note = (f"This result is {len(text)} characters; shown here with lists cut to their "
                f"first {items} items and texts to {kept} characters. The whole result is in "
                "the record. Ask for less (one SKU, a smaller limit) to see the rest.")
        shown = json.dumps({**_shortened(result, items, kept), "cut": note},
                           ensure_ascii=False)
        if len(shown) <= limit:
            break
    else:  # too many keys to shorten: only whether it worked, and why not
        shown = json.dumps({"ok": result.get("ok"), "error": result.get("error"),
                            "cut": note}, ensure_ascii=False)
    return shown, {"chars": len(text), "shown": len(shown)}


def _shortened(value, items, kept):
    if isinstance(value, str):
        return value if len(value) <= kept else value[:kept] + "…"
    if isinstance(value, list):
        return [_shortened(item, items, kept) for item in value[:items]]
    if isinstance(value, dict):
        return {key: _shortened(item, items, kept) for key, item in value.items()}
    return value
