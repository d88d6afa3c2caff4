"""The four scenarios of LIN 15 (their year, first and last turn, first Confederate wagon) and the
values the turn's procedures keep between turns.

The game's global properties Turn, Year and Scenario (1-4: 15.3, 15.4, 15.6, 15.7) are read by name.
The values kept live in the global properties the companion file's [globals] names
(adjutant.procedures.kept), each also given as a parameter of the procedures that read it:

  lost_dispatch   true once the Union has found the Lost Dispatch (5.1)
  net_vp          the net Confederate victory points (15.1: Confederate total less the Union's)
  militia         true once 4.2's condition has been met: the Union rolls for militia every turn after
  hooker_box      the box of the Hooker Dissatisfaction marker (15.6), 1 at the start of scenario 3
"""
from dataclasses import dataclass

from adjutant.plugin import Parameter
from adjutant.procedures.kept import kept_property

from .army import ArmyError

SCENARIO_GLOBAL = "Scenario"
KEPT = {  # [globals] key: what it keeps, for messages
    "lost_dispatch": "whether the Union has found the Lost Dispatch (5.1)",
    "net_vp": "the net Confederate victory points (15.1)",
    "militia": "whether the Union rolls for militia (4.2)",
    "hooker_box": "the Hooker Dissatisfaction box (15.6)",
}
LOST_DISPATCH, NET_VP, MILITIA, HOOKER_BOX = KEPT


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


def read_global(session, name, given=None, parameter=None):
    """The value of the game's global property `name`, or `given` (a parameter) when not None;
    ArmyError naming the property and the parameter when the game holds none."""
    if given is not None:
        return given
    value = session.army.game.global_property(name)
    if value in (None, ""):
        instead = f" (or give {parameter}=)" if parameter else ""
        raise ArmyError(f"{session.army.game.source}: the game has no global property {name}: add it to the module"
                        f"{instead}; docs/litn.md lists the properties the turn's procedures read")
    return value


def kept_name(session, key):
    """The global property the companion file's [globals] `key` names (KeptValueError if none)."""
    return kept_property(session.army.companion, session.army.module, key, KEPT[key])


def kept_value(session, key, given=None, parameter=None):
    """A value kept between turns (KEPT), or `given` (a parameter) when not None."""
    return given if given is not None else read_global(session, kept_name(session, key), None, parameter)


def keep_value(session, key, value):
    """Writes a value kept between turns into its global property; the name it was written to."""
    name = kept_name(session, key)
    session.army.game.set_global_property(name, str(value))
    return name


def scenario_of(session, given=None):
    """The game's scenario (parameter or Scenario property), checked against the session's year."""
    raw = read_global(session, SCENARIO_GLOBAL, given, "scenario")
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
