"""Union rail movement (4, and Optional III's Pennsylvania additions): which units may move by rail,
the attempt (+1 fatigue even when it fails, a d6: 1-3 moves, 4-6 does not), the move (up to 35
hexes along continuous rail hexes, never into enemy units, enemy ZOC or a Confederate-controlled
county) and the maximum number of units moving or attempting to move each turn by the state the
move begins in. Also the Balt and DC movement limits (5).

The rail network is a graph: each hex to its neighbours along a rail line (1 hex) and along the
rail links the companion names (E3301-S5801 counts 23 hexes). Option rail_repeat_modifier: the
sign of the modifier for a unit that moved by rail last turn; option rail_cap_state: the state
whose maximum an attempt counts against."""
import heapq
from dataclasses import dataclass
from fractions import Fraction

from .verdict import Verdict

ROLL = "d6"
CAP_KINDS = {"division": "division", "brigade": "brigade_or_regiment", "regiment": "brigade_or_regiment"}
MAP_GAMES = {"MD": "HCTR", "VA": "SJW", "PA": "RTG"}


class RailNetwork:
    """Hexes joined by rail: `adjacent` pairs of neighbouring hexes along a rail line (1 hex each),
    `links` (hex, hex, length in hexes) joined by the rules (Optional III 2, 3)."""

    def __init__(self, adjacent=(), links=()):
        self.edges = {}
        for a, b in adjacent:
            self._join(a, b, 1)
        for a, b, length in links:
            self._join(a, b, int(length))

    def _join(self, a, b, length):
        for x, y in ((a, b), (b, a)):
            old = self.edges.setdefault(x, {}).get(y)
            self.edges[x][y] = length if old is None else min(old, length)

    def length(self, a, b):
        """The rail distance from `a` to its rail neighbour `b`; None when no rail joins them."""
        return self.edges.get(a, {}).get(b)

    def neighbours(self, hex_name):
        return self.edges.get(hex_name, {})


@dataclass(frozen=True)
class RailUnit:
    name: str
    side: str                # Union | Confederate
    type: str                # infantry | cavalry | leader
    size: str                # division | brigade | regiment
    fatigue: int = 0
    rail_last_turn: bool = False


@dataclass(frozen=True)
class Eligibility:
    eligible: bool
    terminus: str            # the terminus its station connects to ("" when none)
    clauses: tuple


@dataclass(frozen=True)
class RailAttempt:
    """One unit's attempt (or move) by rail this turn, as the turn's record keeps it."""
    unit: str
    size: str
    state: str               # the maximum it counts against
    moved: bool


@dataclass(frozen=True)
class AttemptResult:
    unit: str
    made: bool               # the attempt was made (fatigue spent, die rolled)
    state: str               # the maximum it counts against
    roll: int | None
    modifier: int
    modified_roll: int | None
    moves: bool
    fatigue_before: int
    fatigue_after: int
    march_roll: bool         # the new fatigue level calls for the normal march rules' disorganization roll
    record: RailAttempt | None   # what to add to the turn's attempts (None when refused)
    clauses: tuple


@dataclass(frozen=True)
class MoveVerdict:
    allowed: bool
    hexes: int               # rail hexes the path counts (links by their length)
    clauses: tuple


def _termini(charts, rtg_maps):
    names = list(charts.rule("rail", "termini"))
    if rtg_maps:
        names += list(charts.rule("rail", "rtg_termini"))
    return names


def eligibility(charts, unit, start_hex, network, stations, termini, damaged, rtg_maps=False):
    """4, Optional III 1: may `unit`, which began the turn in `start_hex`, move by rail? `stations`:
    the hexes with a rail station; `termini`: {terminus name: hex}; `damaged`: hexes with a damaged
    or destroyed station. Its station must connect to Alexandria, Baltimore or Washington (or
    Harrisburg with the RTG maps) by continuous rail hexes with no damaged or destroyed station
    (its own station and the terminus's included)."""
    side = charts.rule("rail", "side")
    if unit.side != side:
        return Eligibility(False, "", (f"4: only {side} units move by rail",))
    if unit.type == "cavalry":
        return Eligibility(False, "", ("4: cavalry may not move by rail",))
    if unit.type not in charts.rule("rail", "types"):
        return Eligibility(False, "", (f"4: only {side} infantry moves by rail, not {unit.type}",))
    if start_hex not in stations:
        return Eligibility(False, "", (f"4: it began the turn in {start_hex}, not in a rail station",))
    if start_hex in damaged:
        return Eligibility(False, "", (f"4: its station {start_hex} is damaged or destroyed",))
    names = _termini(charts, rtg_maps)
    goals = {termini[n]: n for n in names if n in termini}
    seen, todo = {start_hex}, [start_hex]
    while todo:
        here = todo.pop()
        if here in goals:
            return Eligibility(True, goals[here], (
                f"4{', Optional III 1' if goals[here] in charts.rule('rail', 'rtg_termini') else ''}: its station "
                f"{start_hex} connects to {goals[here]} ({here}) by continuous rail hexes with no damaged or "
                "destroyed station",))
        for nxt in network.neighbours(here):
            if nxt not in seen and nxt not in damaged:
                seen.add(nxt)
                todo.append(nxt)
    return Eligibility(False, "", (f"4{', Optional III 1' if rtg_maps else ''}: no continuous line of rail hexes "
                                   f"without a damaged or destroyed station joins {start_hex} to "
                                   f"{' or '.join(names)}",))


