"""What every procedure of a game plugin starts from (a plugin's Session extends it with the
global properties and the helpers its rules ask for): the charts, the whole army, the side whose
procedure it is, the turn, the dice and the report."""
from dataclasses import dataclass
from typing import Any

from .report import Report
from .rolls import Rolls


@dataclass
class Session:
    charts: Any
    army: Any
    side: str          # whose procedure: the side acting (None for a procedure of both sides)
    rolls: Rolls
    report: Report
    turn: int = 0

    def roll(self, dice, purpose):
        """A seeded, reported roll: the `roll` callable the rule modules take."""
        return self.rolls.roll(dice, purpose)

    def finish(self):
        """The report, with the rolls made."""
        return self.report.close(self.rolls)


def global_property(game, name):
    """The game's global property `name`; None when it has none or it is empty."""
    value = game.global_property(name)
    return None if value in (None, "") else value


def start_session(session_class, charts_class, army_class, sides, error, context, title, side=None, one_side=None):
    """A `session_class` for `context` (see adjutant.plugin.Context): the charts and the army read
    by the plugin's classes, the report read by the reader `context.side`. The acting side is
    `side` (the parameter side=, one of `sides`), never the reader's; `one_side` names a procedure
    that needs one (else `error`). The turn is the game's global property Turn when it has one."""
    viewer = getattr(context, "side", "referee") or "referee"
    if side is not None and side not in sides:
        raise error(f"side must be {' or '.join(sides)}, not {side!r}")
    if side is None and one_side:
        raise error(f"{one_side} is one side's procedure: give {' or '.join(f'side={s}' for s in sides)}")
    charts = charts_class.load(getattr(context, "charts", None))
    army = army_class(context)
    rolls = getattr(context, "rolls", None) or Rolls()
    session = session_class(charts, army, side, rolls, Report(title, viewer=viewer))
    session.turn = int(global_property(context.game, "Turn") or 0)
    return session
