"""r2a moves judged (`adjutant check moves` with rules = "r2a"): the generic move check's verdicts
(the companion file's example costs, allowances and zones) with the rules' own:

- 4: a Union infantry move from a rail station beyond its allowance is judged as a rail move:
  eligibility (the hex it began the turn in, the log's first position, a station joined to a
  terminus by rail hexes without a damaged or destroyed station), up to 35 rail hexes, no enemy
  unit, enemy ZOC or Confederate-controlled county on the way, a unit moving by rail once a turn,
  and the maximum of the state the move begins in counted over the log (after the attempts the
  global property rail_moves keeps for the log's date). The attempt's +1 fatigue and d6 are not in
  a log: r2a.rail makes them. Cavalry never moves by rail.
- 5: Balt units never west of hex row 2101-2134 of the east map (the companion file's "balt_west"
  areas); DC units stay within the District of Columbia defense area (Confederates may enter it).

A log is one turn: a unit's allowance is for the whole log, so the "MP left" of a move is its
allowance less what its earlier moves in the log cost."""
from fractions import Fraction

from adjutant.plugin import Context
from adjutant.rules.army_unit import is_true
from adjutant.rules.move_check import MoveChecker

from . import rail, rail_save
from .army import Army
from .charts import R2aCharts
from .session import parse_date


def for_moves(context):
    if context.before is not None:
        raise ValueError("the r2a move check judges a log (one turn's moves), not two saves")
    return R2aMoveChecker(context.game, context.module, context.companion, context.charts, context.source)


