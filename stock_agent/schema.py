"""A validator for the JSON Schema subset that tool declarations use.

Supported: type (string, integer, number, boolean, object, array, null; a boolean is not an
integer and NaN is not a number), properties, required, additionalProperties false, enum,
pattern, minLength/maxLength, minimum/maximum, items, minItems/maxItems. `check_schema` refuses any
other keyword when a tool is defined, so a schema never promises a rule that is not enforced.
A `pattern` is ECMA-262's, matched by our own automaton in time linear in the value (see
"Patterns" below): a pattern it cannot match so (a backreference, a lookaround) is refused
with the other keywords, and no value can make a check run away.
`validate` returns None or one sentence naming the path (`$.sku`) and the rule broken, worded
so a model can correct its call.
"""

import bisect
import functools
import json
import re

from stock_agent.errors import Text


SUPPORTED_KEYWORDS = frozenset({
    "type", "properties", "required", "additionalProperties", "enum", "pattern",
    "minLength", "maxLength", "minimum", "maximum", "items", "minItems", "maxItems",
    "description", "title", "default"})

_TYPE_CHECKS = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: (isinstance(v, (int, float)) and not isinstance(v, bool)
                         and v == v and v not in (float("inf"), float("-inf"))),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


# The value each keyword must have (the first type is its harmless default): a schema from
# elsewhere (an MCP server) must not make the validator crash later.
_KEYWORD_VALUES = {
    "properties": (dict,), "required": (list,), "enum": (list,), "pattern": (str,),
    "minLength": (int,), "maxLength": (int,), "minItems": (int,), "maxItems": (int,),
    "minimum": (int, float), "maximum": (int, float), "items": (dict,), "description": (str,),
    "title": (str,),
    "type": (str, list)}
_KIND_NAMES = {(dict,): Text("kind_object"), (list,): Text("kind_array"),
               (str,): Text("kind_string"), (int,): Text("kind_whole_number"),
               (int, float): Text("kind_number"), (str, list): Text("kind_type")}


class SchemaError(ValueError):
    """A schema this validator would not fully enforce. `text` words it in every language
    (an MCP server's refused tool is named in the run's language); str() is the English."""

    def __init__(self, text):
        super().__init__(text.key)
        self.text = text

    def __str__(self):
        return self.text.render("en")


def check_schema(schema, *, where):
    """Reject a schema this validator would not fully enforce: fail when the tool is defined."""
    where = where[:80]  # a path of property names from elsewhere (an MCP server) is cut
    if not isinstance(schema, dict):
        raise SchemaError(Text("schema_not_dict", where=where))
    unknown = set(schema) - SUPPORTED_KEYWORDS
    if unknown:
        raise SchemaError(Text("schema_keywords", where=where,
                               keywords=str(sorted(unknown))[:80]))
    for key, kinds in _KEYWORD_VALUES.items():
        value = schema.get(key, kinds[0]())
        if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
            raise SchemaError(Text("schema_kind", where=where, keyword=key,
                                   kind=_KIND_NAMES[kinds]))
    if not all(isinstance(name, str) for name in schema.get("required", ())):
        raise SchemaError(Text("schema_required", where=where))
    types = schema.get("type")
    for name in types if isinstance(types, list) else [types] if types else []:
        if not isinstance(name, str) or name not in _TYPE_CHECKS:
            raise SchemaError(Text("schema_type", where=where, name=repr(name)[:40]))
    for key, sub in schema.get("properties", {}).items():
        check_schema(sub, where=f"{where}.{key}")
    if "enum" in schema and not schema["enum"]:
        raise SchemaError(Text("schema_empty_enum", where=where))
    if "items" in schema:
        check_schema(schema["items"], where=f"{where}[]")
    if schema.get("additionalProperties", False) not in (False,):
        raise SchemaError(Text("schema_additional", where=where))
    if "pattern" in schema:
        try:
            _program(schema["pattern"])
        except _PatternError as exc:
            raise SchemaError(Text(exc.key, where=where, **exc.params)) from None


