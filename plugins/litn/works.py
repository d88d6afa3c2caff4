"""LIN 8.7 (destroying and repairing bridges and rail lines) and 8.8 (entrenchment), judged at the
end of a Movement Phase from what each unit did in it: where it began and ended, the MP its moves
cost, its allowance and CPs, and the states the game gives it. Which bridges and rail hexes were
destroyed or repaired in the phase comes in as data (StateChange), read from the map's markers
elsewhere."""
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from adjutant.rules.army_unit import is_true
from adjutant.rules.move_check import Verdict
from adjutant.rules.mp import mp_text

from .army import COMBAT_TYPES, enemy_of

FORCE_SP = 5                      # 8.7: a force totalling 5 or more (infantry, to repair) strength points
DESTROY_BRIDGE = Fraction(3)      # 8.7: any other bridge
DESTROY_POTOMAC_RAIL_BRIDGE = Fraction(4)
ENEMY_AT_BRIDGE = Fraction(2)     # 8.7: + 2 MP with an enemy combat unit adjoining the bridge
DESTROY_RAIL = Fraction(3)
REPAIR_RAIL = Fraction(4)


@dataclass(frozen=True)
class StateChange:
    """What changed on the map in one Movement Phase: hexsides as "1630/1631", hexes by name."""

    destroyed_bridges: frozenset = frozenset()
    destroyed_rail: frozenset = frozenset()
    repaired_bridges: frozenset = frozenset()
    repaired_rail: frozenset = frozenset()


@dataclass
class PhaseUnit:
    """One unit over the phase, as the move check saw it."""

    name: str
    attributes: dict
    start: Optional[str]            # hex at the phase's start (None: off the map)
    end: Optional[str]
    spent: Fraction = Fraction(0)   # MP its moves cost
    moved: bool = False
    start_states: dict = field(default_factory=dict)
    where: tuple = ()               # (map, board) of its hex

    @property
    def side(self):
        return self.attributes.get("side", "")

    @property
    def type(self):
        return self.attributes.get("type", "")

    @property
    def strength(self):
        try:
            return int(str(self.attributes.get("strength") or 0))
        except ValueError:
            return 0

    def state(self, name, at_start=False):
        return is_true((self.start_states if at_start else self.attributes).get(name))


