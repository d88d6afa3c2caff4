"""The four scenarios of LIN 15 (their year, first and last turn, first Confederate wagon) and the
game's global properties the turn's procedures keep between turns, read and written by name.

The global properties, each also given as a parameter of the procedures that read it:

  Turn, Year      the game turn and the scenario year (session.start reads them)
  Scenario        1-4 (15.3, 15.4, 15.6, 15.7)
  LostDispatch    true once the Union has found the Lost Dispatch (5.1)
  NetVP           the net Confederate victory points (15.1: Confederate total less the Union's)
  Militia         true once 4.2's condition has been met: the Union rolls for militia every turn after
  HookerBox       the box of the Hooker Dissatisfaction marker (15.6), 1 at the start of scenario 3
"""
from dataclasses import dataclass

from adjutant.plugin import Parameter

from .army import ArmyError

SCENARIO_GLOBAL, NET_VP, MILITIA, HOOKER_BOX = "Scenario", "NetVP", "Militia", "HookerBox"
LOST_DISPATCH = "LostDispatch"


@dataclass(frozen=True)
class Scenario:
    number: int
    name: str
    year: int
    first_turn: int
    last_turn: int
    first_wagon: int   # 4.1: the Confederates' first wagon turn, then every third turn


SCENARIOS = {
    1: Scenario(1, "Frederick to Antietam", 1862, 4, 16, 6),          # 15.3
    2: Scenario(2, "The Maryland Campaign", 1862, 1, 16, 3),          # 15.4
    3: Scenario(3, "The Pennsylvania Campaign", 1863, 1, 14, 5),      # 15.6
    4: Scenario(4, "Collision at Gettysburg", 1863, 1, 9, 3),         # 15.7
}

SCENARIO = Parameter("scenario", int, "the scenario, 1-4 (default: the game's Scenario property)", None, (1, 2, 3, 4))
TURN = Parameter("turn", int, "the game turn (default: the game's Turn property)", None)
YEAR = Parameter("year", int, "1862 or 1863 (default: the game's Year property)", None, (1862, 1863))


def game_global(session, name, given=None, parameter=None):
    """The value of the game's global property `name`, or `given` (a parameter) when not None;
    ArmyError naming the property and the parameter when the game holds none."""
    if given is not None:
        return given
    value = session.army.game.global_property(name)
    if value in (None, ""):
        instead = f" (or give {parameter}=)" if parameter else ""
        raise ArmyError(f"{session.army.game.source}: the game has no global property {name}: add it to the module"
                        f"{instead}; docs/litn.md lists the properties the turn's procedures keep")
    return value


def set_game_global(session, name, value):
    """Writes the game's global property `name`; ArmyError when the game holds none of that name."""
    game = session.army.game
    if game.global_property(name) is None:
        raise ArmyError(f"{game.source}: the game has no global property {name} to record {value!r} in: add it to "
                        f"the module (docs/litn.md lists the properties the turn's procedures keep)")
    game.set_global_property(name, str(value))


def flag(value):
    return str(value).strip().lower() in ("true", "yes", "1")


def scenario_of(session, given=None):
    """The game's scenario (parameter or Scenario property), checked against the session's year."""
    raw = game_global(session, SCENARIO_GLOBAL, given, "scenario")
    try:
        scenario = SCENARIOS[int(str(raw).strip())]
    except (ValueError, KeyError):
        raise ArmyError(f"scenario must be 1, 2, 3 or 4, not {raw!r}") from None
    if session.year and session.year != scenario.year:
        raise ArmyError(f"scenario {scenario.number} is played in {scenario.year}, but the year is {session.year}")
    if session.turn and not scenario.first_turn <= session.turn <= scenario.last_turn:
        raise ArmyError(f"scenario {scenario.number} runs from turn {scenario.first_turn} to {scenario.last_turn}, "
                        f"not turn {session.turn}")
    return scenario


def wagon_due(scenario, turn):
    """4.1: a Confederate wagon arrives on the scenario's first wagon turn and every third turn after."""
    return turn >= scenario.first_wagon and (turn - scenario.first_wagon) % 3 == 0
