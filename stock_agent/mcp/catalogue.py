"""Finding tools by words, for when the servers offer more tools than the model is shown.

The article's advice (section 08): with many tools, offer a catalogue and a search first,
and load only the definitions a task needs. `search` ranks tools by the words of a query:
a word that starts a word of a tool's name counts 3, one found in its description counts 1
(so `time` finds `get_current_time`, and a Chinese phrase is matched inside a description).
Ties keep the servers' order. Deterministic, no model, no index to build.
"""

import re

WORD = re.compile(r"[^\W_]+")


def search(entries, query, limit):
    """The best `limit` entries ({"name", "description", ...}) for `query`, and how many
    other entries matched at all."""
    words = [word.casefold() for word in WORD.findall(_split_camel(query))]
    scored = []
    for position, entry in enumerate(entries):
        score = _score(words, entry)
        if score:
            scored.append((-score, position, entry))
    scored.sort(key=lambda item: item[:2])
    return [entry for _, _, entry in scored[:limit]], max(len(scored) - limit, 0)


def _score(words, entry):
    name_words = [part.casefold() for part in WORD.findall(_split_camel(entry["name"]))]
    description = entry["description"].casefold()
    score = 0
    for word in words:
        if any(part.startswith(word) for part in name_words):
            score += 3
        elif word in description:
            score += 1
    return score


def _split_camel(name):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)


# --- The search tool (tools.plugin_toolbox declares it) ---------------------------------

SEARCH_TOOL = {
    "name": "search_tools",
    "description": (
        "Find tools of the connected MCP servers by words for what you need (for example: "
        "current time, convert units). Returns the matching tools; after that you can call "
        "them by name. Use it when none of your tools fits the question."),
    "parameters": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "maxLength": 100,
                      "description": "words for the task, in any language"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5,
                      "description": "most tools to return"},
        },
        "required": ["query"],
        "additionalProperties": False,
    },
}


def search_tools(toolbox, arguments):
    """The search tool's handler: the best matches among the servers' tools, whose
    definitions the model is given from the next request on (`toolbox.reveal`)."""
    offered = [toolbox.get(name) for name in toolbox.names()]
    entries = [{"name": tool.name, "server": tool.server, "description": tool.description}
               for tool in offered + toolbox.deferred() if tool.server]
    found, more = search(entries, arguments["query"], arguments.get("limit", 5))
    for entry in found:
        toolbox.reveal(entry["name"])
    return {"query": arguments["query"], "more": more,
            "tools": [{**entry, "description": entry["description"][:200]} for entry in found],
            "note": "You can call these tools by name now." if found else
                    "Nothing matched: try other words, or answer without a tool."}
