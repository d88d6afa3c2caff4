"""LIN 10.6 retreats judged. The player chooses each unit's path out of the combat hex; the rules
narrow the routes a retreat may take, in this order:

1. a route is a path of hexes never entered twice and not back into the combat hex, each step
   one the unit's class may take (the companion file's costs, as the movement search prices them;
   zone costs not paid), never across an unbridged river hexside, not into a hex of enemy combat
   units of 20% or more of the retreating force's strength (10% across a bridge hexside), nor out
   of the combat hex through a hexside the enemy entered the battle by (the same exception),
   unless the enemy retreated first; it may not end in a hex of enemy combat units;
2. routes entering the fewest enemy-occupied hexes (and leaving by the fewest such hexsides):
   "only if there is no alternative";
3. with option retreat_route = "cheapest", only routes that are the cheapest to their end hex;
4. 4 MP, or when no route of exactly 4 MP is left, the fewest MP of at least 4; with no route of
   at least 4 MP the units are removed from play;
5. where the retreat ends: after demoralization, a hex with a shorter supply line than the combat
   hex (its nearest undepleted wagon or depot, traced as 10.2 traces supply), if any route gives
   one; else, and after a retreat for supply or the Withdrawal option, a hex closer (in hexes) to
   another friendly force than the combat hex, if any route gives one.

Supply wagons the player names with a group accompany it when they stand in the combat hex or in a
hex of its route; their own costs are not counted. Enemy non-combat units alone in a hex the route
enters are overrun as in movement (8.3).
"""
from dataclasses import dataclass, field
from fractions import Fraction

from adjutant.rules.mp import mp_text

from . import traces
from .army import enemy_of
from .overrun import overrun

RETREAT_MP = Fraction(4)
REASONS = ("demoralized", "unsupplied", "withdraw")
GO_ON_MP = Fraction(4)         # how far past 4 MP a route through enemy combat units is followed to an end


@dataclass(frozen=True)
class Route:
    hexes: tuple          # the combat hex first
    cost: Fraction        # MP, zone costs not paid
    passages: int = 0     # enemy-occupied hexes entered, and exits by a hexside the enemy came in by

    @property
    def end(self):
        return self.hexes[-1]

    def text(self):
        return f"{' '.join(self.hexes[1:])} ({mp_text(self.cost)} MP)"


@dataclass
class Step:
    blocked: str = ""            # why the step may not be taken, with its clause; "" when it may
    passage: bool = False        # into an enemy-occupied hex, or out by a hexside the enemy came in by
    extra: Fraction = Fraction(0)  # MP option retreat_enemy_hex_cost adds


@dataclass
class Destination:
    rule: str             # what the end hex must be, "" when no route can meet 10.6's conditions
    ends: set


@dataclass
class Choice:
    """What the rules leave of a group's routes (the clauses in the module's order)."""
    routes: list                       # the legal routes
    fewest: int = 0                    # enemy passages of the routes that avoid the most
    required: Fraction = RETREAT_MP    # the MP a legal route costs
    least: dict = field(default_factory=dict)   # hex -> the least MP of a route to it
    destination: Destination = None


