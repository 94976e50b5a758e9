"""Every way a run can end: stable codes, their exit statuses, and the line a person reads.

A run ends with exactly one status. `completed` exits 0; every other ending is an
`AgentError` whose `code` is one of the keys of `EXIT_STATUS`. The code is the contract:
the same string appears in the run log, in `--json` output and in the tests, in every
language. The human message is looked up by code and language, so tests assert on the
code and the exit status, never on prose.

Tool failures that the model can correct (UNKNOWN_TOOL, INVALID_ARGUMENTS, SKU_NOT_FOUND, ...)
are not exceptions: they travel back to the model as tool results (see tools.py).
"""

# Exit statuses, grouped so a script can test ranges: 1x limits, 2x bad model replies,
# 3x model server and configuration, 4x writes (--orders, --resume), 5x plugins (MCP
# servers at start-up), 2-6 local problems (5: an evaluation below its --min-success gate),
# and 128 + the signal for a run a signal ended: 130 Ctrl-C (SIGINT), 143 SIGTERM,
# 129 SIGHUP, the statuses a shell reports for them.
EXIT_STATUS = {
    "COMPLETED": 0,
    "INTERNAL_ERROR": 1,
    "USAGE": 2,
    "INVALID_INPUT": 3,
    "LOG_UNWRITABLE": 4,
    "BELOW_MIN_SUCCESS": 5,
    "OUTPUT_UNWRITABLE": 6,
    "STEP_LIMIT": 10,
    "TIME_BUDGET": 11,
    "CONTEXT_LIMIT": 12,
    "TOOL_ERROR_LIMIT": 13,
    "TOKEN_LIMIT": 14,
    "FIXED_CONTEXT_TOO_LARGE": 15,
    "TRUNCATED": 20,
    "CONTEXT_TRUNCATED": 21,
    "INCOMPLETE_MODEL_RESPONSE": 22,
    "INVALID_MODEL_MESSAGE": 23,
    "INVALID_TOOL_CALL": 24,
    "INVALID_TOOL_BATCH": 25,
    "EMPTY_ANSWER": 26,
    "TOOL_CALL_IN_TEXT": 27,
    "UNVERIFIED_ANSWER": 28,
    "NO_MODEL": 30,
    "MODEL_NOT_FOUND": 31,
    "TOOLS_UNSUPPORTED": 32,
    "MODEL_UNREACHABLE": 33,
    "MODEL_TIMEOUT": 34,
    "MODEL_HTTP_ERROR": 35,
    "MODEL_BAD_RESPONSE": 36,
    "MODEL_RESPONSE_TOO_LARGE": 37,
    "AUTH_FAILED": 38,
    "NO_API_KEY": 39,
    "LEDGER_UNAVAILABLE": 40,
    "JOURNAL_UNWRITABLE": 41,
    "WRITE_UNCONFIRMED": 42,
    "RESUME_UNAVAILABLE": 43,
    "IDEMPOTENCY_CONFLICT": 44,
    "MCP_START_FAILED": 50,
    "MCP_PROTOCOL_ERROR": 51,
    "MCP_SERVER_EXITED": 52,
    "MCP_TIMEOUT": 53,
    "MCP_OUTPUT_LIMIT": 54,
    "CANCELLED": 130,
    "TERMINATED": 143,
    "HANGUP": 129,
}

# The codes of a run that was stopped from outside, not one that failed: its log ends with
# `cancelled`, and an evaluation stops.
CANCELLED_CODES = ("CANCELLED", "TERMINATED", "HANGUP")


class ToolError(Exception):
    """A tool call that failed as declared (SKU_NOT_FOUND, a refused write, a server tool's
    error): not a crash but an observation. The model gets `{"ok": false, "error": code,
    "detail": detail}`, with `detail` worded so it can correct itself. The one tool error of
    the project: our tools, the orders wing and MCP servers' tools all raise it."""

    def __init__(self, code, detail):
        super().__init__(code)
        self.code = code
        self.detail = detail