class R2aMoveChecker(MoveChecker):
    def __init__(self, game, module, companion, charts=None, source=""):
        super().__init__(game, module, companion)
        self.charts = R2aCharts.load(charts)
        self.source = source
        self.army = None
        self.attempts = ()     # rail.RailAttempt: this turn's, the kept ones then the log's
        self.began = {}        # piece id -> the hex it began the turn (the log) in
        self.spent = {}        # piece id -> MP its moves in the log cost
        self.earlier = Fraction(0)   # for the move being judged: MP its units spent in earlier moves

    def check(self, moves=None):
        self.game.seek(0)
        self.army = Army(Context(self.module, self.companion, self.game, self.source))
        date = self.army.global_value("date")
        self.attempts = rail_save.read_attempts(self.army, parse_date(date, f"{self.source}: the game's date")
                                                ).attempts if date else ()
        self.began = {u.piece.id: u.hex for u in self.army.units}
        self.spent = {}
        return super().check(moves)

    def allowance(self, movers, allowances, sides):
        own = super().allowance(movers, allowances, sides)
        return None if own is None else max(Fraction(0), own - self.earlier)

    def judge(self, move, before):
        self.earlier = max((self.spent.get(pid, Fraction(0)) for pid in move.pieces), default=Fraction(0))
        verdict = self._judge(move, before)
        if verdict is not None and verdict.cost is not None:   # a rail move has none: its cost is not in MP
            for pid in move.pieces:
                self.spent[pid] = self.spent.get(pid, Fraction(0)) + verdict.cost
        return verdict

    def _judge(self, move, before):
        verdict = super().judge(move, before)
        if verdict is not None:
            for pid in move.pieces:
                self.began.setdefault(pid, verdict.start)   # not on the map when the log began: its first move's start
        movers = [(pid, *found) for pid, found in zip(move.pieces, map(self.unit, move.pieces))
                  if found is not None and found[1] is not None]
        if verdict is None or not movers:
            return verdict
        if verdict.legal is not True and verdict.start != verdict.end:   # None: across boards the grids do not join
            self._rail(verdict, movers, move, before)
        limits = [c for _, name, unit in movers for c in self._limits(name, unit, verdict)]
        if limits:
            verdict.legal = False
            verdict.reason = "; ".join(filter(None, [verdict.reason] + limits))
        return verdict

    # ---- 5: Balt and DC ----

    def _limits(self, name, unit, verdict):
        limit = rail.designation_limit(unit.get("designation", ""), self.army.dc_defense_hexes(),
                                       self.army.balt_west_hexes())
        return [f"{name} in {refusal}" for refusal in
                rail.limit_refusals(limit, (verdict.path or [verdict.start]) + [verdict.end])]

    # ---- 4: rail movement ----

    def _rail(self, verdict, movers, move, before):
        army = self.army
        rail_hexes = army.rail_hexes() | {h for a, b, _ in army.rail_links() for h in (a, b)}
        if not {verdict.start, verdict.end} <= rail_hexes:
            return
        units = [(pid, rail.RailUnit(name, u.get("side", ""), u.get("type", ""), u.get("size", ""), 0,
                                     is_true(u.get("rail_last_turn"))))
                 for pid, name, u in movers]
        if any(u.type == "cavalry" for _, u in units):
            self._refuse(verdict, ["4: cavalry may not move by rail"])
            return
        if not units or any(u.side != self.charts.rule("rail", "side") for _, u in units):
            return
        again = [c for c in (rail.moved_again(u.name, self.attempts) for _, u in units) if c]
        if again:
            self._refuse(verdict, again)
            return
        refusals, notes = [], []
        for pid, u in units:   # 4: "beginning a turn in a RR station": where it stood when the log began
            eligible = rail.eligibility(self.charts, u, self.began[pid], rail_save.network(army),
                                        rail_save.station_hexes(army), rail_save.termini(army),
                                        rail_save.damaged_hexes(army), rtg_maps=rail_save.rtg_maps(army, self.charts))
            (notes if eligible.eligible else refusals).extend(eligible.clauses)
        if refusals:
            self._refuse(verdict, dict.fromkeys(refusals))
            return
        route = self._route(verdict, move, before)
        state, district = rail_save.station_state(army, verdict.start)
        if self.charts.option("rail_cap_state") == "map":
            state = rail_save.map_state(verdict.start)
        elif district:
            notes.append(district)
        attempts = list(self.attempts)
        for _, u in units:
            cap = rail.cap_check(self.charts, u, state, attempts)
            (notes if cap.allowed else refusals).extend(cap.clauses)
            attempts.append(rail.RailAttempt(u.name, u.size, state, True))
        refusals += route[1]
        if refusals:
            self._refuse(verdict, refusals)
            return
        self.attempts = tuple(attempts)
        verdict.legal, verdict.reason, verdict.path, verdict.cost, verdict.allowance = True, "", [], None, None
        verdict.distance, verdict.means = route[2], "rail"
        verdict.note = ("by rail (4): " + "; ".join(notes + [route[0]]) +
                        "; the attempt's +1 fatigue and d6 are not in the log (r2a.rail makes them)")

    @staticmethod
    def _refuse(verdict, clauses):
        verdict.legal = False
        verdict.reason = "; ".join(filter(None, [verdict.reason, "by rail: " + "; ".join(clauses)]))

    def _route(self, verdict, move, before):
        """(clause, refusals, rail hexes or None): the rail hexes from start to end, avoiding what 4
        forbids."""
        army = self.army
        network = rail_save.network(army)
        view = self.game.map(move.map)
        movement = self.movement(view.name, verdict.start[:1])
        position = self._position(view, movement, {self.charts.rule("rail", "side")}, set(move.pieces), before)
        zoc = set(movement.zones(units=position.units).controlled_hexes()) if movement.has_zones else set()
        obstacles = dict(enemy_units=set(position.enemy_units), enemy_zoc=zoc, county_of=rail_save.county_map(army),
                         confederate_counties=rail_save.confederate_counties(army))
        limit = int(self.charts.rule("rail", "max_hexes"))
        reach = rail.reach(self.charts, network, verdict.start, **obstacles)
        if verdict.end in reach:
            return (f"{reach[verdict.end]} rail hexes of {limit} from {verdict.start} to {verdict.end}, entering no "
                    "enemy unit, enemy ZOC or Confederate-controlled county"), [], reach[verdict.end]
        if verdict.end in rail.reach(self.charts, network, verdict.start):
            return "", [f"4: every rail route from {verdict.start} to {verdict.end} within {limit} hexes enters an "
                        "enemy unit, an enemy ZOC or a Confederate-controlled county"], None
        return "", [f"4: no continuous rail hexes join {verdict.start} to {verdict.end} within {limit} rail "
                    "hexes"], None