class Ground:
    """The map around one combat hex as a retreat meets it: neighbours, rivers and bridges, enemy
    units. `destroyed_bridges`: hexsides ("1426/1525" or (a, b)) whose bridge is gone (default: the
    game's map state)."""

    def __init__(self, army, charts, combat_hex, side, destroyed_bridges=None):
        self.army, self.charts, self.hex, self.side = army, charts, combat_hex, side
        self.movement = army.map
        unit = army.in_hex(combat_hex, side)[0]
        self.view = army.game.map(unit.piece.map)
        self.board = army.hex_name(self.view, unit.piece.x, unit.piece.y)[0]
        self.grid = self.view.hex_grid(self.board)
        self.features = {}
        for terrain in army.companion.maps:
            if terrain.map == self.movement.map:
                for a, b, names in terrain.hexside_features():
                    self.features[frozenset((a, b))] = set(names)
        self.rivers = set(charts.option("major_river"))
        self.bridges = set(charts.option("bridge"))
        if destroyed_bridges is None:
            destroyed_bridges = army.state.without(self.bridges)
        self.destroyed = {frozenset(b.split("/") if isinstance(b, str) else b) for b in destroyed_bridges}
        self.enemies = {}
        for u in army.of(enemy_of(side)):
            self.enemies.setdefault(u.hex, []).append(u)
        self._neighbours = {}

    def neighbours(self, hex_name):
        if hex_name not in self._neighbours:
            self._neighbours[hex_name] = [self.grid.name(h) for h in self.grid.neighbors(hex_name)]
        return self._neighbours[hex_name]

    def hexside(self, a, b):
        return self.grid.hexside_name(a, b)

    def bridge(self, a, b):
        side = frozenset((a, b))
        return bool(self.features.get(side, set()) & self.bridges) and side not in self.destroyed

    def unbridged_river(self, a, b):
        return bool(self.features.get(frozenset((a, b)), set()) & self.rivers) and not self.bridge(a, b)

    def enemy_strength(self, hex_name):
        """The strength of the enemy combat units in the hex; None when it has none."""
        combat = [u for u in self.enemies.get(hex_name, []) if u.is_combat]
        return sum(u.strength for u in combat) if combat else None

    def point(self, hex_name):
        return self.view.point_of(hex_name, self.board)


