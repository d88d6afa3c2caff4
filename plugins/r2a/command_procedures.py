"""The Union command rules on a save or log (rules 2 and 3): the Union Panic total counted from the
units and the losses global, replayed step by step through a log, its onset written (r2a.panic);
McClellan's takeover written when a condition allows it, and the takeover's schedule turn by turn
(r2a.takeover); the corps' reorganization rolls, `reorganized` written on their leaders
(r2a.reorganization); each corps' Command Paralysis roll (r2a.paralysis); and the exact odds of both
rolls (`odds`, which the shared r2a.odds procedure calls). The pure rules are panic.py, takeover.py,
reorganization.py and paralysis.py."""
import dataclasses
import datetime
from dataclasses import dataclass

from adjutant.procedures.kept import kept_property
from adjutant.procedures.report import Quantity

from . import panic, paralysis, reorganization, takeover
from .army import MCCLELLAN, SIDES, ArmyError, Unit
from .dates import show_date
from .session import parse_date

UNION = "Union"


class CommandRefused(ValueError):
    """The rules refuse the procedure (McClellan not yet eligible, no takeover to reorganize after):
    the CLI exits 2 and writes nothing."""


# ---- the globals the command rules keep ----

GLOBALS = {"date": "the game's date", "panic_total": "the Union Panic total last counted",
           "panic_date": "the day Union Panic began", "takeover_date": "the day McClellan took command",
           "union_losses": "Union manpower losses from all causes",
           "reorganization_rolls": "this turn's Union reorganization rolls (2)"}


def kept(session, key):
    """The global property the companion file's [globals] `key` names; KeptValueError (exit 2) when
    it names none or the module has none (plugin contract 8)."""
    return kept_property(session.army.companion, session.army.module, key, GLOBALS[key])


def global_day(session, key, source):
    """The day a date global holds (None when empty), read from the global `key` names."""
    name = kept(session, key)
    text = session.army.game.global_property(name) or ""
    return parse_date(text, f"{source}: global property {name!r}") if text.strip() else None


def require_date(session, source):
    name = kept(session, "date")
    if session.date is None:
        raise CommandRefused(f"{source}: the global property {name!r} (the game's date, \"Aug 20\") is empty")
    return session.date


def write_global(session, key, value, section):
    """Sets the global `key` names to `value` when it differs, saying so."""
    name = kept(session, key)
    game = session.army.game
    if (game.global_property(name) or "") == value:
        return False
    game.set_global_property(name, value)
    section.add(f"global property {name} = {value!r} written ({GLOBALS[key]})", written=name, value=value)
    return True


def panic_state(session, source):
    """(panic_date, takeover_date) from the save's globals."""
    return global_day(session, "panic_date", source), global_day(session, "takeover_date", source)


def had_panic(panic_date, takeover_date):
    """Whether Panic had occurred when McClellan took command (which schedule follows, rule 2)."""
    return panic_date is not None and panic_date <= takeover_date


# ---- rule 2: the Union Panic total ----

def panic_parts(army):
    """(demoralized Union units, unsupplied Union divisions): the units the total counts."""
    union = [u for u in army.of(UNION) if u.is_combat]
    return [u for u in union if u.demoralized], [u for u in union if u.is_division and not u.supplied]


def losses(session, source):
    name = kept(session, "union_losses")
    text = (session.army.game.global_property(name) or "0").strip() or "0"
    try:
        value = int(text)
    except ValueError:
        raise ArmyError(f"{source}: global property {name!r} ({GLOBALS['union_losses']}) is {text!r}, "
                        f"not a whole number") from None
    return value


def count(session, source):
    demoralized, unsupplied = panic_parts(session.army)
    return sum(u.manpower for u in demoralized), losses(session, source), len(unsupplied), demoralized, unsupplied


