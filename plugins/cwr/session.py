"""What every CWR procedure starts from: the charts, the whole army, the side whose procedure it
is, the turn and the hour of the day, the dice and the report."""
from dataclasses import dataclass

from adjutant.procedures.report import Report
from adjutant.procedures.rolls import Rolls

from .army import SIDES, Army, ArmyError
from .charts import CwrCharts


@dataclass
class Session:
    charts: CwrCharts
    army: Army
    side: str          # whose procedure: the side acting (None for a procedure of both sides)
    rolls: Rolls
    report: Report
    turn: int = 0
    hour: str = ""     # "08:20": the game's global property Hour

    def roll(self, dice, purpose):
        """A seeded, reported roll: the `roll` callable the rule modules take."""
        return self.rolls.roll(dice, purpose)

    @property
    def on_the_hour(self):
        """Whether this is the ":00" turn of an hour (9.4: straggler recovery); False when the hour is unknown."""
        return self.hour.endswith(":00")

    def finish(self):
        """The report, with the rolls made."""
        return self.report.close(self.rolls)


def _global(game, name):
    value = game.global_property(name)
    return None if value in (None, "") else value


def start(context, title, side=None, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's (--side only says who reads the report); `one_side` names
    a procedure that needs one. The turn and the hour are the game's global properties Turn and
    Hour when it has them."""
    viewer = getattr(context, "side", "referee") or "referee"
    if side is not None and side not in SIDES:
        raise ArmyError(f"side must be Union or Confederate, not {side!r}")
    if side is None and one_side:
        raise ArmyError(f"{one_side} is one side's procedure: give side=Union or side=Confederate")
    charts = CwrCharts.load(getattr(context, "charts", None))
    army = Army(context)
    rolls = getattr(context, "rolls", None) or Rolls()
    session = Session(charts, army, side, rolls, Report(title, viewer=viewer))
    session.turn = int(_global(context.game, "Turn") or 0)
    session.hour = _global(context.game, "Hour") or ""
    return session
