"""What Union rail movement (4, Optional III) reads from a save: the rail network of the companion
file's lines and links, the stations, termini and damaged or destroyed stations, the state whose
maximum a move from a hex counts against, the Confederate-controlled counties, and this turn's
attempts kept in the global property [globals] rail_moves names."""
import re
from dataclasses import dataclass

from adjutant.procedures.kept import kept_property

from . import rail
from .army import ArmyError
from .dates import game_date, show_date

# Option rail_cap_state = "map": the state of the game whose map holds a board (rail.MAP_GAMES), by the
# board's letter as VASSAL names its hexes: E the HCTR east map (MD), S and N the RTG maps (PA).
BOARD_STATES = {"E": "MD", "S": "PA", "N": "PA"}
# 4 gives maximums for "all Virginia lines" and "all Maryland lines"; the District of Columbia is in
# neither state. Its lines (to Baltimore, to Annapolis) are Maryland lines, and the District was
# carved out of Maryland: a move beginning in the District counts against the Maryland maximum.
DISTRICT_STATE = "MD"
DISTRICT_CLAUSE = ("4: the District of Columbia is in no state; its rail lines run into Maryland, so a move "
                   "beginning there counts against \"all Maryland lines combined\"")
KEPT = "this turn's rail attempts (4)"
ENTRY = re.compile(r"^(?P<unit>.+) \((?P<size>\w+), (?P<state>\w+), (?P<moved>moved|no move)\)$")


def network(army):
    """The rail graph: neighbouring hexes along each line's chains, and the companion's rail links."""
    adjacent = [(a, b) for chains in army.rail_lines().values() for chain in chains for a, b in zip(chain, chain[1:])]
    return rail.RailNetwork(adjacent, army.rail_links())


def station_hexes(army):
    return {h for p in army.stations() for h in p.hexes}


def damaged_hexes(army):
    """The hexes of damaged or destroyed stations (4: they cut a line)."""
    return {h for p in army.damaged_stations() + army.destroyed_stations() for h in p.hexes}


def termini(army):
    return {p.name: p.hex for p in army.termini()}


def rtg_maps(army, charts):
    """Optional III 1: the RTG maps are in play when the map holds one of their termini (Harrisburg)."""
    return any(p.name in charts.rule("rail", "rtg_termini") for p in army.termini())


def eligibility(army, charts, unit):
    return rail.eligibility(charts, rail_unit(unit), unit.hex, network(army), station_hexes(army), termini(army),
                            damaged_hexes(army), rtg_maps=rtg_maps(army, charts))


def rail_unit(unit):
    return rail.RailUnit(unit.name, unit.side, unit.type, unit.size, unit.fatigue, unit.rail_last_turn)


def station_state(army, hex_name):
    """(state, clause): the state a move beginning in `hex_name` begins in; the District counts as
    Maryland (DISTRICT_CLAUSE)."""
    state = army.state_of(hex_name)
    if state is not None:
        return state, ""
    return DISTRICT_STATE, DISTRICT_CLAUSE


def map_state(hex_name):
    """The state of the game whose map holds the hex (option rail_cap_state = "map")."""
    return BOARD_STATES.get(hex_name[:1], "")


def county_map(army):
    """{hex: county name} of every county hex."""
    return {h: a.name for a in army.counties() for h in a.hexes}


def confederate_counties(army):
    return {a.name for a in army.confederate_counties()}


@dataclass(frozen=True)
class TurnAttempts:
    """This turn's rail attempts as the kept global property holds them."""
    property: str
    date: str                # the date of the turn they were made ("" when none kept)
    attempts: tuple          # rail.RailAttempt


def read_attempts(army, day):
    """The attempts kept for the turn of `day` (datetime.date); those of another date are an earlier
    turn's and count for nothing. The text: "Aug 20: Couch's Division (division, VA, no move); ..."."""
    name = kept_property(army.companion, army.module, "rail_moves", KEPT)
    text = (army.game.global_property(name) or "").strip()
    if not text:
        return TurnAttempts(name, "", ())
    date, sep, body = text.partition(":")
    if not sep:
        raise ArmyError(f"{army.game.source}: the global property {name} holds {text!r}, not \"DATE: UNIT (SIZE, "
                        f"STATE, moved|no move); ...\"")
    try:
        kept_day = game_date(date)
    except ValueError as e:
        raise ArmyError(f"{army.game.source}: the global property {name}: {e}") from None
    if kept_day != day:
        return TurnAttempts(name, date.strip(), ())
    attempts = []
    for item in filter(None, (x.strip() for x in body.split(";"))):
        m = ENTRY.match(item)
        if not m:
            raise ArmyError(f"{army.game.source}: the global property {name}: {item!r} is not \"UNIT (SIZE, STATE, "
                            f"moved|no move)\"")
        attempts.append(rail.RailAttempt(m["unit"], m["size"], m["state"], m["moved"] == "moved"))
    return TurnAttempts(name, date.strip(), tuple(attempts))


def attempts_text(day, attempts):
    return f"{show_date(day)}: " + "; ".join(f"{a.unit} ({a.size}, {a.state}, {'moved' if a.moved else 'no move'})"
                                        for a in attempts)