@dataclass(frozen=True)
class PanicParts:
    """What the Union Panic total counts at one step: {demoralized unit: manpower}, the manpower
    losses, the unsupplied divisions."""
    demoralized: dict
    lost: int
    unsupplied: frozenset

    @property
    def total(self):
        return sum(self.demoralized.values()) + self.lost + len(self.unsupplied)

    def changes_to(self, now):
        """What changed from these parts to `now`, in words: "Smith's Division demoralized (4 manpower)"."""
        said = []
        for name, manpower in now.demoralized.items():
            if name not in self.demoralized:
                said.append(f"{name} demoralized ({manpower} manpower)")
            elif manpower != self.demoralized[name]:
                said.append(f"{name}, demoralized, manpower {self.demoralized[name]} -> {manpower}")
        said += [f"{name} no longer demoralized" for name in self.demoralized if name not in now.demoralized]
        if now.lost != self.lost:
            said.append(f"Union manpower losses {self.lost} -> {now.lost}")
        said += [f"{name} unsupplied" for name in sorted(now.unsupplied - self.unsupplied)]
        said += [f"{name} supplied again" for name in sorted(self.unsupplied - now.unsupplied)]
        return said


def panic_parts_of(counted):
    _, lost, _, demoralized, unsupplied = counted
    return PanicParts({u.name: u.manpower for u in demoralized}, lost, frozenset(u.name for u in unsupplied))


def replay(session, source):
    """A log replayed from its start: [(step, what the step did, date, total)] for the start and each
    step that changes the total, and (step, date) of the first total to reach the threshold (None)."""
    army, game = session.army, session.army.game
    threshold = int(session.charts.rule("union_panic", "threshold"))
    date_name = kept(session, "date")
    end = game.position
    game.seek(0)
    reread = lambda: army.read_units(source, lambda piece, attributes: Unit.of_piece(source, piece, attributes))
    reread()
    day = lambda: parse_date(game.global_property(date_name) or "", f"{source}: global property {date_name!r}")
    parts = panic_parts_of(count(session, source))
    total = parts.total
    changes, crossed = [(0, "the log's start", day(), total)], (0, day()) if total >= threshold else None
    while game.position < game.step_count:
        effect = game.step_forward()
        if not effect.pieces and not effect.other:
            continue
        reread()
        now = panic_parts_of(count(session, source))
        if now.total != total:
            changes.append((effect.step, "; ".join(parts.changes_to(now)), day(), now.total))
            total = now.total
            if crossed is None and total >= threshold:
                crossed = (effect.step, day())
        parts = now
    game.seek(end)
    reread()
    return changes, crossed


def run_panic(session, source):
    date = require_date(session, source)
    panic_date, takeover_date = panic_state(session, source)
    kept(session, "panic_total")
    report = session.report
    if session.army.game.is_log:
        changes, crossed = replay(session, source)
        section = report.section("The Union Panic total through the log (2)")
        threshold = int(session.charts.rule("union_panic", "threshold"))
        for step, what, day, total in changes:
            reached = crossed is not None and crossed[0] == step and panic_date is None
            section.add(f"step {step} ({what}), {show_date(day)}: {total}"
                        + (f": reaches {threshold}, Union Panic occurs (2)" if reached else ""),
                        step=step, total=total, reaches=reached)
        if crossed is None:
            section.add(f"the total stays below {threshold} through the log's {session.army.game.step_count} steps",
                        crossed=False)
        elif panic_date is None:
            panic_date = crossed[1]
    demoralized_mp, lost, unsupplied_n, demoralized, unsupplied = count(session, source)
    result = panic.panic_total(session.charts, date, demoralized_mp, lost, unsupplied_n, panic_date)
    section = report.section(f"The Union Panic total on {show_date(date)} (2)")
    section.add(f"demoralized Union manpower: {demoralized_mp} ("
                + (", ".join(f"{u.name} {u.manpower}" for u in demoralized) or "no Union unit is demoralized") + ")",
                manpower=demoralized_mp, units=[u.name for u in demoralized],
                quantity=Quantity("demoralized manpower", demoralized_mp))
    section.add(f"Union manpower losses from all causes: {lost} (global property {kept(session, 'union_losses')})",
                manpower=lost, quantity=Quantity("manpower lost", lost))
    section.add(f"unsupplied Union divisions: {unsupplied_n} ("
                + (", ".join(u.name for u in unsupplied) or "none") + ")",
                divisions=unsupplied_n, units=[u.name for u in unsupplied],
                quantity=Quantity("unsupplied divisions", unsupplied_n))
    for line in result.lines:
        section.add(line, total=result.total, panic=result.panic)
    written = report.section("Written")
    began = result.panic_date
    if began is not None:
        write_global(session, "panic_date", show_date(began), written)
    write_global(session, "panic_total", str(result.total), written)
    if not written.lines:
        written.add("nothing: the globals already hold this total and Panic's date")
    effects = report.section("What Panic does (2)")
    effects.add(panic.union_combat_drm(session.charts, date, began, takeover_date).text)
    if takeover_date is not None:
        effects.add(f"McClellan took command on {show_date(takeover_date)}", takeover=show_date(takeover_date))
    else:
        for line in panic.mcclellan_eligible(session.charts, date, began).lines:
            effects.add(line)


