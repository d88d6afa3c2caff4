"""Tables for people: the summaries of summary.py printed with rich.

Markup is off: names come from other people's files and may hold brackets.
"""
import shutil
import sys
import textwrap

from ..rules.verdict_table import UNWRAPPED


def table_width():
    """The width tables are laid out in: the terminal's, or when standard output is a file or a pipe,
    no limit, so that no row is wrapped for the program reading it."""
    return None if sys.stdout.isatty() else UNWRAPPED


class _StdoutConsole:
    """Standard output's rich Console, made when first used: rich is slow to import, and most
    commands (and every --help) print no table."""
    _console = None

    def __getattr__(self, name):
        if _StdoutConsole._console is None:
            from rich.console import Console
            _StdoutConsole._console = Console(markup=False, highlight=False, width=table_width())
        return getattr(_StdoutConsole._console, name)


console = _StdoutConsole()


def _print_titled(title, table):
    """A table under its title, which is printed as a line of its own (rich would wrap a title
    to the table's width)."""
    console.print(title)
    console.print(table)


def _settings(grid):
    """A grid's settings in a few words: 'origin (0,32) 55.43x64 sideways; 0101 = col,row+1'."""
    kind = grid["kind"]
    if kind == "region":
        return f"{len(grid['regions'])} regions"
    if kind not in ("hex", "square"):
        return ""
    parts = [f"origin ({grid['x0']},{grid['y0']}) {_short(grid['dx'])}x{_short(grid['dy'])}"]
    for flag in ("sideways", "edges_legal", "corners_legal"):
        if grid.get(flag):
            parts.append(flag.replace("_legal", ""))
    if not grid["snap_to"]:
        parts.append("no snap")
    if grid.get("snap_scale"):
        parts.append(f"snapscale {grid['snap_scale']}")
    if grid.get("range", "Metric") != "Metric":
        parts.append(f"range {grid['range']}")
    n = grid.get("numbering")
    if n:
        first, second = ("col", "row") if n["first"] == "H" else ("row", "col")
        numbering = f"names {first}{n['sep'] or '+'}{second} offsets {n['h_off']:+d},{n['v_off']:+d}"
        if n["location_format"] != "$gridLocation$":
            numbering += f" as {n['location_format']!r}"
        parts.append(numbering)
    return "; ".join(parts)


def _short(value):
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _print_counts(title, label, counts):
    from rich.table import Table
    table = Table()
    table.add_column(label)
    table.add_column("count", justify="right")
    for name, n in counts.items():
        table.add_row(name, str(n))
    _print_titled(title, table)


def _size(board):
    return f"{board['width']}x{board['height']}" if board["width"] else "image"


def print_module_summary(s):
    from rich.table import Table
    from rich.text import Text
    console.print(Text(s["name"], style="bold"), f"{s['version']}  ({s['kind']}, {s['build_file']}, "
                  f"VASSAL {s['vassal_version'] or 'version not recorded'})")
    if s["description"]:
        console.print(s["description"])
    boards = Table()
    for column in ("map", "board", "laid out", "size", "grid", "settings"):
        boards.add_column(column)
    for m in s["maps"]:
        label = m["name"] or m["id"]
        if not m["boards"]:
            boards.add_row(label, "-", "", "", "none", "")
        for b in m["boards"]:
            grid = b["grid"]
            laid_out = {True: "yes", False: "no", None: "unknown"}[b["laid_out"]]
            boards.add_row(label, b["name"], laid_out, _size(b), grid["kind"], _settings(grid))
            for zone in grid.get("zones", []):
                boards.add_row("", f"  zone {zone['name']}", "", "", zone["grid"]["kind"], _settings(zone["grid"]))
            if "background" in grid:
                bg = grid["background"]
                boards.add_row("", "  background", "", "", bg["kind"], _settings(bg))
            label = ""
    _print_titled("Maps and boards", boards)
    for problem in s["unreadable"]:
        console.print(f"warning: not read: {problem}")
    for m in s["maps"]:
        if m["problem"]:
            console.print(f"warning: map {m['name'] or m['id']!r}: its layout is unknown: {m['problem']}")
    if any(b["laid_out"] is False for m in s["maps"] for b in m["boards"]):
        console.print("Boards not laid out by default are those players may choose in VASSAL's Board Picker; "
                      "name one with --board.")

    definitions = {what.replace("_", " "): n for what, n in s["counts"].items()}
    definitions.update({f"trait {trait}": n for trait, n in s["traits"].items()})
    _print_counts("Definitions", "what", definitions)
    if s["sides"]:
        console.print("Sides: " + ", ".join(s["sides"]))


def print_game_summary(s):
    from rich.table import Table
    from rich.text import Text
    console.print(Text(s["source"], style="bold"), f"({s['kind']}"
                  + (f", module {s['module']}" if s["module"] else "") + ")")
    if s["saved_with"]:
        saved = s["saved_with"]
        module = f"module {saved['module']!r}" if saved["module"] else "the module"
        console.print(f"Written by {module} version {saved['version'] or '?'} "
                      f"with VASSAL {saved['vassal_version'] or '?'}")
    _print_counts(f"{s['pieces']} pieces in {s['stacks']} stacks", "map", s["pieces_per_map"])
    if s["players"]:
        console.print("Players: " + ", ".join(f"{p['name']} ({p['side'] or 'no side'})" for p in s["players"]))
    if s["kind"] == "log":
        _print_counts(f"{s['steps']} steps", "step does", s["step_kinds"])
    if s["global_properties"]:
        props = Table()
        for column in ("container", "name", "value"):
            props.add_column(column)
        for p in s["global_properties"]:
            props.add_row(p["container"], p["name"], p["value"])
        _print_titled("Global properties", props)
    for warning in s["warnings"]:
        console.print(Text("warning", style="yellow"), warning)


