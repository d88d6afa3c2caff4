"""LIN moves judged (`adjutant check moves`, `adjutant run litn.check`): the companion file's
movement costs (the Movement Costs Chart), cavalry zones by facing with each side's costs (8.4),
+1 MP into a hex of enemy combat units and a stop there, lone enemy non-combat units overrun in the
hex a move ends in (8.3), and the allowance `command` wrote into each unit (its `ma`), less the
force's stacking reduction (8.2); where that allowance does not reach, the Minimum Movement
Allowance (7.1): half the printed allowance along a path every hex of which is more than 6 hexes
from every enemy unit."""
from fractions import Fraction
from types import SimpleNamespace

from adjutant import ZoneOfControl, ZoneStep
from adjutant.rules.move_check import MoveChecker, OtherWay
from adjutant.rules.mp import mp_text, parse_mp

from .army import COMBAT_TYPES, enemy_of
from .charts import LitnCharts
from .overrun import overrun
from .procedures import stacking_reduction


class LitnMoveChecker(MoveChecker):
    def __init__(self, game, module, companion, charts=None):
        super().__init__(game, module, companion)
        self.charts = LitnCharts.load(charts)
        # 8.2 separate exits, over the moves judged as one Movement Phase (a log's moves, or those
        # between two saves): where each unit began, and the formations that have left each hex.
        self.began = {}       # piece id -> the hex of its first move
        self.departed = {}    # (hex, side) -> corps (Union) or divisions (Confederate) moved out of it
        self.left_ahead = 0   # for the move being judged: those that left its start hex before it

    def allowance(self, movers, allowances, sides):
        own = [parse_mp(u.attributes["ma"]) for u in movers if str(u.attributes.get("ma", "")).strip()]
        if not own:
            return None
        return self._reduced(min(own), movers, sides, self.left_ahead)

    def _reduced(self, slowest, movers, sides, left_ahead=0):
        """A force's allowance less its stacking reduction and 1 MP per formation that left its hex
        ahead of it (8.2), never below 1 by them; wagons and non-combat leaders are never reduced."""
        force = [SimpleNamespace(type=u.unit_class, kind=u.attributes.get("kind", ""),
                                 strength=int(u.attributes.get("strength") or 0)) for u in movers]
        if all(u.unit_class in ("wagon", "leader") for u in movers):
            return slowest
        reduction = stacking_reduction(force, next(iter(sides), "")) + left_ahead
        return max(min(slowest, Fraction(1)), slowest - reduction)

    def other_way(self, movement, position, sides):
        """7.1 Minimum Movement Allowance: a unit that stays more than 6 hexes (counted as the crow
        flies) from every enemy unit during its entire move may expend 50% of its printed allowance;
        militia still only with a leader."""
        start, movers = position.start, position.movers
        kinds = [u.attributes.get("kind", "") for u in movers]
        if "militia" in kinds and not any(u.unit_class == "leader" or k in LEADER_KINDS for u, k in zip(movers, kinds)):
            return None
        enemies = sorted(set(position.enemy_units))
        clear = FarFromEnemies(movement, enemies)
        if not clear.far(start):
            return OtherWay(None, "", f"nor by the Minimum Movement Allowance (7.1): {start} is within "
                                      f"{FarFromEnemies.RANGE} hexes of an enemy unit")
        half = min(self.charts.rounded(self.charts.allowance("infantry" if k == "militia" else u.unit_class) / 2)
                   for u, k in zip(movers, kinds))
        if self.charts.option("minimum_stacking_reduction"):
            half = self._reduced(half, movers, sides)
        far = f"every hex more than {FarFromEnemies.RANGE} hexes from every enemy unit"
        return OtherWay(half, f"by the Minimum Movement Allowance (7.1): {mp_text(half)} MP, {far}",
                        f"nor by the Minimum Movement Allowance (7.1): no path of {mp_text(half)} MP with {far}",
                        zones=movement.python_zones(clear))

    def zones(self, movement, position, sides):
        if not movement.has_zones or not position.zone_sources or len(sides) != 1:
            return None
        side = next(iter(sides))
        own_combat = sorted({h for h, u in position.friendly_units if u.unit_class in COMBAT_TYPES})
        shared = set(own_combat)
        if any(u.unit_class in COMBAT_TYPES for u in position.movers):
            shared.add(position.start)  # 8.4: no zone from a cavalry unit an enemy combat unit shares a hex with
        sources = [(h, f) for h, f in position.zone_sources if h not in shared]
        if not sources:
            return None
        # A unit whose facing is unset faces every way: the union of its zones for each facing.
        self.facing_unknown = sorted(h for h, f in sources if f is None)
        enemy = enemy_of(side)
        cost = self.charts.option("union_zone_cost" if enemy == "Union" else "confederate_zone_cost")
        return movement.zones(sources, barriers=own_combat if enemy == "Confederate" else [], enter_cost=cost)

    facing_unknown = ()  # the hexes of the enemy cavalry of the move being judged whose facing is unset

    def judge(self, move, before):
        self.facing_unknown = ()
        start = self.hex_name(self.game.map(move.map), *move.start)[1]
        moving = [(pid, self.unit(pid)) for pid in move.pieces]
        moving = [(pid, found[1]) for pid, found in moving if found is not None and found[1] is not None]
        side = next((u.get("side", "") for _, u in moving if u.get("side")), "")
        stayed = [pid for pid, _ in moving if self.began.setdefault(pid, start) == start]
        self.left_ahead = self.departed.get((start, side), 0) if stayed else 0
        verdict = super().judge(move, before)
        if stayed and start is not None:
            formations = sum(1 for pid, u in moving if pid in stayed and _formation(u))
            self.departed[(start, side)] = self.departed.get((start, side), 0) + formations
        if verdict is not None and self.left_ahead and verdict.allowance is not None:
            verdict.note = "; ".join(filter(None, [verdict.note, f"{self.left_ahead} MP less: formation(s) left "
                                                                 f"{start} ahead of it (8.2)"]))
        if verdict is not None and verdict.legal is not None:
            self._note_overrun(move, before, verdict, moving, side)
        if verdict is not None and self.facing_unknown:
            known = f"; {verdict.note}" if verdict.note else ""
            verdict.note = (f"facing unknown for the cavalry in {', '.join(self.facing_unknown)}: its zone counted "
                            f"in every direction (8.4){known}")
        return verdict

    def _note_overrun(self, move, before, verdict, moving, side):
        """8.3: lone enemy non-combat units in the hex a move ends in are eliminated. (Where it
        passed on the way a log does not say: only the end hex is certain.)"""
        view = self.game.map(move.map)
        there = []
        for piece_id, (map_id, x, y) in before.items():
            found = self.unit(piece_id) if map_id == view.save_id else None
            if found is None or found[1] is None or self.hex_name(view, x, y)[1] != verdict.end:
                continue
            there.append(SimpleNamespace(name=found[0], side=found[1].get("side", ""), type=found[1].get("type", "")))
        combat = any(u.get("type") in COMBAT_TYPES for _, u in moving)
        eliminated = overrun(there, side, combat, self.charts.option("overrun_by"))
        if eliminated:
            text = (f"overruns {', '.join(sorted(u.name for u in eliminated))} in {verdict.end}: eliminated, "
                    f"remove it (8.3)")
            verdict.note = "; ".join(filter(None, [verdict.note, text]))

    def leaving_cost(self, movement, position):
        """8.3: a force leaving a hex held by enemy combat units pays 1 MP more (once its roll to
        leave succeeded: litn.leave-hex)."""
        return 1 if position.start in position.enemy_hexes else 0

    def exerts_zone(self, unit, unit_class):
        """8.4: an entrenched cavalry unit has no zone of control."""
        return str(unit.get("entrenched", "")).strip().lower() not in ("true", "yes", "1")

    def obstacle(self, unit, unit_class):
        """8.3: only enemy combat units cost +1 MP and stop the mover; non-combat units alone are
        overrun at no cost."""
        return unit_class in COMBAT_TYPES


LEADER_KINDS = ("department leader", "cavalry commander", "corps leader", "leader")


class FarFromEnemies(ZoneOfControl):
    """Hexes within RANGE of an enemy unit may not be entered (the search of 7.1's minimum)."""

    RANGE = 6

    def __init__(self, movement, enemy_hexes):
        self.movement = movement
        self.enemies = enemy_hexes
        self._far = {}

    def far(self, hex_name):
        if hex_name not in self._far:
            self._far[hex_name] = all(self.movement.distance(hex_name, e) > self.RANGE for e in self.enemies)
        return self._far[hex_name]

    def controlled(self, hex):
        return not self.far(hex)

    def step(self, from_hex, to_hex, first, used_line):
        if self.far(to_hex):
            return None
        return ZoneStep(prohibited=True, reason=f"within {self.RANGE} hexes of an enemy unit")


def _formation(unit):
    """8.2: what counts when it leaves a hex ahead of others: a Union corps, a Confederate division."""
    return unit.get("type") == "infantry" and unit.get("kind") not in ("detachment", "militia")