# ---- rule 2: McClellan's takeover ----

def schedule(session, takeover_date, panic_date):
    """The takeover's turns (takeover.TakeoverTurn) from `takeover_date` up to its "all reorganized" turn."""
    panicked = had_panic(panic_date, takeover_date)
    last = int(session.charts.rule("takeover", f"{'panic' if panicked else 'no_panic'}_all_reorganized"))
    return [takeover.takeover_turn(session.charts, takeover_date + datetime.timedelta(days=n), takeover_date, panicked,
                                   panic_date) for n in range(last + 1)]


def which_schedule(panic_date, takeover_date):
    """Which of rule 2's two schedules follows a takeover on `takeover_date`, and why."""
    if panic_date is None or panic_date > takeover_date:
        after = ("" if panic_date is None else f"Panic came on {show_date(panic_date)}, after McClellan's takeover "
                 f"on {show_date(takeover_date)}, so ")
        return (f"{after or 'no Union Panic had occurred by then: '}the \"If no Panic has occurred\" schedule applies "
                f"(2: it had not occurred when McClellan took command)")
    return f"Panic began on {show_date(panic_date)}: the \"If Panic has occurred\" schedule (2)"


def add_turn(section, turn):
    for line in turn.lines:
        section.add(line, date=show_date(turn.date), after=turn.after, paralysis=turn.paralysis,
                    bonus=turn.roll_bonus, all_reorganized=turn.all_reorganized, combat_drm=turn.combat_drm)


def run_takeover(session, source, take, plan):
    date = require_date(session, source)
    panic_date, takeover_date = panic_state(session, source)
    report = session.report
    if take:
        if takeover_date is not None:
            raise CommandRefused(f"McClellan took command on {show_date(takeover_date)} already (the global "
                                 f"property {kept(session, 'takeover_date')})")
        eligible = panic.mcclellan_eligible(session.charts, date, panic_date)
        if not eligible.eligible:
            raise CommandRefused("; ".join(eligible.lines))
        section = report.section(f"McClellan replaces Pope on {show_date(date)} (2)")
        for line in eligible.lines:
            section.add(line, eligible=True)
        write_global(session, "takeover_date", show_date(date), section)
        takeover_date = date
    if plan:
        start_day = takeover_date if plan.lower() in ("yes", "true") else parse_date(plan, "schedule=")
        if start_day is None:
            raise CommandRefused("schedule=yes: McClellan has not taken command (the global property "
                                 f"{kept(session, 'takeover_date')} is empty): give the day, schedule=\"Aug 23\"")
        section = report.section(f"The takeover schedule from {show_date(start_day)} (2)")
        if start_day != takeover_date:
            for line in panic.mcclellan_eligible(session.charts, start_day, panic_date).lines:
                section.add(line)
        section.add(which_schedule(panic_date, start_day))
        for turn in schedule(session, start_day, panic_date):
            add_turn(section, turn)
        return
    section = report.section(f"McClellan's takeover on {show_date(date)} (2)")
    if takeover_date is None:
        section.add("McClellan has not taken command: Pope commands the Union army", takeover=None)
        for line in panic.mcclellan_eligible(session.charts, date, panic_date).lines:
            section.add(line)
        return
    if date < takeover_date:
        raise CommandRefused(f"the game's date {show_date(date)} is before McClellan's takeover on "
                             f"{show_date(takeover_date)}")
    if panic_date is not None and panic_date > takeover_date:
        section.add(which_schedule(panic_date, takeover_date), panic=show_date(panic_date))
    add_turn(section, takeover.takeover_turn(session.charts, date, takeover_date,
                                             had_panic(panic_date, takeover_date), panic_date))


