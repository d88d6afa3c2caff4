"""Supply (16.0-16.4 as amended by the 1973 errata): each unit supplied within 6 hexes of a source
or of a rail line leading from one, unsupplied 7-12, isolated beyond; paths free of enemy units and
of the zones of enemy face-down units; the Confederate depot a source only within 10 hexes of
another and feeding no rail line; face-up cavalry, leaders and fortifications always supplied.
The trace is the general search (traces.supply, `adjutant trace lmn-supply`)."""
from adjutant.plugin import name_list
from adjutant.procedures.report import Quantity

from .army import SIDES, enemy_of
from .traces import supply as trace_supply


def sources(session, side, control):
    """16.1: the side's source hexes (the companion file's sources of the side, for the Union every
    port), and the cities it controls: occupied by its units, else as `control` (CITY:SIDE) or the
    companion file's controlled_by say. Returns ({hex: why}, depot hex or None)."""
    army = session.army
    found = {}
    for place in army.places("source"):
        if place.properties.get("side") == side:
            found.update((h, place.name) for h in place.hexes)
    if side == "Union":
        for place in army.places("port"):
            found.update((h, f"port of {place.name}") for h in place.hexes)
    given = {}
    for item in name_list(control):
        city, _, who = item.rpartition(":")
        if who not in SIDES + ("",):
            raise ValueError(f"control is CITY:SIDE, not {item!r}")
        given[city] = who
    for place in army.places("city"):
        hex_name = place.hexes[0]
        holder = army.side_in(hex_name) or given.get(place.name, place.properties.get("controlled_by", ""))
        if holder == side:
            found[hex_name] = f"{place.name}, controlled"
    depot = next((u.hex for u in army.of(side) if u.type == "depot"), None)
    return found, depot


def always_supplied(unit):
    """16.0: fortifications need no supply; face-up cavalry and leaders are always supplied."""
    if unit.is_fortification:
        return "a fortification needs no supply (16.0)"
    if unit.is_leader:
        return "a leader is always supplied (16.0)"
    if unit.face_up_cavalry:
        return "face-up cavalry is always supplied (16.0)"
    return ""


class SideSupply:
    """The supply of one side's units (16): its sources, the enemy units and zones that block."""

    def __init__(self, session, side, control=""):
        army = session.army
        self.army = army
        self.found, self.depot = sources(session, side, control)
        self.enemy_hexes = sorted({u.hex for u in army.of(enemy_of(side))})   # 16.2: any enemy unit blocks
        self.position = army.position(side)   # the companion file's zones: none into the side's units' hexes (8.1B)
        self.literal = session.charts.option("rail_supply") == "literal"
        self.depot_to_rail = session.charts.option("depot_reach") == "rail"

    def depot_result(self):
        return trace_supply(self.army.map, self.depot, sources=sorted(self.found), depot=self.depot, rail=["rail"],
                            enemy=self.enemy_hexes, units=self.position, depot_to_rail=self.depot_to_rail)

    def of(self, unit):
        """The trace of one unit needing supply: .state, .trace (None: isolated), .reason."""
        return trace_supply(self.army.map, unit.hex, sources=sorted(self.found), depot=self.depot, rail=["rail"],
                            enemy=self.enemy_hexes, units=self.position, literal=self.literal,
                            depot_to_rail=self.depot_to_rail)


def run_supply(session, side, names, control):
    army, charts = session.army, session.charts
    sides = [side] if side else list(SIDES)
    for s in sides:
        section = session.report.section(f"{s} supply (16)")
        supply = SideSupply(session, s, control)
        found, depot = supply.found, supply.depot
        units = [u for u in army.of(s) if not names or u.name in names]
        if depot is not None:
            result = supply.depot_result()
            section.add(f"the depot in {depot} {'is' if result.depot_source else 'is not'} a source: "
                        f"{'within' if result.depot_source else 'not within'} "
                        f"{charts.rule('supply', 'depot_trace')} hexes of another"
                        f"{' or of a rail line leading from one (16.1 B)' if supply.depot_to_rail else ''} (16.4 G)",
                        depot=depot,
                        depot_source=result.depot_source)
        for unit in sorted(units, key=lambda u: u.name):
            why = always_supplied(unit)
            if why:
                section.add(f"{unit.name} ({unit.hex}): supplied, {why}", unit=unit.name, state="supplied")
                continue
            if unit.type == "depot":
                continue
            result = supply.of(unit)
            trace = result.trace
            if trace is not None:
                end = trace.hexes[-1]
                what = found.get(end) or ("the depot" if end == depot else "a rail line to a source")
                why = f": {result.reason}" if result.reason else ""
                section.add(f"{unit.name} ({unit.hex}): {result.state}, {trace.used} hexes to {what} "
                            f"({'-'.join(trace.hexes)}){why}", unit=unit.name, state=result.state, hexes=trace.used,
                            path=list(trace.hexes), quantity=Quantity("hexes to supply", trace.used, of=unit.name))
            else:
                section.add(f"{unit.name} ({unit.hex}): isolated, no path of 12 hexes free of enemy units and "
                            f"zones to a source or a rail line from one{': ' + result.reason if result.reason else ''}",
                            unit=unit.name, state="isolated")
