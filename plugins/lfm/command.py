"""Command Determination (20.4-20.11, 22.3) as a pure function over the side's commanders and
units: who is in command this turn and, for each, the clause and the reason, with every roll.

20.4 in order: the army commander (or the acting one, 20.13) rolls d6 <= CV and puts his corps
commanders within 8 hexes in command; each corps commander rolls d6 - 1 when in command (his
division commanders in command) or d6 when not (only those within 5 hexes); each division
commander the same way for his brigade commanders within 5 hexes, + 1 per shattered brigade of his
division when not in command. One not in command who passes is in command on his own initiative
(20.3: no one places his subordinates in command unless he is himself in command; option
command_own_initiative). A commander in command puts every lower commander and every unit stacked
with him in command (20.11). Then the units: regiments within 2 hexes of their brigade commander in
command, or adjacent to an in-command regiment of their brigade (20.5); artillery in range of the
army commander or of a commander of its chain, in command (20.3, 20.8, 20.10); detached
regiments only when stacked with an in-command army, corps or division commander of their chain
(22.3). Ranges come as distance facts (command_reach); the chart file's [command] gives the numbers.
"""
from dataclasses import dataclass

from .command_reach import reach_facts, within

RANKS = ("army", "corps", "division", "brigade")
LEVELS = ("corps", "division", "brigade")
REGIMENTS = ("infantry", "cavalry")
ARTILLERY = ("artillery", "horse artillery")
RANGE_KEY = {"army": "army_range", "corps": "corps_range", "division": "division_range",
             "brigade": "brigade_range"}


@dataclass(frozen=True)
class Commander:
    """A commander on the map: his rank (army, corps, division, brigade), his hex, his CV (division
    and up), the formations he belongs to and commands (a corps commander: his corps; a division
    commander: corps and division; a brigade commander: all three), and for a division commander
    the number of his division's brigades that are shattered (20.4 step 3, case 2)."""
    name: str
    rank: str
    hex: str
    cv: int = None
    corps: str = ""
    division: str = ""
    brigade: str = ""
    shattered_brigades: int = 0


@dataclass(frozen=True)
class Unit:
    """A regiment (infantry, cavalry) or a battery (artillery, horse artillery) on the map."""
    name: str
    type: str
    hex: str
    corps: str = ""
    division: str = ""
    brigade: str = ""
    detached: bool = False


@dataclass(frozen=True)
class Status:
    """`own_initiative`: in command by his own roll out of command (20.4 case 2), from no superior."""
    name: str
    in_command: bool
    clause: str
    why: str
    own_initiative: bool = False

    @property
    def text(self):
        return f"{self.name}: {'in' if self.in_command else 'out of'} command: {self.why} ({self.clause})"


@dataclass(frozen=True)
class Step:
    """One command roll: the commander, the die, the modified roll, his CV, and whether it passed."""
    commander: str
    clause: str
    die: int
    modified: int
    cv: int
    passed: bool
    text: str


@dataclass(frozen=True)
class CommandResult:
    army_commander: str
    steps: tuple       # the rolls, in the order of 20.4
    statuses: tuple    # every commander and unit given, commanders first

    def status(self, name):
        for s in self.statuses:
            if s.name == name:
                return s
        raise KeyError(f"no commander or unit named {name!r} was given to the command determination")

    def in_command(self, name):
        return self.status(name).in_command

    @property
    def lines(self):
        return [s.text for s in self.steps] + [s.text for s in self.statuses]


def in_formation(member, commander):
    """Does `member` belong to the formation `commander` commands? (every level he names agrees)"""
    if commander.rank == "army":
        return True
    levels = LEVELS[:LEVELS.index(commander.rank) + 1]
    return all(getattr(member, lv) == getattr(commander, lv) for lv in levels if getattr(commander, lv))


def in_artillery_chain(battery, commander):
    """20.8, 20.10: a commander of the battery's chain: the army commander, or one of its corps
    whose division and brigade, where both name one, are the battery's."""
    if commander.rank == "army":
        return True
    if not battery.corps or commander.corps != battery.corps:
        return False
    return all(not getattr(battery, lv) or not getattr(commander, lv) or getattr(battery, lv) == getattr(commander, lv)
               for lv in ("division", "brigade"))


