"""Who acts as army commander (20.13), as a pure function of the side's commanders on the map, the
one who acted last turn and distance facts (command_reach).

With no army commander on the map the highest ranked (stars) commander acts, the lowest numbered
corps commander outranking other corps commanders; with no corps commander on the map, the highest
ranked one closest to an enemy unit on the first turn. He acts until relieved: when he is in the
command range of a commander who outranks him, or of the army commander, that one takes over.
Which range relieves is the chart file's option command_relief_range ("own": the relieving
commander's own command range, army 8, corps 5, division 5; "army": the army commander's 8, the
range of the command he takes over)."""
import re
from dataclasses import dataclass

from .command import RANGE_KEY, RANKS
from .command_reach import reach_facts, within

STARS = {"army": 4, "corps": 3, "division": 2, "brigade": 1}
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}


@dataclass(frozen=True)
class Acting:
    name: str
    clause: str
    why: str
    relieved: tuple = ()    # the commanders relieved this turn, in order

    @property
    def text(self):
        return f"{self.name} acts as army commander: {self.why} ({self.clause})"


def corps_number(corps):
    """The number of a corps named by a Roman numeral or a number ("II", "XI Corps", "2nd"), or None."""
    for word in re.split(r"[\s.,]+", corps or ""):
        digits = re.match(r"\d+", word)
        if digits:
            return int(digits.group())
        if word and set(word.upper()) <= set(ROMAN):
            values = [ROMAN[ch] for ch in word.upper()]
            return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))
    return None


def outranks(a, b):
    """20.13: more stars, or both corps commanders and a's corps the lower numbered."""
    if STARS[a.rank] != STARS[b.rank]:
        return STARS[a.rank] > STARS[b.rank]
    if a.rank != "corps":
        return False
    na, nb = corps_number(a.corps), corps_number(b.corps)
    return na is not None and (nb is None or na < nb)


def _highest(commanders, enemy_distance):
    top = max(STARS[c.rank] for c in commanders)
    best = [c for c in commanders if STARS[c.rank] == top]
    if best[0].rank == "army":
        return best[0], "the army commander is on the map"
    if best[0].rank == "corps":
        first = [c for c in best if not any(outranks(o, c) for o in best)]
        if len(first) > 1:
            raise ValueError(f"20.13: no corps commander outranks the others among {', '.join(c.name for c in first)}: "
                             "name their corps with numbers")
        return first[0], "the highest ranked commander on the map" + (
            ", the lowest numbered corps commander" if len(best) > 1 else "")
    if len(best) == 1:
        return best[0], "the highest ranked commander on the map"
    if enemy_distance is None or any(c.name not in enemy_distance for c in best):
        raise ValueError(f"20.13: {', '.join(c.name for c in best)} rank alike and no corps commander is on the "
                         "map: give each one's distance to the nearest enemy unit on the first turn")
    near = min(enemy_distance[c.name] for c in best)
    closest = [c for c in best if enemy_distance[c.name] == near]
    if len(closest) > 1:
        raise ValueError(f"20.13: {', '.join(c.name for c in closest)} rank alike and are equally close to an enemy "
                         f"unit ({near} hexes): the rules do not choose")
    return closest[0], f"the highest ranked commander on the map closest to an enemy unit ({near} hexes)"


def acting_army_commander(commanders, previous, distance, charts, enemy_distance=None):
    """20.13: who acts as army commander this turn. commanders: the side's command.Commander on the
    map; previous: the name of the one who acted last turn (None on the first turn); distance: as
    for command.determine_command; enemy_distance: {name: hexes to the nearest enemy unit}, needed
    only on the first turn with no corps commander on the map. Returns an Acting."""
    if not commanders:
        raise ValueError("20.13: no commander of the side is on the map")
    for c in commanders:
        if c.rank not in RANKS:
            raise ValueError(f"{c.name}: rank {c.rank!r} is not army, corps, division or brigade")
    by_name = {c.name: c for c in commanders}
    if previous not in by_name:
        current, why = _highest(commanders, enemy_distance)
        if previous is not None:
            why = f"{previous} is no longer on the map; {why}"
        return Acting(current.name, "20.13", why)
    reach, options = reach_facts(distance), charts.options
    reading = options["command_relief_range"]
    current, relieved, why = by_name[previous], [], "he acted last turn and has not been relieved"
    while True:
        relief = []
        for c in commanders:
            if c is current or not outranks(c, current):
                continue
            most = int(charts.rule("command", "army_range" if reading == "army" else RANGE_KEY[c.rank]))
            near, how = within(reach(c.hex, current.hex), most, options)
            if near:
                relief.append((c, how))
        if not relief:
            return Acting(current.name, "20.13", why, tuple(relieved))
        c, how = next((r for r in relief if not any(outranks(o, r[0]) for o, _ in relief)), relief[0])
        relieved.append(current.name)
        why = (f"{current.name} is in his command range ({how}; option command_relief_range = \"{reading}\") "
               "and he takes over")
        current = c
