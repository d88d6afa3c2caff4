"""What every CWR procedure starts from: the charts, the whole army, the side whose procedure it
is, the turn and the hour of the day, the dice and the report."""
from dataclasses import dataclass

from adjutant.procedures import session

from .army import SIDES, Army, ArmyError
from .charts import CwrCharts


@dataclass
class Session(session.Session):
    hour: str = ""     # "08:20": the game's global property Hour

    @property
    def on_the_hour(self):
        """Whether this is the ":00" turn of an hour (9.4: straggler recovery); False when the hour is unknown."""
        return self.hour.endswith(":00")


def start(context, title, side=None, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's (--side only says who reads the report); `one_side` names
    a procedure that needs one. The turn and the hour are the game's global properties Turn and
    Hour when it has them."""
    started = session.start_session(Session, CwrCharts, Army, SIDES, ArmyError, context, title, side, one_side)
    started.hour = session.global_property(context.game, "Hour") or ""
    return started
