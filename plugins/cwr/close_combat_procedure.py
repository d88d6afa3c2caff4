"""Close Combat on a save (7.0-7.2): who may attack (close_combat_entry.check_entry, with the facts
of the move read from the Army), the odds before rolling, and the six steps of 7.0 played by
close_combat.resolve with the fire pipeline and the morale machine (close_combat_stages), the
results written back (sp, state, ammo, formation), the winner moved in, the loser's forced first
retreat hex moved."""
from adjutant.plugin import name_list
from fractions import Fraction

from adjutant.procedures.report import Quantity

from .army import ArmyError, enemy_of
from .close_combat import odds_chances, odds_strength, resolve
from .close_combat_entry import CcMove, CcUnit, check_entry
from .close_combat_stages import Stages

REAR_SIDES = (2, 3, 4)   # Army.relative_side: the rear hexsides (3.3)
WRITTEN = ("sp", "state", "ammo", "formation")
# the data of close_combat.resolve's steps the report keeps
SHOWN = ("result", "winner", "casualties", "stragglers", "retreat", "column", "roll", "modifier", "shift", "firers",
         "may_move", "stopped", "leaders")


def _plain(x):
    """A Fraction of MP as the entry check formats it (%g): an int when whole, else a float."""
    return int(x) if x.denominator == 1 else float(x)


def cc_unit(unit):
    """The Army's unit as close_combat_entry.CcUnit."""
    return CcUnit(unit.name, unit.side, unit.type, unit.sp if unit.is_combat else 0, unit.state,
                  unit.formation or "line", unit.ammo, unit.wrecked, unit.weapon, unit.morale, unit.corps)


