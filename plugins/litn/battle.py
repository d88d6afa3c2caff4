"""LIN 10 (battle), 13 (Washington's fortifications), 14.1-14.3 (solitaire options, surprise attacks,
leader casualties): a battle in one hex, from who may attack to the victory, every roll reported
and the losses and demoralization written back. The retreat paths are the players' (10.6): the
battle reports who must retreat, not where."""
from dataclasses import dataclass, field
from fractions import Fraction

from adjutant.procedures.report import Quantity

from .army import SIDES, command_rating, enemy_of
from .battle_options import ATTACKER_OPTIONS, DEFENDER_OPTIONS, OPTION_NAMES
from .battle_arithmetic import (committed_weight, crt_strengths, half_up, must_check_morale, rounded,
                                tenths_lost)
from .procedures import roll_depletion, trace_combat_supply

INTRINSIC = "intrinsic"  # the fortification's intrinsic strength, in a loss order (13)
MAX_ROUNDS = 30          # a "U" battle whose table inflicts nothing would never end
NO_ATTACK_STATES = ("demoralized", "disorganized", "entrained")  # 10.1, 10.6, 8.8, 15.4


@dataclass
class Force:
    side: str
    role: str                       # "attacker" or "defender"
    units: list                     # the participating combat units
    leader: object = None           # the highest-ranking leader in the hex (10.4)
    option: str = None
    intrinsic: int = 0              # 13: the fortification's strength, defending with the Union
    multipliers: dict = field(default_factory=dict)   # unit name -> 10.5 strength factor
    entrenched: set = field(default_factory=set)
    supplied: dict = field(default_factory=dict)
    began_demoralized: bool = False
    total: int = 0
    committed: int = 0
    weight: Fraction = Fraction(1)
    lost: int = 0                   # committed SP eliminated
    taken: dict = field(default_factory=dict)          # unit name (or INTRINSIC) -> SP removed
    left: dict = field(default_factory=dict)           # unit name (or INTRINSIC) -> SP left
    order: list = field(default_factory=list)          # the owner's loss order
    demoralized: bool = False
    checking: bool = False
    killed: list = field(default_factory=list)

    @property
    def current(self):
        return self.committed - self.lost

    @property
    def uncommitted(self):
        return sum(self.left.values()) - self.current


def _names(units):
    return ", ".join(u.name for u in units) or "none"


