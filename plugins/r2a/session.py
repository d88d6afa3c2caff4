"""What every r2a procedure starts from: the charts, the whole army, the side whose procedure it
is, the game's date (one turn a day of 1862) and turn, the dice and the report."""
import datetime
from dataclasses import dataclass
from typing import Optional

from adjutant.procedures import session

from .army import SIDES, Army, ArmyError
from .charts import R2aCharts
from .dates import game_date

def parse_date(text, where="the game's date"):
    """The game's date (dates.game_date); ArmyError naming `where`."""
    try:
        return game_date(text)
    except ValueError as e:
        raise ArmyError(f"{where}: {e}") from None


@dataclass
class Session(session.Session):
    date: Optional[datetime.date] = None   # the game's date (the global property [globals] date names)


def start(context, title, side=None, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's; `one_side` names a procedure that needs one. The date is
    the global property the companion file's [globals] date names ("Aug 20"); the turn, that
    day's number in 1862 (Aug 20 = 232), one turn a day."""
    started = session.start_session(Session, R2aCharts, Army, SIDES, ArmyError, context, title, side, one_side)
    name = context.companion.globals.get("date")
    text = session.global_property(context.game, name) if name else None
    if text is not None:
        started.date = parse_date(text, f"{context.source}: global property {name!r}")
        started.turn = started.date.timetuple().tm_yday
    return started