class Attack:
    """The facts of one Close Combat declared on a save: the attackers (named), the hex they enter
    from, the route they moved this phase, the defenders (every unit in the target hex)."""

    def __init__(self, session, attackers, target, source="", path="", mp=None, in_radius=True):
        army = self.army = session.army
        self.session = session
        army.require_hex(target)
        self.target = target
        self.units = [army.named(n) for n in name_list(attackers)]
        if not self.units:
            raise ArmyError("attackers=: name the attacking units, such as attackers=\"24th Michigan,19th Indiana\"")
        for u in self.units:
            if not u.hex:
                raise ArmyError(f"{u.name} is not on the map")
        self.side = self.units[0].side
        if any(u.side != self.side for u in self.units):
            raise ArmyError(f"the attackers are of both sides: {', '.join(f'{u.name} ({u.side})' for u in self.units)}")
        self.source = source or self.units[0].hex
        army.require_hex(self.source)
        stand = {u.hex for u in self.units}
        if self.source not in stand and len(stand) == 1:
            raise ArmyError(", ".join(u.name for u in self.units) + f" stand{'s' if len(self.units) == 1 else ''} in "
                            f"{stand.pop()}, not in from={self.source}: move the attackers into the hex they attack from "
                            f"(7.0), or name the hex they stand in as from=")
        if not army.adjacent(self.source, target):
            raise ArmyError(f"{self.source} is not adjacent to {target}: attackers enter the defender's hex from an "
                            f"adjacent hex (7.0)")
        self.defenders = army.in_hex(target)
        if not any(u.is_combat for u in self.defenders) or any(u.side == self.side for u in self.defenders):
            raise ArmyError(f"{target} holds no enemy combat unit of the {self.side} attackers alone")
        self.route = [h for h in name_list(path) if h != self.source] + [self.source]
        for h in self.route:
            army.require_hex(h)
        self.mp = mp
        self.in_radius = in_radius

    # ---- 7.0, 7.2a-b: the facts of the move ----

    def move_facts(self, section):
        army = self.army
        together = all(u.hex == self.source for u in self.units)
        section.add(f"the attackers stand together in {self.source} (7.0: they started the Movement Phase stacked "
                    f"together, read as: in the same hex now)" if together else
                    f"the attackers are not all in {self.source}: " +
                    ", ".join(f"{u.name} in {u.hex}" for u in self.units if u.hex != self.source),
                    started_together=together)
        ezoc = army.zone_hexes(enemy_of(self.side))
        entered = self.route[1:]
        in_zone = [h for h in entered if h in ezoc]
        to_zone = any(a in ezoc and b in ezoc for a, b in zip(self.route, self.route[1:]))
        section.add(f"route this phase {'-'.join(self.route)}-{self.target}: EZOC hexes entered before the target: "
                    f"{', '.join(in_zone) or 'none'} ([movement.zones] of the enemy's units)",
                    ezoc_hexes=len(in_zone), ezoc_to_ezoc=to_zone)
        cost, spent, allowance = self._costs()
        mp_left = Fraction(self.mp) if self.mp is not None else allowance - spent
        how = "parameter mp" if self.mp is not None else f"allowance {allowance} - {spent} for the route"
        whose = " and ".join(u.name for u in self.movers)
        section.add(f"{self.target}: terrain and hexside {cost} MP; {mp_left} MP left ({how})", target_cost=cost,
                    mp_left=mp_left, quantity=Quantity("MP left", mp_left, of=whose))
        section.add("the command radius reaches the target hex: " +
                    ("assumed (parameter in_radius=true; 7.2b)" if self.in_radius else "no (parameter in_radius=false)"),
                    command_radius=self.in_radius)
        apart = tuple((u.name, u.hex) for u in self.units if u.hex != self.source)
        return CcMove(_plain(cost), _plain(mp_left), together, len(in_zone), to_zone, self.in_radius, self.source,
                      apart)

    @property
    def movers(self):
        """The attackers whose allowance the move reads: the combat units (leaders move with them)."""
        return [u for u in self.units if u.is_combat] or self.units

    def _costs(self):
        """(terrain + hexside into the target, MP spent along the route, the attackers' least
        allowance), from the movement engine with the target's units and the attackers set aside."""
        army = self.army
        movers = self.movers
        classes = sorted({u.attributes.get("class") or u.type for u in movers})
        target = self.target
        position = [p for p in army.position(self.side, movers=self.units) if p.hex != target]
        path = army.map.explain([h for h in self.route] + [target], classes, None, units=position)
        steps = path.steps
        spent = sum((Fraction(s["total"]) for s in steps[:-1]), Fraction(0))
        last = steps[-1]
        allowance = min(Fraction(u.attributes.get("ma") or 0) for u in movers)
        return Fraction(last["terrain"]) + Fraction(last["hexside"]), spent, allowance

    def entry(self, section):
        entry = check_entry([cc_unit(u) for u in self.units], self.move_facts(section), self.session.charts)
        for f in entry.refusals:
            section.add(f"{f.subject}: {f.text} ({f.clause})", unit=f.subject, refused=True, clause=f.clause)
        for f in entry.notes:
            section.add(f"{f.subject}: {f.text} ({f.clause})", unit=f.subject, clause=f.clause)
        if not entry.allowed:
            raise ArmyError(f"no Close Combat into {self.target}: " +
                            "; ".join(f"{f.subject}: {f.text} ({f.clause})" for f in entry.refusals))
        section.add(f"may attack: {', '.join(u.name for u in entry.attackers)}; entering costs {entry.mp:g} MP "
                    f"(7.0 procedure 1)", attackers=[u.name for u in entry.attackers], mp=entry.mp,
                    quantity=Quantity("MP to enter", entry.mp, of=self.target))
        return entry

    # ---- 7.1b: the rear hexside ----

    def rear(self, section):
        faced = next((u for u in self.defenders if u.is_combat and u.facing is not None), None)
        if faced is None:
            section.add(f"no defender in {self.target} faces a hexside (3.3): no rear hexside", rear=False)
            return False
        side = self.army.relative_side(faced, self.source)
        rear = side in REAR_SIDES
        section.add(f"{self.source} lies through {faced.name}'s {'rear' if rear else 'frontal'} hexside "
                    f"(relative side {side}; 3.3)" + (f": 7.1b, option cc_rear_shift = "
                                                      f"\"{self.session.charts.option('cc_rear_shift')}\""
                                                      if rear else ""), rear=rear, relative_side=side)
        return rear


