"""Supply wagons in the turn (LIN 4.1, 9.2): the Confederate wagon due in the Initial Phase, the
Union wagons created at depots, and the undepletion of wagons in the Conclusion Phase."""
from collections import deque


from .procedures import LEADERS
from .scenarios import wagon_due

UNDEPLETION_HEXES = 4   # 9.2: "within four undestroyed rail and/or road hexes of a friendly supply depot"


def _wagons(army, side):
    return sorted((u for u in army.of(side) if u.kind == "wagon"), key=lambda u: u.name)


def _limit(session, side):
    return int(session.charts.rule("wagons", f"{side.lower()}_limit"))


def confederate_wagons(session, scenario, delayed=0):
    """4.1: a wagon on the scenario's wagon turns (every third from its first), and those the
    player delayed, placed at a Confederate depot, while fewer than six are in play."""
    army = session.army
    section = session.report.section(f"Confederate supply wagons, turn {session.turn} (4.1)")
    due = wagon_due(scenario, session.turn)
    schedule = f"scenario {scenario.number}: turn {scenario.first_wagon} and every third turn after"
    section.add(f"a wagon is {'due' if due else 'not due'} this turn ({schedule})", due=due)
    if delayed:
        section.add(f"{delayed} wagon(s) delayed from earlier turns may enter now (4.1: entry may be delayed)",
                    delayed=delayed)
    on_map = _wagons(army, "Confederate")
    limit = _limit(session, "Confederate")
    arriving = min(int(due) + delayed, max(0, limit - len(on_map)))
    section.add(f"{len(on_map)} Confederate wagon(s) in play ({', '.join(u.name for u in on_map) or 'none'}), "
                f"at most {limit}: {arriving} may enter", in_play=len(on_map), wagons=arriving)
    if arriving:
        _depots(session, section, "Confederate", "place it at one of the Confederate depots")


def _depots(session, section, side, what):
    army = session.army
    usable = army.depots(side)
    every = sorted({h for p in army.map.places("depot") if p.properties.get("side") == side for h in p.hexes})
    taken = [h for h in every if h not in usable]
    text = f"{what}: {', '.join(usable) or 'none'}"
    if taken:
        text += f" ({', '.join(taken)} held by enemy combat units, 9.1)"
    section.add(text, depots=usable)


def union_wagons(session, creation=()):
    """9.2: a wagon in each hex with a Wagon Creation marker (declared: `creation`), while wagons
    remain; the leaders who may earn a marker this turn."""
    army = session.army
    section = session.report.section(f"Union supply wagons, turn {session.turn} (9.2)")
    depots = sorted({h for p in army.map.places("depot") if p.properties.get("side") == "Union" for h in p.hexes})
    on_map = _wagons(army, "Union")
    if creation:
        wrong = [h for h in creation if h not in depots]
        if wrong:
            raise ValueError(f"creation=: {wrong[0]} is not a Union depot hex ({', '.join(depots)}): a Wagon Creation "
                             f"marker is earned only in one (9.2)")
        limit = _limit(session, "Union")
        placed = min(len(creation), max(0, limit - len(on_map)))
        section.add(f"{len(on_map)} Union wagon(s) in play, at most {limit}: {placed} wagon(s) enter, each in the hex "
                    f"of a Wagon Creation marker ({', '.join(creation)}); remove the markers",
                    in_play=len(on_map), wagons=placed)
    else:
        section.add("no Wagon Creation marker declared (creation=HEX,HEX names those placed last turn)", wagons=0)
    creators = []
    for hex_name in depots:
        for unit in sorted(army.in_hex(hex_name, "Union"), key=lambda u: u.name):
            if unit.kind in LEADERS:
                cp = unit.rating("cp", required=False)
                creators.append((hex_name, unit, cp))
    for hex_name, unit, cp in creators:
        text = (f"{unit.name} in the depot {hex_name} may earn a Wagon Creation marker this turn: a whole Movement "
                f"Phase there without moving, with 1 CP")
        if cp is not None and cp < 1:
            text = f"{unit.name} in the depot {hex_name} has {cp} CP: he cannot create a wagon this turn (1 CP)"
        section.add(text, leader=unit.name, hex=hex_name)
    if not creators:
        section.add("no Union leader stands in a Union depot hex to create a wagon this turn")


