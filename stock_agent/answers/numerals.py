"""Numerals, read as numbers: Chinese ones (one reader for the question's packs, the answer
(words.py) and the mock model's order quantity), and English words ("forty-five")."""

ZH_DIGITS = dict(zip("零〇一二兩三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9)))
ZH_UNITS = {"十": 10, "百": 100, "千": 1000, "萬": 10000}
NUMERALS = "".join(ZH_DIGITS) + "".join(ZH_UNITS)  # for a character class


def chinese_number(characters):
    """The number Chinese numerals write: 十八 is 18, 一百零五 105, and as people say them,
    一萬兩千五 12500 and 兩千五 2500 (the mock model reads an order's quantity with it)."""
    total, section, digit, last_unit = 0, 0, None, None
    for character in characters:
        if character in ZH_DIGITS:
            digit = ZH_DIGITS[character]
            last_unit = last_unit if character not in "零〇" else None
        elif character == "萬":
            total, section, digit = (total + section + (digit or 0)) * 10000, 0, None
            last_unit = 10000
        else:
            section += (1 if digit is None else digit) * ZH_UNITS[character]
            digit, last_unit = None, ZH_UNITS[character]
    if digit is not None and last_unit and last_unit >= 100:
        digit *= last_unit // 10  # 兩千五: the last digit counts in the unit below
    return total + section + (digit or 0)


def side_by_side(numeral):
    """Whether the numeral writes digits one after another (一零, 四五, 兩三: a code, or a
    range), which read as no one number."""
    return any(one in ZH_DIGITS and other in ZH_DIGITS for one, other in zip(numeral,
                                                                             numeral[1:]))


_EN_NUMBERS = {word: value for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_EN_NUMBERS.update({word: 10 * value for value, word in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)})


def english_number(token):
    """"twelve" is 12, "forty-five" 45; None for any other word."""
    parts = token.split("-")
    if len(parts) == 2 and _EN_NUMBERS.get(parts[0], 0) >= 20 and \
            0 < _EN_NUMBERS.get(parts[1], 10) < 10:
        return _EN_NUMBERS[parts[0]] + _EN_NUMBERS[parts[1]]
    return _EN_NUMBERS.get(token)
