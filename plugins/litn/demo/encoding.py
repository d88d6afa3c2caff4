"""VASSAL's encodings of pieces (docs: /work/shared/spec/vassal-format.md sections 3, 5 and 6)."""

ESC, TAB = "\x1b", "\t"


def encode(elements, delimiter):
    """VASSAL's SequenceEncoder for elements that never start with a backslash or a quote."""
    return delimiter.join(e.replace(delimiter, "\\" + delimiter) for e in elements)


def nest(levels):
    """A trait chain's type or state: enc(TAB: a, enc(TAB: b, ...))."""
    text = levels[-1]
    for level in reversed(levels[:-1]):
        text = encode([level, text], TAB)
    return text


def key_commands(*commands):
    """A DynamicProperty's key commands: (menu text, keystroke 'code,mods', changer 'I,1' ...)."""
    return encode([encode(list(c), ":") for c in commands], ",")


def dynamic_property(name, numeric, low, high, wrap, commands, description):
    return "PROP;" + encode([name, encode([numeric, low, high, wrap], ","), commands, description], ";")


def add_piece(piece_id, traits, basic_type, basic_state):
    piece_type = nest([t for t, _ in traits] + [basic_type])
    state = nest([s for _, s in traits] + [basic_state])
    return "+/" + encode([piece_id, piece_type, state], "/")
