"""Supply wagons, Low and No Ammo, resupply (8.0-8.3, 5.7c): pure rules over a unit's vocabulary
(any object with name, side, type, state, formation, ammo, corps, as close_combat_entry.CcUnit) and
the distances the map layer measured, each answer with its clause."""
from dataclasses import dataclass

AMMO_WORSE = {"normal": "low", "low": "none", "none": "none"}
COMBAT = ("infantry", "cavalry", "artillery")


@dataclass(frozen=True)
class Wagon:
    name: str
    side: str
    kind: str          # "wagon" (a corps supply wagon) or "train" (the army supply train)
    corps: str = ""    # the corps a wagon supplies


@dataclass(frozen=True)
class Ammo:
    ammo: str          # normal | low | none: after the rule
    clause: str
    text: str


@dataclass(frozen=True)
class Resupply:
    eligible: bool
    ammo: str                  # after the Resupply segment
    source: str                # the wagon or train it drew from, "" for none
    reasons: tuple             # ((clause, why not), ...) when not eligible


def ammo_after_fire(ammo, fire_roll, charts):
    """8.2, 5.7c: a firing unit's ammunition after a Fire Combat Table roll (the unmodified 2d6)."""
    rolls = [int(r) for r in charts.rule("fire", "low_ammo_rolls")]
    if fire_roll not in rolls:
        return Ammo(ammo, "8.2", f"roll {fire_roll}: ammunition unchanged")
    after = AMMO_WORSE[ammo]
    word = {"low": "Low Ammo", "none": "No Ammo"}[after]
    return Ammo(after, "8.2, 5.7c", f"roll {fire_roll}: {'already Low Ammo, now ' if ammo == 'low' else ''}{word}")


def ammo_fire_effect(ammo, charts):
    """8.2: (may fire, column shift) for a unit's ammunition."""
    if ammo == "none":
        return False, 0
    return True, int(charts.rule("fire_column_shifts", "low_ammo")) if ammo == "low" else 0


def resupply(unit, enemy_hexes, wagons, charts):
    """8.3: may `unit` resupply in the Resupply segment? `enemy_hexes`: hexes to the nearest enemy unit;
    `wagons`: ((Wagon, hexes from the unit), ...) of the wagons and trains on the map."""
    reasons = []
    if unit.type not in COMBAT:
        reasons.append(("8.0", f"a {unit.type} has no ammunition state"))
    far = int(charts.rule("supply", "resupply_enemy_hexes"))
    if enemy_hexes < far:
        reasons.append(("8.3", f"{enemy_hexes} hexes from an enemy unit: at least {far} needed"))
    if unit.state in ("dg", "r"):
        reasons.append(("8.3b", f"{'Disorganized' if unit.state == 'dg' else 'Routed'} units cannot resupply"))
    if unit.type == "artillery" and unit.formation != "limbered":
        reasons.append(("8.3b", "artillery must be limbered to resupply"))
    near = int(charts.rule("supply", "resupply_wagon_hexes"))
    own = [(w, d) for w, d in wagons if _supplies(w, unit)]
    reach = sorted(((d, w.kind != "wagon", w.name) for w, d in own if d <= near))
    if not reach:
        whose = f"its corps ({unit.corps}) wagon or the army train" if unit.corps else \
            "the army train (no corps: 8.3a)"
        reasons.append(("8.3, 8.3a", f"not within {near} hexes of {whose}"))
    if reasons:
        return Resupply(False, unit.ammo, "", tuple(reasons))
    return Resupply(True, "normal", reach[0][2], ())


def _supplies(wagon, unit):
    """8.3a: a unit draws from its own corps wagon or its army's train; without a corps, the train only."""
    if wagon.side != unit.side:
        return False
    return wagon.kind == "train" or (wagon.kind == "wagon" and bool(unit.corps) and wagon.corps == unit.corps)


def wagon_overrun(friendly_combat_in_hex, enemy_combat_in_hex):
    """8.1c: a wagon not stacked with a friendly combat unit is destroyed when an enemy combat unit
    is in its hex: (destroyed, clause)."""
    return (not friendly_combat_in_hex and enemy_combat_in_hex), "8.1c"


def wagon_fired_on(fire_result, friendly_combat_in_hex, charts):
    """8.1c: a wagon alone fired on is destroyed by a result of 1 or more; stacked with a friendly
    combat unit it may not be fired on separately. (destroyed, clause, why)."""
    if friendly_combat_in_hex:
        return False, "8.1c", "stacked with a friendly combat unit: it may not be fired on separately"
    least = int(charts.rule("supply", "wagon_destroyed_result"))
    hits = int(fire_result) if str(fire_result).lstrip("-").isdigit() else 0
    if hits >= least:
        return True, "8.1c", f"fire result {fire_result}: destroyed ({least} or more)"
    return False, "8.1c", f"fire result {fire_result}: not destroyed"


def train_may_enter(road_in_hex, clear, next_to_road):
    """8.1b: the army train enters road (and trail) hexes, or clear hexes adjacent to a road."""
    return road_in_hex or (clear and next_to_road), "8.1b"
