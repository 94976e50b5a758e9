"""--otlp RUN_LOG: a finished run's log as OpenTelemetry traces (OTLP/HTTP JSON).

    $ python agent.py --otlp runs/20261202T005611Z-129836.jsonl > trace.json
    $ python agent.py --otlp runs/20261202T005611Z-129836.jsonl \\
          --otlp-endpoint http://127.0.0.1:4318

The wing's one entry point is `export(settings, environ)`: it reads the log with the one
record reader (runlog.read_records: regular files only, capped), turns its events into one
ExportTraceServiceRequest (spans.py: the mapping onto the GenAI semantic conventions), and
writes it on stdout, or POSTs it to --otlp-endpoint (`/v1/traces` is added to a URL without
a path) with Content-Type application/json and the headers of $OTEL_EXPORTER_OTLP_HEADERS,
all within --timeout. It runs nothing and asks no model: the log is all it reads.

Guarantees: the same log gives the same bytes (ids and times come from the log); content
leaves only if the log holds it; a log that cannot be read is OTLP_LOG_UNREADABLE (65),
with what is wrong and the line; a receiver that answers other than 2xx, or rejects spans
in a partial success, is OTLP_EXPORT_REFUSED (66); nothing answering is OTLP_UNREACHABLE
(67); no answer within --timeout is OTLP_TIMEOUT (68). Nothing is retried. A torn last line
(a run cut off mid-write) is left out, with a note, and the rest is exported.
"""

import json
import sys

from stock_agent.errors import AgentError, Text

DEFAULT_PATH = "/v1/traces"


def export(settings, environ):
    """Export the log --otlp names. Returns the exit status; prints one line on stderr for
    an error (and for a note), the request on stdout when no endpoint is given."""
    from stock_agent import cli
    lang = settings.lang
    try:
        records, torn = read_log(settings.otlp)
        if torn:
            cli.print_err(Text("otlp_torn", path=settings.otlp).render(lang))
        request, body = _encoded(records, settings.otlp)
        if settings.otlp_endpoint is None:
            return _print(body, lang)
        url = endpoint(settings.otlp_endpoint)
        send(url, body.encode("utf-8"), timeout=settings.limits.timeout,
             headers=headers(environ))
    except (KeyboardInterrupt, Exception) as exc:  # Ctrl-C, SIGTERM; a bug: one line
        from stock_agent.run import ended_by
        error = ended_by(exc, traceback=settings.traceback)
        cli.print_err(Text("error", code=error.code, message=error.message(lang)).render(lang))
        return error.exit_status
    found = request["resourceSpans"][0]["scopeSpans"][0]["spans"]
    cli.print_err(Text("otlp_sent", spans=len(found), url=url,
                       traces=len({span["traceId"] for span in found})).render(lang))
    return 0


def read_log(path):
    """(records, torn): the events of the run log at `path`, every line one, and whether a
    torn last line was left out. OTLP_LOG_UNREADABLE for anything else."""
    from stock_agent import files, runlog
    try:
        records, bad, _ = runlog.read_records(path, check=runlog.is_event)
    except OSError as exc:
        raise AgentError("OTLP_LOG_UNREADABLE", path=path, reason=files.problem(exc)) from None
    torn = bad > records.count(None)
    first = records[0] if records else None
    if first is None or first["event"] != "run_started":
        raise AgentError("OTLP_LOG_UNREADABLE", path=path, reason=Text("otlp_not_a_log"))
    if None in records:
        raise AgentError("OTLP_LOG_UNREADABLE", path=path,
                         reason=Text("otlp_bad_line", line=records.index(None) + 1))
    from stock_agent.otlp import spans
    for line, record in enumerate(records, 1):
        wrong = spans.wrong_field(record)
        if wrong is not None:
            raise AgentError("OTLP_LOG_UNREADABLE", path=path, reason=Text(
                "otlp_bad_field", line=line, event=record["event"], field=wrong[0],
                kind=wrong[1]))
    return records, torn


