"""The exact chance of each outcome of a table roll before it is made: a Command Point Table roll,
or a broadcast from each sender that may reach a receiver (7.1), so a player can choose whom to
broadcast from ("Pickett from Lee at 9 MP, or from Longstreet at 4?")."""
from collections import Counter
from fractions import Fraction

from .command import CommandPhase, common_modifiers, describe_modifiers


def _chances(outcomes):
    counts = Counter(outcomes)
    return [(result, Fraction(n, 6)) for result, n in sorted(counts.items(), key=lambda kv: -kv[1])]


def _describe(chances):
    return ", ".join(f"{result}: {p.numerator}/{p.denominator} ({float(p):.0%})" for result, p in chances)


def run_odds(session, sender, receiver):
    army = session.army
    section = session.report.section("Odds")
    if not receiver:
        leader = next((u for u in army.units if u.known and u.name == sender), None)
        if leader is None:
            raise ValueError(f"no leader named {sender!r} on the map")
        session.side = leader.side
        phase = CommandPhase(session)
        mods = common_modifiers(session, leader, phase.lines, broadcast=False)
        cps = [session.charts.command_points(d, sum(mods.values()))[0] for d in range(1, 7)]
        section.add(f"{leader.name}'s Command Point Table roll ({describe_modifiers(mods)}): "
                    + _describe(_chances(f"{cp} CP" for cp in cps)),
                    leader=leader.name, modifiers=mods, chances={f"{cp} CP": p for cp, p in _chances(cps)})
        return
    target = next((u for u in army.units if u.known and u.name == receiver), None)
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
        results = [session.charts.broadcast(distance, d, sum(mods.values())) for d in range(1, 7)]
        chances = _chances(r.result for r in results)
        section.add(f"{s.name} -> {target.name}: {distance} MP, column {results[0].column_label}, "
                    f"{describe_modifiers(mods)}: {_describe(chances)}",
                    sender=s.name, receiver=target.name, distance=distance, path=path,
                    column=results[0].column_label, modifiers=mods, chances=dict(chances))
