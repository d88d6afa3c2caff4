"""Lee Moves North's zones, stacking and supply as the companion file says them, on the sample module
with an LMN-like companion file: kinds (combat units, leaders, fortifications) apart from movement
classes; zones that do not extend into hexes of the mover's combat units or fortifications (8.1B,
8.2D) nor from units in a fortification (8.2D, 15.3C); a counter's class chosen by its face (6.1A:
face-down units move and exert zones as infantry; face-up cavalry has none, 8.0); supply traces kept
off ocean hexes and mountain hexsides (14, 16). Through the bindings (units=) and the generic
`check moves`."""
from fractions import Fraction

import pytest

import adjutant
from adjutant import PositionUnit
from adjutant_plugins.lmn import traces as lmn
from conftest import ESC, TAB, json_lines
from test_cli import adjutant as run_cli

COMPANION = """\
format = 1
rules = "lmn"

[module]
name = "Adjutant Sample"

[vocabulary]
terrain = ["clear", "ocean"]
hexside = ["river", "mountain"]
unit_attributes = ["side", "class", "kind"]

[[map]]
name = "Main Map"
default_terrain = "clear"
{map}

[units.attributes]
side = {{ property = "Side" }}
kind = {{ property = "Kind" }}
class = {{ property = "Type" }}

[[units.rule]]                    # 6.1A: face down, a unit moves and exerts a zone as infantry
property = {{ Face = "down" }}
set = {{ class = "infantry" }}

[movement]
kind_attribute = "kind"
kinds = ["combat", "leader", "fortification"]

[movement.class.infantry]
terrain = {{ clear = 1, ocean = "prohibited" }}
hexside = {{ river = 2, mountain = "prohibited" }}
stacking = {{ enter = 1, leave = 1, with = ["infantry"], unless_kinds = ["fortification"] }}

[movement.class.cavalry]
terrain = {{ clear = 1, ocean = "prohibited" }}
hexside = {{ river = 2, mountain = "prohibited" }}

[movement.zones]
enter_cost = 2
leave_cost = 1
zone_to_zone = false
blocked_by = ["river", "mountain"]
exerted_by = ["infantry"]
not_into = ["combat", "fortification"]
none_stacked_with = ["fortification"]
"""


