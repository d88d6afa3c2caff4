"""cwr.stoppage, cwr.emergency-retreat, cwr.initiative, cwr.leader-loss: a command's checks in the
Command Phase (10.3, 10.4, 11.0) and a leader's loss check (9.1), each roll through the session, the
strength stragglers take written back to the save."""
from adjutant.procedures.report import Quantity

from .army import ArmyError
from .command_chain import STRAGGLING, command, leader_level, led_command, order_hq
from .emergency_retreat import emergency_retreat, retreat_for
from .initiative import FAILURE, LOOSE_CANNON, SUCCESS, Attempt, after_initiative, attempt_initiative

from .order_log import format_record, held_text, next_number, read_log, write_log
from .orders import Order
from .leaders import Leader, leader_loss, leader_loss_checks, promotions
from .stragglers import Unit as StragglerUnit, straggler_check
from .stoppage import CommandUnderFire, stoppage_check
from .wrecked import unit_wrecked


def straggler_checker(session, section):
    """The `straggler_check(unit_name, table, modifier)` the rule modules take: one check of the
    unit on Straggler Table 1 or 2 (5.8), its loss written to the save. Returns the points lost."""
    army, charts = session.army, session.charts

    def check(name, table, modifier):
        unit = army.named(name)
        stack = [StragglerUnit(unit.name, unit.type, unit.morale, unit.sp, unit.printed_sp, unit.formation)]
        modifiers = (("modifier", modifier),) if modifier else ()
        done = straggler_check(charts, stack, 1, session.roll, modifiers, table=f"straggler_table_{table}")
        if done is None:
            section.add(f"{name}: no strength to straggle (5.8c)", unit=name)
            return 0
        mod = f" {modifier:+d}" if modifier else ""
        after = unit.sp - done.losses.total
        section.add(f"{name}: Straggler Table {table}, d6 {done.roll}{mod}, morale {unit.morale}: {done.lost} SP "
                    f"lost{f', now {after} SP' if done.lost else ''} ({done.clause})", unit=name, roll=done.roll,
                    sp_lost=done.losses.total, quantity=Quantity("SP lost", done.losses.total, of=name))
        if done.losses.total:
            army.write(unit, "sp", after)
            section.add(f"{name}: mark {done.losses.total} straggler{'s' if done.losses.total > 1 else ''} on the "
                        f"Brigade Loss Chart (5.8)" + (", eliminated (6.3b)" if after == 0 else ""), unit=name)
        return done.losses.total
    return check


def _wrecked_count(session, cmd, wrecked):
    """A brigade's wrecked regiments from their strengths (5.9); a division's or corps's wrecked
    members from the Loss Chart, which the save does not hold: given as wrecked=."""
    if cmd.level == "brigade":
        return sum(1 for u in cmd.units if u.type in STRAGGLING and unit_wrecked(session.charts, u).wrecked)
    if wrecked is None:
        raise ArmyError(f"{cmd.name} is a {cmd.level}: give wrecked=N, its wrecked "
                        f"{'brigades' if cmd.level == 'division' else 'divisions'} (5.9: the Loss Chart)")
    return wrecked


def _cancel(session, section, name, log, why):
    """10.3, 10.4: all the command's orders (Accepted or in Delay) cancelled in the Order Log."""
    held = log.of(name)
    log.set(name, held.cancelled())
    write_log(session, log)
    section.add(f"all orders of {name} ({held_text(held)}) are cancelled in the Order Log{why}",
                order_log=format_record(log, name) or f"{name} = (no order)")


def stoppage(session, name, fired, leader_lost, night, wrecked):
    cmd = command(session.army, name)
    log = read_log(session)
    accepted = log.of(name).accepted
    order = accepted.kind if accepted else None
    section = session.report.section(f"{name}: Stoppage Check (10.3)")
    section.add(f"the Order Log: {name} holds {held_text(log.of(name))}", order=order)
    count = _wrecked_count(session, cmd, wrecked)
    members = cmd.members
    section.add(f"{len(members)} units in the command (10.3b: {', '.join(members)}), {count} wrecked; leader "
                f"{cmd.leader.name if cmd.leader else '-'} rating {cmd.rating}", units=len(members), wrecked=count)
    check = stoppage_check(CommandUnderFire(name, cmd.rating, len(members), count, order, fired, leader_lost, night),
                           session.roll, session.charts)
    section.add(check.text, stopped=check.stopped, roll=check.roll, minimum=check.minimum, total=check.total,
                **({"quantity": Quantity("Stoppage", int(check.stopped), of=name)} if check.roll is not None else {}))
    if check.stopped:
        _cancel(session, section, name, log, "; its units move back in the next Movement Phase (10.3)")


def _hq_command(army, cmd):
    """10.4 "Any command with a HQ may execute an ER": the command's own HQ; a division or brigade
    without one (part of a corps or division, 9.2) is refused, naming the HQ governing it and its
    command, the one that retreats."""
    if cmd.hq is not None:
        return cmd.hq
    governing = order_hq(army, cmd)
    if governing is None:
        raise ArmyError(f"{cmd.name} has no HQ of its own and no HQ governing it is in the game: an Emergency "
                        "Retreat is executed by a command with a HQ (10.4)")
    governed_by = getattr(governing, leader_level(governing))
    raise ArmyError(f"{cmd.name} has no HQ of its own: it is governed by {governing.name} (9.2), and an Emergency "
                    f"Retreat is executed by a command with a HQ, all its units retreating (10.4): run it for "
                    f"{governed_by} (command=\"{governed_by}\")")


