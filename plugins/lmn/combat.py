"""Odds and combat (11.4, 12.0-12.7, 13.0-13.3, 14.0, 15.2, 17.1 C): the strengths of an attack,
the chance of each result of the Combat Results Table before rolling, and the attack resolved:
step losses, eliminations, retreats, disruption, advance after combat, leaders moved to safety."""
from adjutant.plugin import name_list, named_values
from adjutant.procedures.report import Quantity

from .army import enemy_of
from .losses import eliminate, lose_steps, victory_points
from .strength import battle, describe


def _fraction(p):
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})"


def run_odds(session, hex_name, from_hexes, units, counterattack):
    b = battle(session, hex_name, name_list(from_hexes), name_list(units), counterattack)
    section = session.report.section(f"The {b.attacker} attack on {hex_name}")
    describe(session, b, section)
    if not b.defence:
        section.add("no defending strength: nothing to roll (12.1 B, 12.7)")
        return b
    column, chances = session.charts.crt_chances(b.ratio, b.modifier)
    mod = f", +{b.modifier} to the roll" if b.modifier else ""
    below = session.charts.below_the_table(b.ratio)
    if below:
        section.add(f"odds {b.odds()}: {below}", below_table=True)
    chances_section = session.report.section(f"Combat Results Table, column {column}{mod}: the chance of each result")
    for cell, p in sorted(chances.items(), key=lambda kv: -kv[1]):
        chances_section.add(f"{cell}: {_fraction(p)}", result=cell, chance=p)
    return b


