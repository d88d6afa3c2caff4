"""The forage march action (rulebook 8, Optional III Supply): one fatigue, a die on the forage
table against the occupied hex's forage value. The map is not read here: the hex's state and its
base-game forage value (the companion file's area `forage`), control of Harper's Ferry and the base
game's die modifiers are inputs."""
from dataclasses import dataclass
from fractions import Fraction

from .victuals import cap

TABLE = "forage_table"


@dataclass(frozen=True)
class Forager:
    name: str
    side: str                # Union, Confederate
    victuals: int
    fatigue: int
    state: str               # VA, MD, PA: the occupied hex's state
    forage: int | None = None   # the hex's base-game forage value; not read in Pennsylvania


@dataclass(frozen=True)
class Forage:
    unit: str
    fatigue_before: int
    fatigue_after: int
    extended_march: bool     # the base game's extended march roll is needed
    value: int               # the hex's forage value for this unit
    modifiers: tuple         # (label, drm)
    roll: int
    modified_roll: int
    result: str              # the table's cell: full, half_up, rounded_down, none
    gained: int              # the victuals the result gives
    victuals_before: int
    victuals_after: int      # capped
    odds: dict               # {victuals received (capped): Fraction} before the roll
    clauses: tuple


def forage_value(charts, side, state, hex_forage):
    """The occupied hex's forage value: in Pennsylvania 4 for Confederate units, 6 for Union units
    (Optional III); elsewhere the base game's value of the hex (companion data)."""
    if state == "PA":
        key = {"Confederate": "pa_confederate", "Union": "pa_union"}.get(side)
        if key is None:
            raise ValueError(f"side {side!r} is not Union or Confederate")
        value = int(charts.rule("forage", key))
        return value, f"Optional III supply: forage value in Pennsylvania {value} for {side} units"
    if hex_forage is None:
        raise ValueError(f"the forage value of the hex in {state} is not given (the companion file's area `forage`)")
    return int(hex_forage), f"rulebook 8: the forage value of the currently occupied hex, {hex_forage}"


def forage_modifiers(charts, side, state, union_holds_harpers_ferry=False, base_modifier=0):
    """The die modifiers: the base game's (Harper's Ferry control, dispersal) as one given number,
    and +1 for a Confederate unit in Pennsylvania while the Union controls Harper's Ferry (Optional III)."""
    out = []
    if base_modifier:
        out.append(("base game (Harper's Ferry, dispersal)", int(base_modifier)))
    if side == "Confederate" and state == "PA" and union_holds_harpers_ferry:
        out.append(("Optional III: Harper's Ferry under Union control", int(charts.rule("forage", "harpers_ferry_drm"))))
    return tuple(out)


def victuals_for(charts, result, value):
    """The victuals a forage table result gives from forage value `value`, and the clause. Result 5
    ("the forage value (rounded down)") is read by option forage_five."""
    if result == "full":
        return value, f"rulebook 8: the forage value, {value}"
    if result == "half_up":
        return (value + 1) // 2, f"rulebook 8: one half the forage value {value}, rounded up"
    if result == "rounded_down":
        reading = charts.option("forage_five")
        if reading == "full":
            return value, f"rulebook 8: the forage value {value} (option forage_five = \"full\")"
        return value // 2, f"rulebook 8: one half the forage value {value}, rounded down (option forage_five = \"half_down\")"
    if result == "none":
        return 0, "rulebook 8: no victuals"
    raise ValueError(f"{charts.path}: [{TABLE}] result {result!r} is not full, half_up, rounded_down or none")


def forage_odds(charts, forager, value, modifiers):
    """{victuals received, capped: Fraction} of a d6 + the modifiers on the forage table."""
    room = cap(charts) - forager.victuals
    odds = {}
    total = sum(d for _, d in modifiers)
    for result, chance in charts.file.distribution(TABLE, "d6", modifiers=total).items():
        got = min(room, victuals_for(charts, result, value)[0])
        odds[got] = odds.get(got, Fraction(0)) + chance
    return dict(sorted(odds.items(), reverse=True))


def forage(charts, forager, roll, union_holds_harpers_ferry=False, base_modifier=0):
    """Rulebook 8: a forage march action: the unit expends one fatigue (an extended march roll is
    needed when that brings it to fatigue 3 or 4), rolls a die with the modifiers and receives the
    table's victuals, up to the cap of five."""
    most = cap(charts)
    if not 0 <= forager.victuals <= most:
        raise ValueError(f"{forager.name}: {forager.victuals} victuals (rulebook 8: 0 to {most})")
    cost = int(charts.rule("forage", "fatigue_cost"))
    extended = tuple(int(f) for f in charts.rule("forage", "extended_march_fatigue"))
    after = forager.fatigue + cost
    if after > max(extended):
        raise ValueError(f"{forager.name}: at fatigue {forager.fatigue} a forage march would bring it to {after}, "
                         f"beyond fatigue {max(extended)}")
    value, value_clause = forage_value(charts, forager.side, forager.state, forager.forage)
    modifiers = forage_modifiers(charts, forager.side, forager.state, union_holds_harpers_ferry, base_modifier)
    odds = forage_odds(charts, forager, value, modifiers)
    clauses = [f"rulebook 8: a forage march expends {cost} fatigue: {forager.fatigue} -> {after}"]
    if after in extended:
        clauses.append(f"rulebook 8: the forage march brings it to fatigue {after}: an extended march roll is needed")
    clauses.append(value_clause)
    die = roll("d6", f"forage {forager.name}")
    read = charts.file.lookup(TABLE, die, modifiers=sum(d for _, d in modifiers))
    gained, gained_clause = victuals_for(charts, read.result, value)
    received = min(most, forager.victuals + gained)
    mods = "".join(f" {d:+d} ({label})" for label, d in modifiers)
    clauses.append(f"rulebook 8 forage table: {die}{mods} = {read.modified_roll}: {gained_clause}")
    if received < forager.victuals + gained:
        clauses.append(f"rulebook 8: a maximum of {most} victuals")
    return Forage(forager.name, forager.fatigue, after, after in extended, value, modifiers, die,
                  read.modified_roll, read.result, gained, forager.victuals, received, odds, tuple(clauses))