def validate(schema, value, path="$"):
    """Return None if `value` satisfies `schema`, else one sentence naming path and rule."""
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        if not any(_TYPE_CHECKS[name](value) for name in names):
            return f"{path}: expected {' or '.join(names)}, got {_describe(value)}"
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        return f"{path}: must be one of {json.dumps(schema['enum'], ensure_ascii=False)}"
    if isinstance(value, str):
        return _validate_string(schema, value, path)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _validate_number(schema, value, path)
    if isinstance(value, dict):
        return _validate_object(schema, value, path)
    if isinstance(value, list):
        return _validate_array(schema, value, path)
    return None


def _validate_string(schema, value, path):
    if "minLength" in schema and len(value) < schema["minLength"]:
        return f"{path}: must have at least {schema['minLength']} characters"
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        return f"{path}: must have at most {schema['maxLength']} characters"
    if "pattern" in schema:
        found = _program(schema["pattern"]).search(value)
        hint = schema.get("description") or f"the pattern {schema['pattern']}"
        if found is None:
            return (f"{path}: {len(value)} characters are too many to check against {hint}; "
                    "send a shorter value")
        if not found:
            return f"{path}: {json.dumps(value[:40], ensure_ascii=False)} does not match {hint}"
    return None


def _validate_number(schema, value, path):
    if "minimum" in schema and value < schema["minimum"]:
        return f"{path}: must be at least {schema['minimum']}"
    if "maximum" in schema and value > schema["maximum"]:
        return f"{path}: must be at most {schema['maximum']}"
    return None


def _validate_object(schema, value, path):
    properties = schema.get("properties", {})
    for key in schema.get("required", ()):
        if key not in value:
            return f"{path}.{key}: this required field is missing"
    if schema.get("additionalProperties", True) is False:
        extra = [key for key in value if key not in properties]
        if extra:
            return (f"{path}: unexpected field {str(extra[0])[:40]!r}; allowed fields are "
                    f"{', '.join(properties) or 'none'}")
    for key, rule in properties.items():
        if key in value:
            problem = validate(rule, value[key], f"{path}.{key}")
            if problem:
                return problem
    return None


def _validate_array(schema, value, path):
    if "minItems" in schema and len(value) < schema["minItems"]:
        return f"{path}: must have at least {schema['minItems']} items"
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        return f"{path}: must have at most {schema['maxItems']} items"
    if "items" in schema:
        for index, item in enumerate(value):
            problem = validate(schema["items"], item, f"{path}[{index}]")
            if problem:
                return problem
    return None


def _same(value, option):
    # JSON equality: true is not 1, and 1 is not "1".
    return type(value) is type(option) and value == option


def _describe(value):
    if value is None:
        return "null"
    kind = {bool: "boolean", int: "integer", float: "number", str: "string",
            list: "array", dict: "object"}.get(type(value), type(value).__name__)
    if isinstance(value, (dict, list)):
        return kind
    return f"{kind} {json.dumps(value, ensure_ascii=False)[:40]}"

# --- Patterns: ECMA-262, matched in linear time ------------------------------------------
#
# JSON Schema's `pattern` is an ECMA-262 regular expression, searched for anywhere in the
# value. Python's `re` differs (`\d` matches ١٢٣, `$` matches before a final newline) and
# backtracks: `^(a+)+$` against 41 characters runs for ever. So a pattern is parsed here
# and run as an automaton (Thompson's construction, with the sets of states it reaches
# cached as they are met), whose work grows with the value's length times the pattern's
# size, never exponentially. What it matches is the subset the JSON Schema specification
# recommends to schema authors, plus the usual escapes: characters, `.`, classes (`[a-z]`,
# `[^...]`, `\d \w \s` and their negations), groups (`(...)`, `(?:...)`, `(?<name>...)`),
# `|`, quantifiers (`* + ? {n} {n,} {n,m}`, lazy or not), `^` and `$`. Values are read by
# code point, as with ECMA-262's `u` flag; `\d` and `\w` are ASCII, `\s` is ECMA-262's own
# set of spaces and line ends, `.` is anything but a line end. Backreferences, lookarounds,
# `\b` and `\p{...}` are refused when the schema is checked, as any rule we do not enforce.

