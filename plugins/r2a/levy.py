"""Victuals from destroyed Union depots and levied towns (rulebook 8), and the supply a levy gives
(Optional III Levies, Maryland Levies). The map is not read here: VP values (the companion file's
`vp`), the town's county and each unit's distance in hexes are inputs; how the victuals are shared
is the player's choice, checked."""
from dataclasses import dataclass

from .victuals import cap

KINDS = ("depot", "pa_town", "md_town", "baltimore_hex")


@dataclass(frozen=True)
class Source:
    """A destroyed Union depot or a levied town (or Baltimore city hex)."""
    name: str
    kind: str                # depot, pa_town, md_town, baltimore_hex
    vp: int = 0              # the depot's VP for its destruction; a Pennsylvania town's VP value
    county: str = ""         # a Maryland town's county


@dataclass(frozen=True)
class Recipient:
    name: str
    side: str
    victuals: int
    distance: int            # hexes from the depot or town


@dataclass(frozen=True)
class Share:
    unit: str
    before: int
    after: int


@dataclass(frozen=True)
class Distribution:
    source: str
    total: int               # the victuals the depot or town provides
    given: int
    allowed: bool
    shares: tuple            # Share, when allowed
    clauses: tuple           # the total's clause, then every refusal


def _kind(source):
    if source.kind not in KINDS:
        raise ValueError(f"{source.name}: kind {source.kind!r} is not one of {', '.join(KINDS)}")


def victuals_provided(charts, source):
    """Rulebook 8: a destroyed Union depot, twice the VP awarded for its destruction; a levied
    Pennsylvania town, twice its VP value; a Maryland town, 8 in all; a Baltimore city hex, 4."""
    _kind(source)
    if source.kind == "depot":
        per = int(charts.rule("levy", "depot_per_vp"))
        return per * source.vp, f"rulebook 8 depots: destroyed Union depot {source.name}: {per} x {source.vp} VP"
    if source.kind == "pa_town":
        per = int(charts.rule("levy", "pa_town_per_vp"))
        return per * source.vp, f"rulebook 8 levies: Pennsylvania town {source.name}: {per} x its {source.vp} VP"
    if source.kind == "md_town":
        total = int(charts.rule("levy", "md_town"))
        return total, f"rulebook 8 levies: Maryland town {source.name}: {total} victuals in all"
    total = int(charts.rule("levy", "baltimore_hex"))
    return total, f"rulebook 8 levies: Baltimore city hex {source.name}: {total} victuals"


def distribute(charts, source, recipients, shares):
    """Rulebook 8: the player's distribution `shares` ({unit: victuals}) of what `source` provides
    among `recipients`, checked: units within 5 hexes, Confederate for a depot (destroyed by a
    Confederate unit) and for a levy (read: "any unit" of the levying side, and only Confederate
    units levy), at most the total, no unit above the cap of five."""
    total, clause = victuals_provided(charts, source)
    reach, most = int(charts.rule("levy", "range")), cap(charts)
    by_name = {r.name: r for r in recipients}
    refusals, out = [], []
    for name, count in shares.items():
        r = by_name.get(name)
        if r is None:
            refusals.append(f"rulebook 8: {name} is not among the units given")
            continue
        if count < 0:
            refusals.append(f"rulebook 8: {name} cannot receive {count} victuals")
        if r.distance > reach:
            refusals.append(f"rulebook 8: {name} is {r.distance} hexes from {source.name}, beyond {reach}")
        if source.kind == "depot" and r.side != "Confederate":
            refusals.append(f"rulebook 8 depots: {name} is not a Confederate unit")
        elif r.side != "Confederate":
            refusals.append(f"rulebook 8 levies: {name} is a {r.side} unit: a levy's victuals go to units of the "
                            f"levying side (\"any unit within 5 hexes\" read as any Confederate unit: only "
                            f"Confederate units levy, Optional III)")
        if r.victuals + count > most:
            refusals.append(f"rulebook 8: {name} would have {r.victuals + count} victuals, above the maximum {most}")
        out.append(Share(name, r.victuals, r.victuals + count))
    given = sum(shares.values())
    if given > total:
        refusals.append(f"rulebook 8: {given} victuals shared, more than the {total} {source.name} provides")
    if refusals:
        return Distribution(source.name, total, given, False, (), (clause, *refusals))
    return Distribution(source.name, total, given, True, tuple(out), (clause,))


@dataclass(frozen=True)
class LevySupply:
    town: str
    allowed: bool
    supplied: tuple          # the units in supply at the next supply status check
    limit: int               # how many units the levy may supply in all
    vp_change: int           # Maryland towns of Frederick, Washington, Carroll counties
    clauses: tuple           # the limit's clause and the victory point note
    refusals: tuple = ()     # why the rules refuse the levy, when they do


def supply_limit(charts, source):
    """Optional III: how many units a levy puts in supply at the next supply status check, with the
    levying unit, and the clause. Pennsylvania: the levying unit and units passing through up to
    one-half of the VP (option levy_supply: "example" counts the levying unit within the half,
    "text" adds the half to it); Maryland towns two; a Baltimore hex one."""
    _kind(source)
    if source.kind == "pa_town":
        half = source.vp // int(charts.rule("levy", "pa_supply_divisor"))
        reading = charts.option("levy_supply")
        others = max(0, half - 1) if reading == "example" else half
        return 1 + others, (f"Optional III levies: {source.name} ({source.vp} VP): the levying unit and up to "
                            f"{others} other units passing through (one-half of the VP is {half}; "
                            f"option levy_supply = \"{reading}\")")
    if source.kind == "md_town":
        limit = int(charts.rule("levy", "md_units"))
        return limit, f"Optional III Maryland levies: {source.name} may supply up to {limit} units"
    if source.kind == "baltimore_hex":
        limit = int(charts.rule("levy", "baltimore_units"))
        return limit, f"Optional III Maryland levies: Baltimore hex {source.name} may supply {limit} unit"
    raise ValueError(f"{source.name}: a depot supplies no units by levy")


def levy_supply(charts, source, levier, side, others=()):
    """Optional III: the units a levy by `levier` (of `side`: only Confederate units levy) puts in
    supply at the next supply status check: the levier and `others` (units passing through the
    town), within the limit; -1 VP for each unit supplied by a town in Frederick, Washington or
    Carroll county."""
    limit, clause = supply_limit(charts, source)
    supplied = (levier, *others)
    refusals = []
    if side != "Confederate":
        refusals.append(f"Optional III: only Confederate units levy towns ({levier} is {side})")
    if len(set(supplied)) < len(supplied):
        refusals.append("Optional III: a unit is named twice")
    if len(supplied) > limit:
        refusals.append(f"Optional III: {len(supplied)} units, more than the {limit} {source.name} may supply")
    vp = 0
    clauses = [clause]
    if source.kind == "md_town":
        counties = tuple(charts.rule("levy", "md_penalty_counties"))
        if source.county in counties:
            per = int(charts.rule("levy", "md_penalty_vp"))
            vp = per * len(supplied)
            clauses.append(f"Optional III Maryland levies: a town in {source.county} county: {per} VP "
                           f"for each of the {len(supplied)} units supplied")
        else:
            clauses.append("Optional III Maryland levies: no effect on victory points")
    if refusals:
        return LevySupply(source.name, False, (), limit, 0, tuple(clauses), tuple(refusals))
    return LevySupply(source.name, True, supplied, limit, vp, tuple(clauses))