def cap_state(charts, station_state, map_state=""):
    """(state, clause): the state whose maximum an attempt from a station in `station_state` counts
    against; `map_state` is the state of the game whose map holds the station (HCTR MD, SJW VA,
    RTG PA), read under option rail_cap_state = "map"."""
    reading = charts.option("rail_cap_state")
    if reading == "map":
        if not map_state:
            raise ValueError("option rail_cap_state = \"map\" needs the state of the map the station is on")
        return map_state, (f"4: the {MAP_GAMES.get(map_state, map_state)} map's lines count against the "
                           f"{map_state} maximum (option rail_cap_state = \"map\": the Couch example, printed "
                           "under the Maryland maximum)")
    return station_state, (f"Optional III 4: the maximum of the state the movement begins in, {station_state} "
                           "(option rail_cap_state = \"station\"; the Couch example's \"in Virginia\")")


def _counts(sizes):
    counts = {"division": 0, "brigade_or_regiment": 0}
    for size in sizes:
        if size not in CAP_KINDS:
            raise ValueError(f"rail maximum: a unit of size {size!r} is not a division, brigade or regiment")
        counts[CAP_KINDS[size]] += 1
    return counts


def _describe(combo):
    return " & ".join(f"{n} {k.replace('_or_', '/').replace('_', ' ')}" for k, n in combo.items() if n) or "none"


def cap_check(charts, unit, state, attempts):
    """4, Optional III 4: may `unit` move or attempt to move by rail this turn against `state`'s
    maximum, given the turn's `attempts` (RailAttempt, failed ones included)? A unit that already
    attempted in that state counts once."""
    if state not in charts.file.section("rail_caps"):
        raise ValueError(f"rail maximum: {charts.path} [rail_caps] gives no maximum for state {state!r}")
    combos = charts.rule("rail_caps", state)
    clause = "Optional III 4" if state == "PA" else "4"
    counted = {}
    for a in attempts:
        if a.state == state:
            counted.setdefault(a.unit, a.size)
    if unit.name in counted:
        return Verdict(True, (f"{clause}: {unit.name} already counts against the {state} maximum this turn",))
    counts = _counts(list(counted.values()) + [unit.size])
    allowed = " or ".join(_describe(c) for c in combos)
    so_far = ", ".join(counted) or "no unit"
    if any(all(counts[k] <= int(c.get(k, 0)) for k in counts) for c in combos):
        return Verdict(True, (f"{clause}: {so_far} so far, with {unit.name} ({unit.size}) within the {state} "
                              f"maximum of {allowed}",))
    return Verdict(False, (f"{clause}: {so_far} already moved or attempted in {state}; {unit.name} "
                           f"({unit.size}) would exceed the maximum of {allowed}",))


def repeat_modifier(charts, unit):
    """(modifier, clause): the die modifier of a unit that moved by rail last turn (option
    rail_repeat_modifier: "as_printed" subtracts two, "penalty" adds two)."""
    if not unit.rail_last_turn:
        return 0, ""
    amount = int(charts.rule("rail", "repeat_modifier"))
    if charts.option("rail_repeat_modifier") == "penalty":
        return amount, (f"4: +{amount}, it moved by rail last turn (option rail_repeat_modifier = \"penalty\": "
                        "a second move is harder)")
    return -amount, (f"4: -{amount}, it moved by rail last turn (\"subtracts two\"; option rail_repeat_modifier "
                     "= \"as_printed\": this makes a second move easier)")