def write_companion(path, map_text=""):
    path.write_text(COMPANION.format(map=map_text), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def module(sample_module):
    return adjutant.open_module(str(sample_module))


@pytest.fixture(scope="module")
def companion_file(tmp_path_factory):
    return write_companion(tmp_path_factory.mktemp("lmn") / "lmn.toml")


@pytest.fixture(scope="module")
def movement(module, companion_file):
    return adjutant.open_companion(str(companion_file), module).movement("Main Map")


def neighbours(movement, hex_name):
    return sorted(movement.zones([(hex_name, None)]).controlled_hexes())


def beside(movement, of, away):
    """A neighbour of `of` two hexes from `away`."""
    return next(h for h in neighbours(movement, of) if movement.distance(h, away) == 2)


def enemy(hex_name, kind="combat", unit_class="infantry", **more):
    return PositionUnit(hex_name, False, unit_class=unit_class, kind=kind, **more)


def own(hex_name, kind="combat", unit_class="infantry"):
    return PositionUnit(hex_name, True, unit_class=unit_class, kind=kind)


def test_zones_do_not_extend_into_hexes_of_the_movers_combat_units_LMN_8_1_B(movement):
    # A Confederate unit at S, Union VI Corps beside it at F; Union II Corps moves from M into F.
    s = "0606"
    f = neighbours(movement, s)[0]
    m = beside(movement, f, s)
    units = [enemy(s), own(f)]
    path = movement.explain([m, f], ["infantry"], 5, units=units)
    assert path.legal, path.reason
    assert path.total == 2  # clear 1 + stacking 1 (9.1), no zone
    assert path.steps[0]["zone"] == 0 and path.steps[0]["stacking"] == 1
    assert not movement.zones(units=units).controlled(f)
    # Zones given by hand as sources know nothing of the mover's units: 1 + 2 + 1.
    by_hand = movement.zones([(s, None)])
    assert movement.explain([m, f], ["infantry"], 5, zones=by_hand, friendly=[(f, "infantry")]).total == 4
    # A leader (not a combat unit) does not keep the zone out.
    assert movement.zones(units=[enemy(s), own(f, kind="leader", unit_class=None)]).controlled(f)
    assert not movement.zones(units=[enemy(s), own(f, kind="fortification", unit_class=None)]).controlled(f)


def test_no_zone_from_units_stacked_with_a_fortification_LMN_8_2_D(movement):
    # A Union corps in a fort at S; A.P. Hill steps from one of its neighbours to another.
    s = "0606"
    a = neighbours(movement, s)[0]
    b = next(h for h in neighbours(movement, s) if movement.distance(a, h) == 1)
    fort = [enemy(s), enemy(s, kind="fortification", unit_class=None, zone=False)]
    path = movement.path(a, b, ["infantry"], 6, units=fort)
    assert path.legal and path.total == 1 and path.hexes == [a, b]
    assert movement.zones(units=fort).controlled_hexes() == []
    # Out of the fort the corps' zone is rigid: no step from one zoned hex to the next.
    assert movement.explain([a, b], ["infantry"], 6, units=[enemy(s)]).steps[-1]["problem"] == "zone of control"
    assert movement.path(a, b, ["infantry"], 6, units=[enemy(s)]).total > 1


def test_a_unit_whose_state_gives_it_no_zone_exerts_none_LMN_8_0(movement):
    s = "0606"
    assert movement.zones(units=[enemy(s, unit_class="cavalry")]).controlled_hexes() == []  # not in exerted_by
    assert movement.zones(units=[enemy(s, zone=False)]).controlled_hexes() == []
    assert len(movement.zones(units=[enemy(s)]).controlled_hexes()) == 6
    # An enemy unit that does not block is no enemy hex, but still has its zone.
    reach = movement.reach(neighbours(movement, s)[0], ["infantry"], 3, units=[enemy(s, blocks=False)])
    assert s in reach


def test_a_fortification_of_no_class_spares_the_stacking_penalty_LMN_15_1_A(movement):
    f = "0606"
    m = neighbours(movement, f)[0]
    assert movement.explain([m, f], ["infantry"], 5, units=[own(f)]).total == 2
    fort = [own(f), own(f, kind="fortification", unit_class=None)]
    assert movement.explain([m, f], ["infantry"], 5, units=fort).total == 1


def test_a_position_is_given_one_way(movement):
    with pytest.raises(ValueError, match="as units, or as enemy_hexes and friendly, not both"):
        movement.path("0606", "0608", ["infantry"], 5, ["0707"], units=[enemy("0808")])
    with pytest.raises(ValueError, match="as units, or as sources and negated, not both"):
        movement.zones([("0808", None)], units=[enemy("0808")])
    with pytest.raises(ValueError, match=r"unknown unit kind 'fort' \(the \[movement\] 'kinds' are combat, leader, "
                                         r"fortification\)"):
        movement.zones(units=[enemy("0808", kind="fort")])
    assert movement.kinds == ["combat", "leader", "fortification"] and movement.kind_attribute == "kind"


def write_log(module, path, pieces, moves):
    """A log of a save with units (id, name, {property: value}, hex) on the sample map, one step per
    (piece id, hex) move."""
    view = module.maps[0]
    lines = []
    for piece_id, name, properties, hex_name in pieces:
        x, y = view.point_of(hex_name)
        keys, values = ",".join(properties), ",".join(properties.values())
        lines.append(f"+/{piece_id}/mark;{keys}{TAB}piece;;;u.png;{name}/{values}{TAB}Main Map;{x};{y};;0")
    save = path.with_suffix(".sav")
    save.write_text(ESC.join(["begin_save", *lines, "end_save"]), encoding="utf-8")
    game = adjutant.open_game(str(save), module)
    for piece_id, hex_name in moves:
        game.piece(piece_id).move_to("Main Map", *view.point_of(hex_name))
    game.save_log(str(path))
    return path


def union(face="down", kind="combat", type_="infantry"):
    return {"Side": "Union", "Face": face, "Kind": kind, "Type": type_}


def rebel(face="down", kind="combat", type_="infantry"):
    return {"Side": "Confederate", "Face": face, "Kind": kind, "Type": type_}


def test_check_moves_judges_zones_by_the_book_LMN_8_1_B_8_2_D(module, movement, sample_module, companion_file,
                                                              tmp_path):
    s, t = "0606", "1206"
    f = neighbours(movement, s)[0]
    m = beside(movement, f, s)
    a = neighbours(movement, t)[0]
    b = next(h for h in neighbours(movement, t) if movement.distance(a, h) == 1)
    pieces = [("R", "Longstreet", rebel(), s), ("VI", "VI Corps", union(), f), ("II", "II Corps", union(), m),
              ("U", "V Corps", union(), t), ("W", "Washington fort", union(kind="fortification", type_=""), t),
              ("H", "A.P. Hill", rebel(), a)]
    log = write_log(module, tmp_path / "zones.vlog", pieces, [("II", f), ("H", b)])
    result = run_cli("check", "moves", log, "--module", sample_module, "--companion", companion_file, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    (game,) = json_lines(result.stdout)
    into, hill = game["moves"]
    assert into["pieces"] == ["II Corps"] and into["legal"] and Fraction(into["cost"]) == 2
    assert hill["pieces"] == ["A.P. Hill"] and hill["legal"] and Fraction(hill["cost"]) == 1


def test_check_moves_reads_a_counters_class_from_its_face_LMN_6_1_A(module, movement, sample_module, companion_file,
                                                                   tmp_path):
    # Face-down cavalry is infantry and has a zone; face up, it is cavalry and has none (8.0).
    s = "0606"
    a = neighbours(movement, s)[0]
    b = next(h for h in neighbours(movement, s) if movement.distance(a, h) == 1)
    for face, cost in (("down", 5), ("up", 1)):  # face down: round the zone (no zone-to-zone step)
        pieces = [("C", "Stuart", rebel(face=face, type_="cavalry"), s), ("U", "Buford", union(face="up", type_="cavalry"), a)]
        log = write_log(module, tmp_path / f"{face}.vlog", pieces, [("U", b)])
        result = run_cli("check", "moves", log, "--module", sample_module, "--companion", companion_file, "--json")
        (game,) = json_lines(result.stdout)
        (move,) = game["moves"]
        assert Fraction(move["cost"]) == cost, (face, move)
        assert (len(move["path"]) == 2) is (face == "up")


def test_supply_never_crosses_ocean_or_mountain_hexsides_and_isolated_has_no_trace_LMN_14_16(module, movement,
                                                                                              tmp_path):
    assert lmn.supply(movement, "0303", sources=["0703"]).state == "supplied"
    # Column 05 is ocean from edge to edge: the only way round is none, so 0303 is isolated.
    ocean = adjutant.open_companion(str(write_companion(tmp_path / "ocean.toml", '[map.terrain]\nocean = ["0501..0514"]\n')),
                                    module).movement("Main Map")
    r = lmn.supply(ocean, "0303", sources=["0703"])
    assert r.state == "isolated" and r.trace is None
    assert "prohibited terrain" in r.reason
    # Only the distance in the way: said so, not what the search met round about.
    far = next(h for h in (f"{c:02d}{r:02d}" for c in range(1, 40) for r in range(1, 40))
               if movement.distance(h, "0703") == 13)
    r = lmn.supply(movement, far, sources=["0703"])
    assert r.state == "isolated" and r.reason.startswith("no source nor rail line leading from one within 12 hexes")
    assert ocean.trace("0303", ["0703"], most=12).found  # a trace with no class goes through the sea
    # Mountain hexsides all round 0808.
    sides = " ".join(f"0808/{h}" for h in neighbours(movement, "0808"))
    walled = adjutant.open_companion(str(write_companion(tmp_path / "walled.toml",
                                                         f'[map.hexsides]\nmountain = "{sides}"\n')),
                                     module).movement("Main Map")
    assert lmn.supply(walled, "0808", sources=["0810"]).state == "isolated"
    # Enemy units and their zones, given as units: no zone extends into the hex of a unit of the
    # traced side (8.1B), so a source there can be reached.
    x = neighbours(movement, "0606")[0]
    y = next(h for h in neighbours(movement, "0606") if movement.distance(x, h) == 1)
    assert lmn.supply(movement, x, sources=[y], units=[enemy("0606")]).state == "isolated"
    supplied = lmn.supply(movement, x, sources=[y], units=[enemy("0606"), own(y)])
    assert supplied.state == "supplied" and supplied.trace.hexes == [x, y]