def _encoded(records, path):
    """The request of `records`, and its JSON text. ASCII: no character of the log (a bidi
    override, say) reaches a terminal as is. A value nested some hundred levels deep (JSON
    reads a thousand) is more than the encoding can recurse into: OTLP_LOG_UNREADABLE."""
    from stock_agent import cli
    from stock_agent.otlp import spans
    try:
        request = spans.request(records, version=cli.VERSION)
        return request, json.dumps(request, separators=(",", ":"))
    except RecursionError:
        raise AgentError("OTLP_LOG_UNREADABLE", path=path,
                         reason=Text("otlp_too_deep")) from None


def endpoint(url):
    """The URL to POST to: `url` as given, or with /v1/traces when it names no path."""
    from urllib.parse import urlsplit
    from stock_agent.providers import transport
    transport.checked_url(url)
    return url.rstrip("/") + DEFAULT_PATH if urlsplit(url).path in ("", "/") else url


def headers(environ):
    """The headers of $OTEL_EXPORTER_OTLP_HEADERS and $OTEL_EXPORTER_OTLP_TRACES_HEADERS
    (`name=value,name=value`, values percent-encoded; the second wins), as the
    OpenTelemetry SDKs read them. They may hold a key: they are sent, never shown, and
    one that no header can carry is INVALID_INPUT naming only the variable."""
    from urllib.parse import unquote
    from stock_agent.providers.transport import checked_header
    found = {}
    for variable in ("OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"):
        for pair in environ.get(variable, "").split(","):
            name, equals, value = pair.partition("=")
            if equals and name.strip():
                found[name.strip()] = checked_header(unquote(value.strip()), env=variable,
                                                     name=name.strip())
    return found


def send(url, body, *, timeout, headers=None):
    """POST the request's bytes to `url`; returns when the receiver accepted every span."""
    from stock_agent.providers import transport
    try:
        status, payload, _ = transport.request_json("POST", url, body, timeout=timeout,
                                                    server=url, headers=headers)
    except AgentError as exc:
        if exc.code == "MODEL_BAD_RESPONSE":  # a 2xx whose body is not JSON: accepted
            return
        raise _receiver_error(exc, url) from None
    if not 200 <= status < 300:
        raise AgentError("OTLP_EXPORT_REFUSED", url=url, status=status, error=_said(payload))
    rejected = _rejected(payload)
    if rejected:
        raise AgentError("OTLP_EXPORT_REFUSED", url=url, status=status, error=Text(
            "otlp_partial", rejected=rejected, error=_said(payload.get("partialSuccess"))))


def _receiver_error(exc, url):
    """The transport's error (worded for a model server) as the exporter's own."""
    if exc.code == "MODEL_TIMEOUT":
        return AgentError("OTLP_TIMEOUT", url=url, seconds=exc.params.get("seconds"))
    if exc.code in ("MODEL_UNREACHABLE", "INCOMPLETE_MODEL_RESPONSE"):
        return AgentError("OTLP_UNREACHABLE", url=url,
                          reason=exc.params.get("reason") or exc.params.get("detail"))
    if exc.code == "MODEL_RESPONSE_TOO_LARGE":
        return AgentError("OTLP_EXPORT_REFUSED", url=url, status="?",
                          error=Text("too_large", limit=exc.params.get("limit")))
    return exc


def _said(payload):
    """What the receiver said: a google.rpc.Status `message`, an error page's line, or '?'."""
    if isinstance(payload, dict):
        for key in ("message", "errorMessage", "error"):
            if isinstance(payload.get(key), str) and payload[key]:
                return payload[key][:200]
    return "?"


def _rejected(payload):
    """How many spans a partial success rejected (int64 arrives as a string), or 0."""
    partial = payload.get("partialSuccess") if isinstance(payload, dict) else None
    count = partial.get("rejectedSpans") if isinstance(partial, dict) else None
    try:
        return int(count or 0)
    except (TypeError, ValueError):
        return 0


def _print(body, lang):
    from stock_agent import cli
    failed = cli.write(sys.stdout, body + "\n")
    if failed is None:
        return 0
    if sys.stdout is not None:
        cli.silence("stdout")
    failure = AgentError("OUTPUT_UNWRITABLE", reason=failed)
    cli.print_err(Text("error", code=failure.code, message=failure.message(lang)).render(lang))
    return failure.exit_status
