"""A demo's position step: a save's units where a plugin's Army reads them, each hex's stack top
first, painted over a picture of the map and written as text."""


def paint_stacks(picture, army, colours):
    """Outlines each occupied hex in the colour of its top unit's side (`colours` {side: colour})
    and labels it with the first words of its units' names, top first."""
    for hex_name, stack in army.stacks().items():
        picture.outline(hex_name, colours[stack[0].side], width=0.08)
        picture.label(hex_name, ", ".join(u.name.split()[0] for u in stack), size=0.16)


def stack_lines(army, save, plugin_name, where, describe):
    """The text of the position: a heading, then a line a hex, `where(hex)` in brackets, each unit
    of the stack (top first) as `describe(unit)` gives it."""
    text = [f"{save}: each hex's units, top of the stack first, as the {plugin_name} Army reads them", ""]
    for hex_name, stack in army.stacks().items():
        text.append(f"{hex_name} ({where(hex_name)}): " + "; ".join(describe(u) for u in stack))
    return text
