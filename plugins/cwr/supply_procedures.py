"""The Resupply segment on a save (8.3): each unit's eligibility (4 hexes from every enemy unit,
2 hexes from its corps wagon or the army train, counted as the option `distance` reads them
(distances.py); not DG or R, artillery limbered) measured on the map, and the ammunition of those
that may written back to Normal."""

from .army import ArmyError, enemy_of
from .close_combat_procedure import cc_unit
from .distances import FAR, Distances
from .supply import Wagon, resupply

SUPPLY_TYPES = ("wagon", "train")


def resupply_segment(session, names):
    army, charts = session.army, session.charts
    side = session.side
    if names:
        units = [army.named(n) for n in names]
        for u in units:
            if u.side != side:
                raise ArmyError(f"{u.name} is {u.side}, not {side}")
            if not u.hex:
                raise ArmyError(f"{u.name} is not on the map")
    else:
        units = [u for u in army.of(side) if u.is_combat and u.ammo != "normal"]
    section = session.report.section(f"{side} Resupply segment (8.3)")
    if not units:
        section.add(f"no {side} unit on the map is Low or No Ammo: nothing to resupply")
        return
    enemies = army.of(enemy_of(side))
    measure = Distances(army, charts, side)
    wagons = [(u, Wagon(u.name, u.side, u.type, u.corps)) for u in army.of(side) if u.type in SUPPLY_TYPES]
    for unit in units:
        unit_class = unit.attributes.get("class")
        nearest = measure.nearest(unit.hex, [e.hex for e in enemies], unit_class)
        far = nearest is None or nearest.hexes is None
        reach = tuple((w, measure.between(unit.hex, u.hex, unit_class)) for u, w in wagons)
        verdict = resupply(cc_unit(unit), FAR if far else nearest.hexes,
                           tuple((w, FAR if d.hexes is None else d.hexes) for w, d in reach), charts)
        if nearest is None:
            enemy = "no enemy unit on the map"
        elif far:
            enemy = "no path to an enemy unit"
        else:
            enemy = f"{nearest.text(measure.reading)} from {army.in_hex(nearest.to, enemy_of(side))[0].name}"
        near = ", ".join(f"{w.name} {d.text(measure.reading)}" for w, d in reach) or "no wagon or train on the map"
        facts = f"{enemy}; wagons and train: {near}"
        if not verdict.eligible:
            why = "; ".join(f"{text} ({clause})" for clause, text in verdict.reasons)
            section.add(f"{unit.name} ({unit.ammo} ammo) may not resupply: {why} [{facts}]", unit=unit.name,
                        eligible=False, reasons=[c for c, _ in verdict.reasons])
        elif unit.ammo == "normal":
            section.add(f"{unit.name} may resupply from {verdict.source}, but its ammunition is already Normal "
                        f"[{facts}]", unit=unit.name, eligible=True, source=verdict.source)
        else:
            change = unit_ammo(unit, verdict)
            written = army.write(unit, "ammo", verdict.ammo)
            section.add(f"{unit.name}: {change} from {verdict.source} (8.3)" +
                        ("" if written else " (ammo is not mapped to a property: change it by hand)") + f" [{facts}]",
                        unit=unit.name, eligible=True, source=verdict.source, written=written)


def unit_ammo(unit, verdict):
    return f"ammunition {'Low' if unit.ammo == 'low' else 'No'} Ammo -> {verdict.ammo.capitalize()}"
