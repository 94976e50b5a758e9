"""Token usage: what a run or a whole conversation has spent, and the --max-tokens limit.

A reply's tokens are the input and output counts the server reports. When it reports none
(the mock, some servers, a stream without a usage chunk), they are estimated from sizes in
characters: the request for input, the reply's text and calls for output. The estimate
starts at CHARS_PER_TOKEN and is calibrated by every count the server does report, so a
server that reports sometimes makes the estimate right for the times it does not.

`Meter.check` runs before every model request: when the tokens used so far plus the next
request's estimated input would pass the limit, it raises TOKEN_LIMIT and nothing is sent.
One Meter lives for one run, or for a whole conversation (stock_agent/session.py), so the
limit bounds the conversation, not each question.

Not guaranteed: an estimate is an estimate. A reply's own output is only known after it
arrives, so the last reply may carry the total past the limit; the next request is refused.
"""

import json
import math

from stock_agent.errors import AgentError

# Before the server has reported a count. JSON and English run near 4 characters a token,
# Chinese near 1.5; 3 errs towards counting too many, which is the safe side of a limit.
CHARS_PER_TOKEN = 3.0


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
        return math.ceil(chars * self._tokens_per_char())

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