def odds_report(session, attack):
    section = session.report.section(f"Close Combat into {attack.target}: who may attack (7.0, 7.2a-b)")
    entry = attack.entry(section)
    attack.rear(section)
    defenders = [cc_unit(u) for u in attack.defenders]
    chances = odds_chances(odds_strength(entry.attackers), odds_strength(defenders), session.charts)
    odds = session.report.section("Close Combat Odds Table, before the fire steps (7.0 procedure 6, 8.2a)")
    odds.add(f"{chances.attack} SP against {chances.defence} SP (Low and No Ammo counted normally): column "
             f"{chances.column}, {chances.dice}", attack=chances.attack, defence=chances.defence,
             column=chances.column, quantity=Quantity("attack SP", chances.attack))
    for cell, p in chances.chances.items():
        odds.add(f"{cell}: {p} ({float(p):.1%})", cell=cell, chance=p)
    for side, p in chances.winner.items():
        odds.add(f"the {side} wins: {p} ({float(p):.1%})", winner=side, chance=p)
    odds.add("the fire steps and Morale Checks (7.0 procedure 2-5) come first: their losses change the odds, and "
             "a retreat ends the Close Combat before the table")


def close_combat(session, attack, battery=None):
    army, report = session.army, session.report
    section = report.section(f"Close Combat into {attack.target}: who may attack (7.0, 7.2a-b)")
    entry = attack.entry(section)
    rear = attack.rear(section)
    names = {u.name for u in entry.attackers}
    attackers = [u for u in attack.units if u.name in names]
    defenders = attack.defenders
    if battery is not None and battery not in {u.name for u in defenders}:
        raise ArmyError(f"battery={battery!r} is not in {attack.target}")
    ratings = {u.name: u.morale_rating for u in attackers + defenders if u.is_leader}
    stages = Stages(session, {"attacker": attack.side, "defender": enemy_of(attack.side)}, ratings, attack.target,
                    (army.terrain(attack.target),))
    cc = resolve([cc_unit(u) for u in attackers], [cc_unit(u) for u in defenders], session.charts, stages.fire,
                 stages.morale_check, stages.morale_result, session.roll, rear=rear, battery=battery,
                 entry_mp=entry.mp, entry_hex=attack.source)
    steps = report.section("The Close Combat (7.0 procedure 1-7)")
    for step in cc.steps:
        steps.add(f"{step.step}. {step.text} ({step.clause})", step=step.step, clause=step.clause,
                  **{k: v for k, v in step.data.items() if k in SHOWN})
        purpose = _purpose(step)
        for p, text in stages.details:
            if p == purpose:
                steps.add(f"   {text}", purpose=p)
    _write_back(session, attackers, cc.attackers, defenders, cc.defenders)
    _moves(session, attack, cc, attackers, defenders)


def _purpose(step):
    """The purpose whose rolls a step of close_combat.resolve reports (Stages.details)."""
    if step.data.get("fired"):
        return {"2": "CC defender fire", "3": "CC attacker fire"}[step.step]
    if "modifier" in step.data:
        if step.step == "4":
            return "CC attacker morale"
        return "CC defender additional morale" if "additional" in step.clause else "CC defender morale"
    if step.step == "6" and "state" in step.data:
        return f"CC odds {'attacker' if 'the attacker takes' in step.text else 'defender'}"
    return None


def _write_back(session, *pairs):
    army = session.army
    section = session.report.section("Written to the save")
    for before, after in ((pairs[0], pairs[1]), (pairs[2], pairs[3])):
        final = {u.name: u for u in after}
        unharmed = [u.name for u in before if u.is_combat and u.name in final
                    and cc_unit(u).sp == final[u.name].sp]
        if unharmed:
            section.add(f"{', '.join(unharmed)}: no SP lost", units=unharmed,
                        quantity=[Quantity("SP lost", 0, of=name) for name in unharmed])
        for unit in before:
            was = cc_unit(unit)
            now = final.get(unit.name)
            if now is None and unit.is_combat:
                army.write(unit, "sp", 0)
                section.add(f"{unit.name}: eliminated ({was.sp} SP lost): remove the counter", unit=unit.name,
                            sp_lost=was.sp, quantity=Quantity("SP lost", was.sp, of=unit.name))
                continue
            if now is None:
                continue
            for attribute in WRITTEN:
                old, new = getattr(was, attribute), getattr(now, attribute)
                if old == new:
                    continue
                written = army.write(unit, attribute, new)
                extra = ({"sp_lost": old - new, "quantity": Quantity("SP lost", old - new, of=unit.name)}
                         if attribute == "sp" else {})
                section.add(f"{unit.name}: {attribute} {old} -> {new}" + ("" if written else
                                                                           " (not mapped: change it by hand)"),
                            unit=unit.name, attribute=attribute, before=old, after=new, written=written, **extra)


