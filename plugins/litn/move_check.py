"""LIN moves judged (`adjutant check moves`, `adjutant run litn.check`): the companion file's
movement costs (the Movement Costs Chart), cavalry zones by facing with each side's costs (8.4),
+1 MP into a hex of enemy combat units and a stop there (8.3), and the allowance `command` wrote
into each unit (its `ma`), less the force's stacking reduction (8.2)."""
from fractions import Fraction
from types import SimpleNamespace

from adjutant.rules.move_check import MoveChecker
from adjutant.rules.mp import parse_mp

from .army import COMBAT_TYPES, enemy_of
from .charts import LitnCharts
from .procedures import stacking_reduction


class LitnMoveChecker(MoveChecker):
    def __init__(self, game, module, companion, charts=None):
        super().__init__(game, module, companion)
        self.charts = LitnCharts.load(charts)

    def allowance(self, movers, allowances, sides):
        own = [parse_mp(u.attributes["ma"]) for u in movers if str(u.attributes.get("ma", "")).strip()]
        if not own:
            return None
        force = [SimpleNamespace(type=u.unit_class, kind=u.attributes.get("kind", ""),
                                 strength=int(u.attributes.get("strength") or 0)) for u in movers]
        exempt = all(u.unit_class == "wagon" or u.unit_class == "leader" for u in movers)
        side = next(iter(sides), "")
        slowest = min(own)
        reduced = slowest if exempt else max(min(slowest, Fraction(1)), slowest - stacking_reduction(force, side))
        return reduced

    def zones(self, movement, position, sides):
        if not movement.has_zones or not position.zone_sources or len(sides) != 1:
            return None
        side = next(iter(sides))
        own_combat = sorted({h for h, u in position.friendly_units if u.unit_class in COMBAT_TYPES})
        sources = [(h, f) for h, f in position.zone_sources if h not in own_combat and f is not None]
        if not sources:
            return None
        enemy = enemy_of(side)
        cost = self.charts.option("union_zone_cost" if enemy == "Union" else "confederate_zone_cost")
        return movement.zones(sources, barriers=own_combat if enemy == "Confederate" else [], enter_cost=cost)

    def obstacle(self, unit, unit_class):
        """8.3: only enemy combat units cost +1 MP and stop the mover; non-combat units alone are
        overrun at no cost."""
        return unit_class in COMBAT_TYPES