def retreat(session, name, event):
    cmd = command(session.army, name)
    is_forced, why = retreat_for(event)
    hq = _hq_command(session.army, cmd)
    log = read_log(session)
    section = session.report.section(f"{name}: Emergency Retreat (10.4)")
    section.add(f"{'Forced' if is_forced else 'Voluntary'}: {why}", forced=is_forced, hq=hq.name)
    units = [u for u in cmd.units if u.type in STRAGGLING and u.hex and u.sp]
    done = emergency_retreat(name, units, is_forced, straggler_checker(session, section), session.charts, hq.name)
    section.add(done.text, forced=done.forced, hq_mp=done.hq_mp, quantity=Quantity("HQ MP", done.hq_mp, of=hq.name))
    lost = sum(c[3] for c in done.checks)
    section.add(f"{lost} SP lost to stragglers in all (10.4)", sp_lost=lost,
                quantity=Quantity("SP lost", lost, of=name))
    _cancel(session, section, name, log, " (10.4)")
    within = sorted({getattr(u, level) for u in cmd.units for level in ("division", "brigade")} - {"", name})
    for formation in within:
        held = log.of(formation)
        if held.accepted or held.delayed:
            _cancel(session, section, formation, log, f": a formation of {name}, whose units all retreated (10.4)")


def initiative(session, name, leader_name):
    army = session.army
    if not session.turn:
        raise ArmyError(f"{army.game.source}: the game has no global property Turn: this turn's Initiative "
                        "attempts are counted by turn (11.0)")
    log = read_log(session)
    target = command(army, name)
    leader = army.named(leader_name) if leader_name else target.leader
    if leader is None:
        raise ArmyError(f"{name} has no leader in the game: give leader=")
    level = leader_level(leader)
    if level == "army":
        raise ArmyError(f"{leader.name} is the {leader.side} Army Commander, who cannot use Initiative (11.0d)")
    own = led_command(army, leader)
    subordinate = None if own.name == name else target.leader
    if subordinate is not None and getattr(target.leader, level, None) != getattr(leader, level):
        raise ArmyError(f"{name} is not under {leader.name}, who leads {own.name} (11.0: his own formation or a subordinate's)")
    made = log.attempts_in(session.turn)
    earlier = tuple(Attempt("", "brigade", 0, corps, formation) for corps, formation in made)
    this = Attempt(leader.name, level, leader.rating, leader.corps, name, subordinate and subordinate.name,
                   bool(subordinate and subordinate.hex and subordinate.hex == leader.hex))
    section = session.report.section(f"{leader.name}: Initiative for {name} (11.0)")
    within = [f for c, f in made if c == leader.corps]
    section.add(f"the Order Log: {len(within)} Initiative attempt{'' if len(within) == 1 else 's'} within "
                f"{leader.corps} this turn (turn {session.turn})" + (f": {', '.join(within)}" if within else ""),
                attempts=len(within))
    result = attempt_initiative(this, earlier, session.roll, session.charts)
    if not result.allowed:   # refused before any roll, as a refused order or fire is
        raise ArmyError(result.text)
    section.add(result.text, result=result.result, roll=result.roll, column=result.column, allowed=result.allowed,
                quantity=[Quantity(outcome, int(result.result == outcome), of=name)
                          for outcome in (SUCCESS, LOOSE_CANNON, FAILURE)])
    log.attempt(session.turn, leader.corps, name)
    if result.result == "Success":
        order = Order(next_number(army, log, target.side), name, "initiative", "complex")
        after, why = after_initiative(log.of(name), order)
        log.set(name, after)
        section.add(f"{result.applies_to}'s Initiative order {order.number} ({order.shorthand}): {why}",
                    orders=held_text(after))
    write_log(session, log)
    section.add(f"Order Log: {format_record(log, name) or f'{name} = (no order)'}; attempt "
                f"{len(within) + 1} within {leader.corps} this turn kept", attempts=len(within) + 1)


def _chain(army, side):
    out = []
    for u in army.units + army.off_map:
        if u.side != side or not u.is_leader:
            continue
        level = leader_level(u)
        parent = {"brigade": u.division, "division": u.corps}.get(level)
        led = f"the {side} Army" if level == "army" else getattr(u, level)
        out.append(Leader(u.name, level, led, parent, bool(u.hex)))
    return out


def loss(session, name, cause, fire_result, seniority):
    army = session.army
    leader = army.named(name)
    if not leader.is_leader:
        raise ArmyError(f"{name} is not a leader (9.1)")
    friendly = [u for u in army.in_hex(leader.hex, leader.side) if u.is_combat] if leader.hex else []
    checks = leader_loss_checks([name], fire_result if cause == "fire" else None, cause == "entry", len(friendly))
    section = session.report.section(f"{name}: Leader Loss (9.1)")
    section.add(checks.why, checks=len(checks.leaders))
    if not checks.leaders:
        return
    result = leader_loss(name, checks, session.roll, session.charts)
    section.add(result.text, roll=result.roll, result=result.result, removed=result.removed,
                quantity=[Quantity(outcome, int(result.result == outcome), of=name)
                          for outcome in ("Killed", "Wounded")])

    if not result.removed:
        return
    section.add(f"remove {name} from the map (the save keeps his counter: take it off in VASSAL)", unit=name)
    lost = next(l for l in _chain(army, leader.side) if l.name == name)
    try:
        done = promotions(lost, _chain(army, leader.side), seniority)
    except ValueError as e:
        section.add(f"promotion: {e}: give seniority=NAME,NAME,... most senior first")
        return
    for p in done:
        section.add(p.text, leader=p.leader, command=p.command)