def current_turn(session, source):
    """The takeover schedule's turn for the game's date; CommandRefused before the takeover."""
    date = require_date(session, source)
    panic_date, takeover_date = panic_state(session, source)
    if takeover_date is None:
        raise CommandRefused(f"McClellan has not taken command (the global property {kept(session, 'takeover_date')} "
                             f"is empty): the corps roll for reorganization only on the turns following his "
                             f"takeover (2; r2a.takeover take=yes)")
    if date < takeover_date:
        raise CommandRefused(f"the game's date {show_date(date)} is before McClellan's takeover on "
                             f"{show_date(takeover_date)}")
    return takeover.takeover_turn(session.charts, date, takeover_date, had_panic(panic_date, takeover_date),
                                  panic_date)


# ---- rule 2: Union Army Reorganization ----

def chosen_corps(army, side, corps="", parameter="corps"):
    """The side's corps leaders on the map, or the one of `corps` (a corps or its leader's name),
    refused naming the parameter= that gave it."""
    leaders = army.corps_leaders(side)
    if not corps:
        return leaders
    found = [c for c in leaders if corps in (c.corps, c.name)]
    if not found:
        raise ArmyError(f"{parameter}={corps}: no {side} corps or corps leader of that name on the map (the corps "
                        f"are {', '.join(c.corps for c in leaders) or 'none'})")
    return found


def union_corps(army, corps=""):
    """reorganization.Corps of each Union corps leader on the map (or the one `corps` names), his
    divisions read from the save; McClellan's counter (None off the map)."""
    mcclellan = next((u for u in army.leaders(UNION, "army") if u.name == MCCLELLAN), None)
    return [reorganization.Corps(
        leader.corps, leader.name, leader.initiative,
        tuple(reorganization.Division(d.name, d.demoralized, d.disorganized, d.supplied)
              for d in army.divisions_of(leader.corps)),
        with_mcclellan=mcclellan is not None and leader.hex == mcclellan.hex, reorganized=leader.reorganized)
        for leader in chosen_corps(army, UNION, corps)], mcclellan


@dataclass(frozen=True)
class TurnRolls:
    """The reorganization rolls made on one turn, as the global [globals] reorganization_rolls keeps
    them: "Sep 3: III Corps, V Corps, VI Corps; +2 VI Corps" (the corps that rolled, or were
    reorganized by the schedule's last turn, and the corps given McClellan's +2)."""
    date: object              # datetime.date, None when none kept
    corps: tuple = ()
    plus: str = ""

    def text(self):
        return f"{show_date(self.date)}: {', '.join(self.corps)}" + (f"; +2 {self.plus}" if self.plus else "")


def turn_rolls(session, source, day):
    """This turn's rolls kept in the global reorganization_rolls names (those of another date count
    for nothing: a corps rolls once a turn, "at the end of the Random Event phase on each turn")."""
    name = kept(session, "reorganization_rolls")
    text = (session.army.game.global_property(name) or "").strip()
    if not text:
        return TurnRolls(None)
    date, sep, body = text.partition(":")
    if not sep:
        raise ArmyError(f"{source}: the global property {name} holds {text!r}, not \"DATE: CORPS, ...; +2 CORPS\"")
    kept_day = parse_date(date, f"{source}: global property {name!r}")
    if kept_day != day:
        return TurnRolls(kept_day)
    rolled, _, plus = body.partition(";")
    plus = plus.strip()
    if plus and not plus.startswith("+2 "):
        raise ArmyError(f"{source}: the global property {name}: {plus!r} is not \"+2 CORPS\"")
    return TurnRolls(day, tuple(c.strip() for c in rolled.split(",") if c.strip()), plus[3:].strip())


def done_today(corps, day):
    """What a corps judged today (kept in the turn's rolls) is, in words."""
    if corps.reorganized:
        return f"{corps.name}: reorganized today ({day}): it remains so, no roll"
    return f"{corps.name}: rolled today ({day}), not reorganized: it rolls again next turn, no roll now"