def _moves(session, attack, cc, attackers, defenders):
    army = session.army
    section = session.report.section("Moves (7.0, 7.2c)")
    alive = {u.name for u in cc.attackers} | {u.name for u in cc.defenders}
    if cc.winner == "attacker":
        for u in attackers:
            if u.name in alive:
                army.move(u, attack.target)
                section.add(f"{u.name} enters {attack.target} (7.0: the winner remains in the hex)", unit=u.name,
                            to=attack.target)
    for retreat in cc.retreats:
        units = [u for u in (attackers if retreat.side == "attacker" else defenders) if u.name in alive]
        if not units:
            continue
        first = attack.source if retreat.side == "attacker" else _opposite(army, attack)
        forced = first and (retreat.side == "attacker" or not army.in_hex(first, attack.side))
        if forced and retreat.side == "defender" and units[0].hex == attack.target:
            for u in units:
                army.move(u, first)
            moved = f"moved into {first}, the hex opposite the attacker's entry (7.2c)"
        elif forced:
            moved = f"back in {first}, the hex it entered from (7.2c)"
        else:
            moved = "its first hex is the owner's choice as close to opposite the entry as enemy units allow (7.2c)"
        rest = retreat.hexes - 1
        section.add(f"the {retreat.side} ({', '.join(u.name for u in units)}) retreats {retreat.hexes} "
                    f"hex{'es' if retreat.hexes > 1 else ''}: {moved}" +
                    (f"; {rest} more hex{'es' if rest > 1 else ''} by the owner's path (6.3), not moved" if rest else ""),
                    side=retreat.side, hexes=retreat.hexes, first=first, moved=bool(forced))


def _opposite(army, attack):
    """7.2c: the hex of the target opposite the attacker's entry hex ("" off the map)."""
    side = (army.direction(attack.target, attack.source) + 3) % 6
    return next((h for h in army.neighbours(attack.target) if army.direction(attack.target, h) == side), "")


def _attack(session, attackers, target, source, path, mp, in_radius):
    return Attack(session, attackers, target, source, path, Fraction(mp) if mp else None, in_radius)


DEMO_SEED = 2   # a seed whose Close Combat runs every step to the Odds Table


def demo_step(ws):
    """The demo's Close Combat (cwr-close-combat.vsav: the front attack on A9.07) resolved into a log,
    every roll in its chat, and its report: the demo's files written (DemoFiles)."""
    import adjutant
    from adjutant.plugin import Context
    from adjutant.procedures.demo import DemoFile
    from adjutant.procedures.rolls import Rolls

    from . import plugin
    from .demo import CHARTS_COPY, CLOSE_COMBAT_SAVE

    save = ws.path(CLOSE_COMBAT_SAVE)
    context = Context(ws.module, ws.companion, adjutant.open_game(str(save), ws.module), str(save),
                      charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(DEMO_SEED), side="referee")
    plugin.tasks["close-combat"].run_and_write(context, {"attackers": "Meredith,24th Michigan,19th Indiana",
                                                         "target": "A9.07"},
                                               ws.path("close-combat.vlog"), ws.path("close-combat.txt"))
    context = Context(ws.module, ws.companion, adjutant.open_game(str(save), ws.module), str(save),
                      charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(DEMO_SEED), side="referee")
    plugin.tasks["close-combat-odds"].run_and_write(context, {"attackers": "2nd Wisconsin", "target": "A9.07"},
                                                    None, ws.path("close-combat-odds.txt"))
    return [DemoFile("close-combat.vlog", f"{CLOSE_COMBAT_SAVE} after Meredith's attack on A9.07: every roll and "
                                          f"step in the chat, strengths, states and moves written (7.0)"),
            DemoFile("close-combat.txt", "the Close Combat's report: each step of 7.0 with its clause and rolls"),
            DemoFile("close-combat-odds.txt", "2nd Wisconsin's attack through the rear hexside (7.1b): the Odds "
                                              "Table's column and each result's chance before rolling")]
