"""What every LFM procedure starts from: the charts, the whole army, the side whose procedure it
is, the turn and whether it is a night turn, the dice and the report."""
from dataclasses import dataclass

from adjutant.procedures import session
from adjutant.rules.army_unit import is_true

from .army import SIDES, Army, ArmyError
from .charts import LfmCharts


@dataclass
class Session(session.Session):
    night: bool = False   # 23: a night turn (the game's global property Night)

    def influence_hexes(self, side):
        """6.1 and 23.5: the hexes in `side`'s zones of influence this turn (none at night)."""
        return self.army.influence_hexes(side, night=self.night)


def start(context, title, side=None, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's (--side only says who reads the report); `one_side` names
    a procedure that needs one. The turn and the night are the game's global properties Turn and
    Night (true/false) when it has them."""
    started = session.start_session(Session, LfmCharts, Army, SIDES, ArmyError, context, title, side, one_side)
    started.night = is_true(session.global_property(context.game, "Night"))
    return started