def run_reorganization(session, source, mcclellan_corps):
    turn = current_turn(session, source)
    army, report = session.army, session.report
    section = report.section(f"Union Army Reorganization on {show_date(turn.date)} (2)")
    add_turn(section, turn)
    corps, mcclellan = union_corps(army)
    if mcclellan_corps:
        mcclellan_corps = chosen_corps(army, UNION, mcclellan_corps, "mcclellan")[0].corps
    section.add(f"McClellan in {mcclellan.hex}" if mcclellan else "McClellan is not on the map: no +2",
                hex=mcclellan.hex if mcclellan else None)
    if turn.after == 0:
        raise CommandRefused(f"no reorganization roll on the turn of McClellan's takeover ({turn.clause}): the corps "
                             f"roll on the turns following it")
    today = turn_rolls(session, source, turn.date)
    day = show_date(turn.date)
    done = [c for c in corps if c.name in today.corps]
    rolling = [c for c in corps if c.name not in today.corps]
    if today.plus:
        if mcclellan_corps:
            raise CommandRefused(f"mcclellan={mcclellan_corps}: McClellan's +2 went to {today.plus} on {day} "
                                 f"(the global property {kept(session, 'reorganization_rolls')}): \"This modifier "
                                 f"may only be utilized for one Corp leader per turn\" (2)")
        rolling = [dataclasses.replace(c, with_mcclellan=False) for c in rolling]
    if done and not [c for c in rolling if not c.reorganized]:
        raise CommandRefused(f"every corps not reorganized before {day} was judged on {day} already (the global "
                             f"property {kept(session, 'reorganization_rolls')}: "
                             + "; ".join(done_today(c, day) for c in done) + "): a corps rolls once a turn, \"at "
                             "the end of the Random Event phase on each turn\" (2)")
    if mcclellan_corps and any(mcclellan_corps in (c.name, c.commander) for c in done):
        raise CommandRefused(f"mcclellan={mcclellan_corps}: that corps rolled on {day} already: a corps rolls once "
                             f"a turn (2)")
    stacked = [c.name for c in rolling if c.with_mcclellan and not c.reorganized]
    given = mcclellan_corps or (stacked[0] if len(stacked) == 1 else "")
    try:
        results = reorganization.roll_reorganizations(session.charts, rolling, turn, session.roll,
                                                      mcclellan_corps or ())
    except ValueError as e:
        raise CommandRefused(str(e)) from None
    rolls = report.section("Each corps (2)")
    for c in done:
        rolls.add(done_today(c, day) + " (2)", corps=c.name, commander=c.commander, roll=None, total=None,
                  reorganized=c.reorganized)
    written, plus = [], today.plus
    for c, r in zip(rolling, results):
        # a corps reorganized on an earlier turn is not decided this turn: counted only on the turn it reorganizes
        this_turn = {} if c.reorganized else {"quantity": Quantity("reorganized", int(r.reorganized), of=c.name)}
        rolls.add(r.text, corps=c.name, commander=c.commander, roll=r.rolled.die if r.rolled else None,
                  total=r.rolled.total if r.rolled else None, reorganized=r.reorganized, **this_turn)
        if r.rolled and c.name == given:
            plus = c.name
        if r.reorganized and not c.reorganized:
            leader = army.corps_leader(c.name, UNION)
            if not army.write(leader, "reorganized", "true"):
                rolls.add(f"reorganized could not be written on {leader.name} (the companion file maps it to "
                          f"nothing writable): set it by hand", unwritten=leader.name)
            else:
                written.append(leader.name)
    if written:
        rolls.add(f"reorganized written on {', '.join(written)}", written=written)
    if turn.all_reorganized:
        rolls.add("every Union corps is reorganized (2): the army's disorganization has ended; the units' "
                  "Disorganized sides are left as they are (2 NOTE)", all=True)
    newly = tuple(c.name for c, r in zip(rolling, results) if r.rolled or (r.reorganized and not c.reorganized))
    if newly:
        kept_now = TurnRolls(turn.date, today.corps + newly, plus)
        write_global(session, "reorganization_rolls", kept_now.text(), rolls)


# ---- rule 3: Command Paralysis ----

