"""What every LMN procedure starts from: the charts, the whole army, the side whose procedure it
is, the game turn and year, the dice and the report."""
from dataclasses import dataclass

from adjutant.procedures import session

from .army import ENEMY_UNIT, SIDES, Army, ArmyError
from .charts import LmnCharts


@dataclass
class Session(session.Session):
    year: int = 0

    def d6(self, purpose):
        return self.rolls.d6(purpose)

    def finish(self):
        """The report, with the rolls made, naming only what the viewer may see."""
        reader = None if self.army.viewer.is_referee else (
            f"every unit counts as it stands on the table, face-down ones included; those masked from the "
            f"{self.army.viewer.side} player are called \"{ENEMY_UNIT}\"")
        return self.report.close(self.rolls, self.army.redactions(), self.army.unseen(), reader)


def start(context, title, side=None, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's (--side only redacts the report, so the same seed writes
    the same save for every reader); `one_side` names a procedure that needs one. The turn and year
    are the game's global properties Turn and Year when it has them."""
    started = session.start_session(Session, LmnCharts, Army, SIDES, ArmyError, context, title, side, one_side)
    started.year = int(session.global_property(context.game, "Year") or 0)
    return started
