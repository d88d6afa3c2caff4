"""LIN 11, attrition (1862 scenarios, the Initial Phase of odd turns from 3): one d6 per side; each
infantry and cavalry unit reads the Attrition Table's column for the territory it stands in, one row
lower without a line of communications; no unit falls below 1 SP. Units within 4 MP of a friendly
depot (their own movement costs, not through enemy units) and supply wagons are exempt: each is
marked "SP lost" 0."""
from adjutant.rules.mp import mp_text
from adjutant.procedures.report import Quantity

from .army import SIDES
from .loc import Lines
from .traces import attrition_exemption


def attrition_due(session):
    return session.year == 1862 and session.turn >= 3 and session.turn % 2 == 1


def run_attrition(session):
    report = session.report
    if not attrition_due(session):
        report.section("Attrition").add(f"no attrition on turn {session.turn} of {session.year}: only in 1862, "
                                        "on odd turns from 3 (LIN 11)")
        return
    lines = Lines(session.army, session.charts)
    for side in [session.side] if session.side else SIDES:
        _side_attrition(session, side, lines, report.section(f"{side} attrition (LIN 11)"))


def _side_attrition(session, side, lines, section):
    army, charts = session.army, session.charts
    units = [u for u in army.of(side) if u.type in ("infantry", "cavalry")]
    if not units:
        section.add(f"no {side} infantry or cavalry on the map")
        return
    roll = session.d6(f"{side} attrition")
    section.add(f"d6 {roll}", side=side, roll=roll)
    enemy = army.enemy_hexes(side)
    wagons = [u for u in army.of(side) if u.kind == "wagon"]
    for unit in sorted(units + wagons, key=lambda u: (u.hex, u.name)):
        if unit.kind == "wagon":
            section.add(f"{unit.name} ({unit.hex}): exempt, a supply wagon", unit=unit.name, hex=unit.hex, exempt=True,
                        quantity=Quantity("SP lost", 0, of=unit.name))
            continue
        depots = army.depots(side, unit.hex)
        near = attrition_exemption(army.map, unit.hex, unit.type, depots=depots, enemy=enemy) if depots else None
        if near is not None and near.found:
            section.add(f"{unit.name} ({unit.hex}): exempt, {mp_text(near.used)} MP from the depot at {near.hexes[-1]}",
                        unit=unit.name, hex=unit.hex, exempt=True, depot=near.hexes[-1],
                        quantity=Quantity("SP lost", 0, of=unit.name))
            continue
        territory = "friendly" if army.friendly_territory(unit.hex, side) else "enemy"
        has_loc = lines.has(unit)
        modifier = 0 if has_loc else 1
        loss, result = charts.attrition(roll, modifier, f"{territory} {unit.type}")
        before = unit.strength
        after = max(1, before - loss) if before > 1 else before
        why = f"{territory} territory" + ("" if has_loc else ", no LOC: row " + str(result.row_roll))
        # The enemy's strengths are secret (2.5): his reader learns the table's loss, not what it
        # came to where a unit stops at 1 SP.
        own = army.viewer.own(side)
        shown = before - after if own else loss
        text = f"{unit.name} ({unit.hex}): {why}: loses {shown}"
        if own and before - after < loss:
            text += f" (the table says {loss}; never below 1 SP)"
        text += army.change_strength(unit, after)
        section.add(text, unit=unit.name, hex=unit.hex, territory=territory, loc=has_loc, row=result.row_roll,
                    loss=shown, **({"strength": after} if own else {}),
                    quantity=Quantity("SP lost", shown, of=unit.name))
