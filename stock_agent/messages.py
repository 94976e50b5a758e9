"""The message catalogue: every line a person reads, in every language, as data.

    $ python agent.py --mock --max-steps 1 -q "Check A001"
    stock-agent: STEP_LIMIT: stopped after 1 model request without a final answer; nothing ...
    $ python agent.py --mock --lang zh-TW --inventory bad.csv
    stock-agent: INVALID_INPUT: bad.csv：第 2 列，欄位 stock：'ten' 不是大於或等於 0 的整數

Three tables, each `{key: {"en": ..., "zh-TW": ...}}`, with the same `{name}`s in every
language:

- MESSAGES: the message of each error code (errors.AgentError.message reads it), and
  AFTER_ORDERS: the few of them that promise nothing was ordered, as said by a run that did.
- LINES: every other line (errors.Text reads it): what a person sees of a run (the log
  line, the error line, the notes, the approval prompts), a conversation's welcome, the
  --facts block, --resume's sentences, and the details inside error messages: which file,
  row and column, which field of a reply, what a URL lacks.

`{name|one|many}` is the word that fits the number in `name`, `{name}` is filled as it came
(a path, a value, a server's own error text, an operating system's reason is quoted, not
translated), and a `Text` given as a value is rendered in the same language, so a zh-TW
line is Chinese all through. Nothing here runs: no function, no import. It is loaded only
when a line is shown (errors.Text, AgentError.message): a run that succeeds, to print its
`log:` line.

What the MODEL reads is not here but beside the code that sends it: the system prompts
(run.py), the tool descriptions (tools.py), the labels of a conversation's notes
(chat/context.py) and the mock model's own words (mock_model.py).
The lines both read: the --facts lines below, and the answer_* lines, the answer written
from the facts (the mock model's, and the person's when a model's sentence cannot be
shown); `answer_look_up`, the answer policy's one corrective turn, is the model's alone.
One line only the model reads is here: `malformed_call_fix`, the correction after a tool call
the server could not parse, because a model client words it (in the run's language) and a
client has no other text of its own.
Also not here: --help, the --verbose trace and the evaluation's reports, in English only.
"""

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
    "CONTINUE_UNAVAILABLE": {
        "en": "cannot continue the conversation {path}: {reason}.",
        "zh-TW": "無法接續對話 {path}：{reason}。",
    },
    "RECORD_FULL": {
        "en": "the conversation's record {path} has no room for more: --continue reads a "
              "record of at most {limit} bytes. Start a new conversation with --chat (this "
              "record keeps every turn it holds, whole).",
        "zh-TW": "對話紀錄 {path} 已沒有空間：--continue 只讀取至多 {limit} 位元組的紀錄。"
                 "請以 --chat 開始新的對話（這份紀錄中的每一輪都完整保留）。",
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
        "en": "{detail}. Raise --num-ctx.",
        "zh-TW": "{detail}。請提高 --num-ctx。",
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
    "MALFORMED_TOOL_CALL": {
        "en": "the model wrote a tool call the server could not parse (HTTP {status} from "
              "{url}: {error}) and had no correction left: one corrective request per run, "
              "within --max-steps. Nothing from that reply was executed; try a model or chat "
              "template with more reliable tool calls.",
        "zh-TW": "模型寫出伺服器無法解析的工具呼叫（{url} 回應 HTTP {status}：{error}），且已無"
                 "更正機會：每次執行只更正一次，並受 --max-steps 限制。該回覆一律不執行；"
                 "請改用工具呼叫較可靠的模型或對話模板。",
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
        "en": "cannot use the purchasing ledger {path}: {reason}. Give --orders a new file "
              "(created if missing) or a ledger this program made.",
        "zh-TW": "無法使用採購帳本 {path}：{reason}。請以 --orders 指定新檔案"
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
    "APPROVAL_NEEDED": {
        "en": "{settled} Nobody can approve here (no terminal, no --approve), so {count} "
              "{count|order stays|orders stay} open, neither placed nor refused. To decide, "
              "run python agent.py --resume {run_id} --orders {orders} again on a terminal, "
              "or add --approve.",
        "zh-TW": "{settled}此處無人能核准（沒有終端機，也沒有 --approve），因此 {count} 筆訂單"
                 "仍未決定：既未建立，也未拒絕。請在終端機重跑 python agent.py --resume "
                 "{run_id} --orders {orders}，或加上 --approve。",
    },
    "NOTE_WITHHELD": {
        "en": "{settled} The journal does not hold the note of {count} "
              "{count|order|orders} (the run had no --log-content), so {count|it was|they "
              "were} not sent again: an order is placed only as it was approved. Place "
              "{count|it|them} in a new run if still wanted.",
        "zh-TW": "{settled}操作日誌未保存其中 {count} 筆訂單的備註（該次執行未加 "
                 "--log-content），因此未再送出：訂單只依核准時的內容建立。若仍需要，"
                 "請在新的執行中重新下單。",
    },
    "WRITE_REFUSED": {
        "en": "{count} {count|write|writes} the question asked for {count|was|were} not "
              "made: not approved (pass --approve, or answer y at a terminal), or refused "
              "by the ledger; the answer says which.",
        "zh-TW": "問題要求的 {count} 筆寫入未執行：未獲核准（請加 --approve，或在終端機回答 y），"
                 "或被帳本拒絕；回答中說明是哪一種。",
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
    "NO_RECORDING": {
        "en": "no recording in {path} answers this request (sha256 {key}...): the question, "
              "the prompt, a tool's result or a flag differs from the recorded run. Record "
              "it again with --record.{nearest}",
        "zh-TW": "{path} 中沒有回應此請求的錄製（sha256 {key}...）：問題、提示詞、工具結果或參數"
                 "與錄製時不同。請用 --record 重新錄製。{nearest}",
    },
    "RECORDING_UNUSABLE": {
        "en": "cannot use the recording folder {path}: {reason}.",
        "zh-TW": "無法使用錄製資料夾 {path}：{reason}。",
    },
    "BAD_RECORDING": {
        "en": "the recording {path} cannot be replayed: {reason}. Record it again with "
              "--record.",
        "zh-TW": "無法重播錄製檔 {path}：{reason}。請用 --record 重新錄製。",
    },
    "OTLP_LOG_UNREADABLE": {
        "en": "cannot export {path}: {reason}.",
        "zh-TW": "無法匯出 {path}：{reason}。",
    },
    "OTLP_EXPORT_REFUSED": {
        "en": "the OTLP receiver at {url} refused the traces (HTTP {status}: {error}); "
              "check the URL and $OTEL_EXPORTER_OTLP_HEADERS, then export again.",
        "zh-TW": "{url} 的 OTLP 接收端拒絕了追蹤資料（HTTP {status}：{error}）；"
                 "請檢查網址與 $OTEL_EXPORTER_OTLP_HEADERS 後再匯出一次。",
    },
    "OTLP_UNREACHABLE": {
        "en": "nothing answers at {url} ({reason}); is the OTLP receiver (a Collector on "
              "port 4318, say) running?",
        "zh-TW": "{url} 沒有回應（{reason}）；OTLP 接收端（例如埠 4318 上的 Collector）"
                 "是否正在執行？",
    },
    "OTLP_TIMEOUT": {
        "en": "the OTLP receiver at {url} did not answer within {seconds} s (--timeout); "
              "nothing is known to be exported.",
        "zh-TW": "{url} 的 OTLP 接收端未在 {seconds} 秒內回應（--timeout）；"
                 "無法確定是否已匯出。",
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

# Every other line, by key. `{...}` are the params of the errors.Text that reads it.
LINES = {
    # --- --otlp: a finished run as traces ---
    "otlp_not_a_log": {
        "en": "it is not a run log (its first line is no run_started event); give a .jsonl "
              "file from --log-dir",
        "zh-TW": "這不是執行日誌（第一行不是 run_started 事件）；請指定 --log-dir 中的 .jsonl 檔"},
    "otlp_bad_line": {"en": "line {line} is not a run-log event",
                      "zh-TW": "第 {line} 行不是執行日誌事件"},
    "otlp_bad_field": {
        "en": "line {line}: field {field} of its {event} event is not a JSON {kind} (nor "
              "null), as the program writes it",
        "zh-TW": "第 {line} 行：{event} 事件的欄位 {field} 不是 JSON {kind}（也不是 null），"
                 "與本程式寫入的不同"},
    "otlp_too_deep": {"en": "a value in it is nested too deep to export",
                      "zh-TW": "其中有值的巢狀層數太深，無法匯出"},
    "otlp_torn": {
        "en": "note: the last line of {path} is torn (the run was cut off while writing it); "
              "it is left out of the traces.",
        "zh-TW": "注意：{path} 的最後一行不完整（執行在寫入時中斷）；追蹤資料不含這一行。"},
    "otlp_partial": {"en": "{rejected} spans rejected: {error}",
                     "zh-TW": "{rejected} 個 span 被拒：{error}"},
    "otlp_sent": {"en": "exported {spans} spans in {traces} {traces|trace|traces} to {url}",
                  "zh-TW": "已匯出 {spans} 個 span（{traces} 條追蹤）到 {url}"},
    # --- MCP start-up and schema patterns ---
    "mcp_run_alone": {"en": "Run its command alone to see why",
                      "zh-TW": "請單獨執行其指令查看原因"},
    "mcp_env_dropped": {
        "en": "It ran without {count} of your environment {count|variable|variables} "
              "({names}): if it needs one (a proxy or certificate variable, say), pass it with "
              "--mcp-env NAME; or run its command alone to see why",
        "zh-TW": "它執行時沒有你環境中的 {count} 個變數（{names}）：若它需要其中之一"
                 "（例如代理或憑證變數），請以 --mcp-env NAME 傳入；或單獨執行其指令查看原因"},
    "mcp_stopped_reading": {"en": "it stopped reading its stdin ({size} bytes sent are unread)",
                            "zh-TW": "它已停止讀取標準輸入（送出的 {size} 位元組尚未讀取）"},
    "schema_pattern_unsupported": {
        "en": "{where}: pattern uses {feature}, which stock-agent does not match (characters, "
              "classes, groups, |, quantifiers, ^ and $ only)",
        "zh-TW": "{where}：pattern 使用了 {feature}，stock-agent 不支援（只比對字元、字元類別、"
                 "群組、|、量詞、^ 與 $）"},
    "schema_pattern_large": {
        "en": "{where}: pattern is too large to match (counts up to {repeat}, groups {depth} "
              "deep, {states} states)",
        "zh-TW": "{where}：pattern 過大，無法比對（次數最多 {repeat}、群組最多 {depth} 層、"
                 "最多 {states} 個狀態）"},
    # --- What a person sees of a run (cli.py): stderr, and the approval prompts ----------
    # The prefix stays ASCII in every language, so `grep '^stock-agent: '` finds every line.
    "log": {"en": "log: {path}", "zh-TW": "執行日誌：{path}"},
    "error": {"en": "stock-agent: {code}: {message}", "zh-TW": "stock-agent: {code}: {message}"},
    "orders_stand": {
        "en": "stock-agent: this run placed {orders} before it stopped; stopping does not "
              "undo a write.",
        "zh-TW": "stock-agent: 本次執行在停止前已建立 {orders}；停止不會撤銷已完成的寫入。"},
    "remote": {
        "en": "note: {url} is not on this machine; the question and the inventory data will "
              "be sent there.",
        "zh-TW": "注意：{url} 不在本機；問題與庫存資料會傳送到該處。"},
    "clear_key": {
        "en": "note: {url} is plain http:// and not on this machine: the API key travels in "
              "clear. Use https://.",
        "zh-TW": "注意：{url} 是未加密的 http:// 且不在本機：API 金鑰會以明文傳送。"
                 "請改用 https://。"},
    "provider_hint": {
        "en": "note: {names} set, but without --provider the model server is Ollama's; to use "
              "them, add {flags}.",
        "zh-TW": "注意：已設定 {names}，但未指定 --provider 時使用 Ollama 伺服器；若要使用這些"
                 "設定，請加上 {flags}。"},
    "refused": {"en": "note: MCP server {server}: tool {tool} is not offered: {reason}",
                "zh-TW": "注意：MCP 伺服器 {server} 的工具 {tool} 不提供給模型：{reason}"},
    "approve": {"en": "The model asks to run {tool} with {arguments}. Allow it? [y/N] ",
                "zh-TW": "模型要求執行 {tool}，參數 {arguments}。是否允許？[y/N] "},
    "approve_write": {
        "en": "The model asks {tool} to write to the ledger {ledger}: tenant {tenant}, SKU "
              "{sku} ({name}), quantity {quantity}, note {note}. Allow it? [y/N] ",
        "zh-TW": "模型要求 {tool} 寫入帳本 {ledger}：租戶 {tenant}，SKU {sku}（{name}），"
                 "數量 {quantity}，備註 {note}。是否允許？[y/N] "},
    "approve_dry_run": {"en": "[dry run: nothing will be written] ",
                        "zh-TW": "〔試運行：不會寫入任何資料〕"},
    "dry_run_note": {
        "en": "Dry run: nothing was written. {count} {count|write was|writes were} checked "
              "and approved as for a real run, and not sent.",
        "zh-TW": "試運行：沒有寫入任何資料。{count} 筆寫入已如正式執行般檢查並核准，但未送出。"},
    "dry_run_none": {"en": "Dry run: nothing was written.",
                     "zh-TW": "試運行：沒有寫入任何資料。"},

    # The words that answer [y/N], space-separated; y/yes/n/no are understood in each.
    "approve_yes": {"en": "y yes", "zh-TW": "y yes 是 是的 好 好的 對 對的 可以 允許 同意"},
    "approve_no": {"en": "n no", "zh-TW": "n no 否 不 不是 不要 不好 不可以 不允許 拒絕"},
    "approve_timeout": {"en": "no answer within the run's {seconds} s: not approved.",
                        "zh-TW": "本次執行的 {seconds} 秒內沒有回答：不核准。"},
    "approve_again": {"en": "Please answer y (yes) or n (no): [y/N] ",
                      "zh-TW": "請回答「是」(y) 或「否」(n)：[y/N] "},

    # --- How the command line was used (usage.py) ----------------------------------------
    "see_help": {"en": "{detail} (see --help)", "zh-TW": "{detail}（請見 --help）"},
    # A usage error's detail. usage.py reads each usage_* line's English as a pattern as
    # well: argparse words its own errors, and those of our flag types, in English, and in
    # another language the line it matches is shown instead. The first five are argparse's.
    "usage_argument": {"en": "argument {flag}: {detail}", "zh-TW": "{flag}：{detail}"},
    "usage_choice": {"en": "invalid choice: {value} (choose from {choices})",
                     "zh-TW": "不是可用的值：{value}（可選：{choices}）"},
    "usage_one_value": {"en": "expected one argument", "zh-TW": "需要一個值"},
    "usage_unrecognized": {"en": "unrecognized arguments: {arguments}",
                           "zh-TW": "無法辨識的參數：{arguments}"},
    "usage_not_with": {"en": "not allowed with argument {other}",
                       "zh-TW": "不能與 {other} 同時使用"},
    "usage_explicit": {"en": "ignored explicit argument {value}",
                       "zh-TW": "這個旗標不接受值 {value}"},
    "usage_run": {
        "en": "{value} is not a run id or the path of a run's log (like 20261130T112233Z-3f9a1c "
              "or runs/20261130T112233Z-3f9a1c.jsonl)",
        "zh-TW": "{value} 不是執行代號，也不是執行日誌的路徑（例如 20261130T112233Z-3f9a1c 或 "
                 "runs/20261130T112233Z-3f9a1c.jsonl）"},
    "usage_positive": {"en": "{value} is not a whole number above 0",
                       "zh-TW": "{value} 不是大於 0 的整數"},
    "usage_retries": {"en": "{value} is not a whole number from 0 to 10",
                      "zh-TW": "{value} 不是 0 到 10 的整數"},
    "usage_whole": {"en": "{value} is not a whole number >= 0",
                    "zh-TW": "{value} 不是大於或等於 0 的整數"},
    "usage_seconds": {"en": "{value} is not a number of seconds above 0 and at most {most}",
                      "zh-TW": "{value} 不是大於 0 且至多 {most} 的秒數"},
    "usage_command": {"en": "{value} cannot be split into a command ({problem})",
                      "zh-TW": "{value} 無法拆成指令（{problem}）"},
    "usage_empty_command": {"en": "an empty command", "zh-TW": "指令是空的"},
    "usage_question_empty": {
        "en": "the question is empty (leave out --question to ask the sample question)",
        "zh-TW": "問題是空的（不加 --question 即詢問範例問題）"},
    "usage_question_long": {
        "en": "the question has {chars} characters; the most is {most} (ask it in fewer words)",
        "zh-TW": "問題有 {chars} 個字元，上限為 {most}（請以較少的文字提問）"},
    "usage_question_twice": {
        "en": "the question is given twice, as words and with --question: give it once",
        "zh-TW": "問題給了兩次（直接寫出與 --question）：請只給一次"},
    "usage_resume_orders": {"en": "--resume needs --orders PATH: the ledger the run wrote to",
                            "zh-TW": "--resume 需要 --orders PATH：該次執行寫入的帳本"},
    "usage_resume_question": {"en": "--resume finishes a run's orders; it takes no question",
                              "zh-TW": "--resume 只完成一次執行的訂單，不接受問題"},
    "usage_resume_folder": {
        "en": "--resume {path} is in {folder}, but --log-dir is {log_dir}: the run's journal "
              "and its new log are in one folder; give one of the two",
        "zh-TW": "--resume {path} 位於 {folder}，但 --log-dir 是 {log_dir}：該次執行的日誌與"
                 "新的執行日誌在同一個資料夾；請只給其中之一"},
    "usage_dry_run": {
        "en": "--dry-run rehearses the writes of one question: it needs --orders or --mcp, and "
              "does not go with --resume",
        "zh-TW": "--dry-run 預演單一問題的寫入：需要 --orders 或 --mcp，且不能與 --resume "
                 "同時使用"},
    "usage_mock_recorded": {
        "en": "--record and --replay keep a model server's exchanges; --mock has none",
        "zh-TW": "--record 與 --replay 保存與模型伺服器的往來；--mock 沒有這些往來"},
    "usage_single": {
        "en": "{flag} is for a single question; a conversation (--chat, --continue) offers the "
              "read-only tools only",
        "zh-TW": "{flag} 只用於單一問題；對話（--chat、--continue）只提供唯讀工具"},
    "usage_otlp_endpoint": {"en": "--otlp-endpoint needs --otlp RUN_LOG: the run log to export",
                            "zh-TW": "--otlp-endpoint 需要 --otlp RUN_LOG：要匯出的執行日誌"},
    "usage_otlp_alone": {
        "en": "--otlp exports a run that already happened and runs nothing; it takes no {flag}",
        "zh-TW": "--otlp 匯出已經發生的執行，不執行任何事；不接受 {flag}"},
    "unused_with": {"en": "note: no effect with {flag}: {flags}.",
                    "zh-TW": "注意：使用 {flag} 時沒有作用：{flags}。"},
    "unused_without": {"en": "note: no effect without {flag}: {flags}.",
                       "zh-TW": "注意：未使用 {flag} 時沒有作用：{flags}。"},
    "stdin_open": {
        "en": "standard input did not end within {seconds} s (--timeout), so no question was "
              "read from it: close it after the question, ask with -q, or give </dev/null for "
              "the sample question",
        "zh-TW": "標準輸入在 {seconds} 秒內（--timeout）沒有結束，因此沒有讀取問題：請在問題後"
                 "關閉它、以 -q 提問，或以 </dev/null 詢問範例問題"},
    "stdin_blank": {
        "en": "standard input holds blank space and no question: pipe a question, ask with -q, "
              "or give </dev/null for the sample question",
        "zh-TW": "標準輸入只有空白，沒有問題：請以管線送入問題、以 -q 提問，或以 </dev/null "
                 "詢問範例問題"},
    "stdin_not_text": {"en": "the question on standard input is not {encoding} text; send "
                             "UTF-8",
                       "zh-TW": "標準輸入上的問題不是 {encoding} 文字；請以 UTF-8 送出"},
    "stdin_too_long": {
        "en": "the question on standard input is longer than {limit} characters, the most a "
              "question may be; ask it in fewer words",
        "zh-TW": "標準輸入上的問題超過 {limit} 個字元，這是問題的上限；請以較短的文字提問"},

    # --- A conversation at the terminal (chat/io.py) -------------------------------------
    "chat_welcome": {"en": "One question per line; /help lists the commands; /exit or Ctrl-D "
                           "ends the conversation.",
                     "zh-TW": "每行一個問題；輸入 /help 列出指令；輸入 /exit 或按 Ctrl-D 結束對話。"},
    # Names every word of chat/io.py's EXIT_WORDS and HELP_WORDS (tests/test_chat_strangers.py).
    "chat_help": {"en": "Commands: /help or /? lists them; /exit, /quit, /bye, exit, quit or "
                        "Ctrl-D ends the conversation; Ctrl-C cancels the question being "
                        "answered. Any other line is a question for the model.",
                  "zh-TW": "指令：/help 或 /? 列出指令；/exit、/quit、/bye、exit、quit 或按 "
                           "Ctrl-D 結束對話；Ctrl-C 取消正在回答的問題。其他每一行都是交給模型的問題。"},
    "chat_prompt": {"en": "> ", "zh-TW": "> "},

    # --- --facts under the answer (runlog.py) -----------------------------------------
    "fact_found": {
        "en": "{name} ({sku}): stock {stock}, target {target}, suggested order "
              "{suggested_order}",
        "zh-TW": "{name}（{sku}）：庫存 {stock}，目標 {target}，建議補貨 {suggested_order}"},
    "fact_missing": {"en": "{sku}: not found, no item has this SKU",
                     "zh-TW": "{sku}：查無此 SKU，沒有這個商品"},
    "fact_from": {"en": " [{tool} {invocation}; {source}]",
                  "zh-TW": "〔{tool} {invocation}；{source}〕"},
    "fact_from_missing": {"en": " [{tool} {invocation}]", "zh-TW": "〔{tool} {invocation}〕"},
    "fact_order": {"en": "order {order_id}: {quantity} x {sku} in {ledger}",
                   "zh-TW": "訂單 {order_id}：{sku} {quantity} 個，帳本 {ledger}"},
    "facts_heading": {"en": "Facts from the tools:", "zh-TW": "工具查得的資料："},
    "facts_none": {"en": "none", "zh-TW": "無"},

    # --- An answer written from the tool results by code (answers/writer.py): the mock
    # model's answer, and what the person reads of the facts the model's answer leaves out
    "item_below": {"en": "{name} ({sku}): stock {stock}, target {target}, below target; "
                         "suggested order {suggested_order}.",
                   "zh-TW": "{name}（{sku}）庫存 {stock}，目標 {target}，低於目標；建議補貨 "
                            "{suggested_order}。"},
    "item_out": {"en": "{name} ({sku}): stock {stock} (out of stock), target {target}, below "
                       "target; suggested order {suggested_order}.",
                 "zh-TW": "{name}（{sku}）庫存 {stock}（缺貨），目標 {target}，低於目標；建議補貨 "
                          "{suggested_order}。"},
    "item_at": {"en": "{name} ({sku}): stock {stock}, target {target}, at target; suggested "
                      "order 0, no reorder needed.",
                "zh-TW": "{name}（{sku}）庫存 {stock}，目標 {target}，剛好達到目標；建議補貨 0，"
                         "不需補貨。"},
    "item_above": {"en": "{name} ({sku}): stock {stock}, target {target}, {over} above target; "
                         "suggested order 0, no reorder needed.",
                   "zh-TW": "{name}（{sku}）庫存 {stock}，目標 {target}，超出目標 {over}；建議補貨 "
                            "0，不需補貨。"},
    "lead_yes": {"en": "Yes, {claim}.", "zh-TW": "是的，{claim}。"},
    "lead_no": {"en": "No, {claim}.", "zh-TW": "不，{claim}。"},
    "verdict_out": {"en": "{sku} is out of stock", "zh-TW": "{sku} 缺貨"},
    "verdict_not_out": {"en": "{sku} is not out of stock", "zh-TW": "{sku} 沒有缺貨"},
    "verdict_some_below": {"en": "{count} items are below target",
                           "zh-TW": "有 {count} 項低於目標"},
    "verdict_one_below": {"en": "1 item is below target", "zh-TW": "有 1 項低於目標"},
    "verdict_instock": {"en": "{sku} is in stock", "zh-TW": "{sku} 有貨"},
    "verdict_not_instock": {"en": "{sku} is out of stock", "zh-TW": "{sku} 缺貨"},
    "verdict_reorder": {"en": "{sku} needs a reorder", "zh-TW": "{sku} 需要補貨"},
    "verdict_not_reorder": {"en": "{sku} does not need a reorder", "zh-TW": "{sku} 不需要補貨"},
    "verdict_below": {"en": "{sku} is below target", "zh-TW": "{sku} 低於目標"},
    "verdict_not_below": {"en": "{sku} is not below target", "zh-TW": "{sku} 沒有低於目標"},
    "verdict_above": {"en": "{sku} is above target", "zh-TW": "{sku} 高於目標"},
    "verdict_not_above": {"en": "{sku} is not above target", "zh-TW": "{sku} 沒有高於目標"},
    "verdict_reached": {"en": "{sku} meets its target", "zh-TW": "{sku} 已達標"},
    "verdict_not_reached": {"en": "{sku} is below target", "zh-TW": "{sku} 低於目標"},
    "verdict_found": {"en": "{sku} was found", "zh-TW": "有找到 {sku}"},
    "verdict_not_found": {"en": "{sku} was not found", "zh-TW": "查無 {sku}"},
    "answer_total_stock": {"en": "Total stock of {items}: {total} ({terms}){versus}.",
                           "zh-TW": "{items} 的庫存合計 {total}（{terms}）{versus}。"},
    "answer_total_suggested_order": {
        "en": "Total suggested order of {items}: {total} ({terms}){versus}.",
        "zh-TW": "{items} 的建議補貨合計 {total}（{terms}）{versus}。"},
    "answer_difference_stock": {"en": "Difference in stock between {items}: {difference} "
                                      "({terms}).",
                                "zh-TW": "{items} 的庫存相差 {difference}（{terms}）。"},
    "answer_difference_suggested_order": {
        "en": "Difference in suggested order between {items}: {difference} ({terms}).",
        "zh-TW": "{items} 的建議補貨相差 {difference}（{terms}）。"},
    # a difference of unequal figures names the side that has more: "A003 has 12 more" is
    # what a bare "12" reads as, asked "how many more does A003 have than A001?"
    "answer_more_stock": {"en": "{more} has {difference} more in stock than {less} ({terms}).",
                          "zh-TW": "{more} 的庫存比 {less} 多 {difference}（{terms}）。"},
    "answer_more_suggested_order": {
        "en": "{more}'s suggested order is {difference} more than {less}'s ({terms}).",
        "zh-TW": "{more} 的建議補貨比 {less} 多 {difference}（{terms}）。"},
    "answer_more_target": {"en": "{more}'s target is {difference} higher than {less}'s "
                                 "({terms}).",
                           "zh-TW": "{more} 的目標比 {less} 高 {difference}（{terms}）。"},
    "answer_total_target": {"en": "Total target of {items}: {total} ({terms}){versus}.",
                            "zh-TW": "{items} 的目標合計 {total}（{terms}）{versus}。"},
    # one item's figure beside the one number the question measures it against ("Does A001
    # have more than 10?")
    "answer_one_stock": {"en": "Stock of {sku}: {value}{versus}.",
                         "zh-TW": "{sku} 的庫存 {value}{versus}。"},
    "answer_one_target": {"en": "Target of {sku}: {value}{versus}.",
                          "zh-TW": "{sku} 的目標 {value}{versus}。"},
    "answer_one_suggested_order": {"en": "Suggested order of {sku}: {value}{versus}.",
                                   "zh-TW": "{sku} 的建議補貨 {value}{versus}。"},
    # the one number the question gives beside a total it asks ("over 75 combined?")
    "answer_versus_more": {"en": ", more than {value}", "zh-TW": "，超過 {value}"},
    "answer_versus_less": {"en": ", less than {value}", "zh-TW": "，少於 {value}"},
    "answer_versus_same": {"en": ", exactly {value}", "zh-TW": "，剛好 {value}"},
    "answer_difference_target": {"en": "Difference in target between {items}: {difference} "
                                       "({terms}).",
                                 "zh-TW": "{items} 的目標相差 {difference}（{terms}）。"},
    "answer_most_target": {"en": "Highest target: {items}, {value} (of {terms}).",
                           "zh-TW": "目標最高：{items}，{value}（{terms}）。"},
    "answer_least_target": {"en": "Lowest target: {items}, {value} (of {terms}).",
                            "zh-TW": "目標最低：{items}，{value}（{terms}）。"},
    "answer_most_stock": {"en": "Most stock: {items}, {value} (of {terms}).",
                          "zh-TW": "庫存最多：{items}，{value}（{terms}）。"},
    "answer_least_stock": {"en": "Least stock: {items}, {value} (of {terms}).",
                           "zh-TW": "庫存最少：{items}，{value}（{terms}）。"},
    "answer_most_suggested_order": {
        "en": "Furthest below target: {items}, suggested order {value} (of {terms}).",
        "zh-TW": "離目標最遠：{items}，建議補貨 {value}（{terms}）。"},
    "answer_least_suggested_order": {
        "en": "Closest to target: {items}, suggested order {value} (of {terms}).",
        "zh-TW": "離目標最近：{items}，建議補貨 {value}（{terms}）。"},
    # the stock after a change the question supposes (writer._changed)
    "answer_if-": {"en": "If {number} go out: {name} ({sku}) would have {stock} - {number} = "
                         "{after}, {versus}; suggested order then max({target} - {after}, 0) = "
                         "{order}.",
                   "zh-TW": "若賣出或用掉 {number}：{name}（{sku}）會剩 {stock} - {number} = {after}，"
                            "{versus}；屆時建議補貨 max({target} - {after}, 0) = {order}。"},
    "answer_if+": {"en": "If {number} come in: {name} ({sku}) would have {stock} + {number} = "
                         "{after}, {versus}; suggested order then max({target} - {after}, 0) = "
                         "{order}.",
                   "zh-TW": "若進貨 {number}：{name}（{sku}）會有 {stock} + {number} = {after}，"
                            "{versus}；屆時建議補貨 max({target} - {after}, 0) = {order}。"},
    "answer_today": {"en": "Today: {line}", "zh-TW": "目前：{line}"},
    # a number the question asks to have confirmed, beside the one item's figures
    "answer_figure_is": {"en": "{sku}'s {fields} is {number}.",
                         "zh-TW": "{sku} 的{fields}是 {number}。"},
    "answer_figures_are": {"en": "{sku}'s {fields} are {number}.",
                           "zh-TW": "{sku} 的{fields}都是 {number}。"},
    "answer_figure_none": {"en": "The number in your question is none of {sku}'s figures: "
                                 "not its stock, target or suggested order.",
                           "zh-TW": "您問題中的數字不是 {sku} 的庫存、目標或建議補貨量。"},
    "field_stock": {"en": "stock", "zh-TW": "庫存"},
    "field_target": {"en": "target", "zh-TW": "目標"},
    "field_suggested_order": {"en": "suggested order", "zh-TW": "建議補貨量"},
    "field_over": {"en": "amount above target", "zh-TW": "超出目標的數量"},
    "answer_unworked": {"en": "The numbers or what-ifs in your question were not worked out: "
                              "the figures here are today's, from the tools.",
                        "zh-TW": "您問題中的數字或假設未納入計算；以下是工具查到的目前數字。"},
    "answer_restated": {"en": "Which items your question is of, the program cannot tell, and "
                              "it worked nothing out; here again are the items this "
                              "conversation looked up.",
                        "zh-TW": "程式無法確定您的問題問的是哪些品項，因此未做任何計算；以下重述這段對話"
                                 "查過的品項。"},
    "answer_beyond": {"en": "The tools hold each item's stock and target today, nothing more: "
                            "no sales, prices, suppliers, deliveries, earlier orders, nor "
                            "figures of another day. The figures here are today's.",
                      "zh-TW": "工具只有各品項今天的庫存與目標，沒有銷售、價格、供應商、到貨、"
                               "先前的訂單，也沒有其他日子的數字；以下是今天的數字。"},
    "answer_if=": {"en": "If the stock is {number}: {name} ({sku}) would be {versus}; suggested "
                         "order max({target} - {number}, 0) = {order}.",
                   "zh-TW": "若庫存是 {number}：{name}（{sku}）{versus}；建議補貨 max({target} - "
                            "{number}, 0) = {order}。"},
    "answer_iftarget": {"en": "With a target of {number}: {name} ({sku}) has {stock}, {versus}; "
                              "suggested order then max({number} - {stock}, 0) = {order}.",
                        "zh-TW": "若目標是 {number}：{name}（{sku}）庫存 {stock}，{versus}；屆時建議補貨 "
                                 "max({number} - {stock}, 0) = {order}。"},
    "answer_if_more": {"en": "If {number} go out: {name} ({sku}) has only {stock}, {short} "
                             "fewer.",
                       "zh-TW": "若賣出或用掉 {number}：{name}（{sku}）只有 {stock}，還少 {short}。"},
    "answer_if_below": {"en": "{gap} below its target of {target}",
                        "zh-TW": "比目標 {target} 少 {gap}"},
    "answer_if_at": {"en": "exactly its target of {target}", "zh-TW": "剛好等於目標 {target}"},
    "answer_if_above": {"en": "{gap} above its target of {target}",
                        "zh-TW": "比目標 {target} 多 {gap}"},
    "answer_given_total": {"en": "From the numbers in your question, not looked up: {terms} = "
                                 "{total}.",
                           "zh-TW": "依您問題中的數字（未查詢）：{terms} = {total}。"},
    "answer_given_difference": {"en": "From the numbers in your question, not looked up: "
                                      "{terms} = {difference}.",
                                "zh-TW": "依您問題中的數字（未查詢）：{terms} = {difference}。"},
    "answer_given_order": {
        "en": "From the numbers in your question, not looked up: stock {stock}, target "
              "{target}, so the suggested order is max({target} - {value}, 0) = {order}.",
        "zh-TW": "依您問題中的數字（未查詢）：庫存 {stock}，目標 {target}，建議補貨 "
                 "max({target} - {value}, 0) = {order}。"},
    "answer_other": {"en": "{tool} for {sku}: {fields}.", "zh-TW": "{tool}（{sku}）：{fields}。"},
    "answer_written": {"en": "{tool} ran, approved: {order_id} for {sku}.",
                       "zh-TW": "{tool} 已於核准後執行：{sku} 的 {order_id}。"},
    # an MCP server's write of no item and id the program can read: what it returned
    "answer_write_ran": {"en": "{tool} ran, approved; it returned {data}.",
                         "zh-TW": "{tool} 已於核准後執行，回傳 {data}。"},
    "answer_write_denied": {"en": "{tool} did not run: it was not approved.",
                            "zh-TW": "{tool} 未執行：未獲核准。"},
    "answer_write_failed": {"en": "{tool} did not run ({error}).",
                            "zh-TW": "{tool} 未執行（{error}）。"},
    "answer_write_rehearsed": {"en": "Dry run: {tool} passed every check and did not run, so "
                                     "nothing was written.",
                               "zh-TW": "試運行：{tool} 通過所有檢查，並未執行，沒有寫入任何資料。"},
    "answer_scope": {"en": "I can only answer questions about this inventory: the stock and "
                           "target of each SKU (stock keeping unit, such as A001) and its "
                           "suggested order, max(target - stock, 0), with these tools: {tools}.",
                     "zh-TW": "我只能回答這份庫存的問題：每個 SKU（庫存單位，例如 A001）的庫存、目標"
                              "與建議補貨量 max(目標 - 庫存, 0)，可用的工具：{tools}。"},
    "answer_welcome": {"en": "You're welcome.", "zh-TW": "不客氣。"},
    "answer_data_sample": {"en": "Its data is the built-in sample, not a live ERP.",
                           "zh-TW": "資料是內建的教學樣本，不是即時的 ERP。"},
    "answer_data": {"en": "Its data is read from {source}.", "zh-TW": "資料讀自 {source}。"},
    "answer_look_up": {"en": "Your answer states things no tool result of this run shows. Look "
                             "them up with the tools, then answer from the results only.",
                       "zh-TW": "你的回答說了本次工具結果沒有的內容。請先用工具查詢，再只根據結果回答。"},
    "answer_lookup_failed": {"en": "A lookup failed ({error}).", "zh-TW": "有一項查詢失敗（{error}）。"},
    "answer_not_found": {"en": "SKU {sku} was not found (it does not exist here, which is "
                               "not stock 0).",
                         "zh-TW": "找不到 SKU {sku}（查無此商品，並非庫存 0）。"},
    "answer_found": {"en": "Matches for \"{query}\": {items}{more}",
                     "zh-TW": "符合「{query}」的品項：{items}{more}"},
    "answer_alike": {"en": "No item's name or SKU contains \"{query}\"; spelled alike: "
                           "{items}{more}",
                     "zh-TW": "沒有品項的品名或 SKU 含「{query}」；寫法相近的品項：{items}{more}"},
    "answer_none_found": {"en": "Nothing matches \"{query}\".{more}",
                          "zh-TW": "沒有品項符合「{query}」。{more}"},
    "answer_low": {"en": "Below target, largest shortfall first: {items}{more}",
                   "zh-TW": "低於目標庫存（缺口大者在前）：{items}{more}"},
    "answer_none_low": {"en": "Nothing is below target.{more}",
                        "zh-TW": "沒有品項低於目標庫存。{more}"},
    "answer_more": {"en": " ({more} more not shown.)", "zh-TW": "（另有 {more} 項未列出。）"},
    "answer_plugin": {"en": "{tool} returned {data}.", "zh-TW": "{tool} 傳回 {data}。"},
    "answer_sample": {"en": "[Sample data] ", "zh-TW": "【教學樣本】"},
    "answer_source": {"en": "[Data: {source}] ", "zh-TW": "【資料：{source}】"},
    "answer_no_order_placed": {"en": "No order has been placed in this run.", "zh-TW": "本次尚未建立訂單。"},
    "answer_read_only": {"en": "No order has been placed in this run: I can only look things "
                               "up here, not place orders.",
                         "zh-TW": "本次尚未建立訂單：這裡只能查詢，無法下單。"},
    "answer_ordered": {"en": "Order {order_id} placed: {quantity} x {name} ({sku}) in "
                             "{ledger}.",
                       "zh-TW": "已建立訂單 {order_id}：{name}（{sku}）{quantity} 個，帳本 "
                                "{ledger}。"},
    "answer_order_exists": {"en": "Order {order_id} for {quantity} x {name} ({sku}) was "
                                  "already in {ledger}; it was not placed twice.",
                            "zh-TW": "訂單 {order_id}（{name}（{sku}）{quantity} 個）先前已在 "
                                     "{ledger} 建立，未重複下單。"},
    "answer_denied": {"en": "The order for {quantity} x {sku} was not placed: it was not "
                            "approved.",
                      "zh-TW": "{sku} {quantity} 個的訂單未建立：未獲核准。"},
    "answer_rehearsed": {"en": "Dry run: the order for {quantity} x {name} ({sku}) passed every "
                               "check; nothing was written to {ledger}, so no order was placed.",
                         "zh-TW": "試運行：{name}（{sku}）{quantity} 個的訂單通過所有檢查；"
                                  "未寫入 {ledger}，並未建立訂單。"},
    "answer_not_ordered": {"en": "The order for {quantity} x {sku} was not placed ({error}).",
                           "zh-TW": "{sku} {quantity} 個的訂單未建立（{error}）。"},
    "answer_rendered": {"en": "(Part of the model's answer could not be checked against the "
                              "tool results, so this answer is written from them by the "
                              "program.)",
                        "zh-TW": "（模型的回答有部分無法依工具結果核對；以下由程式依工具結果寫成。）"},
    "answer_trimmed": {"en": "(Sentences of the model's answer that could not be checked against "
                             "the tool results are left out.)",
                       "zh-TW": "（模型回答中無法依工具結果核對的句子已略去。）"},
    "answer_unchecked": {"en": "(The model's answer could not be checked, and no tool result "
                               "answers the question; the program answers instead.)",
                         "zh-TW": "（模型的回答無法核對，也沒有工具結果能回答這個問題；以下由程式回答。）"},
    "answer_supplemented": {"en": "(Added by the program from the tool results: {facts})",
                            "zh-TW": "（程式依工具結果補上：{facts}）"},
    "answer_rendered_repeated": {
        "en": "(The model kept repeating a tool call whose result it already had; this answer "
              "is written from the tool results by the program.)",
        "zh-TW": "（模型一再重複已有結果的工具呼叫；以下由程式依工具結果寫成。）"},
    "answer_rendered_failing": {
        "en": "(The model's tool calls kept failing; this answer is written from the tool "
              "results by the program.)",
        "zh-TW": "（模型的工具呼叫一再失敗；以下由程式依工具結果寫成。）"},
    "answer_rendered_empty": {
        "en": "(The model gave an empty answer; this answer is written from the tool results by "
              "the program.)",
        "zh-TW": "（模型的回答是空的；以下由程式依工具結果寫成。）"},
    "answer_rendered_unanswered": {
        "en": "(The model kept calling tools and gave no answer; this answer is written from "
              "the tool results by the program.)",
        "zh-TW": "（模型一直呼叫工具、沒有給出回答；以下由程式依工具結果寫成。）"},

    # --- --resume's answer (orders/resume.py): one sentence per operation ----------------
    "resume_run": {"en": "Run {run_id}: ", "zh-TW": "執行 {run_id}："},
    "resume_reused": {
        "en": "order {order_id} ({quantity} x {sku}) was already done: its receipt is reused.",
        "zh-TW": "訂單 {order_id}（{sku} {quantity} 個）先前已完成，沿用其回執。"},
    "resume_reconciled": {
        "en": "order {order_id} ({quantity} x {sku}) was placed before the run was "
              "interrupted: found in the ledger.",
        "zh-TW": "訂單 {order_id}（{sku} {quantity} 個）在中斷前已建立：帳本查核確認。"},
    "resume_placed": {
        "en": "order {order_id} ({quantity} x {sku}) was placed now, after approval.",
        "zh-TW": "訂單 {order_id}（{sku} {quantity} 個）已於核准後建立。"},
    "resume_not_placed": {"en": "{quantity} x {sku} was not placed ({how}).",
                          "zh-TW": "{sku} {quantity} 個未建立訂單（{how}）。"},
    "resume_open": {
        "en": "{quantity} x {sku} waits for approval: it was not placed, and it stays open.",
        "zh-TW": "{sku} {quantity} 個等待核准：尚未建立訂單，仍保留未決。"},
    "resume_withheld": {
        "en": "{quantity} x {sku} was not sent again: its note is not in the journal; it "
              "was not placed.",
        "zh-TW": "{sku} {quantity} 個未再送出：操作日誌未保存其備註；尚未建立訂單。"},
    "resume_none": {"en": "Run {run_id} has no order to settle.",
                    "zh-TW": "執行 {run_id} 沒有待處理的訂單。"},
    "resume_skipped": {"en": " {skipped} line(s) of its journal could not be read.",
                       "zh-TW": "其操作日誌有 {skipped} 行無法讀取。"},

    # The details inside error messages (the {detail}, {reason}, ... of MESSAGES):
    # --- Files a person names ---------------------------------------------------------
    "unreadable_file": {"en": "{path}: {problem}", "zh-TW": "{path}：{problem}"},
    "os_error": {"en": "cannot read it ({reason})", "zh-TW": "無法讀取（{reason}）"},
    "inventory_bundled": {"en": "{missing}; the sample of that name that ships with "
                                "stock-agent is {bundled}",
                          "zh-TW": "{missing}；stock-agent 隨附的同名範例在 {bundled}"},
    "replay_no_folder": {"en": "there is no such folder", "zh-TW": "沒有這個資料夾"},
    "replay_not_folder": {"en": "it is not a folder", "zh-TW": "它不是資料夾"},
    "replay_empty": {"en": "it holds no recordings (the *.json files --record writes)",
                     "zh-TW": "其中沒有錄製檔（--record 寫入的 *.json 檔）"},
    "replay_not_json": {"en": "it is not JSON", "zh-TW": "內容不是 JSON"},
    "replay_format": {"en": "it is not a stock-agent recording (format "
                            "stock-agent-recording/1)",
                      "zh-TW": "不是 stock-agent 的錄製檔（格式 stock-agent-recording/1）"},
    "replay_other_request": {"en": "its request is not the one its name (a SHA-256) stands for",
                             "zh-TW": "其中的請求與檔名（SHA-256）不符"},
    "replay_bad_reply": {"en": "its replies are missing or malformed",
                         "zh-TW": "其中的回覆缺漏或格式錯誤"},
    "replay_nearest": {"en": " The difference from the nearest recording, {name}:",
                       "zh-TW": "與最接近的錄製檔 {name} 的差異："},
    "replay_nothing_near": {"en": " None of its recordings could be read to compare.",
                            "zh-TW": "沒有可讀取、可比較的錄製檔。"},
    "not_regular": {
        "en": "not a regular file (a FIFO, a device or a folder); give the path of a file",
        "zh-TW": "不是一般檔案（而是 FIFO、裝置或資料夾）；請指定檔案路徑"},
    "too_large": {"en": "larger than {limit} bytes; use a smaller file",
                  "zh-TW": "超過 {limit} 位元組；請改用較小的檔案"},
    "not_utf8": {"en": "not UTF-8 text (byte {byte}); save it as UTF-8",
                 "zh-TW": "不是 UTF-8 文字（第 {byte} 位元組）；請另存為 UTF-8"},
    "prompt_unreadable": {"en": "--system-prompt {path}: {problem}",
                          "zh-TW": "--system-prompt {path}：{problem}"},
    "prompt_empty": {"en": "--system-prompt {path} is empty",
                     "zh-TW": "--system-prompt {path} 是空的"},
    "folder_unreadable": {"en": "cannot read the folder {path}: {reason}",
                          "zh-TW": "無法讀取資料夾 {path}：{reason}"},
    "log_dir_not_folder": {"en": "not a folder", "zh-TW": "不是資料夾"},

    # --- Inventory files ---------------------------------------------------------------
    "row": {"en": "row {row}", "zh-TW": "第 {row} 列"},
    "table_items": {"en": "table items", "zh-TW": "資料表 items"},
    "bad_value": {"en": "{path}: {where}, column {column}: {what}",
                  "zh-TW": "{path}：{where}，欄位 {column}：{what}"},
    "tenant_needs_inventory": {
        "en": "--tenant {tenant} needs --inventory: the built-in sample has no tenants",
        "zh-TW": "--tenant {tenant} 需要搭配 --inventory：內建樣本資料沒有租戶"},
    "tenant_without_column": {
        "en": "{path}: --tenant {tenant} was given, but the file has no tenant column",
        "zh-TW": "{path}：指定了 --tenant {tenant}，但檔案沒有 tenant 欄位"},
    "tenant_required": {
        "en": "{path}: the file has a tenant column; choose whose rows to use with "
              "--tenant NAME (tenants: {tenants})",
        "zh-TW": "{path}：檔案有 tenant 欄位；請用 --tenant NAME 選擇要使用哪個租戶的資料"
                 "（租戶：{tenants}）"},
    "tenant_unknown": {
        "en": "{path}: no rows for tenant {tenant}; tenants in the file: {tenants}",
        "zh-TW": "{path}：沒有租戶 {tenant} 的資料；檔案中的租戶：{tenants}"},
    "no_rows": {"en": "{path}: no items, only the column names; add one row per item",
                "zh-TW": "{path}：沒有任何商品，只有欄位名稱；請每個商品加一列"},
    "csv_invalid": {"en": "{path}: {where}: not valid CSV ({reason})",
                    "zh-TW": "{path}：{where}：不是有效的 CSV（{reason}）"},
    "csv_columns": {
        "en": "{path}: {where}: expected {expected} columns like the header, found {found}",
        "zh-TW": "{path}：{where}：應與標題列一樣有 {expected} 欄，實際為 {found} 欄"},
    "sqlite_unreadable": {"en": "{path}: cannot read the SQLite database ({reason})",
                          "zh-TW": "{path}：無法讀取 SQLite 資料庫（{reason}）"},
    "sqlite_slow": {
        "en": "{path}: reading table items took more than {seconds} s; make items a plain "
              "table (a view that computes endlessly is refused)",
        "zh-TW": "{path}：讀取資料表 items 超過 {seconds} 秒；請將 items 改為一般資料表"
                 "（無止盡計算的檢視表會被拒絕）"},
    "no_items_table": {"en": "{path}: no table named items (columns {columns})",
                       "zh-TW": "{path}：沒有名為 items 的資料表（欄位 {columns}）"},
    "column_twice": {"en": "{path}: {where}: column {column} appears twice",
                     "zh-TW": "{path}：{where}：欄位 {column} 出現兩次"},
    "column_missing": {
        "en": "{path}: {where}: missing column {column} (needed: {columns}; optional: "
              "tenant){hint}",
        "zh-TW": "{path}：{where}：缺少欄位 {column}（必要：{columns}；選用：tenant）{hint}"},
    "csv_delimiter": {
        "en": "; the columns seem separated by {delimiter}, but only a comma separates "
              "them: save the file as comma-separated CSV",
        "zh-TW": "；欄位似乎以 {delimiter} 分隔，但只有逗號才算分隔：請另存為以逗號分隔的 CSV"},
    "csv_empty": {
        "en": "{path}: the file is empty; its first line names the columns: {columns} "
              "(optional: tenant)",
        "zh-TW": "{path}：檔案是空的；第一列應為欄位名稱：{columns}（選用：tenant）"},
    "too_many_rows": {"en": "{path}: more than {limit} rows; split the file",
                      "zh-TW": "{path}：超過 {limit} 列；請分割檔案"},
    "duplicate_sku": {"en": "duplicate SKU {sku} (first at {first})",
                      "zh-TW": "SKU {sku} 重複（首次出現於{first}）"},
    "not_a_sku": {"en": "{value} is not a SKU (uppercase letters and digits, 1-32 characters)",
                  "zh-TW": "{value} 不是 SKU（大寫英文字母與數字，1 到 32 個字元）"},
    "name_too_long": {"en": "longer than {limit} characters",
                      "zh-TW": "超過 {limit} 個字元"},
    "empty_text": {"en": "empty or not text", "zh-TW": "空白或不是文字"},
    "not_a_count": {"en": "{value} is not a whole number >= 0",
                    "zh-TW": "{value} 不是大於或等於 0 的整數"},
    "count_too_large": {"en": "'{value}...' is too large (at most {digits} digits)",
                        "zh-TW": "'{value}...' 太大（最多 {digits} 位數）"},

    # --- Server URLs and keys -----------------------------------------------------------
    "bad_url": {"en": "{url!r} is not a usable server URL: {problem}",
                "zh-TW": "{url!r} 不是可用的伺服器 URL：{problem}"},
    "url_characters": {"en": "it holds spaces, control or non-ASCII characters",
                       "zh-TW": "含有空白、控制字元或非 ASCII 字元"},
    "url_no_scheme": {"en": "it lacks http:// (did you mean http://{url}?)",
                      "zh-TW": "缺少 http://（是否要用 http://{url}？）"},
    "url_scheme": {"en": "{scheme}:// is not http:// or https://",
                   "zh-TW": "{scheme}:// 不是 http:// 或 https://"},
    "url_userinfo": {
        "en": "it holds a user name or password; give keys in OPENAI_API_KEY or "
              "ANTHROPIC_API_KEY, never in the URL",
        "zh-TW": "含有使用者名稱或密碼；金鑰請放在 OPENAI_API_KEY 或 ANTHROPIC_API_KEY，"
                 "不要放在 URL"},
    "url_no_host": {"en": "it names no host", "zh-TW": "沒有主機名稱"},
    "url_port": {"en": "its port is not a number from 1 to 65535",
                 "zh-TW": "連接埠不是 1 到 65535 的數字"},
    "url_query": {"en": "it has a ?query or #fragment; give the server's base URL only",
                  "zh-TW": "含有 ?查詢或 #片段；請只提供伺服器的基本 URL"},
    "header_unsendable": {
        "en": "{env} holds what an HTTP header cannot carry (a space at an end, a control "
              "character, a character outside Latin-1); set it again (its value is not "
              "shown: it may be a key)",
        "zh-TW": "{env} 含有 HTTP 標頭無法傳送的字元（開頭或結尾的空白、控制字元、Latin-1 以外"
                 "的字元）；請重新設定（不顯示其值：可能是金鑰）"},

    # --- Reaching a server ----------------------------------------------------------------
    "advice_running": {"en": "Is the server running there?",
                       "zh-TW": "伺服器是否在該處執行？"},
    "advice_ollama": {"en": "Is Ollama running there? Start it with `ollama serve`.",
                      "zh-TW": "Ollama 是否在該處執行？請以 `ollama serve` 啟動。"},
    "advice_openai": {
        "en": "Is the server running there (llama-server, vLLM, LM Studio, ...)?",
        "zh-TW": "伺服器（llama-server、vLLM、LM Studio 等）是否在該處執行？"},
    "advice_anthropic": {"en": "Check the URL and this machine's network connection.",
                         "zh-TW": "請檢查 URL 與本機的網路連線。"},
    "advice_dns": {"en": "Check the host name in the URL, and the network's DNS.",
                   "zh-TW": "請檢查 URL 中的主機名稱，以及網路的 DNS。"},
    "no_such_host": {"en": "the host name does not resolve", "zh-TW": "主機名稱無法解析"},
    # --- The prompt and the model's context window (CONTEXT_TRUNCATED) ---
    "prompt_filled": {
        "en": "the prompt used {used} of the model's {num_ctx} context tokens, so the server "
              "may have dropped its beginning (the rules and tools); the reply was not "
              "trusted",
        "zh-TW": "提示用掉模型 {num_ctx} 個上下文 token 中的 {used} 個，伺服器可能已截去開頭"
                 "（規則與工具定義），因此不採信回覆",
    },
    "prompt_refused": {
        "en": "the prompt does not fit the model's {num_ctx} context tokens ({error}); the "
              "server refused it (truncate: false) instead of silently dropping messages",
        "zh-TW": "提示超出模型 {num_ctx} 個上下文 token（{error}）；伺服器拒絕了它"
                 "（truncate: false），而非默默丟棄訊息",
    },
    # --- What the model reads after a tool call the server could not parse. {shape} is
    # the call's JSON shape (providers/shared.py); {error} the server's own words ---
    "malformed_call_fix": {
        "en": "The server could not read the tool call in your last reply: {error}. Write "
              "each tool call as one JSON object with the tool's name and its arguments, "
              "shaped like {shape}, using only the tools you were given and double-quoted "
              "JSON; or answer in plain text if no tool is needed.",
        "zh-TW": "伺服器無法解析你上一則回覆中的工具呼叫：{error}。每個工具呼叫請寫成一個 JSON "
                 "物件，包含工具名稱與參數，形式如 {shape}；只使用提供給你的工具，JSON 一律用"
                 "雙引號；若不需要工具，請直接以文字回答。",
    },
    "redirect": {
        "en": "a redirect to {location}; set --base-url to that address (redirects are not "
              "followed: they could carry the key elsewhere)",
        "zh-TW": "重新導向到 {location}；請把 --base-url 設為該位址（不跟隨重新導向："
                 "以免金鑰被帶到別處）"},
    "html_page": {
        "en": "an HTML page, not a model server's JSON ({text}); check --base-url and "
              "--provider",
        "zh-TW": "收到 HTML 網頁而非模型伺服器的 JSON（{text}）；請檢查 --base-url 與 "
                 "--provider"},
    "with_hint": {"en": "{text} ({hint})", "zh-TW": "{text}（{hint}）"},
    "hint_v1_openai": {"en": "the URL ends in /v1 for OpenAI-compatible servers",
                       "zh-TW": "OpenAI 相容伺服器的 URL 以 /v1 結尾"},
    "hint_v1_anthropic": {"en": "the base URL is given without /v1 for Anthropic",
                          "zh-TW": "Anthropic 的基本 URL 不含 /v1"},

    # --- Model lists in NO_MODEL, MODEL_NOT_FOUND and TOOLS_UNSUPPORTED --------------------
    "hint_unlisted": {"en": " (Could not list the models on {url}.)",
                      "zh-TW": "（無法列出 {url} 上的模型。）"},
    "hint_none_installed": {
        "en": " No model is installed on {url}: run `ollama pull qwen2.5:7b`.",
        "zh-TW": "{url} 上沒有安裝任何模型：請執行 `ollama pull qwen2.5:7b`。"},
    "hint_none_listed": {"en": " Models on {url}: none.", "zh-TW": "{url} 上的模型：無。"},
    "hint_installed": {"en": " Installed on {url}: {models}.{unchecked}",
                       "zh-TW": "{url} 上已安裝：{models}。{unchecked}"},
    "hint_models": {"en": " Models on {url}: {models}.", "zh-TW": "{url} 上的模型：{models}。"},
    "hint_tools": {"en": " Installed models with tool support: {models}.{unchecked}",
                   "zh-TW": "支援工具呼叫的已安裝模型：{models}。{unchecked}"},
    "hint_no_tools": {"en": " None of the installed models supports tools.{unchecked}",
                      "zh-TW": "已安裝的模型都不支援工具呼叫。{unchecked}"},
    "hint_unchecked": {
        "en": " ({count} {count|model was|models were} not checked for tools in time.)",
        "zh-TW": "（有 {count} 個模型未能及時確認是否支援工具。）"},
    "no_model_list": {"en": "no model list", "zh-TW": "沒有模型清單"},

    # --- Replies that are not what the protocol promises -------------------------------------
    "not_json": {"en": "the body is not JSON", "zh-TW": "內容不是 JSON"},
    "line_not_json": {"en": "a streamed line is not JSON", "zh-TW": "串流中有一行不是 JSON"},
    "not_an_object": {"en": "not a JSON object", "zh-TW": "不是 JSON 物件"},
    "chunk_not_object": {"en": "a chunk is not an object", "zh-TW": "串流片段不是物件"},
    "choices_not_list": {"en": "a chunk's choices is not a list",
                         "zh-TW": "串流片段的 choices 不是清單"},
    "event_without_index": {"en": "{kind} without a block index",
                            "zh-TW": "{kind} 沒有區塊索引"},
    "connection_closed": {"en": "the connection closed in the middle of the reply",
                          "zh-TW": "連線在回覆途中關閉"},
    "done_not_true": {"en": "'done' is not true", "zh-TW": "'done' 不是 true"},
    "stop_reason": {"en": "stop reason {reason}", "zh-TW": "停止原因 {reason}"},
    "reply_not_object": {"en": "the reply is not an object", "zh-TW": "回覆不是物件"},
    "no_assistant_message": {"en": "no assistant message", "zh-TW": "沒有助理訊息"},
    "text_not_string": {"en": "the text is not a string", "zh-TW": "文字內容不是字串"},
    "call_unreadable": {"en": "a call to {name} written as text that is not valid JSON",
                        "zh-TW": "以文字寫出、不是有效 JSON 的 {name} 呼叫"},
    "tool_calls_not_list": {"en": "tool_calls is not a list", "zh-TW": "tool_calls 不是清單"},
    "too_many_calls": {"en": "{count} calls, more than {limit}",
                       "zh-TW": "{count} 個呼叫，超過 {limit}"},
    "call_invalid": {"en": "call {index} has no valid name, id or arguments",
                     "zh-TW": "第 {index} 個呼叫沒有有效的名稱、id 或參數"},
    "call_without_name": {"en": "call {index} has no function name",
                          "zh-TW": "第 {index} 個呼叫沒有函式名稱"},
    "call_without_id": {"en": "call {index} has no id or name",
                        "zh-TW": "第 {index} 個呼叫沒有 id 或名稱"},
    "streamed_call_without_index": {"en": "a streamed tool call has no index",
                                    "zh-TW": "串流中的工具呼叫沒有 index"},
    "block_without_id": {"en": "block {index} has no id, name or input object",
                         "zh-TW": "第 {index} 個區塊沒有 id、名稱或 input 物件"},
    "streamed_input_not_object": {"en": "block {index}: the streamed input is not a JSON object",
                                  "zh-TW": "第 {index} 個區塊：串流的 input 不是 JSON 物件"},
    "stream_ended": {"en": "the stream ended before {marker}",
                     "zh-TW": "串流在 {marker} 之前就結束了"},
    "block_never_closed": {"en": "a content block was never closed",
                           "zh-TW": "有內容區塊從未關閉"},

    # --- Orders and --resume --------------------------------------------------------------
    "journal_unreadable": {
        "en": "its journal {path} cannot be read ({reason}); give the --log-dir the run "
              "used (a run that placed no order has no journal)",
        "zh-TW": "無法讀取其操作日誌 {path}（{reason}）；請指定該次執行使用的 --log-dir"
                 "（未下過訂單的執行沒有操作日誌）"},
    "resume_other_ledger": {
        "en": "its orders went to {ledgers}, not {path}: give that file as --orders",
        "zh-TW": "其訂單寫入 {ledgers}，而非 {path}：請以 --orders 指定該檔案"},
    "resume_other_tenant": {
        "en": "its orders were for tenant {theirs}, not {ours}: give the run's --tenant "
              "and --inventory",
        "zh-TW": "其訂單屬於租戶 {theirs}，而非 {ours}：請指定該次執行的 --tenant 與 "
                 "--inventory"},
    "resume_other_source": {
        "en": "its orders were checked against {theirs}, not {ours}: give the run's "
              "--inventory",
        "zh-TW": "其訂單是依據 {theirs} 檢查，而非 {ours}：請指定該次執行的 --inventory"},
    "ledger_missing": {
        "en": "no such file; --resume opens the ledger the run wrote to, never a new one",
        "zh-TW": "檔案不存在；--resume 只開啟該次執行寫入的帳本，從不建立新帳本"},
    "ledger_columns": {"en": "its table {table} has the columns {found}, not {expected}",
                       "zh-TW": "其資料表 {table} 的欄位是 {found}，而非 {expected}"},
    "write_interrupted": {
        "en": "stopped by {signal} before the ledger's answer was recorded",
        "zh-TW": "在記下帳本的回覆之前被 {signal} 中止"},
    "ledger_other_tables": {
        "en": "it holds other tables ({tables}), so it is not a ledger this program made; "
              "--orders never adds its table to another database",
        "zh-TW": "其中有其他資料表（{tables}），不是本程式建立的帳本；--orders 不會把資料表加進"
                 "其他資料庫"},
    "ledger_no_folder": {"en": "there is no folder {folder} to make it in",
                         "zh-TW": "沒有可建立它的資料夾 {folder}"},
    "ledger_is_inventory": {
        "en": "it is the --inventory file; the ledger must be a file of its own",
        "zh-TW": "它就是 --inventory 的資料檔；帳本必須是另一個檔案"},

    # --- MCP servers: starting one, and the tools it cannot offer ---------------------------
    "mcp_cannot_run": {"en": "cannot run {command} ({reason})",
                       "zh-TW": "無法執行 {command}（{reason}）"},
    "mcp_no_tools_capability": {
        "en": "it offers no tools (its capabilities have no tools)",
        "zh-TW": "它不提供工具（其 capabilities 沒有 tools）"},
    "mcp_no_tools_listed": {"en": "it lists no tools", "zh-TW": "它沒有列出任何工具"},
    "mcp_none_offered": {
        "en": "none of its {count} {count|tool|tools} can be offered",
        "zh-TW": "它的 {count} 個工具都無法提供給模型"},
    "mcp_tool_unnamed": {"en": "a tool without a name", "zh-TW": "工具沒有名稱"},
    "mcp_tool_twice": {"en": "the server lists it twice", "zh-TW": "伺服器把它列出兩次"},
    "mcp_tool_name": {
        "en": "its name {name} cannot be a model's tool name (letters, digits, _ and - only, "
              "at most 64 with the server's prefix)",
        "zh-TW": "名稱 {name} 不能作為模型的工具名稱（只能用英文字母、數字、_ 與 -，"
                 "連同伺服器前綴最多 64 個字元）"},
    "mcp_tool_too_large": {"en": "its definition is {size} characters, over {limit}",
                           "zh-TW": "其定義長達 {size} 字元，超過 {limit}"},
    "mcp_schema_not_object": {"en": "its inputSchema is not an object",
                              "zh-TW": "其 inputSchema 不是物件"},
    "mcp_schema_dialect": {"en": "its inputSchema is written for {dialect}",
                           "zh-TW": "其 inputSchema 是為 {dialect} 撰寫的"},
    "mcp_schema_not_object_type": {"en": "its inputSchema is not of type object",
                                   "zh-TW": "其 inputSchema 的 type 不是 object"},
    "mcp_schema_unenforced": {
        "en": "its inputSchema has a rule stock-agent does not enforce ({problem})",
        "zh-TW": "其 inputSchema 含有 stock-agent 不會強制執行的規則（{problem}）"},
    "mcp_schema_too_deep": {"en": "its inputSchema is nested too deeply",
                            "zh-TW": "其 inputSchema 巢狀層數過深"},

    # --- MCP servers: what breaks the protocol, what is too much -----------------------------
    "mcp_refused_initialize": {"en": "it refused initialize: {message}",
                               "zh-TW": "它拒絕了 initialize：{message}"},
    "mcp_no_common_version": {
        "en": "no protocol version in common ({where}): it speaks {offered}; stock-agent "
              "speaks {ours}",
        "zh-TW": "沒有共同的協定版本（{where}）：它支援 {offered}；stock-agent 支援 {ours}"},
    "mcp_method_error": {"en": "it answered {method} with error {code}: {message}",
                         "zh-TW": "它以錯誤 {code} 回應 {method}：{message}"},
    "mcp_input_required": {
        "en": "it asked for more input (resultType {kind}), which stock-agent never gives",
        "zh-TW": "它要求更多輸入（resultType {kind}），但 stock-agent 從不提供"},
    "mcp_no_tools_array": {"en": "its tools/list result has no tools array",
                           "zh-TW": "其 tools/list 結果沒有 tools 陣列"},
    "mcp_bad_cursor": {"en": "its tools/list nextCursor repeats or is not text",
                       "zh-TW": "其 tools/list 的 nextCursor 重複或不是文字"},
    "mcp_too_many_pages": {"en": "tools/list goes on past {limit} pages",
                           "zh-TW": "tools/list 超過 {limit} 頁仍未結束"},
    "mcp_too_many_tools": {"en": "more than {limit} tools", "zh-TW": "超過 {limit} 個工具"},
    "mcp_long_line": {"en": "a stdout line over {limit} bytes",
                      "zh-TW": "stdout 有一行超過 {limit} 位元組"},
    "mcp_stderr_flood": {"en": "over {limit} bytes on stderr",
                         "zh-TW": "stderr 超過 {limit} 位元組"},
    "mcp_not_a_message": {"en": "it wrote {line} on stdout, which is not a JSON-RPC message",
                          "zh-TW": "它在 stdout 寫出 {line}，這不是 JSON-RPC 訊息"},
    "mcp_malformed": {"en": "{problem}: {line}", "zh-TW": "{problem}：{line}"},
    "rpc_not_jsonrpc": {"en": "not a JSON-RPC 2.0 object", "zh-TW": "不是 JSON-RPC 2.0 物件"},
    "rpc_method_not_text": {"en": "a method that is not a string",
                            "zh-TW": "method 不是字串"},
    "rpc_bad_response": {
        "en": "a response without an id, or without exactly one of result and error",
        "zh-TW": "回應沒有 id，或 result 與 error 並非恰好一個"},
    "rpc_result_not_object": {"en": "a result that is not an object",
                              "zh-TW": "result 不是物件"},
    "rpc_bad_error": {"en": "an error without an integer code and a message",
                      "zh-TW": "error 缺少整數 code 或 message"},

    # --- Tool schemas (stock_agent/schema.py: what an MCP server's inputSchema is refused for)
    "schema_not_dict": {"en": "{where}: a schema must be a dict",
                        "zh-TW": "{where}：schema 必須是物件"},
    "schema_keywords": {"en": "{where}: unsupported schema keyword(s) {keywords}",
                        "zh-TW": "{where}：不支援的 schema 關鍵字 {keywords}"},
    "schema_kind": {"en": "{where}: {keyword} must be {kind}",
                    "zh-TW": "{where}：{keyword} 必須是{kind}"},
    "kind_object": {"en": "an object", "zh-TW": "物件"},
    "kind_array": {"en": "an array", "zh-TW": "陣列"},
    "kind_string": {"en": "a string", "zh-TW": "字串"},
    "kind_whole_number": {"en": "a whole number", "zh-TW": "整數"},
    "kind_number": {"en": "a number", "zh-TW": "數字"},
    "kind_type": {"en": "a type name or an array of them", "zh-TW": "型別名稱或型別名稱的陣列"},
    "schema_required": {"en": "{where}: required must list field names",
                        "zh-TW": "{where}：required 必須列出欄位名稱"},
    "schema_type": {"en": "{where}: unknown type {name}", "zh-TW": "{where}：未知的型別 {name}"},
    "schema_empty_enum": {"en": "{where}: enum must list at least one value",
                          "zh-TW": "{where}：enum 至少要列出一個值"},
    "schema_additional": {"en": "{where}: only additionalProperties false is supported",
                          "zh-TW": "{where}：additionalProperties 只支援 false"},
    "schema_pattern": {"en": "{where}: pattern is not a regular expression ({reason})",
                       "zh-TW": "{where}：pattern 不是正規表示式（{reason}）"},

    # --- Evaluation cases and reports --------------------------------------------------------
    "cases_unreadable": {"en": "cases {path}: {problem}", "zh-TW": "案例檔 {path}：{problem}"},
    "cases_none": {"en": "{path} holds no cases", "zh-TW": "{path} 沒有任何案例"},
    "case_line": {"en": "{path}, line {line}: {problem}",
                  "zh-TW": "{path}，第 {line} 行：{problem}"},
    "case_not_json": {"en": "not valid JSON", "zh-TW": "不是有效的 JSON"},
    "case_not_object": {"en": "not a JSON object", "zh-TW": "不是 JSON 物件"},
    "case_unknown_fields": {"en": "unknown field(s) {fields}", "zh-TW": "不明欄位 {fields}"},
    "case_blank": {"en": "{field} must be a non-empty string",
                   "zh-TW": "{field} 必須是非空白字串"},
    "case_lang": {"en": "lang must be one of {langs}", "zh-TW": "lang 必須是 {langs} 之一"},
    "case_split": {"en": "split must be one of {splits}", "zh-TW": "split 必須是 {splits} 之一"},
    "cases_none_in_split": {"en": "{path} holds no cases of the {split} set",
                            "zh-TW": "{path} 沒有 {split} 集的案例"},
    "case_tool_calls": {"en": 'expect.tool_calls must be a list of {{"name", "arguments"}}',
                        "zh-TW": 'expect.tool_calls 必須是 {{"name", "arguments"}} 的清單'},
    "continue_other_tenant": {
        "en": "it was recorded for tenant {theirs}, not {ours}: give its --tenant and "
              "--inventory, or start a new conversation with --chat",
        "zh-TW": "它記錄的是租戶 {theirs}，而非 {ours}：請指定它的 --tenant 與 --inventory，"
                 "或以 --chat 開始新的對話"},
    "continue_other_source": {
        "en": "its tool results came from {theirs}, not {ours}: give its --inventory, or "
              "start a new conversation with --chat",
        "zh-TW": "其工具結果來自 {theirs}，而非 {ours}：請指定它的 --inventory，或以 --chat "
                 "開始新的對話"},
    "continue_none": {
        "en": "--continue last: {log_dir} holds no conversation record; start one with --chat, "
              "or name a record with --continue PATH",
        "zh-TW": "--continue last：{log_dir} 中沒有對話紀錄；請以 --chat 開始一段對話，或以 "
                 "--continue PATH 指定紀錄"},
    "continue_bad": {"en": "--continue {path}: {problem}", "zh-TW": "--continue {path}：{problem}"},
    "continue_not_record": {"en": 'it is not a conversation record (one begins with '
                                  'run_started and "session": true)',
                            "zh-TW": '這不是對話紀錄（對話紀錄以 run_started 與 "session": true '
                                     '開頭）'},
    "record_line": {"en": "line {number}: {problem}; a record as this program wrote it has "
                          "none: undo the edit, or start a new conversation with --chat",
                    "zh-TW": "第 {number} 行：{problem}；本程式寫下的紀錄不會如此：請還原手動"
                             "修改，或以 --chat 開始新的對話"},
    "record_not_event": {"en": "not a JSON object with an event",
                         "zh-TW": "不是含有 event 的 JSON 物件"},
    "record_bad_turn": {"en": "a turn starts inside another, or without its number or "
                              "question",
                        "zh-TW": "一輪對話在另一輪之中開始，或缺少編號或問題"},
    "record_bad_messages": {"en": "the turn's messages are not a list of messages",
                            "zh-TW": "這一輪的 messages 不是訊息清單"},
    "record_no_question": {"en": "the turn's first message is not its question",
                           "zh-TW": "這一輪的第一則訊息不是它的問題"},
    "record_no_answer": {"en": "the turn's messages do not end with the model's answer",
                         "zh-TW": "這一輪的訊息不是以模型的回答結尾"},
    "record_bad_message": {"en": "message {index} of the turn: {problem}",
                           "zh-TW": "這一輪的第 {index} 則訊息：{problem}"},
    "message_not_object": {"en": "not a JSON object", "zh-TW": "不是 JSON 物件"},
    "message_role": {"en": "its role is {role}, not user, assistant or tool",
                     "zh-TW": "其 role 是 {role}，不是 user、assistant 或 tool"},
    "message_fields": {"en": "a {role} message has the fields {fields}, no others",
                       "zh-TW": "{role} 訊息只有 {fields} 這些欄位"},
    "message_type": {"en": "its {field} is not {kind}", "zh-TW": "其 {field} 不是{kind}"},
    "kind_text": {"en": "text", "zh-TW": "文字"},
    "kind_result": {"en": "a tool result as JSON text", "zh-TW": "以 JSON 文字表示的工具結果"},
    "kind_calls": {"en": 'a list of {{"id", "name", "arguments"}}',
                   "zh-TW": ' {{"id", "name", "arguments"}} 的清單'},
    "message_raw": {"en": "its provider message (raw) has the role {role}, not assistant",
                    "zh-TW": "其供應商訊息（raw）的 role 是 {role}，不是 assistant"},
    "message_unpaired": {"en": "a tool call and its result are not in order, one after the "
                               "other",
                         "zh-TW": "工具呼叫與其結果沒有依序緊接"},
    "ollama_proxy_credentials": {"en": "the credentials of the proxy in front of Ollama",
                                 "zh-TW": "Ollama 前方代理伺服器的憑證"},
    "question_too_long": {"en": "a question line is longer than {limit} characters, the most "
                                "a question may be; ask it in fewer words",
                          "zh-TW": "有一行問題超過 {limit} 個字元，這是問題的上限；請以較短的文字提問"},
    "question_not_text": {"en": "a question line is not text in the input's encoding; "
                                "send UTF-8",
                          "zh-TW": "有一行問題不是輸入編碼的文字；請以 UTF-8 送出"},
    "case_duplicate": {"en": "duplicate id {id}", "zh-TW": "id {id} 重複"},
    "case_question_or_turns": {"en": "a case has either a question or turns (a conversation)",
                               "zh-TW": "每個案例只能有 question 或 turns（多輪對話）其中之一"},
    "case_turns": {"en": 'turns must be a non-empty list of {{"question", "expect"}}',
                   "zh-TW": 'turns 必須是非空的 {{"question", "expect"}} 清單'},
    "case_turn_shape": {"en": "a turn is an object with {keys}",
                        "zh-TW": "每一輪必須是含有 {keys} 的物件"},
    "case_turn": {"en": "turn {number}: {problem}", "zh-TW": "第 {number} 輪：{problem}"},
    "report_unwritable": {"en": "cannot write the report {path}: {reason}",
                          "zh-TW": "無法寫入報告 {path}：{reason}"},
}
