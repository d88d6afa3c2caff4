"""The exact chance of each outcome of a table roll before it is made: a Command Point Table roll,
or a broadcast from each sender that may reach a receiver (7.1), so a player can choose whom to
broadcast from ("Pickett from Lee at 9 MP, or from Longstreet at 4?")."""
from .command import CommandPhase, common_modifiers, describe_modifiers


def _likeliest_first(chances):
    """{result: chance} as (result, chance) pairs, likeliest first (ties in the order given)."""
    return sorted(chances.items(), key=lambda kv: -kv[1])


def _describe(chances):
    return ", ".join(f"{result}: {p.numerator}/{p.denominator} ({float(p):.0%})" for result, p in chances)


def run_odds(session, sender, receiver):
    army = session.army
    section = session.report.section("Odds")
    if not receiver:
        leader = next((u for u in army.units if u.name == sender), None)
        if leader is None:
            raise ValueError(f"no leader named {sender!r} on the map")
        session.side = leader.side
        phase = CommandPhase(session)
        mods = common_modifiers(session, leader, phase.lines, broadcast=False)
        chances = _likeliest_first({f"{cp} CP": p for cp, p in
                                    session.charts.command_point_chances(sum(mods.values())).items()})
        section.add(f"{leader.name}'s Command Point Table roll ({describe_modifiers(mods)}): " + _describe(chances),
                    leader=leader.name, modifiers=mods, chances=dict(chances))
        return
    target = next((u for u in army.units if u.name == receiver), None)
    if target is None:
        raise ValueError(f"no leader named {receiver!r} on the map")
    session.side = target.side
    phase = CommandPhase(session)
    hex_name = target.hex
    senders = phase.eligible_senders(target, hex_name, received_only=False)
    if sender:
        senders = [u for u in senders if u.name == sender]
        if not senders:
            raise ValueError(f"{sender!r} may not broadcast to {receiver!r} (7.1: who broadcasts to whom)")
    for s in senders:
        distance, path = phase.distance(s, hex_name)
        if distance is None:
            section.add(f"{s.name} -> {target.name}: no broadcast path")
            continue
        mods = common_modifiers(session, s, phase.lines, broadcast=True)
        column, by_result = session.charts.broadcast_chances(distance, sum(mods.values()))
        chances = _likeliest_first(by_result)
        section.add(f"{s.name} -> {target.name}: {distance} MP, column {column}, "
                    f"{describe_modifiers(mods)}: {_describe(chances)}",
                    sender=s.name, receiver=target.name, distance=distance, path=path,
                    column=column, modifiers=mods, chances=dict(chances))
