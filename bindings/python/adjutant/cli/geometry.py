"""`adjutant where` and `adjutant hex`: between VASSAL's pixels and its location names."""
import json

import adjutant
from .usage import OK, BadInput, add_command, add_layout_arguments, add_strict, choose_map, layout_maps

WHERE_EXAMPLES = """\
examples:
  adjutant where Lee.vmod 1477 1536                 the name VASSAL gives that point ('2724')
  adjutant where Lee.vmod --map "Main Map" 1477 1536
  adjutant where Lee.vmod --game turn3.vsav 90 4000  with the boards that save laid out
  adjutant where tld.vmod --board "Board F" 300 400  a board the module does not lay out, alone
  adjutant where Lee.vmod 1477 1536 --json          name, board, hex and snapped point
"""

HEX_EXAMPLES = """\
examples:
  adjutant hex Lee.vmod 2724                 the centre of hex 2724 in map coordinates: '1477 1536'
  adjutant hex Lee.vmod --map "Main Map" 2724 --json
  adjutant hex tld.vmod --board "Board F" 0709       on a board the module does not lay out, alone
  adjutant hex Game.vmod -- -8,8                     a name that starts with '-' follows --
Exit status 2 when the map has no such location.
"""


def add_parsers(commands):
    where = add_command(
        commands, "where", "print VASSAL's location name of a map point",
        "Print the name VASSAL gives a point of a map (Map.locationName): a grid location, a zone, "
        "a deck, or 'offboard'. Points are map coordinates, as saves store them and as VASSAL's "
        "mouse-over shows them.", WHERE_EXAMPLES,
        json_help="print JSON: {map, x, y, location, board, hex, snapped, notes}")
    _common(where)
    add_layout_arguments(where, game=False)
    where.add_argument("x", type=int, metavar="X")
    where.add_argument("y", type=int, metavar="Y")
    where.set_defaults(run=run_where)

    hex_ = add_command(
        commands, "hex", "print the centre point of a location name",
        "Print the map point a location name stands for, where VASSAL places a piece sent there "
        "(SetupStack, Send To Location): 'X Y' in map coordinates.", HEX_EXAMPLES,
        json_help="print JSON: {map, location, x, y, board, notes}")
    _common(hex_)
    hex_.add_argument("location", metavar="LOCATION", help="a location name, such as 2724")
    hex_.add_argument("--board", metavar="BOARD",
                      help="the board whose grid reads the name (default: each board of the layout in turn); one "
                           "the layout does not have is laid out alone")
    hex_.set_defaults(run=run_hex)


def _common(parser):
    parser.add_argument("module", metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    parser.add_argument("--map", metavar="NAME", help="the map (default: the module's only map with boards)")
    parser.add_argument("--game", metavar="SAVE",
                        help="a save or log whose board layout to use (default: the module's)")
    add_strict(parser)


def _map(args):
    module = adjutant.open_module(args.module)
    return choose_map(layout_maps(args, module), args.map, args.board)


def run_where(args):
    game_map = _map(args)
    name = game_map.location_name(args.x, args.y)
    if args.json:
        hex_ = game_map.hex_at(args.x, args.y)
        print(json.dumps({"map": game_map.save_id, "x": args.x, "y": args.y, "location": name,
                          "board": game_map.board_at(args.x, args.y),
                          "hex": [hex_.col, hex_.row] if hex_ else None,
                          "snapped": list(game_map.snap(args.x, args.y)), "notes": game_map.notes},
                         ensure_ascii=False))
    else:
        print(name)
    return OK


def run_hex(args):
    game_map = _map(args)
    x, y = game_map.point_of(args.location, args.board or "")
    if game_map.board_at(x, y) is None:  # a name the grid's numbering can spell, off every board
        raise BadInput(f"no location {args.location!r} on map {game_map.save_id!r}: its point ({x}, {y}) lies off "
                       f"the map's boards")
    if args.json:
        print(json.dumps({"map": game_map.save_id, "location": args.location, "x": x, "y": y,
                          "board": game_map.board_at(x, y), "notes": game_map.notes}, ensure_ascii=False))
    else:
        print(x, y)
    return OK
