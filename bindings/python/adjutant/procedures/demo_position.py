"""A demo's position step: a save's units where a plugin's Army reads them, each hex's stack top
first, painted over a picture of the map and written as text."""
from .demo import DemoFile
from .outputs import write_text

SIDE_COLOURS = {"Union": "#1f4fa8", "Confederate": "#6a6a6a"}


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


def write_position(ws, army, picture, *, save, plugin_name, where, describe, more_lines, scale, over, about):
    """The position step's files in the workspace's folder: position.png, `picture` (the map, drawn
    `over` what it says) with the stacks painted in SIDE_COLOURS, saved at `scale`; position.txt,
    stack_lines and then `more_lines` (`about` says what the whole text holds). Their DemoFiles."""
    paint_stacks(picture, army, SIDE_COLOURS)
    picture.save(ws.path("position.png"), scale=scale, replace=True)
    text = stack_lines(army, save, plugin_name, where, describe) + list(more_lines)
    write_text(ws.path("position.txt"), "\n".join(text) + "\n", replace=True)
    return [DemoFile("position.png", f"{save}'s units, top of each stack first, over {over}"),
            DemoFile("position.txt", about)]