class Retreat:
    """The retreat of one group of units that takes one route (`units`, wagons apart)."""

    def __init__(self, ground, units, reason, entered_by=None, wagons=()):
        self.ground = ground
        self.units = list(units)
        self.wagons = list(wagons)
        self.reason = reason
        self.entered_by = dict(entered_by or {})   # adjacent hex -> SP of the enemy that came in from it
        self.strength = sum(u.strength for u in self.units if u.is_combat)
        self.classes = sorted({u.type for u in self.units})
        charts = ground.charts
        self.route_rule = charts.option("retreat_route")
        self.enemy_hex_cost = Fraction(str(charts.option("retreat_enemy_hex_cost")))
        self._choice = None
        self._supply = {}

    # ---- one step ----

    def step(self, path, b):
        g = self.ground
        a = path[-1]
        if b == g.hex or b in path:
            return Step(f"enters {b} a second time: a route enters each hex once")
        if g.unbridged_river(a, b):
            return Step(f"crosses the unbridged river hexside {g.hexside(a, b)}: retreating units never do (10.6)")
        bridge = g.bridge(a, b)
        passage, extra = False, Fraction(0)
        if a == g.hex and b in self.entered_by:
            blocks = self._blocks(self.entered_by[b], bridge)
            if blocks:
                return Step(f"leaves {a} by the hexside {g.hexside(a, b)} the enemy entered the battle through: "
                            f"{blocks} (10.6)")
            passage = True
        enemy = g.enemy_strength(b)
        if enemy is not None:
            blocks = self._blocks(enemy, bridge)
            if blocks:
                return Step(f"enters {b}, held by enemy combat units: {blocks} (10.6)")
            passage, extra = True, self.enemy_hex_cost
        elif g.enemies.get(b):
            passage = True
        return Step("", passage, extra)

    def _blocks(self, enemy_sp, bridge):
        """Why enemy units of `enemy_sp` block this force (10.6's exception), "" when they do not."""
        share = Fraction(enemy_sp, self.strength) if self.strength else Fraction(1)
        least = Fraction(1, 10) if bridge else Fraction(1, 5)
        if share < least:
            return ""
        where = "at a bridge hexside 10%" if bridge else "20%"
        viewer, side = self.ground.army.viewer, self.ground.side
        # 2.5: a side's strengths are shown to it alone.
        enemy = f"{enemy_sp} SP" if viewer.own(enemy_of(side)) else "the enemy units"
        own = f"the retreating {self.strength} SP" if viewer.own(side) else "the retreating force"
        return f"{enemy} against {own}, and {where} or more blocks"

    def _explain(self, path):
        """The MP of the path for the group's classes (zones not paid), or the reason a step is
        prohibited, as the movement search prices it."""
        explained = self.ground.movement.explain(list(path), self.classes)
        for s in explained.steps:
            if s["problem"]:
                return None, f"{s['from_hex']} -> {s['to_hex']}: {s['reason'] or s['problem']}"
        return explained.total, ""

    # ---- every route ----

    def choice(self):
        if self._choice is None:
            self._choice = self._choose()
        return self._choice

    def _routes(self):
        routes, least = [], {}
        g = self.ground

        def grow(path, extra, passages):
            for b in g.neighbours(path[-1]):
                step = self.step(path, b)
                if step.blocked:
                    continue
                new = path + (b,)
                cost, _ = self._explain(new)
                if cost is None:
                    continue
                cost += extra + step.extra
                n = passages + step.passage
                least[b] = min(least.get(b, cost), cost)
                if cost < RETREAT_MP:
                    grow(new, extra + step.extra, n)
                elif g.enemy_strength(b) is not None:
                    if cost < RETREAT_MP + GO_ON_MP:   # it may not end there: the route goes on
                        grow(new, extra + step.extra, n)
                else:
                    routes.append(Route(new, cost, n))

        grow((g.hex,), Fraction(0), 0)
        return routes, least

    def _choose(self):
        routes, least = self._routes()
        choice = Choice([], least=least)
        if not routes:
            return choice
        choice.fewest = min(r.passages for r in routes)
        routes = [r for r in routes if r.passages == choice.fewest]
        if self.route_rule == "cheapest":
            routes = [r for r in routes if r.cost == least[r.end]]
            if not routes:
                return choice
        exact = [r for r in routes if r.cost == RETREAT_MP]
        choice.required = RETREAT_MP if exact else min(r.cost for r in routes)
        routes = [r for r in routes if r.cost == choice.required]
        choice.destination = self._destination({r.end for r in routes})
        # The first routes offered are the shortest, then those that keep going away from the combat hex.
        away = {}
        for r in routes:
            away[r] = -sum(self.ground.movement.distance(h, self.ground.hex) for h in r.hexes)
        choice.routes = sorted((r for r in routes if r.end in choice.destination.ends),
                               key=lambda r: (len(r.hexes), away[r], r.hexes))
        return choice

    # ---- where a retreat ends ----

    def _destination(self, ends):
        g = self.ground
        if self.reason == "demoralized":
            base = self.supply_line(g.hex)
            shorter = {e for e in ends if _shorter(self.supply_line(e, moved=True), base)}
            if shorter:
                length = "none" if base is None else f"{mp_text(base)} MP"
                return Destination(f"in a hex with a shorter supply line than {g.hex} ({length})", shorter)
        base = self.friendly_distance(g.hex)
        if base is not None:
            closer = {e for e in ends if self.friendly_distance(e) < base}
            if closer:
                return Destination(f"closer to another friendly force than {g.hex} ({base} hexes)", closer)
        return Destination("", set(ends))

    def supply_line(self, hex_name, moved=False):
        """The MP of the longest of the group's units' supply lines from the hex (10.2's trace to the
        nearest undepleted wagon or depot at any distance); None when one has none. `moved`: the
        group's wagons stand in the hex (they accompanied it)."""
        key = (hex_name, moved)
        if key not in self._supply:
            g, army = self.ground, self.ground.army
            side = g.side
            own = {w.piece.id for w in self.wagons} if moved else set()
            sources = {u.hex for u in army.of(side)
                       if u.kind == "wagon" and not u.state("depleted") and u.piece.id not in own}
            if moved and any(not w.state("depleted") for w in self.wagons):
                sources.add(hex_name)
            sources.update(army.depots(side, hex_name))
            enemy = [h for h in army.enemy_hexes(side, combat_only=True) if h != hex_name]
            zones = army.zones(side, g.charts)
            classes = sorted({u.type for u in self.units if u.is_combat}) or self.classes
            lengths = []
            for cls in classes:
                t = traces.supply_line(g.movement, hex_name, cls, sources=sorted(sources), enemy=enemy, zones=zones)
                lengths.append(t.used if t.found else None)
            self._supply[key] = None if None in lengths else max(lengths)
        return self._supply[key]

    def friendly_distance(self, hex_name):
        """Hexes from the hex to the nearest other friendly force (a hex of friendly combat units
        other than the combat hex); None when there is none."""
        g = self.ground
        others = [h for h in g.army.combat_hexes(g.side) if h != g.hex]
        return min((g.movement.distance(hex_name, h) for h in others), default=None)

    # ---- the player's path ----

    def judge(self, hexes):
        """(Route or None, "" when the path is a legal retreat else why not, with its clause)."""
        g = self.ground
        path = tuple(hexes) if hexes and hexes[0] == g.hex else (g.hex, *hexes)
        if len(path) < 2:
            return None, "the path leaves the combat hex by no hexside"
        extra, passages = Fraction(0), 0
        for i in range(1, len(path)):
            a, b = path[i - 1], path[i]
            if b not in g.neighbours(a):
                return None, f"{b} is not next to {a}"
            step = self.step(path[:i], b)
            if step.blocked:
                return None, step.blocked
            extra += step.extra
            passages += step.passage
        cost, why = self._explain(path)
        if cost is None:
            return None, why
        route = Route(path, cost + extra, passages)
        choice = self.choice()
        end = route.end
        if g.enemy_strength(end) is not None:
            return route, f"ends in {end} with enemy combat units: a retreat may pass them, never stay (10.6)"
        if route.cost < RETREAT_MP:
            return route, f"costs {mp_text(route.cost)} MP: a retreat is 4 MP (10.6)"
        if passages > choice.fewest:
            return route, (f"enters {passages} enemy-occupied hex(es) or hexside(s) the enemy came in by, where a "
                           f"route with {choice.fewest} exists: only if there is no alternative (10.6)")
        if self.route_rule == "cheapest" and route.cost > choice.least.get(end, route.cost):
            return route, (f"costs {mp_text(route.cost)} MP to {end}, which a route of "
                           f"{mp_text(choice.least[end])} MP reaches (option retreat_route = \"cheapest\")")
        if route.cost != choice.required:
            if choice.required == RETREAT_MP:
                return route, f"costs {mp_text(route.cost)} MP where a route of exactly 4 MP exists (10.6)"
            return route, (f"costs {mp_text(route.cost)} MP: no route costs exactly 4, and the fewest more a "
                           f"route can cost is {mp_text(choice.required)} MP (10.6)")
        if choice.destination is not None and end not in choice.destination.ends:
            return route, f"ends in {end}: it must end {choice.destination.rule}, as a route can (10.6)"
        return route, ""

    def accompanying(self, route):
        """The group's wagons, each with "" or why it cannot accompany the route (10.6)."""
        on_route = set(route.hexes)
        return [(w, "" if w.hex in on_route else f"{w.name} in {w.hex} is neither with the force nor on its route: "
                                                  f"it cannot accompany it (10.6)") for w in self.wagons]

    def overrun(self, route):
        """The enemy units the route overruns (8.3, 10.6), by hex."""
        g = self.ground
        combat = any(u.is_combat for u in self.units)
        found = []
        for h in route.hexes[1:]:
            found += [(h, u) for u in overrun(g.enemies.get(h, []), g.side, combat, g.charts.option("overrun_by"))]
        return found


def _shorter(length, base):
    if length is None:
        return False
    return base is None or length < base