def undepletion(session, moved=()):
    """9.2: a depleted wagon that stayed put the whole turn on a road or rail hex within four road or
    rail hexes of a friendly depot (rail only in friendly territory; not through enemy combat units;
    not across a destroyed bridge nor into a destroyed rail hex: the game's map state) is undepleted."""
    army, side = session.army, session.side
    destroyed_bridges = army.state.without(session.charts.option("bridge"))
    destroyed_rail = army.state.cut(["rail"])
    section = session.report.section(f"{side} wagon undepletion (9.2)")
    depleted = [u for u in _wagons(army, side) if u.state("depleted")]
    if not depleted:
        section.add(f"no {side} wagon is depleted")
    unknown = sorted(set(moved) - {u.name for u in _wagons(army, side)})
    if unknown:
        raise ValueError(f"moved=: no {side} wagon {unknown[0]!r} on the map")
    graph = _line_graph(army, session.charts.option("loc_lines"))
    depots = set(army.depots(side))
    blocked = set(army.enemy_hexes(side, combat_only=True))
    cut = {frozenset(pair.split("/")) for pair in destroyed_bridges}
    for wagon in depleted:
        if wagon.name in moved:
            section.add(f"{wagon.name} ({wagon.hex}): moved this turn: stays depleted", wagon=wagon.name,
                        undepleted=False)
            continue
        path = _to_depot(army, graph, wagon.hex, side, depots, blocked, cut, set(destroyed_rail))
        if path is None:
            section.add(f"{wagon.name} ({wagon.hex}): no friendly depot within {UNDEPLETION_HEXES} road or rail "
                        f"hexes (rail in friendly territory only, not through enemy combat units): stays depleted",
                        wagon=wagon.name, undepleted=False)
            continue
        written = army.write(wagon, "depleted", "false")
        section.add(f"{wagon.name} ({wagon.hex}): {len(path) - 1} hexes along road and rail to the depot {path[-1]} "
                    f"via {' '.join(path)}: undepleted" + ("" if written else " (turn it over: not writable in this "
                                                                             "module)"),
                    wagon=wagon.name, undepleted=True, path=path)
    section.add("the save cannot show whether a wagon moved this turn: moved=NAME,NAME names those that did")


def _line_graph(army, line_types):
    """{hex: [(neighbour, {line types})]} of the hexsides the companion file's lines cross."""
    terrain = next(t for t in army.companion.maps if t.map == army.map.map)
    graph = {}
    for a, b, types in terrain.line_crossings():
        kept = set(types) & set(line_types)
        if kept:
            graph.setdefault(a, []).append((b, kept))
            graph.setdefault(b, []).append((a, kept))
    return graph


def _to_depot(army, graph, start, side, depots, blocked, cut, destroyed_rail):
    """The shortest path of at most UNDEPLETION_HEXES steps along the lines from `start` to a depot,
    None when there is none. A step by rail alone enters only a friendly-territory hex that is not
    destroyed rail; no step enters an enemy combat hex or crosses a destroyed bridge."""
    if start not in graph:
        return None
    if start in depots:
        return [start]
    came = {start: None}
    queue = deque([(start, 0)])
    while queue:
        here, steps = queue.popleft()
        if steps == UNDEPLETION_HEXES:
            continue
        for there, types in sorted(graph.get(here, ())):
            if there in came or there in blocked or frozenset((here, there)) in cut:
                continue
            by_rail = types - {"rail"} == set()
            if by_rail and (there in destroyed_rail or not army.friendly_territory(there, side)):
                continue
            came[there] = here
            if there in depots:
                path = [there]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1]
            queue.append((there, steps + 1))
    return None
