"""What every LMN procedure starts from: the charts, the whole army, the side whose procedure it
is, the game turn and year, the dice and the report."""
from dataclasses import dataclass

from adjutant.procedures.report import Report
from adjutant.procedures.rolls import Rolls

from .army import ENEMY_UNIT, SIDES, Army, ArmyError
from .charts import LmnCharts


@dataclass
class Session:
    charts: LmnCharts
    army: Army
    side: str          # whose procedure: the side acting
    rolls: Rolls
    report: Report
    turn: int = 0
    year: int = 0

    def d6(self, purpose):
        return self.rolls.d6(purpose)

    def finish(self):
        """The report, with the rolls made, naming only what the viewer may see."""
        reader = None if self.army.viewer.is_referee else (
            f"every unit counts as it stands on the table, face-down ones included; those masked from the "
            f"{self.army.viewer.side} player are called \"{ENEMY_UNIT}\"")
        return self.report.close(self.rolls, self.army.redactions(), self.army.unseen(), reader)


def _global(game, name):
    value = game.global_property(name)
    return None if value in (None, "") else value


def start(context, title, side=None, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's (--side only redacts the report, so the same seed writes
    the same save for every reader); `one_side` names a procedure that needs one. The turn and year
    are the game's global properties Turn and Year when it has them."""
    viewer = getattr(context, "side", "referee") or "referee"
    if side is not None and side not in SIDES:
        raise ArmyError(f"side must be Union or Confederate, not {side!r}")
    if side is None and one_side:
        raise ArmyError(f"{one_side} is one side's procedure: give side=Union or side=Confederate")
    charts = LmnCharts.load(getattr(context, "charts", None))
    army = Army(context)
    rolls = getattr(context, "rolls", None) or Rolls()
    session = Session(charts, army, side, rolls, Report(title, viewer=viewer))
    session.turn = int(_global(context.game, "Turn") or 0)
    session.year = int(_global(context.game, "Year") or 0)
    return session
