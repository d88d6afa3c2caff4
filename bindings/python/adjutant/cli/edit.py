"""`adjutant edit`: the terrain editor in the browser (adjutant.editor), served on 127.0.0.1."""
import argparse
import webbrowser

from .usage import OK, UsageError, add_command

EXAMPLES = """\
examples:
  adjutant edit Lee.vmod --companion lee.toml          serve the editor; open the URL it prints
  adjutant edit Lee.vmod --companion lee.toml --open   ... and open it in the browser
  adjutant edit Lee.vmod --companion lee.toml --map "Main Map" --board "North" --port 8765
  adjutant edit Lee.vmod                               begin a companion file: Save writes Lee.toml,
                                                       then works from it (the next Save: Lee-2.toml)
  adjutant edit Lee.vmod --companion lee.toml --readonly   look, never save
On the page: choose Terrain, Hexside, Line or Elevation; click or drag over hexes; Place: click a
hex and name it (a [[map.place]] of the chosen kind); Undo and Redo;
Live, with a unit class and MP: click a hex for its reach (MP left per hex), or two hexes for a
path with its costs or a line of sight, on the painted state before saving.
"Load sampled terrain" puts `terrain sample`'s guesses on as a first coat (marked until painted).
Save writes a NEW file beside the companion file (lee-2.toml, lee-3.toml ..., never over a file)
and shows what `terrain check` says of it, the hexes it names outlined. Then:
  adjutant check moves game.vlog --module Lee.vmod --companion lee-2.toml
If the companion file is changed by hand meanwhile, Save refuses: reload the page, which reads it again.
The server answers the loopback address only, and only requests addressed to 127.0.0.1 or localhost;
Ctrl-C stops it.
"""


def add_parser(commands):
    parser = add_command(
        commands, "edit", "paint a companion file's terrain over the module's board, in the browser",
        "Serve a terrain editor on 127.0.0.1: the board image of a map with the module's hex grid over "
        "it, where the companion file's terrain, hexside features (rivers, bridges, slopes), lines "
        "(roads, rail) and elevations are painted. Save writes a new companion file through the writer "
        "`terrain sample` uses and runs `terrain check` on it.", EXAMPLES)
    parser.add_argument("module", metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    parser.add_argument("--companion", metavar="FILE",
                        help="the companion file to start from (docs/companion-format.md); without it the "
                             "page begins one (its types named on the page with New...) and Save writes "
                             "MODULE.toml beside the module (MODULE-2.toml ... when taken)")
    parser.add_argument("--map", metavar="NAME", help="the map (default: the companion file's, or the only map "
                                                      "with boards)")
    parser.add_argument("--board", metavar="BOARD", help="the board of the map to paint (default: its first "
                                                         "board with a hex grid); any board of the map")
    parser.add_argument("--port", type=port, default=0, metavar="N",
                        help="the port, 1-65535 (default, or 0: a free one)")
    parser.add_argument("--open", action="store_true", help="open the page in the web browser")
    parser.add_argument("--readonly", action="store_true", help="show, never save")
    parser.set_defaults(run=run)


def port(text):
    """--port's value: a TCP port, or 0 for a free one."""
    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"--port must be 1-65535, or 0 for a free port, not {text!r}")
    return number


def run(args):
    from werkzeug.serving import make_server
    from ..editor import EditorSession, create_app

    try:
        session = EditorSession(args.module, args.companion, args.map, args.board, args.readonly)
    except ValueError as e:
        raise UsageError(str(e)) from None
    try:
        server = make_server("127.0.0.1", args.port, create_app(session), threaded=True)
    except (OSError, SystemExit) as e:
        raise UsageError(f"cannot listen on 127.0.0.1:{args.port}: {e}") from None
    url = f"http://127.0.0.1:{server.server_port}/"
    print(f"adjutant edit: {url}  (map {session.map.name!r}, board {session.board!r}; Ctrl-C stops)", flush=True)
    if args.open and not webbrowser.open(url):
        print(f"adjutant edit: no web browser could be opened here: open {url} in one", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return OK