def _check(commanders, units, army_commander):
    names = [c.name for c in commanders] + [u.name for u in units]
    doubles = sorted({n for n in names if names.count(n) > 1})
    if doubles:
        raise ValueError(f"command determination: {doubles[0]!r} is given twice")
    for c in commanders:
        if c.rank not in RANKS:
            raise ValueError(f"{c.name}: rank {c.rank!r} is not army, corps, division or brigade")
        if c.rank != "brigade" and c.cv is None:
            raise ValueError(f"{c.name}: a {c.rank} commander has a command value (20.3): none given")
        if c.rank != "army" and not getattr(c, c.rank):
            raise ValueError(f"{c.name}: a {c.rank} commander names the {c.rank} he commands: none given")
    for u in units:
        if u.type not in REGIMENTS + ARTILLERY:
            raise ValueError(f"{u.name}: type {u.type!r} is not infantry, cavalry, artillery or horse artillery")
    acting = [c for c in commanders if c.name == army_commander]
    if not acting:
        raise ValueError(f"the army commander {army_commander!r} is not among the commanders given")
    if acting[0].cv is None:
        raise ValueError(f"{army_commander} cannot act as army commander: he has no command value to roll "
                         "against (20.13)")


class _Determination:
    def __init__(self, army_commander, commanders, units, distance, roll, charts):
        _check(commanders, units, army_commander)
        self.commanders, self.units, self.roll = list(commanders), list(units), roll
        self.ac = next(c for c in commanders if c.name == army_commander)
        self.reach = reach_facts(distance)
        self.options = charts.options
        self.value = lambda key: int(charts.rule("command", key))
        self.steps, self.status = [], {}
        self.ac_passed = False
        self.out = {}        # commanders left out of command: {name: (clause, why)}, the first reason kept

    # ---- commanders ----
    def put_in(self, who, clause, why, own_initiative=False):
        if who.name in self.status:
            return
        self.status[who.name] = Status(who.name, True, clause, why, own_initiative)
        for lower in self.commanders:      # 20.11: lower commanders stacked with him
            if lower.hex == who.hex and RANKS.index(lower.rank) > RANKS.index(who.rank):
                self.put_in(lower, "20.11", f"stacked with {who.name}, who is in command")

    def is_in(self, who):
        return who.name in self.status and self.status[who.name].in_command

    def command_roll(self, who, modifier, clause, how):
        die = self.roll("d6", f"{who.name} command (CV {who.cv})")
        modified = die + modifier
        passed = modified <= who.cv
        shown = f"d6 {die}" + (f" {modifier:+d} = {modified}" if modifier else "")
        self.steps.append(Step(who.name, clause, die, modified, who.cv, passed,
                               f"{who.name} ({how}): {shown} {'<=' if passed else '>'} CV {who.cv}: "
                               f"{'passed' if passed else 'failed'} ({clause})"))
        return passed

    def put_in_range(self, superior, rank, most, clause, because, formation=True):
        """Every commander of `rank` (in `superior`'s formation unless not `formation`) within `most`
        hexes (None: at any distance)."""
        for sub in self.commanders:
            if sub.rank != rank or sub is superior or (formation and not in_formation(sub, superior)):
                continue
            if most is None:
                self.put_in(sub, clause, because)
                continue
            near, why = within(self.reach(superior.hex, sub.hex), most, self.options)
            if near:
                self.put_in(sub, clause, f"{because}; {why}")
            else:
                self.out.setdefault(sub.name, (clause, f"not within {superior.name}'s range: {why}"))

    def army_step(self):
        ac, most = self.ac, self.value("army_range")
        acting = ac.rank != "army"
        clause = "20.4 step 1, 20.13" if acting else "20.4 step 1"
        if not self.command_roll(ac, 0, clause, "acting army commander" if acting else "army commander"):
            self.out[ac.name] = (clause, "failed his command roll")
            self.out.update({c.name: (clause, f"{ac.name} failed his command roll")
                             for c in self.commanders if c.rank == "corps"})
            return
        self.ac_passed = True
        self.put_in(ac, clause, "passed his command roll" + (" as acting army commander" if acting else ""))
        self.put_in_range(ac, "corps", most, clause, f"{ac.name} passed his command roll", formation=False)
        if acting and self.options["command_acting_formation"] == "army_roll" and ac.rank != "brigade":
            below = RANKS[RANKS.index(ac.rank) + 1]
            self.put_in_range(ac, below, most, "20.13",
                              f"his acting army commander {ac.name}'s roll (option command_acting_formation = \"army_roll\")")

    def rolls_for_formation(self, who):
        return not (who is self.ac and who.rank != "army"
                    and self.options["command_acting_formation"] == "army_roll")

    def corps_step(self, cc):
        if not self.rolls_for_formation(cc):
            return
        if self.is_in(cc):
            clause = "20.4 step 2 case 1"
            if not self.command_roll(cc, self.value("in_command_drm"), clause, "in command"):
                return self.fail_below(cc, "division", clause)
            all_of = self.options["command_division_range"] == "all"
            self.put_in_range(cc, "division", None if all_of else self.value("corps_range"),
                              clause + ("" if all_of else ", 20.4 step 3 case 2"),
                              f"{cc.name}, in command, passed his command roll")
        else:
            clause = "20.4 step 2 case 2"
            if not self.command_roll(cc, 0, clause, "not in command"):
                return self.fail_below(cc, "division", clause)
            self.own_initiative(cc, clause, "division")
            self.put_in_range(cc, "division", self.value("corps_range"), clause,
                              f"{cc.name}, on his own initiative, passed his command roll")

    def division_step(self, dc):
        if not self.rolls_for_formation(dc):
            return
        most = self.value("division_range")
        if self.is_in(dc):
            clause = "20.4 step 3 case 1"
            if not self.command_roll(dc, self.value("in_command_drm"), clause, "in command"):
                return self.fail_below(dc, "brigade", clause)
            how = "in command"
        else:
            clause = "20.4 step 3 case 2"
            shattered = dc.shattered_brigades * self.value("shattered_brigade_drm")
            if not self.command_roll(dc, shattered, clause,
                                     f"not in command, {dc.shattered_brigades} shattered brigades"):
                return self.fail_below(dc, "brigade", clause)
            self.own_initiative(dc, clause, "brigade")
            how = "on his own initiative"
        self.put_in_range(dc, "brigade", most, clause, f"{dc.name}, {how}, passed his command roll")

    def own_initiative(self, who, clause, below):
        """20.4 case 2 passed: 20.3 read as option command_own_initiative says."""
        reading = self.options["command_own_initiative"]
        option = f"option command_own_initiative = \"{reading}\""
        if reading == "in_command":
            self.put_in(who, f"{clause}, 20.3", f"on his own initiative: he passed his command roll out of "
                                                f"command ({option})", own_initiative=True)
            return
        first = self.out.get(who.name, (clause, "no superior of his put him in command"))
        self.out[who.name] = (first[0], f"{first[1]}; his roll on his own initiative puts only his {below} "
                                        f"commanders in command ({option})")

    def fail_below(self, who, rank, clause):
        for sub in self.commanders:
            if sub.rank == rank and in_formation(sub, who):
                self.out.setdefault(sub.name, (clause, f"{who.name} failed his command roll"))

    # ---- units ----
    def stacked_in_command(self, unit):
        return [c for c in self.commanders if c.hex == unit.hex and self.is_in(c)]

    def unit_status(self, unit):
        if unit.detached:
            for c in self.stacked_in_command(unit):
                if c.rank in ("army", "corps", "division") and in_formation(unit, c):
                    return Status(unit.name, True, "22.3, 20.11", f"detached, stacked with {c.name}, who is in command")
            return Status(unit.name, False, "22.3",
                          "detached, and not stacked with an in-command army, corps or division commander of its chain")
        stacked = self.stacked_in_command(unit)
        if stacked:
            return Status(unit.name, True, "20.11", f"stacked with {stacked[0].name}, who is in command")
        if unit.type in ARTILLERY:
            return self.battery_status(unit)
        return self.regiment_status(unit)

    def regiment_status(self, unit):
        leaders = [c for c in self.commanders if c.rank == "brigade" and in_formation(unit, c)]
        if not leaders:
            return Status(unit.name, False, "20.5", "its brigade commander is not on the map")
        bc = leaders[0]
        if not self.is_in(bc):
            return Status(unit.name, False, "20.5, 20.6", f"its brigade commander {bc.name} is not in command")
        near, why = within(self.reach(bc.hex, unit.hex), self.value("brigade_range"), self.options)
        if near:
            return Status(unit.name, True, "20.5", f"{bc.name}, in command: {why}")
        return Status(unit.name, False, "20.5", f"not within {bc.name}'s range ({why}) nor next to an "
                                                "in-command regiment of its brigade")

    def battery_status(self, unit):
        """20.8, 20.10, and 20.3: only a commander in command puts a battery in command, the army
        commander too; the (acting) army commander at his army range once his army roll passed."""
        reading = self.options["command_artillery_range"]
        title = "the army commander" if self.ac.rank == "army" else "the acting army commander"
        reasons = [] if self.is_in(self.ac) else [f"{self.ac.name}, {title}, is out of command (20.3)"]
        for c in self.commanders:
            as_army = c is self.ac and self.ac_passed
            if not self.is_in(c) or not (as_army or in_artillery_chain(unit, c)):
                continue
            rank = "army" if as_army else c.rank
            most = self.value("brigade_range" if reading == "regiment" else RANGE_KEY[rank])
            near, why = within(self.reach(c.hex, unit.hex), most, self.options)
            if near:
                whose = title if as_army else "in command"
                return Status(unit.name, True, "20.8",
                              f"in range of {c.name} ({whose}): {why} (option command_artillery_range = \"{reading}\")")
            reasons.append(f"{c.name}: {why}")
        return Status(unit.name, False, "20.8", "in range of no in-command commander of its chain"
                      + (f" ({'; '.join(reasons)})" if reasons else ""))

    def chain_regiments(self, statuses):
        """20.5: a regiment next to an in-command regiment of its brigade is in command, and passes it on."""
        regiments = [u for u in self.units if u.type in REGIMENTS]
        changed = True
        while changed:
            changed = False
            for u in regiments:
                if statuses[u.name].in_command or u.detached:
                    continue
                for v in regiments:
                    if v is u or not statuses[v.name].in_command or (v.corps, v.division, v.brigade) != \
                            (u.corps, u.division, u.brigade):
                        continue
                    near, why = within(self.reach(v.hex, u.hex), self.value("regiment_range"), self.options)
                    if near:
                        statuses[u.name] = Status(u.name, True, "20.5", f"next to {v.name} of its brigade, in command")
                        changed = True
                        break

    def run(self):
        self.army_step()
        for cc in self.commanders:
            if cc.rank == "corps":
                self.corps_step(cc)
        for dc in self.commanders:
            if dc.rank == "division":
                self.division_step(dc)
        statuses = {}
        for c in self.commanders:
            if c.name in self.status:
                statuses[c.name] = self.status[c.name]
            elif c.rank == "army" and c is not self.ac:
                statuses[c.name] = Status(c.name, False, "20.13", f"{self.ac.name} acts as army commander")
            else:
                clause, why = self.out.get(c.name, ("20.4", "no superior of his put him in command"))
                statuses[c.name] = Status(c.name, False, clause, why)
        for u in self.units:
            statuses[u.name] = self.unit_status(u)
        self.chain_regiments(statuses)
        order = [c.name for c in self.commanders] + [u.name for u in self.units]
        return CommandResult(self.ac.name, tuple(self.steps), tuple(statuses[n] for n in order))


def determine_command(army_commander, commanders, units, distance, roll, charts):
    """20.4-20.11, 22.3: the command state of every commander and unit of one side this turn.

    army_commander: the name of the commander acting as army commander (the army commander, or the
    acting one, acting_commander.acting_army_commander); commanders: Commander (the side's, on the
    map); units: Unit; distance: (from_hex, to_hex) -> Reach or hexes, or a mapping {(a, b): ...}
    (command_reach); roll: (dice, purpose) -> int; charts: LfmCharts. Returns a CommandResult."""
    return _Determination(army_commander, commanders, units, distance, roll, charts).run()
