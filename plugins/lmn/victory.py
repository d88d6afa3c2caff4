"""Victory (20.0-20.2): the Confederate Victory Points of the turn for each rail line the Union
cannot trace clear (20.1 C), the objectives' points at the end of the game (20.1 B), the totals and
the level of victory (20.2). The points for strength lost (20.1 A) come from the procedures that
take the steps (combat, step-loss, desertion) and are given here as the totals so far."""
from adjutant.plugin import name_list
from collections import deque

from adjutant.procedures.report import Quantity


SIDES = ("Union", "Confederate")


class RailNet:
    """The map's rail lines as hexes joined across the hexsides a rail line crosses."""

    def __init__(self, army):
        self.army = army
        self.links = {}
        for a, b, types in army.companion.map(army.map_name).line_crossings():
            if "rail" in types:
                self.links.setdefault(a, set()).add(b)
                self.links.setdefault(b, set()).add(a)

    def edges(self, hex_name):
        """The map edges a hex lies on (north, south, east, west): the companion file's areas "North
        edge" ... "West edge"."""
        return {a.split()[0].lower() for a in self.army.map.areas_at(hex_name) if a.endswith(" edge")}

    def trace(self, starts, goal, blocked):
        """A clear rail path from any of `starts` to a hex `goal(hex)` accepts, through no `blocked` hex: the hexes, or None."""
        queue = deque((h, (h,)) for h in sorted(starts) if h in self.links and h not in blocked)
        seen = {h for h, _ in queue}
        while queue:
            here, path = queue.popleft()
            if goal(here):
                return list(path)
            for nxt in sorted(self.links.get(here, ())):
                if nxt not in seen and nxt not in blocked:
                    seen.add(nxt)
                    queue.append((nxt, path + (nxt,)))
        return None


def blocked_rail(session, side, controlled=()):
    """The hexes where `side`'s rail is not clear: enemy units, enemy zones (option rail_control =
    "unblocked"), and the hexes given as controlled by the enemy."""
    army = session.army
    enemy = SIDES[1] if side == SIDES[0] else SIDES[0]
    blocked = {u.hex for u in army.of(enemy)} | set(controlled)
    if session.charts.option("rail_control") == "unblocked":
        blocked |= army.zone_hexes(enemy)
    return blocked


def rail_cuts(session, section, controlled):
    """20.1 C: 10 VP to the Confederates for each of the two rail lines the Union cannot trace clear."""
    army, charts = session.army, session.charts
    net = RailNet(army)
    blocked = blocked_rail(session, "Union", controlled)
    washington = army.place_hexes("objective", "Washington")
    vp = 0
    checks = [
        ("Washington to a map edge other than the south", washington,
         lambda h: bool(net.edges(h) - {"south"})),
        ("the north or east map edge to the west map edge",
         [h for h in net.links if net.edges(h) & {"north", "east"}], lambda h: "west" in net.edges(h)),
    ]
    for what, starts, goal in checks:
        path = net.trace(starts, goal, blocked)
        if path:
            section.add(f"{what}: clear, {'-'.join(path)}", line=what, clear=True, path=path)
        else:
            points = int(charts.rule("victory", "rail_cut"))
            vp += points
            section.add(f"{what}: cut, +{points} VP to the Confederates (20.1 C)", line=what, clear=False,
                        vp=points, quantity=Quantity("VP", points, of=what))
    return vp


def objectives(session, section, control):
    """20.1 B at the end of the game: each objective's points to the side controlling it."""
    army, charts = session.army, session.charts
    points = charts.rule("victory", "objectives")
    given = {}
    for item in name_list(control):
        hex_name, _, side = item.partition(":")
        if side not in SIDES:
            raise ValueError(f"control is HEX:SIDE (Union or Confederate), not {item!r}")
        given[hex_name] = side
    totals = {s: 0 for s in SIDES}
    for place in army.places("objective"):
        held = place.properties.get("held_by", "")
        owners = {}
        for h in place.hexes:
            occupant = army.side_in(h)
            owners[h] = occupant or given.get(h) or held
        count = {s: sum(1 for o in owners.values() if o == s) for s in SIDES}
        if place.name == "Washington":
            winner = "Union" if count["Union"] == len(owners) else "Confederate" if count["Confederate"] else None
        elif len(owners) > 1:
            winner = next((s for s in SIDES if count[s] * 2 > len(owners)), None)
        else:
            winner = next(iter(owners.values())) or None
        vp = dict(zip(SIDES, points[place.name]))[winner] if winner else 0
        if winner:
            totals[winner] += vp
        held_text = ", ".join(f"{h} {o or 'nobody'}" for h, o in owners.items())
        section.add(f"{place.name} ({held_text}): {winner or 'nobody'}" + (f", {vp} VP" if winner else ""),
                    objective=place.name, side=winner, vp=vp, quantity=Quantity("VP", vp, of=place.name))
    return totals


def level(session, union, confederate):
    """20.2: the level of victory by the margin."""
    charts = session.charts
    margin = confederate - union
    for side, table, lead in (("Confederate", "confederate_levels", margin), ("Union", "union_levels", -margin)):
        reached = [name for at_least, name in charts.rule("victory", table) if lead >= at_least]
        if reached:
            return reached[-1], margin
    return "Draw", margin


def victory(session, union_vp, confederate_vp, final, control, controlled_rail):
    report = session.report
    turns = session.charts.option("game_turns")
    if final is None:
        final = bool(session.turn) and session.turn >= turns
    section = report.section(f"Rail lines at the end of turn {session.turn or '?'} (20.1 C)")
    rail = rail_cuts(session, section, name_list(controlled_rail))
    totals = {"Union": union_vp, "Confederate": confederate_vp + rail}
    if final:
        objective = objectives(session, report.section("Geographical objectives (20.1 B)"), control)
        totals = {s: totals[s] + objective[s] for s in SIDES}
    summary = report.section("Victory Points")
    for side in SIDES:
        summary.add(f"{side}: {totals[side]} VP", side=side, vp=totals[side],
                    quantity=Quantity("VP", totals[side], of=side))
    name, margin = level(session, totals["Union"], totals["Confederate"])
    summary.add(f"{'the game ends' if final else 'if the game ended now'}: {name} (20.2; margin "
                f"{abs(margin)} to the {'Confederates' if margin >= 0 else 'Union'}; the game lasts {turns} turns, "
                f"option game_turns)", level=name, margin=margin)
