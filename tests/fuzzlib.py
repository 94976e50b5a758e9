"""Seeded generators of hostile model output, shared by the fuzz tests.

Everything here is driven by one `random.Random`, so a failing case is reproduced by its seed
alone. `mutate(rng, value)` returns a damaged deep copy of any JSON-shaped value: a node at any
depth replaced by a wrong type, a key dropped or added, a string swapped for a huge, unicode or
control-character one, a list emptied or an item duplicated. The generators know nothing about
any provider; a provider's fuzz test supplies its own valid base bodies and its own parser.
"""

import json

WEIRD_STRINGS = (
    "", " ", "\n", "\t\r\n", "\x00", "\x1b[31mred\x1b[0m", "\u202eevil", "\ud800", "\udfff",
    "濾掛咖啡", "🦜" * 5, "A001\n", "A001 ", " A001", "a001", "A00\u0301", "Ａ００１",
    "null", "true", "{}", "[]", '{"sku": "A001"}', "\\", '"', "'; DROP TABLE items;--",
    "../../etc/passwd", "%s%n", "${jndi:x}", "<script>", "A" * 33, "A" * 32, "0" * 32,
)

WEIRD_NUMBERS = (0, -1, 1, 2**31, 2**63, -(2**63), 10**30, 0.5, -0.0, 1e308,
                 float("nan"), float("inf"), float("-inf"))

BROKEN_JSON_TEXT = (
    '{"sku": "A00', "{", "}", '{"sku": }', '{"sku": "A001",}', "{'sku': 'A001'}",
    '{"sku": "A001"}{"sku": "A002"}', '{"sku": "A001"', "[", "nul", "NaN", "Infinity",
    '{"sku": NaN}', '{"sku": "\\ud800"}', '{"sku": "\\u00"}', "\ufeff{}", "[" * 5000,
    '{"sku": "A001", "sku": "A002"}', '"A001"', "[]", "null", "0", " ", "",
)

# Values that are never what a field should be. `junk` picks among them and builds containers.
_SCALARS = (None, True, False) + WEIRD_NUMBERS


def junk(rng, depth=0):
    """Any JSON-ish value, usually of the wrong type for wherever it lands."""
    kind = rng.randrange(10)
    if kind < 3:
        return rng.choice(_SCALARS)
    if kind < 6:
        return weird_string(rng)
    if kind == 6 and depth < 3:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 7 and depth < 3:
        return {weird_string(rng): junk(rng, depth + 1) for _ in range(rng.randrange(4))}
    if kind == 8:
        return deep(rng)
    return rng.choice(BROKEN_JSON_TEXT)


def weird_string(rng):
    roll = rng.randrange(100)
    if roll == 0:
        return rng.choice("AZ濾\x00\ud800") * rng.choice((1_000, 100_000))
    if roll == 1:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(1, 20)))
    return rng.choice(WEIRD_STRINGS)


def deep(rng):
    """A value nested far past anything a real reply would hold."""
    value = rng.choice((None, "A001", 1, {}))
    for _ in range(rng.choice((20, 200, 600))):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def mutate(rng, value, *, rounds=None):
    """A deep copy of `value` with one to three random injuries at random depths."""
    value = clone(value)
    for _ in range(rounds or rng.randrange(1, 4)):
        value = _injure(rng, value)
    return value


def clone(value):
    """A deep copy that survives deep nesting (copy.deepcopy recurses twice per level)."""
    return json.loads(json.dumps(value))


def _injure(rng, root):
    holders = _containers(root)
    if not holders:
        return junk(rng)
    holder = rng.choice(holders)
    if isinstance(holder, dict):
        _injure_dict(rng, holder)
    else:
        _injure_list(rng, holder)
    return root


def _injure_dict(rng, holder):
    roll = rng.randrange(4)
    keys = list(holder)
    if roll == 0 and keys:
        del holder[rng.choice(keys)]
    elif roll == 1 or not keys:
        holder[rng.choice(("extra", "sku", "name", "id", "stop", weird_string(rng)))] = junk(rng)
    else:
        holder[rng.choice(keys)] = junk(rng)


def _injure_list(rng, holder):
    roll = rng.randrange(4)
    if roll == 0:
        holder.clear()
    elif roll == 1 and holder:
        holder.append(clone(rng.choice(holder)))  # a duplicate
    elif roll == 2 and holder:
        holder[rng.randrange(len(holder))] = junk(rng)
    else:
        holder.append(junk(rng))


def _containers(root):
    """Every dict and list in the top six levels of `root` (not down into deep junk)."""
    found, level = [], [root]
    for _ in range(6):
        level = [value for value in level if isinstance(value, (dict, list))]
        found.extend(level)
        level = [child for value in level
                 for child in (value.values() if isinstance(value, dict) else value)]
    return found
