"""A move check's verdicts as a table for people: printed by `adjutant check moves`, written into
files by demos. Markup is off: piece names come from other people's files and may hold brackets."""
import io

from rich.console import Console
from rich.table import Table


def print_move_verdicts(path, verdicts, total, out=None):
    """One table per game: each move's step, pieces, hexes, distance, cost and verdict (on `out`, a
    rich Console; by default standard output)."""
    out = out or Console(markup=False, highlight=False)
    illegal = sum(1 for v in verdicts if v.legal is False)
    title = f"{path}: {total} moves, {illegal} illegal"
    out.print(title)   # a line of its own: rich would wrap a table's title to the table's width
    if not verdicts:
        return
    table = Table()
    for column in ("step", "pieces", "from", "to", "hexes", "MP", "allowance", "verdict"):
        table.add_column(column, justify="right" if column in ("step", "hexes", "MP", "allowance") else "left")
    for v in verdicts:
        verdict = v.note if v.legal is None else (f"legal: {v.note}" if v.legal and v.note else
                                                  "legal" if v.legal else v.reason)
        table.add_row(str(v.step), ", ".join(v.pieces), v.start, v.end,
                      "" if v.distance is None else str(v.distance), "" if v.cost is None else str(v.cost),
                      "" if v.allowance is None else str(v.allowance), verdict)
    out.print(table)


def move_verdicts_text(path, verdicts, width=120):
    """print_move_verdicts' table as plain text, for a file."""
    out = Console(file=io.StringIO(), width=width, markup=False, highlight=False)
    print_move_verdicts(path, verdicts, len(verdicts), out)
    return "".join(line.rstrip() + "\n" for line in out.file.getvalue().splitlines())