class AgentError(Exception):
    """A run that cannot finish. `code` is a key of EXIT_STATUS; `params` fill its message."""

    def __init__(self, code, **params):
        if code not in MESSAGES:  # COMPLETED and USAGE are exit statuses, not errors
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def exit_status(self):
        return EXIT_STATUS[self.code]

    def message(self, lang="en", *, ordered=False):
        """The line a person reads. `ordered`: the run placed an order before it ended, so
        a message that promises nothing was ordered is replaced by one that does not."""
        table = AFTER_ORDERS.get(self.code, MESSAGES[self.code]) if ordered else \
            MESSAGES[self.code]
        return fill(table.get(lang) or table["en"], self.params, lang)

    def __str__(self):
        return f"{self.code}: {self.message('en')}"


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the signal found the program (stock_agent/signals.py).
    A KeyboardInterrupt, so every path that ends a run on Ctrl-C ends it on these too."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def cancellation(interrupt):
    """The AgentError for a KeyboardInterrupt: CANCELLED for Ctrl-C, else the signal's."""
    return AgentError(getattr(interrupt, "code", "CANCELLED"))


class Text:
    """A detail for a message, worded in every language: `Text("not_regular", path=...)`
    reads stock_agent/details.py's DETAILS["not_regular"] in the message's language. What
    it quotes (a path, a server's own words) is shown as it came."""

    __slots__ = ("key", "params")

    def __init__(self, key, **params):
        self.key = key
        self.params = params

    def render(self, lang="en"):
        from stock_agent.details import DETAILS  # loaded only when an error is shown
        table = DETAILS[self.key]
        return fill(table.get(lang) or table["en"], self.params, lang)

    def __str__(self):
        return self.render("en")


def fill(template, params, lang):
    """`template` with its `{name}`s filled from `params` (Text rendered in `lang`, a missing
    name as '?'), and `{name|one|many}` as the word that fits the number in `name`."""
    if "|" in template:
        import re
        template = re.sub(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}",
                          lambda m: m[2] if params.get(m[1]) == 1 else m[3], template)
    shown = {name: value.render(lang) if isinstance(value, Text) else value
             for name, value in params.items()}
    return template.format_map(_Blank(shown))


class _Blank(dict):
    """Format parameters that print a missing name as '?' instead of raising KeyError."""

    def __missing__(self, key):
        return "?"