def rail_odds(charts, unit):
    """The chance an attempt by `unit` lets it move (exact, from [rail_table] and its modifier)."""
    modifier, _ = repeat_modifier(charts, unit)
    return charts.file.distribution("rail_table", ROLL, modifiers=modifier).get("move", Fraction(0))


def attempt(charts, unit, station_state, attempts, roll, map_state=""):
    """4: the attempt to move `unit` by rail, a march action: refused when it already moved by rail
    this turn or the maximum is reached; otherwise +1 fatigue (whatever the roll) and a d6 (with
    the modifier for a rail move last turn): 1-3 it may move, 4-6 it may not. `attempts`: the
    turn's RailAttempt records; `roll(dice, purpose)` rolls. Eligibility is eligibility()'s."""
    state, state_clause = cap_state(charts, station_state, map_state)
    clauses = [state_clause]
    again = moved_again(unit.name, attempts)
    if again:
        clauses.append(again)
        return AttemptResult(unit.name, False, state, None, 0, None, False, unit.fatigue, unit.fatigue, False,
                             None, tuple(clauses))
    cap = cap_check(charts, unit, state, attempts)
    clauses += cap.clauses
    if not cap.allowed:
        return AttemptResult(unit.name, False, state, None, 0, None, False, unit.fatigue, unit.fatigue, False,
                             None, tuple(clauses))
    cost = int(charts.rule("rail", "fatigue_cost"))
    after = unit.fatigue + cost
    march_roll = after in [int(x) for x in charts.rule("rail", "march_roll_fatigue")]
    clauses.append(f"4: a march action: fatigue {unit.fatigue} -> {after}, even if the unit cannot move")
    if march_roll:
        clauses.append(f"4: fatigue {after}: the normal march rules' disorganization roll is due")
    modifier, modifier_clause = repeat_modifier(charts, unit)
    if modifier_clause:
        clauses.append(modifier_clause)
    rolled = roll(ROLL, f"rail {unit.name}")
    result = charts.file.lookup("rail_table", rolled, modifiers=modifier)
    moves = result.result == "move"
    shown = f"{rolled}{modifier:+d} = {rolled + modifier}" if modifier else str(rolled)
    if moves:
        clauses.append(f"4: rolled {shown}: it may move up to {charts.rule('rail', 'max_hexes')} rail hexes; "
                       "it may not attempt to move by rail again this turn")
    else:
        clauses.append(f"4: rolled {shown}: it may not move; it still gains the fatigue level, and neither it nor "
                       "any other Union unit may be moved during the current activation phase; it may try again "
                       "in a later activation this turn (the Couch example)")
    record = RailAttempt(unit.name, unit.size, state, moves)
    clauses.append(cap_left(charts, state, tuple(attempts) + (record,)))
    return AttemptResult(unit.name, True, state, rolled, modifier, rolled + modifier, moves, unit.fatigue, after,
                         march_roll, record, tuple(clauses))


def moved_again(name, attempts):
    """4: the refusal of a unit that already moved by rail this turn (`attempts`: the turn's
    RailAttempts); "" when it has not."""
    if any(a.unit == name and a.moved for a in attempts):
        return f"4: {name} moved by rail this turn: it may not attempt to move by rail again this turn"
    return ""


def cap_left(charts, state, attempts):
    """4, Optional III 4: what `state`'s maximum still allows this turn after `attempts` (the units
    counted may try again; another unit only within what is left)."""
    clause = "Optional III 4" if state == "PA" else "4"
    counted = ", ".join(dict.fromkeys(a.unit for a in attempts if a.state == state))
    room = [kind for size, kind in (("division", "a division"), ("brigade", "a brigade or regiment"))
            if cap_check(charts, RailUnit("", "", "", size), state, attempts).allowed]
    if not room:
        return (f"{clause}: the {state} maximum is reached ({counted}): no other Union unit may attempt to move by "
                f"rail in {state} this turn")
    return f"{clause}: with {counted}, the {state} maximum still allows another unit this turn: {' or '.join(room)}"


def _entry_refusal(hex_name, enemy_units, enemy_zoc, county_of, confederate_counties):
    if hex_name in enemy_units:
        return f"4: {hex_name} is enemy occupied"
    if hex_name in enemy_zoc:
        return f"4: {hex_name} is in an enemy ZOC (even if a Union unit occupies it)"
    county = county_of.get(hex_name, "")
    if county and county in confederate_counties:
        return f"4: {hex_name} is in {county}, a Confederate-controlled county"
    return ""