MAX_PATTERN_STATES = 2000    # states a pattern compiles to
MAX_PATTERN_REPEAT = 1000    # the largest count in `{n,m}`
MAX_PATTERN_DEPTH = 50       # groups inside groups
MAX_MATCH_STEPS = 1_000_000  # work one value may cost; past it, it is refused as too long
_LAST = 0x10FFFF
_CHAR, _SPLIT, _BOL, _EOL, _MATCH = range(5)


class _PatternError(Exception):
    """Why a pattern cannot be used: `key` names the detail, `params` fill it."""

    def __init__(self, key, **params):
        super().__init__(key)
        self.key, self.params = key, params


def _too_large():
    return _PatternError("schema_pattern_large", repeat=MAX_PATTERN_REPEAT,
                         depth=MAX_PATTERN_DEPTH, states=MAX_PATTERN_STATES)


def _ranges(*pairs):
    """A character set: sorted, merged (first, last) code point pairs."""
    merged = []
    for first, last in sorted(pairs):
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return tuple(merged)


def _complement(ranges):
    result, start = [], 0
    for first, last in ranges:
        if first > start:
            result.append((start, first - 1))
        start = last + 1
    return tuple(result + ([(start, _LAST)] if start <= _LAST else []))


_DIGIT = _ranges((48, 57))
_WORD = _ranges((48, 57), (65, 90), (95, 95), (97, 122))
_SPACE = _ranges((9, 13), (32, 32), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A),
                 (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000),
                 (0xFEFF, 0xFEFF))
_DOT = _complement(_ranges((10, 10), (13, 13), (0x2028, 0x2029)))
_SETS = {"d": _DIGIT, "D": _complement(_DIGIT), "w": _WORD, "W": _complement(_WORD),
         "s": _SPACE, "S": _complement(_SPACE)}
_CONTROLS = {"t": 9, "n": 10, "v": 11, "f": 12, "r": 13}
_REFUSED_ESCAPES = {"b": "\\b", "B": "\\B", "k": "\\k", "p": "\\p", "P": "\\P"}
_COUNT = re.compile(r"\{([0-9]+)(,([0-9]*))?\}")  # {n}, {n,}, {n,m}


