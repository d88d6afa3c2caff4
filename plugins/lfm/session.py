"""What every LFM procedure starts from: the charts, the whole army, the side whose procedure it
is, the turn and whether it is a night turn, the dice and the report."""
from dataclasses import dataclass

from adjutant.procedures.report import Report
from adjutant.procedures.rolls import Rolls

from .army import SIDES, Army, ArmyError
from .charts import LfmCharts

TRUE = ("true", "yes", "1")


@dataclass
class Session:
    charts: LfmCharts
    army: Army
    side: str          # whose procedure: the side acting (None for a procedure of both sides)
    rolls: Rolls
    report: Report
    turn: int = 0
    night: bool = False   # 23: a night turn (the game's global property Night)

    def roll(self, dice, purpose):
        """A seeded, reported roll: the `roll` callable the rule modules take."""
        return self.rolls.roll(dice, purpose)

    def influence_hexes(self, side):
        """6.1 and 23.5: the hexes in `side`'s zones of influence this turn (none at night)."""
        return self.army.influence_hexes(side, night=self.night)

    def finish(self):
        """The report, with the rolls made."""
        return self.report.close(self.rolls)


def _global(game, name):
    value = game.global_property(name)
    return None if value in (None, "") else value


def start(context, title, side=None, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's (--side only says who reads the report); `one_side` names
    a procedure that needs one. The turn and the night are the game's global properties Turn and
    Night (true/false) when it has them."""
    viewer = getattr(context, "side", "referee") or "referee"
    if side is not None and side not in SIDES:
        raise ArmyError(f"side must be Union or Confederate, not {side!r}")
    if side is None and one_side:
        raise ArmyError(f"{one_side} is one side's procedure: give side=Union or side=Confederate")
    charts = LfmCharts.load(getattr(context, "charts", None))
    army = Army(context)
    rolls = getattr(context, "rolls", None) or Rolls()
    session = Session(charts, army, side, rolls, Report(title, viewer=viewer))
    session.turn = int(_global(context.game, "Turn") or 0)
    session.night = str(_global(context.game, "Night") or "").lower() in TRUE
    return session