def print_companion_summary(s, module_name):
    from rich.table import Table
    from rich.text import Text
    version = f" {s['module_version']}" if s["module_version"] else ""
    console.print(Text(s["file"], style="bold"), f"is valid: rules '{s['rules']}', module '{s['module_name']}'{version}")
    if not s["module_matches"]:
        console.print(Text("warning", style="yellow"),
                      f"the file is for module '{s['module_name']}', but the module is named '{module_name}'")
    for note in s["notes"]:
        console.print(Text("note", style="yellow"), note)
    for m in s["maps"]:
        table = Table(show_header=False)
        table.add_column("what")
        table.add_column("counts")
        table.add_row("hexes", str(m["hexes"]))
        table.add_row("terrain", _pairs(m["terrain"]))
        table.add_row("elevation", f"{m['min_elevation']} to {m['max_elevation']}")
        table.add_row("hexsides", _pairs(m["hexside_features"]))
        table.add_row("lines", _pairs(m["lines"]))
        table.add_row("places", _pairs(m["places"]))
        table.add_row("areas", str(m["areas"]))
        _print_titled(f"Map {m['name']}" + (f", board {m['board']}" if m["board"] else ""), table)
    console.print(f"Units: {s['unit_sources']} of {s['unit_attributes']} attributes have a source; "
                  f"{s['unit_rules']} rules")


def _pairs(counts):
    """'woods 12, ridge 3' for the non-zero counts."""
    return ", ".join(f"{name} {n}" for name, n in counts if n) or "-"


def print_plugins(listing, out=None, width=None):
    """One block per plugin: its heading, then each check, procedure, demo and trace kind on a line of
    its own with its help, a procedure's quantities and the parameters indented below it, wrapped to
    `width` (by default the terminal's, unwrapped into a file or a pipe), a parameter's further lines
    indented under it; written as plain text to `out` (default standard output) in one piece, without
    rich, which would take longer to import and lay out than the listing takes to make."""
    out = out or sys.stdout
    width = width or (shutil.get_terminal_size().columns if out.isatty() else UNWRAPPED)
    lines = []
    if not listing:
        lines.append("No plugins found (entry point group adjutant.plugins; add one with --plugin PATH).")
    for p in listing:
        lines.append(f"{p['name']} {p['title']}" + (f"  (rules '{p['rules']}')" if p["rules"] else "")
                     + f"  [{p['source']}]")
        if not p["tasks"] and not p.get("demo") and not p.get("traces"):
            lines.append("  registers nothing yet")
            continue
        entries = [(t["kind"], t["name"], t["help"], t.get("quantities"), t["parameters"]) for t in p["tasks"]]
        if p.get("demo"):
            entries.append(("demo", p["name"], p["demo"], None, []))
        entries += [("trace", t["name"], t["help"], None, t["parameters"]) for t in p.get("traces", [])]
        for kind, name, help_text, quantities, parameters in entries:
            lines.append(f"  {kind} {name}")
            lines.append(_wrapped(help_text, width, 6, 6))
            if quantities:
                lines.append(_wrapped("quantities: " + ", ".join(quantities), width, 6, 8))
            lines.extend(_wrapped(parameter, width, 8, 12) for parameter in parameters)
    out.write("\n".join(lines) + "\n")


def _wrapped(text, width, indent, hanging):
    """`text` indented by `indent` spaces and wrapped to `width`, its further lines by `hanging`."""
    return textwrap.fill(text, max(width, hanging + 20), initial_indent=" " * indent, subsequent_indent=" " * hanging,
                         break_long_words=False, break_on_hyphens=False)


def print_terrain_sample(maps, output, module_path):
    from rich.table import Table
    for m in maps:
        table = Table(show_header=False)
        table.add_column("what")
        table.add_column("hexes")
        if m["terrain"] is not None:
            table.add_row("terrain", _pairs(m["terrain"]))
            table.add_row("  no colour matched", _few(m["unmatched_terrain"]))
        if m["elevation"] is not None:
            table.add_row("elevation", ", ".join(f"{level}: {n}" for level, n in m["elevation"]))
            table.add_row("  no colour matched", _few(m["unmatched_elevation"]))
        _print_titled(f"Map {m['map']}, board {m['board']}: {m['hexes']} hexes sampled", table)
    console.print(f"Wrote {output}. Correct it, then: adjutant terrain check {module_path} {output}")


def _few(names, most=12):
    if not names:
        return "none"
    more = f" ... ({len(names)} in all, listed in the file)" if len(names) > most else ""
    return " ".join(names[:most]) + more


def print_setup_findings(source, checked, findings, notes=()):
    """What `check setup` found: one row per problem, or a line saying all is well; then the notes
    (pieces that were not checked, and why)."""
    from rich.table import Table
    what = source if checked == [source] else f"{source} ({', '.join(checked)})"
    title = f"{what}: {len(findings)} problem{'' if len(findings) == 1 else 's'}"
    if not findings:
        console.print(title)
    else:
        table = Table()
        for column in ("set-up", "map", "hex", "side", "pieces", "problem"):
            table.add_column(column)
        for f in findings:
            table.add_row(f.source, f.map, f.hex, f.side, ", ".join(f.pieces), f.problem)
        _print_titled(title, table)
    for note in notes:
        console.print(f"note: {note}")