class PhaseWorks:
    """Judges 8.7 and 8.8 over one phase's units; `allowance(unit)` is its MP (None when unknown),
    `cp(unit)` the CPs its hex's leader received (None when unknown)."""

    def __init__(self, map_name, movement, terrain, units, allowance, cp, options):
        self.map_name = map_name
        self.movement = movement
        self.units = units
        self.allowance = allowance
        self.cp = cp
        self.potomac = set(options["potomac"])
        self.bridge = set(options["bridge"])
        self.repair_phases = options["bridge_repair_phases"]
        self.hexsides = hexside_features(terrain)

    def verdicts(self, change):
        out = []
        for hexside in sorted(change.destroyed_bridges):
            out.append(self._bridge(hexside, repair=False, rail_repaired=change.repaired_rail))
        for hexside in sorted(change.repaired_bridges):
            out.append(self._bridge(hexside, repair=True, rail_repaired=change.repaired_rail))
        for hex_name in sorted(change.destroyed_rail):
            if not any(hex_name in h.split("/") for h in change.destroyed_bridges):
                out.append(self._rail(hex_name, repair=False))
        for hex_name in sorted(change.repaired_rail):
            out.append(self._rail(hex_name, repair=True))
        return out + self._entrenchment()

    # ---- 8.7 ----

    def _bridge(self, hexside, repair, rail_repaired):
        a, b = hexside.split("/")
        features = self.hexsides.get(frozenset((a, b)), set())
        what = "repairs" if repair else "destroys"
        enemy_adjoining = {s for s in self._sides_with_combat_units((a, b))}
        best = None
        for hex_name in (a, b):
            for side in sorted({u.side for u in self._in(hex_name)}):
                units = [u for u in self._in(hex_name) if u.side == side]
                enemy = enemy_of(side) in enemy_adjoining
                if repair:
                    reasons = self._repair_bridge(units, hex_name, enemy, rail_repaired)
                    cost = None
                else:
                    cost = self._bridge_cost(features, enemy)
                    reasons = self._destroy(units, cost, "bridge")
                if not features & self.bridge:
                    reasons.append(f"{hexside} is no bridge of the map: only printed bridges are destroyed or "
                                   f"repaired (8.7)")
                verdict = self.verdict(units, hex_name, f"{what} the bridge {hexside}", reasons, cost)
                if best is None or (verdict.legal and not best.legal):
                    best = verdict
        if best is None:
            return Verdict(None, self.map_name, (), a, b, legal=False,
                           reason=f"the bridge {hexside} was {'repaired' if repair else 'destroyed'} with no unit in "
                                  f"{a} or {b} (8.7)")
        return best

    def _bridge_cost(self, features, enemy_adjoining):
        rail_bridge = "line:rail" in features and features & self.potomac
        return (DESTROY_POTOMAC_RAIL_BRIDGE if rail_bridge else DESTROY_BRIDGE) + (ENEMY_AT_BRIDGE if enemy_adjoining else 0)

    def _rail(self, hex_name, repair):
        units = self._in(hex_name)
        sides = sorted({u.side for u in units})
        best = None
        for side in sides or [""]:
            own = [u for u in units if u.side == side]
            enemy_here = any(u.side and u.side != side for u in units) or self._enemy_at_start(hex_name, side)
            if repair:
                reasons = self._repair_rail(own, hex_name, side, enemy_here)
                cost = REPAIR_RAIL
            else:
                cost = DESTROY_RAIL
                reasons = self._destroy(own, cost, "rail line")
                if enemy_here:
                    reasons.append(f"enemy units in {hex_name}: rail may not be destroyed there (8.7)")
            verdict = self.verdict(own, hex_name, f"{'repairs' if repair else 'destroys'} the rail in {hex_name}",
                                    reasons, cost)
            if best is None or (verdict.legal and not best.legal):
                best = verdict
        return best

    def _destroy(self, units, cost, what):
        able = [u for u in units if u.type in COMBAT_TYPES and self._left(u) is not None and self._left(u) >= cost]
        reasons = []
        if sum(u.strength for u in units if u.type in COMBAT_TYPES) < FORCE_SP:
            reasons.append(f"a force of {FORCE_SP} or more SP destroys a {what} (8.7)")
        elif sum(u.strength for u in able) < FORCE_SP:
            lefts = ", ".join(f"{u.name} {self._left_text(u)}" for u in units if u.type in COMBAT_TYPES)
            reasons.append(f"no force of {FORCE_SP} SP with {mp_text(cost)} MP left after its moves ({lefts}): "
                           f"the cost may not come from a force march (8.6, 8.7)")
        return reasons

    def _repair_rail(self, units, hex_name, side, enemy_here):
        reasons = self._repairers(units, REPAIR_RAIL, "a rail line")
        if enemy_here:
            reasons.append(f"enemy units in {hex_name}: rail may not be repaired there (8.7)")
        if not any(a.properties.get("friendly_to") == side for a in self.movement.areas()
                   if a.name in self.movement.areas_at(hex_name)):
            reasons.append(f"{hex_name} is not {side} territory: only rail lines in friendly territory are repaired (8.7)")
        return reasons

    def _repair_bridge(self, units, hex_name, enemy_adjoining, rail_repaired):
        reasons = self._repairers(units, None, "a bridge")
        infantry = [u for u in units if u.type == "infantry"]
        moved = sorted(u.name for u in infantry if u.moved or u.start != hex_name)
        if moved:
            reasons.append(f"{', '.join(moved)} moved: a bridge is repaired by a force that does not move for a "
                           f"full Movement Phase (8.7)")
        if enemy_adjoining:
            reasons.append("an enemy unit adjacent to the bridge (8.7)")
        no_cp = sorted(u.name for u in infantry if (self.cp(u) or 0) < 1)
        if no_cp:
            reasons.append(f"{', '.join(no_cp)} without a CP: a repair needs at least 1 (8.7)")
        if hex_name in rail_repaired:
            reasons.append(f"the same force repairs the rail in {hex_name} too: not both at once (8.7)")
        return reasons

    def _repairers(self, units, cost, what):
        infantry = [u for u in units if u.type == "infantry"]
        if cost is not None:
            infantry = [u for u in infantry if self._left(u) is not None and self._left(u) >= cost]
        if sum(u.strength for u in infantry) >= FORCE_SP:
            return []
        need = f" with {mp_text(cost)} MP left" if cost is not None else ""
        return [f"a force of {FORCE_SP} or more infantry SP{need} repairs {what}; cavalry and artillery do not (8.7)"]

    # ---- 8.8 ----

    def _entrenchment(self):
        out = []
        for u in self.units:
            gains = [s for s in ("entrenching", "entrenched") if u.state(s) and not u.state(s, at_start=True)]
            kept = [s for s in ("entrenching", "entrenched") if u.state(s) and u.state(s, at_start=True)]
            hex_name = u.end or u.start or ""
            if gains:
                reasons = []
                if u.type not in COMBAT_TYPES:
                    reasons.append("only combat units entrench (8.8)")
                if u.moved or u.spent:
                    reasons.append(f"it spent {mp_text(u.spent)} MP this phase: an entrenching unit spends none (8.8)")
                if (self.cp(u) or 0) < 1:
                    reasons.append("it has no CP: an entrenching unit needs at least 1 (8.8)")
                if "entrenched" in gains and not u.state("entrenching", at_start=True) \
                        and not u.state("entrenched", at_start=True):
                    reasons.append("entrenched without a Constructing Entrenchment marker from the phase before: "
                                   "entrenchment takes two consecutive Movement Phases (8.8)")
                label = "entrenched" if "entrenched" in gains else "begins to entrench (Constructing Entrenchment)"
                out.append(self.verdict([u], hex_name, label, reasons, None, clause="8.8"))
            elif kept and u.moved:
                marker = "Entrenchment" if "entrenched" in kept else "Constructing Entrenchment"
                out.append(self.verdict([u], hex_name, "moved", [f"it moved and still has its {marker} marker: a "
                                                                  f"unit that moves loses it (8.8)"], None, clause="8.8"))
        return out

    # ---- the units ----

    def _in(self, hex_name):
        return [u for u in self.units if u.end == hex_name]

    def _sides_with_combat_units(self, hexes):
        return {u.side for u in self.units if u.type in COMBAT_TYPES and (u.end in hexes or u.start in hexes)}

    def _enemy_at_start(self, hex_name, side):
        return any(u.start == hex_name and u.side and u.side != side for u in self.units)

    def _left(self, unit):
        allowance = self.allowance(unit)
        return None if allowance is None else allowance - unit.spent

    def _left_text(self, unit):
        left = self._left(unit)
        return "no allowance" if left is None else f"{mp_text(left)} MP"

    def verdict(self, units, hex_name, what, reasons, cost, clause="8.7"):
        v = Verdict(None, self.map_name, tuple(u.name for u in units), hex_name, hex_name,
                    cost=cost, legal=not reasons, reason="; ".join(reasons))
        v.note = f"{what} ({clause})"
        if clause == "8.7" and "repairs the bridge" in what and self.repair_phases != 1:
            v.note += (f"; the option bridge_repair_phases asks {self.repair_phases} Movement Phases: this one is "
                       f"judged, the earlier ones are not in view")
        return v


def hexside_features(terrain):
    """{frozenset((a, b)): features}: each hexside's features, with "line:TYPE" for the lines crossing it."""
    features = {frozenset((a, b)): set(f) for a, b, f in terrain.hexside_features()}
    for a, b, lines in terrain.line_crossings():
        features.setdefault(frozenset((a, b)), set()).update(f"line:{t}" for t in lines)
    return features