def check_move(charts, network, path, enemy_units=(), enemy_zoc=(), county_of=None, confederate_counties=(),
               limit=None):
    """4: may a unit whose attempt succeeded move along `path` (its hexes, the start first)? Only
    along continuous rail hexes, up to 35 of them (a link counts its length), never entering an
    enemy-occupied hex, an enemy ZOC or a hex of a Confederate-controlled county (`county_of`:
    {hex: county}); `limit(hex)`: the clause of the unit's own limit refusing a hex, "" when none
    (designation_limit: 5's Balt and DC limits), judged on every hex of the path."""
    county_of = county_of or {}
    most = int(charts.rule("rail", "max_hexes"))
    problems, total = [], 0
    problems += limit_refusals(limit, path)
    for a, b in zip(path, path[1:]):
        step = network.length(a, b)
        if step is None:
            problems.append(f"4: {a} to {b} is not along continuous rail hexes")
            step = 1
        total += step
        refusal = _entry_refusal(b, set(enemy_units), set(enemy_zoc), county_of, set(confederate_counties))
        if refusal:
            problems.append(refusal)
    if total > most:
        problems.append(f"4: {total} rail hexes, more than {most}")
    if problems:
        return MoveVerdict(False, total, tuple(problems))
    return MoveVerdict(True, total, (f"4: {total} rail hexes of {most}, along continuous rail hexes, entering no "
                                     "enemy unit, enemy ZOC or Confederate-controlled county",))


def reach(charts, network, start, enemy_units=(), enemy_zoc=(), county_of=None, confederate_counties=(),
          limit=None):
    """{hex: rail hexes from `start`}: every hex a unit whose attempt succeeded may reach (4), never
    through a hex `limit(hex)` refuses (as check_move)."""
    county_of = county_of or {}
    most = int(charts.rule("rail", "max_hexes"))
    enemy_units, enemy_zoc, controlled = set(enemy_units), set(enemy_zoc), set(confederate_counties)
    best, todo = {start: 0}, [(0, start)]
    while todo:
        d, here = heapq.heappop(todo)
        if d > best[here]:
            continue
        for nxt, step in network.neighbours(here).items():
            nd = d + step
            if nd > most or nd >= best.get(nxt, most + 1):
                continue
            if _entry_refusal(nxt, enemy_units, enemy_zoc, county_of, controlled):
                continue
            if limit is not None and limit(nxt):
                continue
            best[nxt] = nd
            heapq.heappush(todo, (nd, nxt))
    return best


def balt_limit(designation, west):
    """5: "Balt" units may not move west of hex row 2101-2134 on the east HCTR map: `west` is the
    hex's membership of the hexes the companion file says lie west of that row."""
    if designation != "Balt":
        return Verdict(True, (f"5: the Balt limit does not apply to a {designation or 'non-designated'} unit",))
    if not west:
        return Verdict(True, ("5: a Balt unit not west of hex row 2101-2134 of the east HCTR map",))
    return Verdict(False, ("5: Balt units may not move west of hex row 2101-2134 on the east HCTR map",))


def dc_limit(designation, in_dc_defense_area):
    """5: "DC" units must remain within the DC defense area (south of the Potomac, and on or within
    the ring of forts north of it): `in_dc_defense_area` is the hex's membership of that area."""
    if designation != "DC":
        return Verdict(True, (f"5: the DC limit does not apply to a {designation or 'non-designated'} unit",))
    if in_dc_defense_area:
        return Verdict(True, ("5: a DC unit within the District of Columbia defense area",))
    return Verdict(False, ("5: DC units must remain within the District of Columbia defense area",))



def designation_limit(designation, dc_area, balt_west):
    """5: the limit of a unit of `designation` as a function of a hex: the clause of balt_limit or
    dc_limit refusing that hex, "" when the unit may be there. `dc_area`: the DC defense area's
    hexes; `balt_west`: the hexes west of hex row 2101-2134. The move check and r2a.rail both judge
    by it."""
    def limit(hex_name):
        for verdict in (balt_limit(designation, hex_name in balt_west), dc_limit(designation, hex_name in dc_area)):
            if not verdict.allowed:
                return verdict.clauses[0]
        return ""
    return limit


def limit_refusals(limit, hexes):
    """["HEX, HEX: clause"]: the hexes of `hexes` `limit` refuses, one entry a clause."""
    refused = {}
    for h in dict.fromkeys(hexes):
        clause = limit(h) if limit is not None else ""
        if clause:
            refused.setdefault(clause, []).append(h)
    return [f"{', '.join(hs)}: {clause}" for clause, hs in refused.items()]