class Combat:
    """One attack resolved (13.0): `run` rolls and applies the results."""

    def __init__(self, session, b, losses, advance, retreat_to):
        self.session, self.b = session, b
        self.army, self.charts = session.army, session.charts
        self.losses = dict(named_values(losses, "losses", "NAME:N", number="count"))
        self.advance = name_list(advance)
        self.retreat_to = dict(named_values(retreat_to, "retreat_to", "NAME:HEX"))
        self.vp = {"Union": 0, "Confederate": 0}
        self.section = None

    def run(self):
        b, session = self.b, self.session
        self.section = session.report.section("Result")
        if not b.defence:
            self._no_defence()
            return
        roll = session.d6(f"combat {b.defender_hex}")
        results, r = self.charts.crt(b.ratio, roll, b.modifier)
        column = r.column_label
        below = self.charts.below_the_table(b.ratio)
        if below:
            column += f" ({below})"
        self.section.add(f"d6 {roll}{f' +{b.modifier}' if b.modifier else ''}: column {column}, "
                         f"{'/'.join(results)} (13.0)", roll=roll, modifier=b.modifier, column=column,
                         results=results)
        dummies = [u for u in b.defending if u.is_dummy]
        for d in dummies:
            self.section.add(f"{d.name}: a dummy, revealed and removed (12.0, 12.1 B): "
                             f"{eliminate(session, d)}", unit=d.name, removed=True)
        vacated = False
        for result in results:
            vacated |= self._apply(result)
        if vacated:
            self._advance()
        lost = {q.of for q in session.report.quantities() if q.name == "SP lost"}
        unharmed = [u.name for side in (b.attacker, b.defender) for u in self._side_units(side)
                    if u.is_combat and u.name not in lost]
        if unharmed:
            self.section.add(f"no loss: {', '.join(unharmed)}", units=unharmed,
                             quantity=[Quantity("SP lost", 0, of=name) for name in unharmed])
        for side, vp in self.vp.items():
            self.section.add(f"the {side} scores {vp} VP for the strength points lost (20.1)", side=side,
                             vp=vp, quantity=Quantity("VP", vp, of=side))

    def _no_defence(self):
        b = self.b
        for u in b.defending:
            if u.is_dummy:
                self.section.add(f"{u.name}: a dummy, revealed and removed (12.0): {eliminate(self.session, u)}",
                                 unit=u.name, removed=True)
        for u in b.defending:
            if u.is_leader:
                self._leader_to_safety(u)
        self._advance()

    def _side_units(self, side):
        return [u for u in self.b.attackers] if side == self.b.attacker else \
            [u for u in self.b.defending if u.is_combat or u.is_fortification]

    def _apply(self, result):
        """Applies one result; True when the defender's hex is left empty of the defender's units."""
        b = self.b
        if result == "NE":
            self.section.add("no effect")
            return False
        side = b.defender if result[0] == "D" else b.attacker
        what = result[1:]
        if what == "c":
            self.section.add(f"the {b.defender} may counterattack (13.0): run combat with the roles turned and "
                             f"counterattack=true (no leader needed, 11.3 D.3)", counterattack=True)
            return False
        if what == "d":
            for u in self._side_units(side):
                if u.is_combat:
                    self.army.write(u, "disrupted", "true")
                    self.section.add(f"{u.name} disrupted (13.2: its effects are on the mapsheet; option disruption "
                                     f"= {self.charts.option('disruption')!r})", unit=u.name, disrupted=True)
            return False
        if what == "e":
            return self._eliminated(side, result)
        if what == "r":
            return self._retreat(side, self._side_units(side))
        return self._steps(side, int(what))

    def _cavalry_spared(self, side, units):
        """17.1 C: non-disrupted cavalry attacked solely by infantry retreat instead of an De or Ae."""
        other = [u for u in self._side_units(enemy_of(side)) if u.is_combat]
        if not other or any(u.type == "cavalry" for u in other):
            return []
        return [u for u in units if u.type == "cavalry" and not u.disrupted]

    def _eliminated(self, side, result):
        units = self._side_units(side)
        spared = self._cavalry_spared(side, units)
        for u in units:
            if u in spared:
                continue
            lost = u.strength
            self.section.add(f"{u.name} ({lost}): {eliminate(self.session, u)} ({result}, 13.1)", unit=u.name,
                             sp_lost=lost, quantity=Quantity("SP lost", lost, of=u.name))
            vp, scorer = victory_points(self.session, u, lost)
            self.vp[scorer] += vp
        if spared:
            self.section.add(f"{', '.join(u.name for u in spared)}: cavalry attacked only by infantry, retreat "
                             f"instead (17.1 C)")
            self._retreat(side, spared)
        return self._leaders_left(side)

    def _steps(self, side, steps):
        units = [u for u in self._side_units(side) if u.hex]
        given = {n: k for n, k in self.losses.items() if any(u.name == n for u in units)}
        order = self._allocation(units, steps, given)
        for u, k in order:
            by = given.get(u.name, 0)
            how = "as given" if by == k else "default order" if not by else f"{by} as given, {k - by} by default order"
            lost, text = lose_steps(self.session, u, k, f"{k} step{'s' if k > 1 else ''}, {how}")
            self.section.add(text, unit=u.name, steps=k, sp_lost=lost, quantity=Quantity("SP lost", lost, of=u.name))
            vp, scorer = victory_points(self.session, u, lost)
            self.vp[scorer] += vp
        return self._leaders_left(side)

    def _allocation(self, units, steps, given):
        """10.0 A: the owner spreads the steps as he wishes (losses=NAME:N); by default each step falls
        on the strongest combat unit, the fortification last."""
        if sum(given.values()) > steps:
            raise ValueError(f"losses= gives {sum(given.values())} steps, but the result takes {steps}")
        left = steps - sum(given.values())
        strength = {u.name: u.strength for u in units}
        taken = dict(given)
        for _ in range(left):
            able = [u for u in units if strength[u.name] > 0]
            if not able:
                break
            u = max(able, key=lambda u: (not u.is_fortification, strength[u.name], u.name))
            taken[u.name] = taken.get(u.name, 0) + 1
            strength[u.name] = self.charts.reduced(u.side, "fortification" if u.is_fortification else u.kind,
                                                   strength[u.name])
        return [(u, taken[u.name]) for u in units if taken.get(u.name)]

    def _retreat(self, side, units):
        hexes = int(self.charts.rule("combat", "retreat_hexes"))
        moving = [u for u in units if u.hex and not u.is_fortification]
        if not moving:
            return False
        start = moving[0].hex
        path = [start]
        for _ in range(hexes):
            step = self._retreat_step(side, path)
            if step is None:
                break
            path.append(step)
        if len(path) == 1:
            for u in moving:
                self.section.add(f"{u.name} cannot retreat from {start}: {eliminate(self.session, u)} (13.3)",
                                 unit=u.name, sp_lost=u.strength, quantity=Quantity("SP lost", u.strength, of=u.name))
                vp, scorer = victory_points(self.session, u, u.strength)
                self.vp[scorer] += vp
        else:
            for u in moving:
                self.army.move(u, path[-1])
            self.section.add(f"{', '.join(u.name for u in moving)} retreat{'s' if len(moving) == 1 else ''} "
                             f"{'-'.join(path)}", units=[u.name for u in moving], path=path)
        return self._leaders_left(side)

    def _retreat_step(self, side, path):
        """The next hex of a retreat: the owner's retreat_to=, else (13.3's priority is on the mapsheet)
        an adjacent hex without enemy units, not across a prohibited hexside, out of enemy zones if one
        is, farthest from the enemy's attacking hexes."""
        army = self.army
        here = path[-1]
        enemy = enemy_of(side)
        chosen = self.retreat_to.get(here)
        zone = army.zone_hexes(enemy)
        enemy_hexes = {u.hex for u in army.of(enemy)}
        candidates = [h for h in army.neighbours(here)
                      if h not in path and h not in enemy_hexes and army.map.terrain(h) != "ocean"
                      and "mountain" not in army.hexside(here, h)]
        if chosen:
            if chosen not in candidates:
                raise ValueError(f"retreat_to: {chosen} is not a hex {here} may retreat into")
            return chosen
        if not candidates:
            return None
        others = [h for h in (self.b.attacking if side == self.b.defender else [self.b.defender_hex])]
        return max(candidates, key=lambda h: (h not in zone, min(army.distance(h, o) for o in others), h))

    def _leaders_left(self, side):
        """12.7: leaders left alone are moved to the nearest friendly unit. True when the defender's hex
        is empty of the defender's units."""
        if side != self.b.defender:
            for h in list(self.b.attacking):
                self._rescue(side, h)
            return False
        self._rescue(side, self.b.defender_hex)
        return not self.army.in_hex(self.b.defender_hex, side)

    def _rescue(self, side, hex_name):
        here = self.army.in_hex(hex_name, side)
        if here and all(u.is_leader for u in here):
            for leader in here:
                self._leader_to_safety(leader)

    def _leader_to_safety(self, leader):
        army = self.army
        friends = {u.hex for u in army.of(leader.side) if u is not leader and not u.is_leader and u.hex != leader.hex}
        if not friends:
            self.section.add(f"{leader.name}: no friendly unit left on the map to go to (12.7)")
            return
        target = min(friends, key=lambda h: (army.distance(leader.hex, h), h))
        was = leader.hex
        army.move(leader, target)
        self.section.add(f"{leader.name}, alone in {was}, moves to {target}, the nearest hex with a friendly unit "
                         f"(12.7: never eliminated)", unit=leader.name, to=target)

    def _advance(self):
        b = self.b
        if self.army.in_hex(b.defender_hex, b.defender):
            return
        moving = [u for u in b.attackers if u.name in self.advance and u.hex]
        unknown = sorted(set(self.advance) - {u.name for u in b.attackers})
        if unknown:
            raise ValueError(f"advance: {', '.join(unknown)} did not attack")
        for u in moving:
            self.army.move(u, b.defender_hex)
        if moving:
            self.section.add(f"{', '.join(u.name for u in moving)} advance{'s' if len(moving) == 1 else ''} into "
                             f"{b.defender_hex} (12.5)", units=[u.name for u in moving])
        else:
            self.section.add(f"{b.defender_hex} is empty: the attackers may advance into it (12.5; advance=NAME,...)")
