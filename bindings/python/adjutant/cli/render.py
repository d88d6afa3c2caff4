"""`adjutant render WHAT`: pictures over the module's own board images (adjutant.render)."""
import json
from pathlib import Path

import adjutant
from ..render import Picture
from .sight import add_companion_arguments, add_los_arguments, add_trace_arguments, companion_map, look, traced, \
    value_error
from .usage import (OK, BadInput, UsageError, add_command, add_command_group, add_layout_arguments, add_strict,
                    choose_map, laid_out, layout_maps, note)

PICTURE_SUFFIXES = (".svg", ".png")

EXAMPLES = {
    "grid": "adjutant render grid litn-demo.vmod -o grid.svg\n"
            "  adjutant render grid tld.vmod --map Normandy --board \"Board F\" -o f.svg   a board not laid out",
    "terrain": "adjutant render terrain litn-demo.vmod companion.toml -o terrain.png --scale 0.5",
    "reach": "adjutant render reach litn-demo.vmod companion.toml 1622 --class infantry --mp 6 -o reach.png",
    "path": "adjutant render path litn-demo.vmod companion.toml 1622 2410 --class infantry --mp 6 -o path.png",
    "los": "adjutant render los Gburg.vmod cwr.toml 1517 1922 -o los.png",
    "trace": "adjutant render trace loc litn-demo.vmod companion.toml 1622 --to 1434 --lines road -o loc.png",
    "report": "adjutant render report command.json litn-demo.vmod -o command.png",
}
ABOUT_PICTURES = """\
A picture is .svg (the board images embedded, the drawing over them exact) or .png; it shows the
hexes drawn and a margin round them (--margin HEXES, or --whole-map). -o never writes over a file.
The map is drawn with the boards the module lays out, or --game SAVE's; --board BOARD draws a board
the layout does not have alone (a companion file's only board of the map is drawn so by itself).
A report is written by: adjutant run PLUGIN.PROCEDURE ... --report FILE.json
"""


def examples(*whats):
    return "examples:\n" + "".join(f"  {EXAMPLES[w]}\n" for w in whats) + ABOUT_PICTURES


WHATS = {
    "grid": "the hex grid with VASSAL's location names",
    "terrain": "a companion file's terrain, hexsides and lines, to check against the board's art",
    "reach": "the hexes a unit can reach, shaded by the MP it has left",
    "path": "the cheapest path between two hexes (or a route given), with the cost of each step",
    "los": "a line of sight: the hexes it crosses, the hex that blocks it",
    "trace": "a supply, line of communication or command trace (the KINDs of adjutant trace)",
    "report": "the paths a procedure's JSON report names: broadcasts, lines of communication",
}


def add_parser(commands):
    actions = add_command_group(
        commands, "render", "pictures over the module's board: grid, terrain, reach, paths, sight, traces",
        "Draw on the module's own board images and write an .svg or .png.", examples(*WHATS))
    for what, about in WHATS.items():
        parser = add_command(actions, what, about, about[0].upper() + about[1:] + ".", examples(what),
                             json_help="print JSON: {file, map, notes}")
        ADD_ARGUMENTS[what](parser)
        parser.add_argument("-o", "--output", required=True, metavar="FILE", help="the picture to write: .svg or .png")
        parser.add_argument("--scale", type=float, default=1.0, help="PNG pixels per map pixel (default 1)")
        parser.add_argument("--margin", type=int, default=2, metavar="HEXES", help="hexes shown round the drawing")
        parser.add_argument("--whole-map", action="store_true", help="show the whole map")
        parser.add_argument("--no-grid", dest="grid", action="store_false", help="leave out the hex outlines and names")
        parser.add_argument("--no-names", dest="names", action="store_false",
                            help="outline the hexes without their names (for boards whose art prints them)")
        add_layout_arguments(parser)
        add_strict(parser)
        parser.set_defaults(run=run, what=what)