def corps_leaders(army, side, corps=""):
    """[(leader, paralysis.CorpsLeader)] of each corps leader of the side (or the one `corps`
    names), with his distance to the army commander (None when the commander is not on the map or
    stands on another board: no proximity modifier); the army commander."""
    commander = army.army_commander(side)
    return [(leader, paralysis.CorpsLeader(leader.corps, leader.name, leader.initiative,
                                           army.board_distance(leader.hex, commander.hex) if commander else None))
            for leader in chosen_corps(army, side, corps)], commander


def commander_apart(leader, commander):
    """Why a corps leader has no distance to his army commander: he is off the map, or on another board."""
    if commander is None or not commander.hex:
        return "the army commander is not on the map"
    return f"{leader.name} on another board than {commander.name}"


def far(charts, leader, corps_leader, commander):
    """" (why no proximity modifier)" for a corps leader apart from his army commander or more than
    [paralysis] near_hexes from him; "" when a modifier says where he is."""
    if commander is None:
        return ""
    if corps_leader.hexes is None:
        return f" ({commander_apart(leader, commander)}: no proximity modifier)"
    near = int(charts.rule("paralysis", "near_hexes"))
    if corps_leader.hexes > near:
        return (f" ({leader.name} {corps_leader.hexes} hexes from {commander.name}, more than {near}: no proximity "
                f"modifier)")
    return ""


def takeover_paralysis(session, side, source):
    """The takeover's turn when it imposes Union command paralysis on the game's date, else None."""
    if side != UNION or not session.army.global_value("takeover_date"):
        return None
    turn = current_turn(session, source)
    return turn if turn.paralysis != "none" else None


def run_paralysis(session, source, side, event):
    army, report = session.army, session.report
    turn = takeover_paralysis(session, side, source)
    found, commander = corps_leaders(army, side)
    radius = commander.command_radius if commander is not None else 0
    section = report.section(f"{side} Command Paralysis (3)")
    section.add(f"army commander {commander.name} in {commander.hex}, command radius {radius}" if commander
                else f"no {side} army commander on the map: no proximity modifier",
                commander=commander.name if commander else None, radius=radius)
    if event:
        section.add("the Random Event's Command Paralysis: every corps rolls (3)", event=True)
    if turn is not None:
        add_turn(section, turn)
    if not event and turn is None:
        section.add(f"no Command Paralysis: event=no and no takeover paralysis for the {side} on this date",
                    event=False)
        return
    rolls = report.section("Each corps (3)")
    for leader, corps_leader in found:
        under_takeover = turn is not None and (turn.paralysis == "all" or not leader.reorganized)
        if under_takeover and not turn.paralysis_roll:
            rolls.add(f"{leader.corps}: paralysed by McClellan's takeover, no roll ({turn.clause}; option "
                      f"takeover_paralysis_roll = \"none\")", corps=leader.corps, exempt=False, roll=None,
                      quantity=Quantity("paralysed", 1, of=leader.corps))
            continue
        if not under_takeover and not event:
            rolls.add(f"{leader.corps}: reorganized: the takeover's paralysis is \"in effect for all non-reorganized "
                      f"corps\" ({turn.clause}): not paralysed, no roll", corps=leader.corps, exempt=True, roll=None,
                      quantity=Quantity("paralysed", 0, of=leader.corps))
            continue
        r = paralysis.roll_paralysis(session.charts, corps_leader, radius, session.roll)
        where = far(session.charts, leader, corps_leader, commander)
        rolls.add(r.text + where, corps=leader.corps, commander=leader.name, roll=r.rolled.die, total=r.rolled.total,
                  exempt=r.exempt, hexes=corps_leader.hexes,
                  quantity=Quantity("paralysed", int(not r.exempt), of=leader.corps))

    free = [line.data["corps"] for line in rolls.lines if line.data.get("exempt")]
    held = [line.data["corps"] for line in rolls.lines if not line.data.get("exempt")]
    rolls.add(f"not paralysed: {', '.join(free) or 'none'}; under the Command Paralysis rules: "
              f"{', '.join(held) or 'none'}", exempt=free, paralysed=held,
              quantity=Quantity("corps paralysed", len(held), of=side))


# ---- the odds before rolling (r2a.odds) ----