class _Parser:
    """An ECMA-262 pattern as a tree of tuples: ("set", ranges), ("cat", [...]),
    ("alt", [...]), ("rep", node, least, most or None), ("bol",), ("eol",)."""

    def __init__(self, pattern):
        self.text, self.at, self.depth = pattern, 0, 0

    def parse(self):
        node = self.alternation()
        if self.at < len(self.text):  # only an unopened ")" stops an alternation early
            raise self.error("unbalanced parenthesis")
        return node

    def error(self, reason, at=None):
        at = self.at if at is None else at
        return _PatternError("schema_pattern", reason=f"{reason} at position {at}")

    def peek(self, ahead=0):
        index = self.at + ahead
        return self.text[index] if index < len(self.text) else ""

    def alternation(self):
        branches = [self.sequence()]
        while self.peek() == "|":
            self.at += 1
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else ("alt", branches)

    def sequence(self):
        items = []
        while self.peek() not in ("", "|", ")"):
            items.append(self.quantified(self.atom()))
        return ("cat", items)

    def quantified(self, node):
        bounds = self.quantifier()
        if bounds is None:
            return node
        if node[0] in ("bol", "eol", "rep"):
            raise self.error("nothing to repeat")
        if self.peek() == "?":  # lazy: it matches the same values
            self.at += 1
        least, most = bounds
        if max(least, most or 0) > MAX_PATTERN_REPEAT:
            raise _too_large()
        if most is not None and most < least:
            raise self.error("numbers out of order in {} quantifier")
        return ("rep", node, least, most)

    def quantifier(self):
        mark = self.peek()
        if mark in ("*", "+", "?"):
            self.at += 1
            return {"*": (0, None), "+": (1, None), "?": (0, 1)}[mark]
        found = _COUNT.match(self.text, self.at) if mark == "{" else None
        if found is None:
            return None  # a "{" that starts no count is a character (ECMA-262 Annex B)
        self.at = found.end()
        least = int(found[1])
        return least, (least if found[2] is None else int(found[3]) if found[3] else None)

    def atom(self):
        mark = self.peek()
        self.at += 1
        if mark == "(":
            return self.group()
        if mark in ("*", "+", "?"):
            raise self.error("nothing to repeat")
        if mark == "{" and _COUNT.match(self.text, self.at - 1):
            raise self.error("nothing to repeat")
        if mark == "^":
            return ("bol",)
        if mark == "$":
            return ("eol",)
        if mark == ".":
            return ("set", _DOT)
        if mark == "[":
            return ("set", self.character_class())
        if mark == "\\":
            found = self.escape()
            return ("set", found if isinstance(found, tuple) else _ranges((found, found)))
        return ("set", _ranges((ord(mark), ord(mark))))

    def group(self):
        text, at = self.text, self.at  # just after the "("
        if text.startswith("?:", at):
            self.at += 2
        elif text.startswith(("?=", "?!"), at):
            raise _PatternError("schema_pattern_unsupported", feature="(" + text[at:at + 2])
        elif text.startswith(("?<=", "?<!"), at):
            raise _PatternError("schema_pattern_unsupported", feature="(" + text[at:at + 3])
        elif text.startswith("?", at):
            named = re.compile(r"\?<[A-Za-z_$][A-Za-z0-9_$]*>").match(text, at)
            if named is None:
                raise self.error("unknown group")
            self.at = named.end()  # a named group is a group: no backreference reads it
        self.depth += 1
        if self.depth > MAX_PATTERN_DEPTH:
            raise _too_large()
        node = self.alternation()
        self.depth -= 1
        if self.peek() != ")":
            raise self.error("missing ), unterminated subpattern", at - 1)
        self.at += 1
        return node

    def character_class(self):
        negated = self.peek() == "^"
        self.at += negated
        pairs = []
        while self.peek() != "]":  # "[]" matches nothing and "[^]" anything, as in ECMA-262
            if not self.peek():
                raise self.error("unterminated character set")
            first = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.at += 1
                last = self.class_atom()
                if isinstance(first, tuple) or isinstance(last, tuple):
                    raise self.error("a class escape in a range")
                if last < first:
                    raise self.error("bad character range")
                pairs.append((first, last))
            else:
                pairs.extend(first if isinstance(first, tuple) else [(first, first)])
        self.at += 1
        ranges = _ranges(*pairs)
        return _complement(ranges) if negated else ranges

    def class_atom(self):
        mark = self.peek()
        self.at += 1
        if mark != "\\":
            return ord(mark)
        if self.peek() == "b":  # in a class, \b is the backspace character
            self.at += 1
            return 8
        return self.escape()

    def escape(self):
        """What follows a backslash: a code point, or ranges for \\d, \\w, \\s, ..."""
        mark = self.peek()
        self.at += 1
        if not mark:
            raise self.error("bad escape (end of pattern)")
        if mark in _SETS:
            return _SETS[mark]
        if mark in _CONTROLS:
            return _CONTROLS[mark]
        if mark in _REFUSED_ESCAPES:
            raise _PatternError("schema_pattern_unsupported", feature=_REFUSED_ESCAPES[mark])
        if mark in "0123456789":
            if mark == "0" and self.peek() not in tuple("0123456789"):
                return 0
            raise _PatternError("schema_pattern_unsupported", feature="\\" + mark)
        if mark == "c" and self.peek().isascii() and self.peek().isalpha():
            self.at += 1
            return ord(self.text[self.at - 1]) % 32
        if mark in ("x", "u"):
            return self.hex_escape(mark)
        if mark.isascii() and mark.isalnum():
            raise self.error(f"bad escape \\{mark}")
        return ord(mark)  # \. \* \/ \- and every other sign stand for themselves

    def hex_escape(self, mark):
        shape = r"\{([0-9A-Fa-f]{1,6})\}|([0-9A-Fa-f]{4})" if mark == "u" \
            else r"([0-9A-Fa-f]{2})"
        found = re.compile(shape).match(self.text, self.at)
        if found is None or int(found[found.lastindex], 16) > _LAST:
            raise self.error(f"bad escape \\{mark}")
        self.at = found.end()
        return int(found[found.lastindex], 16)


