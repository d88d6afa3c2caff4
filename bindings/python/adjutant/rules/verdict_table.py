"""A move check's verdicts as a table for people: printed by `adjutant check moves`, written into
files by demos. Markup is off: piece names come from other people's files and may hold brackets."""
import io

from .mp import mp_text

# Wide enough that no table or line is ever wrapped (a table written to a file or a pipe).
UNWRAPPED = 100_000


def print_move_verdicts(path, verdicts, total, out=None, notes=()):
    """One table per game: each move's step, pieces, hexes, distance, cost, the MP the force had left
    when the step began (its allowance less what it spent earlier) and verdict, then the
    `notes` (on `out`, a rich Console; by default standard output). A move by other means than MP
    (Verdict.means, "rail") shows its hexes as "30 rail" and "no MP (rail)" for its cost."""
    from rich.console import Console  # rich is slow to import: only where a table is printed
    from rich.table import Table
    out = out or Console(markup=False, highlight=False)
    illegal = sum(1 for v in verdicts if v.legal is False)
    title = f"{path}: {total} moves, {illegal} illegal"
    out.print(title)   # a line of its own: rich would wrap a table's title to the table's width
    if not verdicts:
        for note in notes:
            out.print(f"note: {note}")
        return
    table = Table()
    for column in ("step", "pieces", "from", "to", "hexes", "MP", "MP left", "verdict"):
        table.add_column(column, justify="right" if column in ("step", "hexes", "MP", "MP left") else "left")
    for v in verdicts:
        verdict = v.note if v.legal is None else (f"legal: {v.note}" if v.legal and v.note else
                                                  "legal" if v.legal else v.reason)
        hexes = "" if v.distance is None else f"{v.distance} {v.means}" if v.means else str(v.distance)
        cost = f"no MP ({v.means})" if v.means else "" if v.cost is None else mp_text(v.cost)
        table.add_row("" if v.step is None else str(v.step), ", ".join(v.pieces), v.start, v.end, hexes, cost,
                      "" if v.allowance is None else mp_text(v.allowance), verdict)
    out.print(table)
    for note in notes:
        out.print(f"note: {note}")


def move_verdicts_text(path, verdicts, width=UNWRAPPED):
    """print_move_verdicts' table as plain text, for a file: unwrapped, as `adjutant check moves > FILE`
    writes it."""
    from rich.console import Console
    out = Console(file=io.StringIO(), width=width, markup=False, highlight=False)
    print_move_verdicts(path, verdicts, len(verdicts), out, notes=getattr(verdicts, "notes", ()))
    return "".join(line.rstrip() + "\n" for line in out.file.getvalue().splitlines())