class Battle:
    def __init__(self, session, hex_name, attacker, params):
        self.session, self.army, self.charts = session, session.army, session.charts
        self.hex, self.p = hex_name, params
        self.report = session.report
        self.attacker = Force(attacker, "attacker", [])
        self.defender = Force(enemy_of(attacker), "defender", [])
        self.surprise = params["surprise"]
        self.rounds = None

    def shows(self, side):
        """Whether the reader may see the side's strengths (the Player Record Sheet is secret, 2.5)."""
        return self.army.viewer.own(side)

    def sp(self, force, value):
        return f"{value} SP" if self.shows(force.side) else "? SP"

    # ---- 10: who may attack; 10.1: who takes part ----

    def who_attacks(self):
        section = self.report.section("Who may attack (10)")
        leaders = {s: self.leader_of(self.army.in_hex(self.hex, s)) for s in SIDES}
        for side in SIDES:
            leader = leaders[side]
            section.add(f"{side}: " + (f"{leader.name}, initiative {leader.initiative}" if leader else "no leader"),
                        side=side, leader=leader.name if leader else None,
                        initiative=leader.initiative if leader else None)
        ratings = {s: leaders[s].initiative if leaders[s] else -1 for s in SIDES}
        if ratings[SIDES[0]] != ratings[SIDES[1]]:
            first = max(SIDES, key=lambda s: ratings[s])
            why = "the higher initiative"
        else:
            first = self.p["entered_second"] or None
            why = "equal initiatives: the side that moved into the hex second"
        if first:
            text = f"{first} decides first whether to attack ({why})"
            if first != self.attacker.side:
                text += f"; it did not, so {self.attacker.side} may (10 step 3)"
        else:
            text = f"{why} decides first (entered_second= names it); {self.attacker.side} attacks"
        section.add(text, first=first, attacker=self.attacker.side)

    def leader_of(self, units):
        return self.army.leading([u for u in units if u.kind != "wagon"], self.hex)

    def take_part(self):
        section = self.report.section("Participating units (10.1)")
        army, a, d = self.army, self.attacker, self.defender
        entrained = set(self.p["entrained"])
        in_hex = {s: [u for u in army.in_hex(self.hex, s) if u.is_combat] for s in SIDES}
        for name in entrained | set(self.p["crossed"]) | set(self.p["slope"]) | set(self.p["force_marched"]):
            if not any(u.name == name for s in SIDES for u in in_hex[s]):
                raise ValueError(f"no combat unit {name!r} in {self.hex}")

        def barred(u):
            states = [s for s in NO_ATTACK_STATES if u.state(s) or (s == "entrained" and u.name in entrained)]
            return states[0] if states else None

        named = self.p["units"]
        if named:
            there = {u.name: u for u in in_hex[a.side]}
            for name in named:
                if name not in there:
                    raise ValueError(f"units=: no {a.side} combat unit {name!r} in {self.hex} "
                                     f"(there: {', '.join(there) or 'none'})")
                if barred(there[name]):
                    raise ValueError(f"units=: {name} is {barred(there[name])}: it may not attack (10.1)")
            a.units = [there[n] for n in named]
        else:
            a.units = [u for u in in_hex[a.side] if not barred(u)]
            for u in in_hex[a.side]:
                if barred(u):
                    section.add(f"{u.name} is {barred(u)}: it does not attack", unit=u.name, attacks=False)
        if a.side == "Union":
            guns = [u for u in a.units if u.type == "artillery"]
            if guns and not any(u.type == "infantry" for u in a.units):
                if named:
                    raise ValueError(f"units=: {guns[0].name} may attack only with Union infantry (10.1)")
                a.units = [u for u in a.units if u.type != "artillery"]
                section.add(f"{_names(guns)}: the Union artillery attacks only with infantry, and none attacks "
                            f"(10.1)", attacks=False)
        if not a.units:
            raise ValueError(f"no {a.side} unit in {self.hex} may attack (10.1)")
        d.units = in_hex[d.side]
        section.add(f"{a.side} attacks with {_names(a.units)}", side=a.side, units=[u.name for u in a.units])
        fortified = self.fortified()
        if fortified and d.side == "Union":
            d.intrinsic = self.p["intrinsic"] if self.p["intrinsic"] is not None else int(
                self.charts.battle("intrinsic_strength"))
        if not d.units and not d.intrinsic:
            raise ValueError(f"{d.side} has no combat unit in {self.hex}: no battle (8.3: non-combat units alone "
                             f"are eliminated)")
        section.add(f"{d.side} defends with {_names(d.units)} (every defending unit takes part)"
                    + (f", and the fortification's intrinsic strength {d.intrinsic} (13)" if d.intrinsic else ""),
                    side=d.side, units=[u.name for u in d.units], intrinsic=d.intrinsic)
        for force in (a, d):
            force.leader = self.leader_of(army.in_hex(self.hex, force.side))
            force.began_demoralized = any(u.state("demoralized") for u in force.units)
        for u in d.units:
            if u.name in entrained or u.state("entrained"):
                written = army.write(u, "entrained", "false")
                section.add(f"{u.name} is entrained: attacked, it detrains at once (8.8)"
                            + ("" if written else " (remove its marker)"), unit=u.name, detrains=True)
        self.strength_factors(fortified, entrained)

    def fortified(self):
        """13: a fortification hex (the parameter, else a companion-file place of kind fortification)."""
        if self.p["fortification"] is not None:
            return self.p["fortification"]
        return any(p.kind == "fortification" and self.hex in p.hexes for p in self.army.map.places())

    def strength_factors(self, fortified, entrained):
        """10.5's strength modifications of each unit; 13: Union units in a fortification hex are
        entrenched."""
        section = self.report.section("Strength modifications (10.5, 13)")
        ridge = self.army.map.terrain(self.hex) == "ridge"
        if self.p["slope"] and not ridge:
            raise ValueError(f"slope=: {self.hex} is not a ridge hex: no slope halving (10.5)")
        for force in (self.attacker, self.defender):
            for u in force.units:
                factor, why = Fraction(1), []
                if u.name in self.p["crossed"]:
                    factor /= 2
                    why.append("x1/2 entered across a bridge or river hexside this turn")
                if u.name in self.p["slope"]:
                    factor /= 2
                    why.append("x1/2 entered the ridge hex across a slope hexside this turn")
                if force.role == "defender" and (u.state("entrenched") or (fortified and u.side == "Union")):
                    force.entrenched.add(u.name)
                    factor *= 2
                    why.append("x2 entrenched" + (" (13: a fortification hex)" if fortified and u.side == "Union"
                                                  and not u.state("entrenched") else ""))
                force.multipliers[u.name] = factor
                if why:
                    section.add(f"{u.name}: {', '.join(why)}", unit=u.name, factor=factor)
            if force.intrinsic:
                force.entrenched.add(INTRINSIC)
                force.multipliers[INTRINSIC] = Fraction(2)
                section.add("the intrinsic strength: x2 entrenched (13)", unit=INTRINSIC, factor=Fraction(2))
        if not section.lines:
            section.add("none")

    # ---- 10.2 supply, 10.3 options ----

    def supply(self):
        sections = {}
        for force in (self.attacker, self.defender):
            section = self.report.section(f"{force.side} combat supply in {self.hex} (10.2)")
            force.supplied, used = trace_combat_supply(self.session, section, self.hex, force.side, force.units)
            if force.intrinsic and not force.units:
                section.add("the intrinsic strength needs no supply line")
            sections[force.side] = (section, used)
        return sections

    def unsupplied(self, force):
        out = [n for n, ok in force.supplied.items() if not ok]
        if self.charts.option("unsupplied_options") == "all" and len(out) < len(force.supplied):
            return []
        return out

    def options(self, supply):
        section = self.report.section("Combat options (10.3)")
        a, d = self.attacker, self.defender
        if self.surprise:
            section.add("a surprise attack: no combat options; two rounds, unless a side is demoralized in the "
                        "first (14.2); no option, so no wagon depletion roll (10.2)")
            self.rounds = 2
            return
        a.option = self.p["attacker_option"]
        if not a.option:
            raise ValueError("attacker_option= is needed (probe, assault or pitched), entered by the attacker")
        self.check_option(a, a.option)
        section.add(f"{a.side} (attacker) chose {OPTION_NAMES[a.option]}", side=a.side, option=a.option)
        if self.p["solitaire"]:
            d.option = self.solitaire(section)
        else:
            d.option = self.p["defender_option"]
            if not d.option:
                raise ValueError("defender_option= is needed (withdraw, stand or pitched), entered by the defender, "
                                 "or solitaire=true")
            self.check_option(d, d.option)
            section.add(f"{d.side} (defender) chose {OPTION_NAMES[d.option]}", side=d.side, option=d.option)
        for force in (a, d):
            supply_section, used = supply[force.side]
            roll_depletion(self.session, supply_section, used, force.option == "pitched")
        self.rounds = self.charts.rounds(a.option, d.option)
        section.add(f"Combat Options Chart: {OPTION_NAMES[a.option]} against {OPTION_NAMES[d.option]}: " +
                    ("until one or both sides are demoralized (U)" if self.rounds == "U" else
                     f"{self.rounds} round(s)"), rounds=self.rounds)

    def barred_options(self, force):
        """{option: why} of the options the force may not choose."""
        barred = {}
        unsupplied = self.unsupplied(force)
        if unsupplied:
            why = f"unsupplied ({', '.join(unsupplied)}): no Pitched Battle or Assault (10.2, 10.3)"
            barred.update(pitched=why, assault=why)
        if force.role == "defender":
            if force.began_demoralized:
                barred["pitched"] = "a defending unit is demoralized: no Pitched Battle (10.6)"
            if not self.p["defender_can_retreat"]:
                barred["withdraw"] = "no legal retreat path (10.6, given as defender_can_retreat=false): no Withdraw"
            if force.intrinsic and not force.units:
                barred["withdraw"] = "the intrinsic strength defends without combat units: no Withdraw (13)"
        return barred

    def check_option(self, force, option):
        allowed = ATTACKER_OPTIONS if force.role == "attacker" else DEFENDER_OPTIONS
        if option not in allowed:
            raise ValueError(f"{force.role}_option={option}: the {force.role}'s options are {', '.join(allowed)}")
        why = self.barred_options(force).get(option)
        if why:
            raise ValueError(f"{force.role}_option={option}: {force.side} may not choose it: {why}")

    def solitaire(self, section):
        """14.1: the defender's option by a d6, -1 when his highest-ranking leader's combat bonus is 2
        or 3; an option he may not choose is rolled again (14.1 says so of Pitched Battle unsupplied)."""
        d = self.defender
        bonus = d.leader.rating("combat_bonus", required=False) if d.leader else None
        modifier = -1 if bonus in [int(b) for b in self.charts.battle("solitaire_bonus")] else 0
        barred = self.barred_options(d)
        for attempt in range(1, 21):
            roll = self.session.d6("solitaire defender option" + (f" {attempt}" if attempt > 1 else ""))
            option = self.charts.solitaire_option(roll, modifier)
            text = (f"14.1: d6 {roll} {modifier:+d} (combat bonus {bonus}) = {roll + modifier}: "
                    f"{OPTION_NAMES[option]}")
            if option in barred:
                section.add(text + f": {barred[option]}; roll again", roll=roll, option=option, legal=False)
                continue
            section.add(text + f": {d.side} (defender) takes it", side=d.side, roll=roll, option=option, legal=True)
            return option
        raise ValueError("14.1: twenty rolls gave no option the defender may choose")

    # ---- 14.2 surprise ----

    def surprise_attempt(self):
        section = self.report.section("Surprise attack (14.2)")
        moved = [u for u in self.attacker.units if u.name in self.p["force_marched"]]
        if not moved:
            raise ValueError("surprise=true: name the units that force marched into the hex (force_marched=) (14.2)")
        leader = self.leader_of(moved)
        if leader is None:
            raise ValueError("surprise=true: no leader among the units that force marched in (14.2)")
        section.add("taken as given: every enemy unit in the hex failed to react or did not try (14.2)")
        roll = self.session.d6(f"surprise {leader.name}")
        ok = roll < leader.initiative
        section.add(f"{leader.name} (initiative {leader.initiative}): d6 {roll}: " +
                    ("less than his initiative: a surprise attack, resolved now; these units move no more this phase"
                     if ok else "not less than his initiative: no surprise attack (combat may come in the Combat "
                                "Phase as usual)"), leader=leader.name, roll=roll, surprise=ok)
        return ok

    # ---- 10.4 commitment ----

    def combat_rating(self, force, modified=True):
        leader = force.leader
        override = self.charts.battle("combat_command")
        if leader.name in override:
            return int(override[leader.name])
        return command_rating(leader, force.units) if modified else leader.command

    def commit(self):
        section = self.report.section("Commitment (10.4)")
        for force in (self.attacker, self.defender):
            force.left = {u.name: u.strength for u in force.units}
            if force.intrinsic:
                force.left[INTRINSIC] = force.intrinsic
            force.taken = {name: 0 for name in force.left}
            force.total = sum(force.left.values())
            if force.leader is None:
                raise ValueError(f"{force.side} has no leader in {self.hex}: commitment needs his command rating (10.4)")
            rating = self.combat_rating(force)
            mods = self.commitment_modifiers(force)
            total_mod = sum(mods.values())
            chances = self.charts.commitment_chances(rating, total_mod) if self.p["odds"] else {}
            roll = self.session.rolls.roll("2d6", f"commitment {force.side}")
            percent, r = self.charts.commitment(rating, roll, total_mod)
            force.committed = rounded(Fraction(force.total * percent, 100), self.charts.option("commitment_rounding"))
            parts = [(s, force.multipliers[n], n in force.entrenched) for n, s in force.left.items()]
            first = force.role == "defender" and self.p["entrenched_first"]
            force.weight = committed_weight(parts, force.committed, first)
            mod_text = ", ".join(f"{v:+d} {k}" for k, v in mods.items()) or "no modifier"
            odds = ", ".join(f"{pct}%: {p.numerator}/{p.denominator}" for pct, p in chances.items())
            section.add(f"{force.side}: {force.leader.name}, command rating {rating} (column {r.column_label}); "
                        f"2d6 {roll} ({mod_text}) = {roll + total_mod}: {percent}% of "
                        f"{self.sp(force, force.total)} = {self.sp(force, force.committed)} committed"
                        + (f" (before the roll: {odds})" if self.p["odds"] else ""),
                        side=force.side, leader=force.leader.name, rating=rating, roll=roll, modifiers=mods,
                        percent=percent, total=force.total, committed=force.committed)
            if force.weight != 1:
                section.add(f"{force.side}: committed strength x{force.weight} in every round" +
                            (", entrenched points committed first" if first and force.entrenched
                             and force.committed < force.total else ""), weight_of=force.side, weight=force.weight)

    def commitment_modifiers(self, force):
        charts, mods = self.charts, {}
        marched = any(u.name in self.p["force_marched"] for u in force.units)
        counts = force.role == "attacker" if self.surprise else charts.option("force_march_commitment") == "always"
        if marched and counts:
            mods["force march"] = charts.commitment_modifier("force_march")
        if self.surprise:
            return mods  # 14.2: the defender applies none, the attacker only the force-march modifier
        if force.option in ("pitched", "probe", "withdraw"):
            mods[OPTION_NAMES[force.option]] = charts.commitment_modifier(force.option)
        if force.role == "defender" and force.began_demoralized:
            mods["demoralized defender"] = charts.commitment_modifier("demoralized_defender")
        if force.side == "Union" and any(u.name in self.p["entrained"] or u.state("entrained") for u in force.units):
            mods["entrained"] = charts.commitment_modifier("entrained")
        return mods

    # ---- 10.5 rounds ----

    def fire(self, force, enemy, number, section):
        """One side's fire in a round: the SP the enemy loses."""
        strength = half_up(force.current * force.weight)
        shift = 0
        why = []
        if force.role == "attacker" and enemy.entrenched:
            shift -= 1
            why.append("1 left: the defender is entrenched")
        if force.role == "attacker" and self.surprise:
            shift += 1
            why.append("1 right: a surprise attack (14.2)")
        mods = {}
        bonus = force.leader.rating("combat_bonus", required=False) or 0
        if bonus:
            mods[f"{force.leader.name}'s combat bonus"] = bonus
        if not self.surprise and force.option in ("pitched", "probe", "withdraw"):
            mods[OPTION_NAMES[force.option]] = int(self.charts.battle(f"{force.option}_modifier"))
        if force.role == "defender":
            mods["defender"] = int(self.charts.battle("defender_modifier"))
        total_mod = sum(mods.values())
        mod_text = ", ".join(f"{v:+d} {k}" for k, v in mods.items()) or "no modifier"
        loss, sixes = 0, 0
        chunks = crt_strengths(strength, int(self.charts.battle("excess_column")))
        head = f"{force.side} fires with {self.sp(force, strength)}"
        if force.weight != 1 and self.shows(force.side):
            head += f" ({force.current} committed x{force.weight})"
        if not chunks:
            section.add(head + ": nothing to fire with", side=force.side, round=number, strength=strength, loss=0)
            return 0, 0
        section.add(head + (f" (shift {'; '.join(why)})" if why else "") +
                    (f": {len(chunks)} rolls, excess strength (10.5)" if len(chunks) > 1 else ""),
                    side=force.side, round=number, strength=strength if self.shows(force.side) else None,
                    shift=shift)
        for i, chunk in enumerate(chunks, 1):
            purpose = f"CRT round {number} {force.side}" + (f" {i}" if len(chunks) > 1 else "")
            if self.p["odds"]:
                chances = self.charts.combat_chances(chunk, total_mod, shift)
            roll = self.session.d6(purpose)
            result, r = self.charts.combat_result(chunk, roll, total_mod, shift)
            sixes += roll == 6
            loss += result
            text = (f"  column {r.column_label}: d6 {roll} ({mod_text}) = {roll + total_mod}: {enemy.side} loses "
                    f"{result} SP")
            if self.p["odds"]:
                text += " (before the roll: " + ", ".join(f"{k}: {p.numerator}/{p.denominator}"
                                                          for k, p in chances.items()) + ")"
            section.add(text, side=force.side, round=number, strength=chunk if self.shows(force.side) else None,
                        column=r.column_label, roll=roll, modifiers=mods, result=result)
        return loss, sixes

    def take_losses(self, force, loss, number, section):
        """Losses from the committed strength, the excess from the uncommitted (10.7), allocated to
        units in the owner's order."""
        if not loss:
            return
        from_committed = min(loss, force.current)
        excess = loss - from_committed
        uncommitted = force.uncommitted
        force.lost += from_committed
        removed = from_committed
        text = f"{force.side} loses {from_committed} committed SP"
        data = dict(side=force.side, round=number, loss=loss, committed_loss=from_committed)
        if excess:
            roll = self.session.d6(f"excess losses round {number} {force.side}")
            table, _ = self.charts.excess_losses(roll, excess)
            extra = min(table, max(0, uncommitted))
            removed += extra
            text += (f"; {excess} more than its committed strength: {enemy_of(force.side)} rolls d6 {roll} + {excess} "
                     f"on the Excess Losses Table: {table} uncommitted SP" +
                     (f", {extra} left to lose" if extra != table else "") + " (10.7)")
            data.update(excess=excess, excess_roll=roll, excess_removed=extra)
        taken = self.allocate(force, removed)
        text += ": " + ", ".join(f"{name} {n}" for name, n in taken.items())
        section.add(text, taken=taken, **data)

    def allocate(self, force, points):
        """The owner's order (union_losses=/confederate_losses=): from the first named until it has
        nothing left, then the next; after them (or without an order) each SP from the unit with the
        most left, ties by name."""
        taken = {}
        for _ in range(points):
            alive = [n for n, left in force.left.items() if left > 0]
            if not alive:
                break
            named = [n for n in force.order if n in alive]
            name = named[0] if named else min(alive, key=lambda n: (-force.left[n], n))
            force.left[name] -= 1
            force.taken[name] += 1
            taken[name] = taken.get(name, 0) + 1
        return taken

    def morale(self, force, number, section):
        """10.6: a check from the round losses reach 10% of the initial committed strength."""
        if not force.checking and not must_check_morale(force.lost, force.committed):
            return
        force.checking = True
        mods = {}
        tenths = tenths_lost(force.lost, force.committed)
        if tenths:
            mods[f"{tenths}0% of the committed strength lost"] = tenths
        rating = self.combat_rating(force, self.charts.option("demoralization_command") == "modified")
        if rating == 4:
            mods["command rating 4"] = 1
        elif rating == 1:
            mods["command rating 1"] = -1
        if force.role == "defender" and force.entrenched:
            mods["entrenched"] = -1
        if force.began_demoralized:
            mods["began demoralized"] = 1
        roll = self.session.d6(f"demoralization round {number} {force.side}")
        total = roll + sum(mods.values())
        at = int(self.charts.battle("demoralized_at"))
        force.demoralized = total >= at
        mod_text = ", ".join(f"{v:+d} {k}" for k, v in mods.items()) or "no modifier"
        section.add(f"{force.side} checks demoralization ({force.lost} of {force.committed} committed SP lost): "
                    f"d6 {roll} ({mod_text}) = {total}: " + ("demoralized" if force.demoralized else "holds"),
                    side=force.side, round=number, roll=roll, modifiers=mods, total=total,
                    demoralized=force.demoralized, quantity=Quantity("demoralized", int(force.demoralized),
                                                                     of=force.side))

    def casualties(self, force, sixes, number, section):
        """14.3: after a natural 6, a roll for each combat or corps leader: killed on 5-6."""
        if not sixes or not self.p["leader_casualties"]:
            return
        killed_on = [int(r) for r in self.charts.battle("leader_killed")]
        leaders = [u for u in force.units if u.kind == "leader" and u.type != "artillery"]
        leaders += [u for u in self.army.in_hex(self.hex, force.side) if u.kind == "corps leader"]
        for six in range(1, sixes + 1):
            for leader in sorted(leaders, key=lambda u: u.name):
                if leader.name in force.killed:
                    continue
                purpose = f"leader {leader.name} round {number}" + (f" {six}" if sixes > 1 else "")
                roll = self.session.d6(purpose)
                dead = roll in killed_on
                if dead:
                    force.killed.append(leader.name)
                section.add(f"{force.side} rolled a natural 6: {leader.name} d6 {roll}: " +
                            ("killed: replace his unit by a detachment of equal strength (14.3)" if dead
                             else "unhurt"), side=force.side, leader=leader.name, roll=roll, killed=dead)

    def fight(self):
        number = 0
        a, d = self.attacker, self.defender
        while True:
            number += 1
            section = self.report.section(f"Round {number} (10.5)")
            hits = {}
            for force, enemy in ((a, d), (d, a)):
                if self.surprise and number == 1 and force is d:
                    section.add(f"{d.side} does not fire in the first round of a surprise attack (14.2)",
                                side=d.side, round=number)
                    hits[enemy.side], sixes = 0, 0
                else:
                    hits[enemy.side], sixes = self.fire(force, enemy, number, section)
                self.casualties(force, sixes, number, section)
            for force in (a, d):  # fire is simultaneous: losses after both have fired
                self.take_losses(force, hits[force.side], number, section)
            for force in (a, d):
                self.morale(force, number, section)
            if a.demoralized or d.demoralized:
                break
            if self.rounds != "U" and number >= self.rounds:
                break
            if number >= MAX_ROUNDS:
                self.report.note(f"stopped after {MAX_ROUNDS} rounds without a demoralized side")
                break
        for force in (a, d):
            if not force.checking:
                section.add(f"{force.side} lost {force.lost} of {force.committed} committed SP, under 10%: no "
                            f"demoralization check, not demoralized (10.6)", side=force.side, demoralized=False,
                            quantity=Quantity("demoralized", 0, of=force.side))
        return number

    # ---- 10.6 retreats, 10.8 victory, writing back ----

    def retreats(self):
        section = self.report.section("Retreats (10.6)")
        a, d = self.attacker, self.defender
        going = {}
        for force, enemy in ((a, d), (d, a)):
            survivors = [u for u in force.units if force.left[u.name] > 0]
            if not survivors:
                section.add(f"{force.side}: every participating unit eliminated: none left to retreat", side=force.side,
                            units=[])
                continue
            if force.demoralized:
                going[force.side] = (survivors, "demoralized: every participating unit retreats at once")
                continue
            if force.option == "withdraw":
                going[force.side] = (survivors, "chose Withdraw: retreats after the last round")
                continue
            unsupplied = [u for u in survivors if not force.supplied.get(u.name, True)]
            if unsupplied and not enemy.demoralized:
                going[force.side] = (unsupplied, "unsupplied: retreats after the last round (10.2)")
            elif unsupplied:
                section.add(f"{_names(unsupplied)}: unsupplied, but the enemy retreats demoralized: they stay",
                            side=force.side)
        if not going:
            section.add("neither side retreats: every unit stays in the hex", retreating=[])
        order = sorted(going, key=lambda s: (-self.combat_rating(self.force(s), False), s != a.side))
        for side in order:
            units, why = going[side]
            section.add(f"{side}: {_names(units)} {why}; 4 MP, by a path the player chooses (retreat rules of 10.6)"
                        + (" (first: the worse command rating, or the attacker on a tie)" if len(going) == 2
                           and side == order[0] else ""), side=side, units=[u.name for u in units])
        if d.intrinsic:
            gone = d.demoralized or (d.side in going and {u.name for u in going[d.side][0]} >=
                                     {u.name for u in d.units if d.left[u.name] > 0})
            left = 0 if gone else d.left[INTRINSIC]
            section.add(f"the fortification's intrinsic strength: {left} (13" +
                        (": eliminated by demoralization or the retreat of every Union combat unit; the "
                         "entrenchment stays" if gone else ", record it") + ")", intrinsic=left)
        return going

    def force(self, side):
        return self.attacker if side == self.attacker.side else self.defender

    def victory(self, going):
        section = self.report.section("Victory (10.8)")
        retreating = [s for s in going if {u.name for u in going[s][0]} >=
                      {u.name for u in self.force(s).units if self.force(s).left[u.name] > 0}]
        if len(retreating) != 1:
            section.add("no victory: " + ("both sides retreat" if retreating else "no side retreats from the hex"),
                        victory=None, quantity=[Quantity("VP", 0, of=f.side) for f in (self.attacker, self.defender)])
            return

        loser = self.force(retreating[0])
        winner = enemy_of(loser.side)
        by_name = {u.name: u for u in loser.units}
        lost = sum(n for name, n in loser.taken.items()
                   if name == INTRINSIC or by_name[name].kind != "militia")
        earlier = self.p[f"earlier_{loser.side.lower()}_losses"]
        counted = lost + earlier
        major = counted >= int(self.charts.battle("major_victory_losses"))
        vp = int(self.charts.battle("major_victory_vp")) if major else 0
        section.add(f"{winner} wins a {'major' if major else 'minor'} victory: {loser.side} lost {lost} SP here"
                    + (f" and {earlier} in the combats of the turns before" if earlier else "") +
                    f", militia not counted: {counted} {'>=' if major else '<'} "
                    f"{self.charts.battle('major_victory_losses')}; {winner} scores {vp} VP",
                    winner=winner, major=major, vp=vp, losses=counted,
                    quantity=[Quantity("VP", vp, of=winner), Quantity("VP", 0, of=loser.side)])

    def write_back(self):
        section = self.report.section("Written to the game")
        army = self.army
        for force in (self.attacker, self.defender):
            unharmed = []
            for u in sorted(force.units, key=lambda u: u.name):
                text = ""
                if force.taken[u.name]:
                    after = force.left[u.name]
                    text = f"{u.name}: loses {force.taken[u.name]}" + army.change_strength(u, after)
                    if after == 0:
                        text += ": eliminated, remove it"
                if force.demoralized and force.left[u.name] > 0 and not u.state("demoralized"):
                    done = army.write(u, "demoralized", "true")
                    text = (text + "; " if text else f"{u.name}: ") + "demoralized" + (
                        "" if done else " (flip it: demoralized is not writable in this module)")
                if text:
                    section.add(text, unit=u.name, loss=force.taken[u.name], demoralized=force.demoralized,
                                quantity=Quantity("SP lost", force.taken[u.name], of=u.name))
                elif not force.taken[u.name]:
                    unharmed.append(u.name)
            if unharmed:
                section.add(f"{', '.join(unharmed)}: no loss", units=unharmed,
                            quantity=[Quantity("SP lost", 0, of=name) for name in unharmed])

        if not section.lines:
            section.add("no unit lost strength or became demoralized")


def run_battle(session, hex_name, attacker, params):
    session.army.require_hex(hex_name)
    if attacker not in SIDES:
        raise ValueError(f"attacker must be Union or Confederate, not {attacker!r}")
    battle = Battle(session, hex_name, attacker, params)
    battle.attacker.order = params[f"{attacker.lower()}_losses"]
    battle.defender.order = params[f"{enemy_of(attacker).lower()}_losses"]
    battle.who_attacks()
    battle.take_part()
    for force in (battle.attacker, battle.defender):
        unknown = [n for n in force.order if n != INTRINSIC and n not in {u.name for u in force.units}]
        if unknown:
            raise ValueError(f"{force.side.lower()}_losses=: {unknown[0]!r} is not a participating {force.side} unit")
    if battle.surprise and not battle.surprise_attempt():
        return
    supply = battle.supply()
    battle.options(supply)
    battle.commit()
    battle.fight()
    going = battle.retreats()
    battle.victory(going)
    battle.write_back()


NAME_LISTS = ("units", "crossed", "slope", "entrained", "force_marched", "union_losses", "confederate_losses")
