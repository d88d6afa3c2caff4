"""What every LIN procedure starts from: the charts, the whole army, the side whose
procedure it is, the game turn and year, the dice and the report."""
from dataclasses import dataclass

from adjutant.procedures.report import Report
from adjutant.procedures.rolls import Rolls
from adjutant.rules.army_unit import is_true

from .army import ENEMY_UNIT, SIDES, Army, ArmyError
from .charts import LitnCharts
from .scenarios import LOST_DISPATCH


@dataclass
class Session:
    charts: LitnCharts
    army: Army
    side: str          # whose procedure: the side acting
    rolls: Rolls
    report: Report
    turn: int = 0
    year: int = 0
    lost_dispatch: bool = False

    def d6(self, purpose):
        return self.rolls.d6(purpose)

    def finish(self):
        """The report, with the rolls made, naming only what the viewer may see."""
        if self.army.facing_unknown:
            self.report.note(f"facing unknown for {', '.join(sorted(self.army.facing_unknown))}: each zone of "
                             f"control counted in every direction (8.4)")
        for hex_name, names in sorted(self.army.rank_ties.items()):
            self.report.note(f"{' and '.join(names)} share rank and hex {hex_name}: {names[0]} leads "
                             f"(option rank_tie = {self.charts.option('rank_tie')!r})")
        for reading in self.army.state.readings.values():
            if reading.places or reading.source == "none":
                held = ", ".join(sorted(reading.places)) or "none known"
                self.report.note(f"map state {reading.name}: {held} (from {reading.describe()})")
        for name, hexsides in self.army.idle_state().items():
            removes = " or ".join(self.army.state.reading(name).removes)
            self.report.note(f"map state {name}: {', '.join(hexsides)} has no {removes} to take off: the marker "
                             f"there changes nothing")
        reader = None if self.army.viewer.is_referee else (
            f"every unit on the map counts as it stands on the table; those hidden or masked from the "
            f"{self.army.viewer.side} player are called \"{ENEMY_UNIT}\"")
        return self.report.close(self.rolls, self.army.redactions(), self.army.unseen(), reader)


def _global(game, name):
    value = game.global_property(name)
    return None if value in (None, "") else value


def start(context, title, side=None, turn=None, year=None, lost_dispatch=None, need_turn=True, one_side=None):
    """A Session for `context` (see adjutant.plugin.Context). The acting side is `side` (the
    parameter side=), never the reader's (--side only redacts the report, so the same seed writes the
    same save for every reader); `one_side` names a procedure that needs one. The turn, year and
    Lost Dispatch default to the game's global properties Turn and Year and the one the companion
    file's [globals] lost_dispatch names."""
    viewer = getattr(context, "side", "referee") or "referee"
    acting = side
    if acting is not None and acting not in SIDES:
        raise ArmyError(f"side must be Union or Confederate, not {acting!r}")
    if acting is None and one_side:
        raise ArmyError(f"{one_side} is one side's procedure: give side=Union or side=Confederate")
    charts = LitnCharts.load(getattr(context, "charts", None))
    army = Army(context, rank_tie=charts.option("rank_tie"))
    rolls = getattr(context, "rolls", None) or Rolls()
    game = context.game
    session = Session(charts, army, acting, rolls, Report(title, viewer=viewer))
    if need_turn:
        turn = turn if turn is not None else _global(game, "Turn")
        year = year if year is not None else _global(game, "Year")
        if turn is None or year is None:
            raise ArmyError(f"{context.source}: give turn= and year= (the game has no Turn or Year global property)")
        session.turn, session.year = int(turn), int(year)
    if lost_dispatch is None:
        name = context.companion.globals.get(LOST_DISPATCH)
        if name is None:
            session.report.note(f"{context.companion.file} names no global property for the Lost Dispatch ([globals] "
                                f"{LOST_DISPATCH}): taken as not found; give lost_dispatch= if it is")
        lost_dispatch = _global(game, name) if name else None
    session.lost_dispatch = is_true(lost_dispatch)
    if session.lost_dispatch and need_turn and not (session.year == 1862 and session.turn >= 6):
        session.lost_dispatch = False
        session.report.note(f"the Lost Dispatch is marked found, but it can be found only in 1862 from turn 6 "
                            f"(5.1), not on turn {session.turn} of {session.year}: no modifier")
    return session