def _module_arguments(parser):
    parser.add_argument("module", metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    parser.add_argument("--map", metavar="NAME", help="the map (default: the only map with boards)")


def _movement_arguments(parser):
    add_companion_arguments(parser)
    parser.add_argument("from_hex", metavar="FROM", help="the unit's hex")
    parser.add_argument("--class", dest="unit_class", required=True, metavar="CLASS", help="its [movement] class")
    parser.add_argument("--mp", metavar="MP", help="its movement allowance ('6', '4 1/2')")
    parser.add_argument("--enemy", nargs="+", default=[], metavar="HEX", help="hexes with enemy units")
    parser.add_argument("--zones", nargs="+", default=[], metavar="HEX", help="hexes exerting enemy zones of control")


def _path_arguments(parser):
    _movement_arguments(parser)
    parser.add_argument("to_hex", metavar="TO", help="where it goes")
    parser.add_argument("--along", nargs="+", default=[], metavar="HEX",
                        help="judge this route (the hexes between FROM and TO, in order) instead of the cheapest")


def _report_arguments(parser):
    parser.add_argument("report", metavar="REPORT", help="a report written by adjutant run --report FILE.json")
    _module_arguments(parser)
    parser.add_argument("--section", metavar="TITLE", help="only this section of the report")


ADD_ARGUMENTS = {
    "grid": _module_arguments,
    "terrain": add_companion_arguments,
    "reach": _movement_arguments,
    "path": _path_arguments,
    "los": add_los_arguments,
    "trace": add_trace_arguments,
    "report": _report_arguments,
}


def run(args):
    if Path(args.output).suffix.lower() not in PICTURE_SUFFIXES:
        raise UsageError(f"-o {args.output}: a picture is written as {' or '.join(PICTURE_SUFFIXES)}")
    if Path(args.output).exists():
        raise UsageError(f"-o {args.output}: the file exists; adjutant never writes over a file")
    try:
        picture, drawn = DRAW[args.what](args)
        if args.grid:
            picture.grid(names=args.names)
        if drawn and not args.whole_map:
            picture.focus(drawn, margin=args.margin)
    except adjutant.GeometryError:
        raise
    except ValueError as e:  # a hex the picture's boards do not have
        raise BadInput(str(e)) from None
    picture.save(args.output, scale=args.scale)
    for text in picture.notes:
        note(args, text)
    if args.json:
        print(json.dumps({"file": str(args.output), "map": picture.map.name, "notes": picture.notes}))
    else:
        print(f"wrote {args.output}")
    return OK


def _draw_grid(args):
    game_map = choose_map(layout_maps(args, adjutant.open_module(args.module)), args.map, args.board)
    return _picture(game_map), []


def _picture(game_map):
    try:
        return Picture(game_map)
    except ValueError as e:  # no hex board to draw on
        raise BadInput(f"{game_map.save_id}: {e}") from None


def _companion_map(args, where):
    """The companion file's map laid out as the command line says; with no --board, a board the file
    describes alone (when it describes one board of the map, outside the layout) is laid out alone."""
    game_map = choose_map(layout_maps(args, where.module), where.map_name)
    board = args.board
    described = [t.board for t in where.companion.maps if t.map == where.map_name and t.board]
    if board is None and len(described) == 1 and described[0] not in laid_out(game_map):
        board = described[0]
    return choose_map([game_map], game_map.name, board)


def _draw_terrain(args):
    where = companion_map(args)
    picture = _picture(_companion_map(args, where))
    return picture, picture.terrain(where.companion.map(where.map_name))


def _movement(args):
    where = companion_map(args)
    movement = where.companion.movement(where.map_name)
    zones = movement.zones([(h, None) for h in args.zones]) if args.zones else None
    situation = dict(enemy_hexes=args.enemy, zones=zones)
    return where, movement, situation


def _draw_reach(args):
    if args.mp is None:
        raise UsageError("render reach needs --mp, the unit's movement allowance")
    where, movement, situation = _movement(args)
    reach = value_error(args, lambda: movement.reach(args.from_hex, [args.unit_class], args.mp, **situation))
    picture = _picture(_companion_map(args, where))
    return picture, picture.reach(reach, allowance=args.mp, start=args.from_hex)


def _draw_path(args):
    where, movement, situation = _movement(args)
    if args.along:
        hexes = [args.from_hex, *args.along, args.to_hex]
        path = value_error(args, lambda: movement.explain(hexes, [args.unit_class], args.mp, **situation))
    else:
        path = value_error(args, lambda: movement.path(args.from_hex, args.to_hex, [args.unit_class], args.mp,
                                                       **situation))
        if path is None:
            raise BadInput(f"{args.companion}: no path from {args.from_hex} to {args.to_hex} for {args.unit_class}")
    picture = _picture(_companion_map(args, where))
    return picture, picture.path(path, allowance=args.mp)


def _draw_los(args):
    where, _, result = look(args)
    picture = _picture(_companion_map(args, where))
    return picture, picture.sight(result, args.from_hex, args.to_hex)


def _draw_trace(args):
    where, result = traced(args)
    picture = _picture(_companion_map(args, where))
    return picture, [args.from_hex, *picture.trace(result.trace, title=f"{args.kind} from {args.from_hex}"), *args.to]


def _draw_report(args):
    with open(args.report, encoding="utf-8") as f:
        try:
            report = json.load(f)
        except json.JSONDecodeError as e:
            raise BadInput(f"{args.report}: not a JSON report (line {e.lineno}, column {e.colno}): {e.msg}")
        except UnicodeDecodeError:
            raise BadInput(f"{args.report}: not a JSON report (not text: `adjutant run ... --report FILE.json` "
                           f"writes one)") from None
    game_map = choose_map(layout_maps(args, adjutant.open_module(args.module)), args.map, args.board)
    picture = _picture(game_map)
    return picture, picture.report(report, section=args.section)


DRAW = {"grid": _draw_grid, "terrain": _draw_terrain, "reach": _draw_reach, "path": _draw_path, "los": _draw_los,
        "trace": _draw_trace, "report": _draw_report}