def odds(session, kind, side=UNION, corps="", mcclellan="", bonus=None, source="the game"):
    """The exact chance, before rolling, of each Union corps' reorganization (kind
    "reorganization": mcclellan= the corps given McClellan's +2, bonus= the roll's bonus instead
    of the takeover schedule's) or of each corps of `side` escaping paralysis (kind "paralysis");
    corps= one corps or its leader. Reported in a section of the session's report; returns the
    lines it added. Nothing rolled or written."""
    if kind == "reorganization":
        return reorganization_odds(session, corps, mcclellan, bonus, source)
    if kind == "paralysis":
        return paralysis_odds(session, side, corps)
    raise ValueError(f"command odds: kind is reorganization or paralysis, not {kind!r}")


def reorganization_odds(session, corps, mcclellan, bonus, source):
    section = session.report.section("Union corps reorganization before rolling (2)")
    if bonus is None:
        try:
            turn = current_turn(session, source)
        except CommandRefused as e:
            raise ArmyError(f"{e}; give bonus=N for the odds of a roll anyway") from None
        add_turn(section, turn)
        if turn.all_reorganized:
            section.add(f"every corps not already reorganized reorganizes: chance 1 ({turn.clause})", chance=1)
            return [line.text for line in section.lines]
        if not turn.reorganization_roll:
            section.add(f"no reorganization roll on {show_date(turn.date)} ({turn.clause})", chance=None)
            return [line.text for line in section.lines]
        bonus = turn.roll_bonus
    else:
        section.add(f"the reorganization roll's bonus: {bonus:+d} (parameter bonus=)")
    found, _ = union_corps(session.army, corps)
    today = turn_rolls(session, source, session.date) if session.date else TurnRolls(None)
    if today.plus:
        section.add(f"McClellan's +2 went to {today.plus} on {show_date(today.date)}: no other corps has it this turn "
                    f"(2)", plus=today.plus)
    if mcclellan:
        plus = chosen_corps(session.army, UNION, mcclellan, "mcclellan")[0].corps
        if today.plus and plus != today.plus:
            raise ArmyError(f"mcclellan={mcclellan}: McClellan's +2 went to {today.plus} this turn (2: one Corp "
                            f"leader per turn)")
    elif today.plus:
        plus = ""
    else:
        stacked = [c.name for c in found if c.with_mcclellan and not c.reorganized]
        if len(stacked) > 1:
            raise ArmyError(f"McClellan's +2 goes to one corps a turn (rule 2): give mcclellan= one of "
                            f"{', '.join(stacked)}")
        plus = stacked[0] if stacked else ""
    for c in found:
        if c.name in today.corps:
            section.add(done_today(c, show_date(today.date)) + " (2)", corps=c.name,
                        chance=1 if c.reorganized else None)
            continue
        if c.reorganized:
            section.add(f"{c.name}: reorganized on an earlier turn: it remains so, no roll (2)", corps=c.name, chance=1)
            continue
        try:
            o = reorganization.reorganization_odds(session.charts, c, bonus, mcclellan=c.name == plus)
        except ValueError as e:
            raise CommandRefused(str(e)) from None
        section.add(f"{c.name} ({c.commander}) reorganizes: {o.text}", corps=c.name, chance=str(o.chance))
    return [line.text for line in section.lines]


def paralysis_odds(session, side, corps):
    if side not in SIDES:
        raise ArmyError(f"paralysis odds: give side=Union or side=Confederate, not {side!r}")
    found, commander = corps_leaders(session.army, side, corps)
    radius = commander.command_radius if commander is not None else 0
    section = session.report.section(f"{side} corps paralysis rolls before rolling (3)")
    section.add(f"army commander {commander.name} ({commander.hex}), command radius {radius}" if commander
                else f"no {side} army commander on the map: no proximity modifier")
    lines = []
    for leader, corps_leader in found:
        o = paralysis.paralysis_odds(session.charts, corps_leader, radius)
        where = (f"{corps_leader.hexes} hex{'' if corps_leader.hexes == 1 else 'es'} from {commander.name}"
                 if corps_leader.hexes is not None else commander_apart(leader, commander))
        lines.append(f"{leader.corps} ({leader.name}, {where}) exempt: {o.text}")
        section.add(lines[-1], corps=leader.corps, hexes=corps_leader.hexes, chance=str(o.chance))
    return lines