class _Program:
    """The automaton of a pattern: state i is kinds[i], with its set and next states."""

    def __init__(self, tree):
        self.kinds, self.sets, self.next, self.other = [], [], [], []
        match = self.state(_MATCH)
        self.start = self.build(tree, match)
        self.match = match
        # Where the sets begin and end: characters between two cuts are read alike.
        self.cuts = sorted({code for firsts, lasts in self.sets
                            for code in (*firsts, *(last + 1 for last in lasts))})

    def state(self, kind, ranges=(), to=None, other=None):
        if len(self.kinds) >= MAX_PATTERN_STATES:
            raise _too_large()
        self.kinds.append(kind)
        self.sets.append(([first for first, _ in ranges], [last for _, last in ranges]))
        self.next.append(to)
        self.other.append(other)
        return len(self.kinds) - 1

    def build(self, node, then):
        """The state that matches `node` and goes on to state `then`."""
        kind = node[0]
        if kind == "set":
            return self.state(_CHAR, node[1], then)
        if kind in ("bol", "eol"):
            return self.state(_BOL if kind == "bol" else _EOL, to=then)
        if kind == "cat":
            for item in reversed(node[1]):
                then = self.build(item, then)
            return then
        if kind == "alt":
            entry = self.build(node[1][-1], then)
            for branch in reversed(node[1][:-1]):
                entry = self.state(_SPLIT, to=self.build(branch, then), other=entry)
            return entry
        _, body, least, most = node
        if most is None:
            loop = self.state(_SPLIT, other=then)
            self.next[loop] = self.build(body, loop)
            entry = loop
        else:
            entry = then
            for _ in range(most - least):
                entry = self.state(_SPLIT, to=self.build(body, entry), other=then)
        for _ in range(least):
            entry = self.build(body, entry)
        return entry

    def closure(self, states, *, at_start, at_end):
        """The states reachable from `states` without reading a character, as a frozenset
        of those that read one, end the match or wait for the end; and how many it saw."""
        seen, kept, stack = set(), [], list(states)
        while stack:
            state = stack.pop()
            if state in seen:
                continue
            seen.add(state)
            kind = self.kinds[state]
            if kind == _SPLIT:
                stack += (self.next[state], self.other[state])
            elif kind == _BOL and at_start or kind == _EOL and at_end:
                stack.append(self.next[state])
            elif kind != _BOL:
                kept.append(state)
        return frozenset(kept), len(seen)

    def reads(self, state, code):
        firsts, lasts = self.sets[state]
        index = bisect.bisect_right(firsts, code) - 1
        return index >= 0 and code <= lasts[index]

    def search(self, text):
        """True if the pattern matches somewhere in `text`, False if not, None if finding
        out would cost more than MAX_MATCH_STEPS."""
        current, steps = self.closure([self.start], at_start=True, at_end=not text)
        anew, _ = self.closure([self.start], at_start=False, at_end=False)
        known = {}  # (states, characters read alike) -> the states after them
        for char in text:
            if self.match in current:
                return True
            code = ord(char)
            alike = bisect.bisect_right(self.cuts, code)
            after = known.get((current, alike))
            if after is None:
                targets = [self.next[state] for state in current
                           if self.kinds[state] == _CHAR and self.reads(state, code)]
                after, seen = self.closure(targets, at_start=False, at_end=False)
                after |= anew  # a match may also start at the next character
                steps += len(current) + seen
                if len(known) > 10_000:
                    known.clear()
                known[(current, alike)] = after
            steps += 1
            if not after:
                return False  # no state left, and none starts anew: an anchored miss
            if steps > MAX_MATCH_STEPS:
                return None
            current = after
        waiting = [self.next[state] for state in current if self.kinds[state] == _EOL]
        final, _ = self.closure(waiting, at_start=not text, at_end=True)
        return self.match in current or self.match in final


@functools.lru_cache(maxsize=256)
def _program(pattern):
    """The automaton of `pattern`; raises _PatternError for one we cannot match."""
    return _Program(_Parser(pattern).parse())
