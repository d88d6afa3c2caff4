"""Movement points as players write them: whole numbers and fractions, "6 1/2", "1/2". The same
text is printed (tables, JSON, pictures) and read (allowances of units, --mp)."""
from fractions import Fraction


def mp_text(value):
    """'6', '6 1/2', '1/2', '-1 1/2' for a Fraction or an int (a float shows as it is)."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:g}"
    value = Fraction(value)
    sign, value = ("-", -value) if value < 0 else ("", value)
    whole, part = divmod(value, 1)
    if not part:
        return f"{sign}{whole}"
    fraction = f"{part.numerator}/{part.denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"


def parse_mp(text):
    """A Fraction from '6', '6 1/2', '13/2' or '6.5'; ValueError naming the text otherwise."""
    words = str(text).split()
    try:
        if len(words) == 2 and "/" in words[1] and "/" not in words[0]:
            whole = int(words[0])
            part = _positive(Fraction(words[1]))
            return whole - part if words[0].startswith("-") else whole + part
        if len(words) == 1:
            return Fraction(words[0])
    except (ValueError, ZeroDivisionError):
        pass
    raise ValueError(f"{text!r} is not a number of MP (such as 6, 6 1/2 or 1/2)")


def _positive(part):
    if not 0 < part < 1:
        raise ValueError(part)
    return part
