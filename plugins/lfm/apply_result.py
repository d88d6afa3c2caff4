"""What a Combat Results Table or Charge table result (results.SideResult) does to one side's hexes
on the save: the units lost (8.10: the first with the cohesion rating used; in an exchange the
attacker's at least the defender's SP), the whole stack eliminated, D markers written (14.1), and
the retreat judged and moved when the player gives it (combat_map.retreat). Eliminated units are
reported, to be removed by hand."""
from adjutant.procedures.report import Quantity

from .combat import check_losses
from .combat_map import combat_unit, disorganize, eliminate, retreat


def default_losses(units, count, cohesion_used, at_least_sp=None):
    """8.10: the units a side loses when the player names none: first a unit rated `cohesion_used`
    (the first in stack order), then the next in stack order; `count` units, or in an exchange as
    many as reach `at_least_sp`."""
    first = next((u for u in units if u.cohesion == cohesion_used), units[0] if units else None)
    order = ([first] if first else []) + [u for u in units if u is not first]
    if at_least_sp is None:
        return order[:count]
    lost, total = [], 0
    for u in order:
        if total >= at_least_sp:
            break
        lost.append(u)
        total += u.sp
    return lost


def losses(section, units, named, count, cohesion_used, at_least_sp=None):
    """The units lost: those the player `named` (checked by 8.10) or the default ones."""
    if named:
        problems = check_losses([combat_unit(u) for u in named], cohesion_used, at_least_sp)
        if at_least_sp is None and len(named) != count:
            problems.append(("8.10", f"the result costs {count} unit{'s' * (count != 1)}, {len(named)} named"))
        if problems:
            raise ValueError("losses=: " + "; ".join(f"{c}: {t}" for c, t in problems))
        section.add("the owner's choice of losses (parameter losses): " + ", ".join(u.name for u in named))
        return list(named)
    lost = default_losses(units, count, cohesion_used, at_least_sp)
    if lost:
        section.add(f"losses chosen by stack order, the first rated cohesion {cohesion_used} (8.10; name them with "
                    f"losses=NAME,...): " + ", ".join(u.name for u in lost))
    return lost


def apply_side(session, section, label, side_result, hexes, cohesion_used, named=(), at_least_sp=None, path=(),
               enemy_hexes=(), charged_by_cavalry=False, only=None):
    """Applies one side's result to its `hexes` (with `only`, to those of these units there); the SP it
    lost (for the exchange)."""
    army = session.army
    sharing = lambda u: only is None or any(u is x for x in only)
    units = [u for h in hexes for u in army.in_hex(h) if u.is_combat and u.sp > 0 and sharing(u)]
    named = [u for u in named if any(u is x for x in units)]
    lost = []
    need = None
    if side_result.eliminated:
        lost = units
        section.add(f"the {label}'s whole stack is eliminated (E)")
    elif side_result.losses or side_result.exchange:
        count = side_result.losses or (1 if label == "defender" else 0)
        need = at_least_sp if side_result.exchange and label == "attacker" else None
        # a side that also retreats may name its 14.4 loss after the CRT's
        crt_named = named[:count] if side_result.retreat else named
        lost = losses(section, units, crt_named, count, cohesion_used, need)
    lost_sp = sum(u.sp for u in lost)
    if need is not None and lost_sp < need and units and len(lost) == len(units):
        section.add(f"the {label} loses all it has, {lost_sp} SP, short of the {need} SP the exchange asks (8.10)",
                    clause="8.10")
    for u in lost:
        eliminate(session, section, u, "8.10")
    survivors = [u for u in units if not any(u is x for x in lost)]
    # every hex of the side is counted: a stack the result eliminates does not retreat
    retreating = sorted({u.hex for u in survivors}) if side_result.retreat else []
    fought = sorted({u.hex for u in units})
    if fought:
        wiped = not survivors
        section.add(f"{', '.join(retreating)}: the {label} retreats" if retreating else
                    f"{', '.join(fought)}: the {label}'s whole stack is eliminated: no retreat" if wiped else
                    f"{', '.join(fought)}: the {label} does not retreat", retreating=retreating,
                    quantity=[Quantity("retreat", int(h in retreating), of=h) for h in fought])

    def lose_one(stack_units, hex_name):
        """14.4: the unit named in losses= for this stack, or the one 8.10's default would take first."""
        chosen = [u for u in named if any(u is x for x in stack_units) and not any(u is x for x in lost)]
        if len(chosen) > 1:
            raise ValueError(f"losses=: {', '.join(u.name for u in chosen)}: a disorganized stack forced to retreat "
                             f"loses one unit (14.4)")
        how = "the owner's choice (parameter losses)" if chosen else (
            f"chosen as losses are: the first rated cohesion {cohesion_used}, else the first in stack order (8.10; "
            f"name it with losses=NAME)")
        loss = chosen[0] if chosen else default_losses(stack_units, 1, cohesion_used)[0]
        section.add(f"{hex_name}: a disorganized stack forced to retreat loses one unit of its owner's choice (14.4): "
                    f"{loss.name}, {how}", unit=loss.name, clause="14.4")
        return loss

    for h in retreating:
        stack = [u for u in army.in_hex(h) if not any(u is x for x in lost) and (u.is_commander or u.sp > 0)
                 and sharing(u)]
        given = list(path) if len(retreating) == 1 else []
        if path and len(retreating) > 1:
            section.add(f"retreat= names one path and the {label} retreats from {len(retreating)} hexes: "
                        f"each is left to the players")
        lost = lost + retreat(session, section, stack, given, enemy_hexes, charged_by_cavalry=charged_by_cavalry,
                              lose_one=lose_one)
    survivors = [u for u in units if not any(u is x for x in lost)]
    if survivors:
        section.add(f"no SP lost: {', '.join(u.name for u in survivors)}", units=[u.name for u in survivors],
                    quantity=[Quantity("SP lost", 0, of=u.name) for u in survivors])
    if side_result.disorganized:
        disorganize(session, section, survivors, "14.1")
    return lost_sp
