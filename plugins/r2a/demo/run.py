"""Running one of the plugin's procedures on a save of the demo folder, as the demo steps do: the
demo's chart file, seeded rolls, the referee's view; the written game and the report in the folder."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls

from . import CHARTS_COPY

SEED = 1862


def run_procedure(ws, name, save, output=None, report_file=None, seed=SEED, rolls=(), **parameters):
    """Runs the procedure `name` on the demo folder's `save` with `parameters`, writing the game
    to `output` and the report to `report_file` (names in the folder, or None); its result."""
    from .. import plugin   # here: the plugin package imports the demo
    path = ws.path(save)
    context = Context(ws.module, ws.companion, adjutant.open_game(str(path), ws.module), str(path),
                      charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(seed, list(rolls)), side="referee")
    return plugin.tasks[name].run_and_write(context, {k: str(v) for k, v in parameters.items()},
                                            output and ws.path(output), report_file and ws.path(report_file))
