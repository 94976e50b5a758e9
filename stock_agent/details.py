"""The details inside error messages, in every language (errors.Text reads them).

An error line is `stock-agent: CODE: message`; the message (errors.MESSAGES) often carries a
detail: which file, row and column, which field of a reply, what a URL lacks. Those details
are worded here, once per language, so a zh-TW line is Chinese all through. What a detail
quotes (a path, a value, a server's own error text, an operating system's reason) is shown
as it came. Loaded only when an error is shown, so a run that succeeds never reads it.
"""

DETAILS = {
    # --- Files a person names ---------------------------------------------------------
    "unreadable_file": {"en": "{path}: {problem}", "zh-TW": "{path}：{problem}"},
    "os_error": {"en": "cannot read it ({reason})", "zh-TW": "無法讀取（{reason}）"},
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
        "en": "{path}: {where}: missing column {column} (needed: {columns}; optional: tenant)",
        "zh-TW": "{path}：{where}：缺少欄位 {column}（必要：{columns}；選用：tenant）"},
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
    "key_spaces": {"en": "{env} holds spaces or control characters; set it to the key alone",
                   "zh-TW": "{env} 含有空白或控制字元；請只放金鑰本身"},

    # --- Reaching a server ----------------------------------------------------------------
    "advice_running": {"en": "Is the server running there?",
                       "zh-TW": "伺服器是否在該處執行？"},
    "advice_ollama": {"en": "Is Ollama running there (`ollama serve`)?",
                      "zh-TW": "Ollama 是否在該處執行（`ollama serve`）？"},
    "advice_openai": {
        "en": "Is the server running there (llama-server, vLLM, LM Studio, ...)?",
        "zh-TW": "伺服器（llama-server、vLLM、LM Studio 等）是否在該處執行？"},
    "advice_anthropic": {"en": "Check the URL and this machine's network connection.",
                         "zh-TW": "請檢查 URL 與本機的網路連線。"},
    "advice_dns": {"en": "Check the host name in the URL, and the network's DNS.",
                   "zh-TW": "請檢查 URL 中的主機名稱，以及網路的 DNS。"},
    "no_such_host": {"en": "the host name does not resolve", "zh-TW": "主機名稱無法解析"},
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
        "en": "its orders were for tenant {tenants}, not {tenant}: give the run's --tenant "
              "and --inventory",
        "zh-TW": "其訂單屬於租戶 {tenants}，而非 {tenant}：請指定該次執行的 --tenant 與 "
                 "--inventory"},
    "resume_other_source": {
        "en": "its orders were checked against {sources}, not {source}: give the run's "
              "--inventory",
        "zh-TW": "其訂單是依據 {sources} 檢查，而非 {source}：請指定該次執行的 --inventory"},
    "ledger_missing": {
        "en": "no such file; --resume opens the ledger the run wrote to, never a new one",
        "zh-TW": "檔案不存在；--resume 只開啟該次執行寫入的帳本，從不建立新帳本"},
    "ledger_columns": {"en": "its table {table} has the columns {found}, not {expected}",
                       "zh-TW": "其資料表 {table} 的欄位是 {found}，而非 {expected}"},

    # --- MCP servers: starting one, and the tools it cannot offer ---------------------------
    "mcp_cannot_run": {"en": "cannot run {command} ({reason})",
                       "zh-TW": "無法執行 {command}（{reason}）"},
    "mcp_no_tools_capability": {
        "en": "it offers no tools (its capabilities have no tools)",
        "zh-TW": "它不提供工具（其 capabilities 沒有 tools）"},
    "mcp_no_tools_listed": {"en": "it lists no tools", "zh-TW": "它沒有列出任何工具"},
    "mcp_run_alone": {"en": "Run its command alone to see why",
                      "zh-TW": "請單獨執行其指令查看原因"},
    "mcp_env_dropped": {
        "en": "It ran without {count} of your environment {count|variable|variables} "
              "({names}): if it needs one (a proxy or certificate variable, say), pass it with "
              "--mcp-env NAME; or run its command alone to see why",
        "zh-TW": "它執行時沒有你環境中的 {count} 個變數（{names}）：若它需要其中之一"
                 "（例如代理或憑證變數），請以 --mcp-env NAME 傳入；或單獨執行其指令查看原因"},
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
    "mcp_stopped_reading": {"en": "it stopped reading its stdin ({size} bytes sent are unread)",
                            "zh-TW": "它已停止讀取標準輸入（送出的 {size} 位元組尚未讀取）"},
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
    "case_tool_calls": {"en": 'expect.tool_calls must be a list of {{"name", "arguments"}}',
                        "zh-TW": 'expect.tool_calls 必須是 {{"name", "arguments"}} 的清單'},
    "continue_bad": {"en": "--continue {path}: {problem}", "zh-TW": "--continue {path}：{problem}"},
    "continue_not_record": {"en": 'it is not a conversation record (one begins with '
                                  'run_started and "session": true)',
                            "zh-TW": '這不是對話紀錄（對話紀錄以 run_started 與 "session": true '
                                     '開頭）'},
    "record_line": {"en": "line {number}: {problem}", "zh-TW": "第 {number} 行：{problem}"},
    "record_not_event": {"en": "not a JSON object with an event",
                         "zh-TW": "不是含有 event 的 JSON 物件"},
    "record_bad_turn": {"en": "a turn starts inside another, or without its number or "
                              "question",
                        "zh-TW": "一輪對話在另一輪之中開始，或缺少編號或問題"},
    "record_bad_messages": {"en": "the turn's messages are not a list of messages",
                            "zh-TW": "這一輪的 messages 不是訊息清單"},
    "ollama_proxy_credentials": {"en": "the credentials of the proxy in front of Ollama",
                                 "zh-TW": "Ollama 前方代理伺服器的憑證"},
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