# One line each, saying what happened and what to do next. `{...}` are AgentError params.
MESSAGES = {
    "INTERNAL_ERROR": {
        "en": "internal error ({type}); run again with --traceback and report it.",
        "zh-TW": "內部錯誤（{type}）；請加上 --traceback 重跑並回報。",
    },
    "INVALID_INPUT": {
        "en": "{detail}",
        "zh-TW": "{detail}",
    },
    "LOG_UNWRITABLE": {
        "en": "cannot write the run log {path}: {reason}. Choose a writable folder with "
              "--log-dir; nothing runs without its log.",
        "zh-TW": "無法寫入執行日誌 {path}：{reason}。請用 --log-dir 指定可寫入的資料夾；"
                 "沒有日誌就不執行。",
    },
    "OUTPUT_UNWRITABLE": {
        "en": "the run finished but its output could not be written to stdout ({reason}); "
              "the log holds how it ended.",
        "zh-TW": "執行已結束，但結果無法寫到標準輸出（{reason}）；結束情形記錄在日誌中。",
    },
    "BELOW_MIN_SUCCESS": {
        "en": "the evaluation's task success {rate} is below --min-success {minimum}; the "
              "per-case rows above show what differed.",
        "zh-TW": "評測任務成功率 {rate} 低於 --min-success {minimum}；上方逐案列出差異。",
    },
    "STEP_LIMIT": {
        "en": "stopped after {max_steps} {max_steps|model request|model requests} without a "
              "final answer; nothing was ordered. Ask a narrower question or raise "
              "--max-steps.",
        "zh-TW": "已達 {max_steps} 次模型請求仍無最終答案，停止任務；未建立任何訂單。"
                 "請縮小問題範圍或提高 --max-steps。",
    },
    "TIME_BUDGET": {
        "en": "the run passed its time budget of {seconds} s; nothing was ordered. "
              "Raise --budget-seconds or use a faster model.",
        "zh-TW": "執行超過時間預算 {seconds} 秒，已停止；未建立任何訂單。"
                 "請提高 --budget-seconds 或改用較快的模型。",
    },
    "CONTEXT_LIMIT": {
        "en": "the next request would be {chars} characters, over --max-context-chars "
              "{limit}; stopped instead of cutting this question's own tool results. Ask "
              "about fewer items.",
        "zh-TW": "下一次請求將達 {chars} 字元，超過 --max-context-chars {limit}；"
                 "停止而不刪減本題的工具結果。請一次詢問較少品項。",
    },
    "TOOL_ERROR_LIMIT": {
        "en": "{count} {count|tool call|tool calls} in a row failed; stopped. The model keeps "
              "sending calls the program rejects: try a stronger model or a simpler "
              "question.",
        "zh-TW": "連續 {count} 次工具呼叫失敗，已停止。模型一再送出被拒絕的呼叫："
                 "請換用較強的模型或簡化問題。",
    },
    "TOKEN_LIMIT": {
        "en": "{used} tokens used so far (input + output, as the server reported them or "
              "estimated) and the next request needs about {need} more: over --max-tokens "
              "{limit}; stopped. Raise --max-tokens or start a new conversation.",
        "zh-TW": "目前已用 {used} 個 token（輸入加輸出，依伺服器回報或估算），下一次請求約需 "
                 "{need} 個，超過 --max-tokens {limit}；已停止。請提高 --max-tokens 或開始新對話。",
    },
    "FIXED_CONTEXT_TOO_LARGE": {
        "en": "the part of every request that cannot be cut, the system prompt ({prompt} "
              "characters) and the tool definitions ({tools} characters), is {fixed} "
              "characters: over --max-context-chars {limit}; nothing was sent. Raise "
              "--max-context-chars or use a shorter --system-prompt.",
        "zh-TW": "每次請求都不可刪減的固定部分：系統提示（{prompt} 字元）與工具定義（{tools} "
                 "字元），共 {fixed} 字元，超過 --max-context-chars {limit}；未送出任何請求。"
                 "請提高 --max-context-chars 或改用較短的 --system-prompt。",
    },
    "TRUNCATED": {
        "en": "the model's reply was cut off ({reason}); nothing from it was executed. "
              "Raise --num-predict or ask a shorter question.",
        "zh-TW": "模型回覆被截斷（{reason}），其中內容一律不執行。"
                 "請提高 --num-predict 或縮短問題。",
    },
    "CONTEXT_TRUNCATED": {
        "en": "the prompt used {used} of the model's {num_ctx} context tokens, so the server "
              "may have dropped its beginning (the rules and tools); the reply was not "
              "trusted. Raise --num-ctx.",
        "zh-TW": "提示用掉模型 {num_ctx} 個上下文 token 中的 {used} 個，伺服器可能已截去開頭"
                 "（規則與工具定義），因此不採信回覆。請提高 --num-ctx。",
    },
    "INCOMPLETE_MODEL_RESPONSE": {
        "en": "the model server sent an incomplete reply ({detail}); nothing from it was "
              "executed.",
        "zh-TW": "模型伺服器的回覆不完整（{detail}），其中內容一律不執行。",
    },
    "INVALID_MODEL_MESSAGE": {
        "en": "the model's reply is not a valid assistant message ({detail}); nothing from it "
              "was executed.",
        "zh-TW": "模型回覆不是有效的助理訊息（{detail}），其中內容一律不執行。",
    },
    "INVALID_TOOL_CALL": {
        "en": "the model sent a malformed tool call ({detail}); nothing from that reply was "
              "executed.",
        "zh-TW": "模型送出格式錯誤的工具呼叫（{detail}），該回覆一律不執行。",
    },
    "INVALID_TOOL_BATCH": {
        "en": "the model's tool calls were rejected ({detail}); nothing from that reply was "
              "executed. --max-tool-calls sets the batch limit.",
        "zh-TW": "模型的工具呼叫批次被拒絕（{detail}），該回覆一律不執行。"
                 "批次上限由 --max-tool-calls 設定。",
    },
    "EMPTY_ANSWER": {
        "en": "the model finished without calling a tool and without any answer text.",
        "zh-TW": "模型未呼叫工具，也沒有給出任何答案文字就結束了。",
    },
    "TOOL_CALL_IN_TEXT": {
        "en": "the model wrote a tool call as plain text instead of a structured call; its "
              "chat template does not emit tool calls. Use a model with native tool calling "
              "or pass --recover-text-tool-calls.",
        "zh-TW": "模型把工具呼叫寫成一般文字，而非結構化呼叫；其對話模板不支援工具呼叫。"
                 "請改用原生支援工具呼叫的模型，或加上 --recover-text-tool-calls。",
    },
    "UNVERIFIED_ANSWER": {
        "en": "the model's answer did not match this run's tool results ({problems}), even "
              "after one correction, so it is not shown; nothing was ordered. --log-content "
              "keeps it in the log; --verify off shows raw answers.",
        "zh-TW": "模型的回答與本次工具結果不符（{problems}），更正一次後仍然如此，因此不顯示；"
                 "未建立任何訂單。加上 --log-content 可在日誌中保留它；--verify off 顯示未經檢查的回答。",
    },
    "NO_MODEL": {
        "en": "no model chosen: pass --model NAME or set {env}.{installed}",
        "zh-TW": "尚未指定模型：請用 --model NAME 或設定 {env}。{installed}",
    },
    "MODEL_NOT_FOUND": {
        "en": "model '{model}' is not available on {url}.{installed} Choose one with --model "
              "(for Ollama: `ollama pull {model}`).",
        "zh-TW": "{url} 上沒有模型 '{model}'。{installed}請用 --model 選擇可用的模型"
                 "（Ollama：`ollama pull {model}`）。",
    },
    "TOOLS_UNSUPPORTED": {
        "en": "model '{model}' does not support tool calling.{installed}",
        "zh-TW": "模型 '{model}' 不支援工具呼叫。{installed}",
    },
    "MODEL_UNREACHABLE": {
        "en": "cannot reach the model server at {url} ({reason}). {advice} Set --base-url or "
              "the provider's URL variable if it listens elsewhere.",
        "zh-TW": "無法連線到模型伺服器 {url}（{reason}）。{advice}"
                 "若位址不同，請設定 --base-url 或該供應者的 URL 環境變數。",
    },
    "MODEL_TIMEOUT": {
        "en": "the model server at {url} did not answer within {seconds} s. Raise --timeout, "
              "or use a smaller model.",
        "zh-TW": "模型伺服器 {url} 在 {seconds} 秒內沒有回應。請提高 --timeout 或改用較小的模型。",
    },
    "MODEL_HTTP_ERROR": {
        "en": "the model server answered HTTP {status} for {url}: {error}",
        "zh-TW": "模型伺服器對 {url} 回應 HTTP {status}：{error}",
    },
    "MODEL_BAD_RESPONSE": {
        "en": "the model server's reply is not the expected JSON ({detail}); does {url} "
              "speak the protocol of the chosen --provider?",
        "zh-TW": "模型伺服器的回覆不是預期的 JSON（{detail}）；{url} 使用的是所選 --provider "
                 "的協定嗎？",
    },
    "MODEL_RESPONSE_TOO_LARGE": {
        "en": "the model server's reply passed the {limit}-byte cap; it was not read further.",
        "zh-TW": "模型伺服器的回覆超過 {limit} 位元組上限，已停止讀取。",
    },
    "AUTH_FAILED": {
        "en": "the model server refused the credentials (HTTP {status}): check {env}.",
        "zh-TW": "模型伺服器拒絕憑證（HTTP {status}）：請檢查 {env}。",
    },
    "NO_API_KEY": {
        "en": "no API key for {url}: set {env} (it is sent only to that server and never "
              "logged).",
        "zh-TW": "{url} 需要 API 金鑰：請設定 {env}（只送往該伺服器，從不寫入日誌）。",
    },
    "LEDGER_UNAVAILABLE": {
        "en": "cannot use the purchasing ledger {path}: {reason}. Give --orders a writable "
              "SQLite file (created if missing) or a ledger this program made.",
        "zh-TW": "無法使用採購帳本 {path}：{reason}。請以 --orders 指定可寫入的 SQLite 檔"
                 "（不存在時會建立），或本程式建立的帳本。",
    },
    "JOURNAL_UNWRITABLE": {
        "en": "cannot write the operation journal {path}: {reason}. No write is sent "
              "without its record; choose a writable --log-dir.",
        "zh-TW": "無法寫入操作日誌 {path}：{reason}。沒有紀錄就不送出任何寫入；"
                 "請以 --log-dir 指定可寫入的資料夾。",
    },
    "WRITE_UNCONFIRMED": {
        "en": "an order was sent to {ledger}, but neither its reply nor a lookup says "
              "whether it was placed ({reason}); stopped. Run again with --resume {run_id} "
              "and the same --orders to find out; it will not order twice.",
        "zh-TW": "已向 {ledger} 送出訂單，但回覆與查核都無法確認是否建立（{reason}），"
                 "已停止。請以 --resume {run_id} 與相同的 --orders 重跑查核；不會重複下單。",
    },
    "RESUME_UNAVAILABLE": {
        "en": "cannot resume run {run_id}: {reason}.",
        "zh-TW": "無法續跑 {run_id}：{reason}。",
    },
    "IDEMPOTENCY_CONFLICT": {
        "en": "the ledger or the journal holds an idempotency key of this run with other "
              "values, so it was not sent again ({detail}); check those orders by hand.",
        "zh-TW": "帳本或操作日誌中，本次執行的冪等鍵對應到不同內容，因此未再送出"
                 "（{detail}）；請人工核對這些訂單。",
    },
    "MCP_START_FAILED": {
        "en": "cannot use MCP server {server}: {reason}. Check the --mcp command: it must "
              "start an MCP server that speaks on stdin and stdout.",
        "zh-TW": "無法使用 MCP 伺服器 {server}：{reason}。請檢查 --mcp 指令：它必須啟動一個"
                 "以標準輸入輸出溝通的 MCP 伺服器。",
    },
    "MCP_PROTOCOL_ERROR": {
        "en": "MCP server {server} broke the protocol: {detail}. It was stopped and nothing "
              "it sent was used.",
        "zh-TW": "MCP 伺服器 {server} 違反協定：{detail}。已停止該伺服器，其內容一律不採用。",
    },
    "MCP_SERVER_EXITED": {
        "en": "MCP server {server} exited (status {status}) before it was ready; its last "
              "line on stderr: {stderr}. {advice}.",
        "zh-TW": "MCP 伺服器 {server} 在就緒前結束（狀態 {status}）；stderr 最後一行："
                 "{stderr}。{advice}。",
    },
    "MCP_TIMEOUT": {
        "en": "MCP server {server} did not answer {method} in time ({limit} {seconds}). Raise "
              "{limit} (a server's first start through npx or uvx can be slow).",
        "zh-TW": "MCP 伺服器 {server} 未及時回應 {method}（{limit} {seconds}）。請提高 {limit}"
                 "（透過 npx 或 uvx 首次啟動伺服器可能較慢）。",
    },
    "MCP_OUTPUT_LIMIT": {
        "en": "MCP server {server} wrote too much ({what}); it was stopped.",
        "zh-TW": "MCP 伺服器 {server} 輸出過多（{what}），已停止。",
    },
    "CANCELLED": {
        "en": "cancelled by the user; no order was placed.",
        "zh-TW": "使用者已中止；未建立任何訂單。",
    },
    "TERMINATED": {
        "en": "stopped by SIGTERM (a service manager, docker stop, timeout or a CI cancel); "
              "no order was placed.",
        "zh-TW": "收到 SIGTERM（服務管理程式、docker stop、timeout 或 CI 取消）而停止；"
                 "未建立任何訂單。",
    },
    "HANGUP": {
        "en": "stopped by SIGHUP (its terminal closed); no order was placed.",
        "zh-TW": "收到 SIGHUP（終端機已關閉）而停止；未建立任何訂單。",
    },
}

# The messages above that promise nothing was ordered, as said by a run that did place an
# order before it ended (cli.report names the orders on the next line).
AFTER_ORDERS = {
    "STEP_LIMIT": {
        "en": "stopped after {max_steps} {max_steps|model request|model requests} without a "
              "final answer. Raise --max-steps or ask a narrower question.",
        "zh-TW": "已達 {max_steps} 次模型請求仍無最終答案，停止任務。"
                 "請提高 --max-steps 或縮小問題範圍。",
    },
    "TIME_BUDGET": {
        "en": "the run passed its time budget of {seconds} s. Raise --budget-seconds or use "
              "a faster model.",
        "zh-TW": "執行超過時間預算 {seconds} 秒，已停止。請提高 --budget-seconds 或改用較快的模型。",
    },
    "CANCELLED": {
        "en": "cancelled by the user.",
        "zh-TW": "使用者已中止。",
    },
    "UNVERIFIED_ANSWER": {
        "en": "the model's answer did not match this run's tool results ({problems}), even "
              "after one correction, so it is not shown. --log-content keeps it in the log; "
              "--verify off shows raw answers.",
        "zh-TW": "模型的回答與本次工具結果不符（{problems}），更正一次後仍然如此，因此不顯示。"
                 "加上 --log-content 可在日誌中保留它；--verify off 顯示未經檢查的回答。",
    },
    "TERMINATED": {
        "en": "stopped by SIGTERM (a service manager, docker stop, timeout or a CI cancel).",
        "zh-TW": "收到 SIGTERM（服務管理程式、docker stop、timeout 或 CI 取消）而停止。",
    },
    "HANGUP": {
        "en": "stopped by SIGHUP (its terminal closed).",
        "zh-TW": "收到 SIGHUP（終端機已關閉）而停止。",
    },
}
