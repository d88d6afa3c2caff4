"""Lee Invades the North with the map state a save holds (Bridge Destroyed and Destroyed Rail
markers, read through the demo companion file's [state.*]): every trace sees it. 15.2's burned bridge
in hexside 1426/1525 (7.2), a destroyed rail hex on a LOC and on a broadcast path (7.2, 7.1), zones
and reaction zones only across intact bridges (8.4, 8.5); and the replacement points of a turn
granted once (15.2), kept in the global property the companion file names. Positions are written as
new demo saves (demo.saves.write_save) with the counters and markers where each test needs them."""
from types import SimpleNamespace

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.kept import KeptValueError
from adjutant_plugins.litn.army import Army
from adjutant_plugins.litn.charts import LitnCharts
from adjutant_plugins.litn.demo.positions import DEMO_HEXES, HIDDEN, MASKED
from adjutant_plugins.litn.demo.saves import write_save
from adjutant_plugins.litn.loc import Lines
from test_litn import CHARTS, line_of, lines, property_of, run
from test_litn_demo import STRENGTHS


def position(litn_demo, folder, moves, markers=None, companion=None):
    """The demo position with counters moved ({name: hex}) and markers placed, written as
    folder/litn-demo.vsav; a demo for `run`."""
    placement = {}
    for hex_name, names in DEMO_HEXES.items():
        for name in names:
            placement.setdefault(moves.get(name, hex_name), []).append(name)
    folder.mkdir(exist_ok=True)
    write_save(str(folder / "litn-demo.vsav"), placement, "dynamic", "map state", masked=MASKED, hidden=HIDDEN,
               markers=markers)
    return SimpleNamespace(dir=folder, module=litn_demo.module, companion=companion or litn_demo.companion)


def army_of(demo):
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"), module)
    companion = adjutant.open_companion(str(demo.companion), module)
    return Army(Context(module, companion, game, "litn-demo.vsav", charts=str(CHARTS)))


def loc(demo, side, name):
    army = army_of(demo)
    return Lines(army, LitnCharts.load(str(CHARTS))).trace(army.named(side, name))


# 15.2: Lee (with Hood) in 1525, east of the river; Union units in 1524, 1526, 1625 and 1626; the
# river west of 1525 is bridged at 1426/1525 only (the demo's bridge of LIN 15.2).
LEE_AT_1525 = {"R.E. Lee": "1525", "Hood": "1525", "Jackson": "1622", "A.P. Hill": "1622", "J. Jones": "1622",
               "Farnsworth": "1524", "Rush": "1526", "I Corps (Hooker)": "1625", "Davis": "1626"}


def test_15_2_lee_has_no_loc_when_the_bridge_in_hexside_1426_1525_is_burned(litn_demo, tmp_path):
    intact = position(litn_demo, tmp_path / "intact", LEE_AT_1525)
    found = loc(intact, "Confederate", "R.E. Lee")
    assert found.found and found.hexes[:2] == ["1525", "1426"] and found.hexes[-1] == "1434"
    burned = position(litn_demo, tmp_path / "burned", LEE_AT_1525, {"Bridge Destroyed": ["1426/1525"]})
    assert not loc(burned, "Confederate", "R.E. Lee").found
    # So Hood, with him, receives no replacements (15.2), and the report says where the state came from.
    report, game = run(burned, "replacements", side="Confederate", unit="Hood", turn=6)
    line = line_of(report, "Confederate replacements", unit="Hood")
    assert line.data["gained"] == 0 and "no line of communications" in line.text
    assert property_of(game, "Hood", "Strength") == str(STRENGTHS["Hood"])
    assert "map state bridge_destroyed: 1426/1525 (from marker 'Bridge Destroyed')" in report.notes
    report, _ = run(intact, "replacements", side="Confederate", unit="Hood", turn=6)
    assert line_of(report, "Confederate replacements", unit="Hood").data["gained"] == 2
    assert not any(note.startswith("map state") for note in report.notes)


# 7.2: McClellan in 3013 on the Northern Central, Baltimore's depot denied by Hampton in 3015: his
# line runs along the rail to Harrisburg, more than four hexes past any destroyed rail hex.
MCCLELLAN_AT_3013 = {"McClellan": "3013", "Hampton": "3015"}


def test_7_2_a_loc_along_rail_is_not_traced_through_a_destroyed_rail_hex(litn_demo, tmp_path):
    open_rail = loc(position(litn_demo, tmp_path / "open", MCCLELLAN_AT_3013), "Union", "McClellan")
    assert open_rail.found and "3008" in open_rail.hexes and open_rail.hexes[-1] == "2604"
    cut = loc(position(litn_demo, tmp_path / "cut", MCCLELLAN_AT_3013, {"Destroyed Rail": ["3008"]}), "Union",
              "McClellan")
    assert not cut.found


def test_7_1_a_destroyed_rail_hex_is_no_friendly_undestroyed_rail_line_for_a_broadcast(litn_demo, tmp_path):
    moves = {"McClellan": "3013", "I Corps (Hooker)": "3006"}

    def distance(demo):
        report, _ = run(demo, "odds", receiver="I Corps (Hooker)", sender="McClellan")
        return lines(report, "Odds")[0].data["distance"]

    # Seven rail hexes at the road rate, 1/2 each; with 3008 destroyed, 3008 and 3007 (entered from
    # it) cost their terrain: 1 each.
    assert distance(position(litn_demo, tmp_path / "open", moves)) == 3.5
    assert distance(position(litn_demo, tmp_path / "cut", moves, {"Destroyed Rail": ["3008"]})) == 4.5


def test_8_4_cavalry_zones_cross_rivers_only_at_intact_bridges(litn_demo, tmp_path):
    # Farnsworth (Union cavalry, facing south) in 1525: his frontal hexsides face 1626, 1526 and,
    # across the river at the bridge, 1426.
    moves = {"Farnsworth": "1525"}
    charts = LitnCharts.load(str(CHARTS))
    intact = army_of(position(litn_demo, tmp_path / "intact", moves)).zones("Confederate", charts)
    assert intact.controlled("1426") and intact.controlled("1526")
    burned = army_of(position(litn_demo, tmp_path / "burned", moves, {"Bridge Destroyed": ["1426/1525"]}))
    zones = burned.zones("Confederate", charts)
    assert not zones.controlled("1426") and zones.controlled("1526")


def test_8_5_reaction_zones_cross_rivers_only_at_intact_bridges(litn_demo, tmp_path):
    # R.H. Anderson (initiative 1) in 1631, south of the Potomac: his reaction zone, one hex deep,
    # reaches 1630 over the Valley Pike's bridge, and no Maryland hex when the bridge is destroyed.
    moves = {"R.H. Anderson": "1631"}
    reaction_class = LitnCharts.load(str(CHARTS)).option("reaction_class")

    def zone(army):
        anderson = army.named("Confederate", "R.H. Anderson")
        assert anderson.initiative == 1
        return set(army.map.reach(anderson.hex, [reaction_class], anderson.initiative))

    assert zone(army_of(position(litn_demo, tmp_path / "intact", moves))) == {"1631", "1630", "1632", "1531", "1731"}
    burned = zone(army_of(position(litn_demo, tmp_path / "burned", moves, {"Bridge Destroyed": ["1630/1631"]})))
    assert burned == {"1631", "1632", "1531", "1731"}


# ---- 15.2: replacement points cannot be saved, nor granted twice ----

def test_15_2_a_turns_replacement_points_are_granted_once(litn_demo, tmp_path):
    report, game = run(litn_demo, "replacements", side="Confederate", unit="Lawton", turn=6)
    assert line_of(report, "Confederate replacements", unit="Lawton").data["gained"] == 2
    assert game.global_property("ReplacementPoints") == "6:Confederate=2"
    folder = tmp_path / "again"
    folder.mkdir()
    game.save(str(folder / "litn-demo.vsav"))
    again = SimpleNamespace(dir=folder, module=litn_demo.module, companion=litn_demo.companion)
    report, game = run(again, "replacements", side="Confederate", unit="Lawton", turn=6)
    assert "2 replacement point(s), 2 already spent this turn" in lines(report, "Confederate replacements")[0].text
    assert line_of(report, "Confederate replacements", unit="Lawton").data["gained"] == 0
    assert property_of(game, "Lawton", "Strength") == str(STRENGTHS["Lawton"] + 2)
    # The other side's points are its own; a new turn starts fresh.
    report, game = run(again, "replacements", side="Union", unit="I Corps (Hooker)", turn=6)
    assert line_of(report, "Union replacements", unit="I Corps (Hooker)").data["gained"] == 2
    assert game.global_property("ReplacementPoints") == "6:Confederate=2,Union=2"
    report, _ = run(again, "replacements", side="Confederate", unit="Lawton", turn=7)
    assert line_of(report, "Confederate replacements", unit="Lawton").data["gained"] == 1


def test_15_2_replacements_refuse_a_module_without_the_kept_property(litn_demo, tmp_path):
    text = litn_demo.companion.read_text(encoding="utf-8")
    folder = tmp_path / "companions"
    folder.mkdir()
    elsewhere = folder / "elsewhere.toml"
    elsewhere.write_text(text.replace('replacement_points = "ReplacementPoints"', 'replacement_points = "Spent"'),
                         encoding="utf-8")
    demo = SimpleNamespace(dir=litn_demo.dir, module=litn_demo.module, companion=elsewhere)
    with pytest.raises(KeptValueError, match="module 'Lee Invades the North .*' has no global property 'Spent', "
                                             r"which .*elsewhere.toml \(\[globals\] replacement_points\) names"):
        run(demo, "replacements", side="Confederate", turn=6)
    unnamed = folder / "unnamed.toml"
    unnamed.write_text(text.replace('replacement_points = "ReplacementPoints"', ""), encoding="utf-8")
    demo = SimpleNamespace(dir=litn_demo.dir, module=litn_demo.module, companion=unnamed)
    with pytest.raises(KeptValueError, match=r"unnamed.toml names no global property to keep the replacement "
                                             r"points spent in a turn .*: add \[globals\] replacement_points"):
        run(demo, "replacements", side="Confederate", turn=6)


def test_8_7_check_moves_reads_what_the_phase_destroyed_or_repaired_from_the_markers(litn_demo, tmp_path):
    from adjutant_plugins.litn.move_check import for_phase
    module = adjutant.open_module(str(litn_demo.module))
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    intact = position(litn_demo, tmp_path / "intact", {})
    burned = position(litn_demo, tmp_path / "burned", {},
                      markers={"Bridge Destroyed": ["1426/1525"], "Destroyed Rail": ["3008"]})

    def checker(before, after):
        game = adjutant.open_game(str(after.dir / "litn-demo.vsav"), module)
        earlier = adjutant.open_game(str(before.dir / "litn-demo.vsav"), module)
        return for_phase(Context(module, companion, game, "litn-demo.vsav", before=earlier, charts=str(CHARTS)))

    destroying = checker(intact, burned)
    assert (destroying.change.destroyed_bridges, destroying.change.destroyed_rail) == ({"1426/1525"}, {"3008"})
    assert not destroying.change.repaired_bridges and destroying.destroyed == (frozenset(), frozenset())
    repairing = checker(burned, intact)
    assert (repairing.change.repaired_bridges, repairing.change.repaired_rail) == ({"1426/1525"}, {"3008"})
    # The moves are judged on the map as the phase found it: the bridge still down, the rail cut.
    assert repairing.destroyed == ({"1426/1525"}, {"3008"})
    assert repairing.state.without(["bridge"]) == {"1426/1525"}


def test_10_6_a_retreat_never_crosses_a_bridge_the_save_marks_destroyed(litn_demo, tmp_path):
    moves = {"I Corps (Hooker)": "1630", "Hood": "1630"}
    path = "1631,1632,1633,1634"

    def first_verdict(demo):
        report, _ = run(demo, "retreat", side="Union", hex="1630", reason="withdraw", path=path)
        return next(l for s in report.sections for l in s.lines if "legal" in l.data)

    intact = first_verdict(position(litn_demo, tmp_path / "intact", moves))
    assert "unbridged river" not in intact.data["reason"]
    burned = first_verdict(position(litn_demo, tmp_path / "burned", moves, {"Bridge Destroyed": ["1630/1631"]}))
    assert burned.data["legal"] is False
    assert burned.data["reason"].startswith("crosses the unbridged river hexside 1630/1631")


def test_15_1_a_town_under_a_confederate_control_marker_scores_no_more(litn_demo, tmp_path):
    held = {"A.P. Hill": "2315"}
    report, _ = run(position(litn_demo, tmp_path / "new", held), "victory")
    assert line_of(report, "Victory points", hex="2315").data["vp"] == 2
    marked = position(litn_demo, tmp_path / "scored", held, {"Confederate Control": ["2315"]})
    report, game = run(marked, "victory")
    assert line_of(report, "Victory points", controlled=["2315"]).text.endswith("(marker 'Confederate Control')")
    assert not any(l.data.get("hex") == "2315" for l in lines(report, "Victory points"))
    assert game.change_count == 0


def test_4_2_no_militia_under_a_confederate_control_marker_on_harrisburg(litn_demo, tmp_path):
    report, _ = run(position(litn_demo, tmp_path / "free", {}), "militia", net_vp=6)
    assert [r.purpose for r in report.rolls] == ["militia"]
    taken = position(litn_demo, tmp_path / "taken", {}, {"Confederate Control": ["2604"]})
    report, _ = run(taken, "militia", net_vp=6)
    assert report.rolls == [] and line_of(report, "Union militia", militia_units=0)


def test_8_7_a_bridge_destroyed_during_the_phase_is_gone_for_the_moves_after_it(litn_demo, tmp_path):
    from adjutant_plugins.litn.demo.grid import hexside_point
    from adjutant_plugins.litn.move_check import for_phase
    from test_litn_procedures import place
    # The marker waits on a hexside with no bridge; Hood crosses the Potomac bridge 1630/1631, the
    # marker is put on it, then Lawton tries the same crossing.
    demo = position(litn_demo, tmp_path / "p", {"Hood": "1630", "Lawton": "1630"}, {"Bridge Destroyed": ["0101/0102"]})
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"), module)
    place(game, "Hood", "1631")
    marker = next(p for p in game.pieces if p.name == "Bridge Destroyed")
    game.move_piece(marker.id, marker.map, *hexside_point("1630", "1631"))
    place(game, "Lawton", "1631")
    game.save_log(str(tmp_path / "moves.vlog"))
    log = adjutant.open_game(str(tmp_path / "moves.vlog"), module)
    companion = adjutant.open_companion(str(demo.companion), module)
    verdicts = {v.pieces: v for v in for_phase(Context(module, companion, log, "moves.vlog", charts=str(CHARTS))).check()}
    hood, lawton = verdicts[("Hood",)], verdicts[("Lawton",)]
    assert hood.legal and hood.path == ["1630", "1631"]
    # Without the bridge the way is round by the ford, far beyond any allowance.
    assert lawton.path[:2] != ["1630", "1631"] and lawton.cost > 10


def test_4_2_a_control_marker_on_harrisburg_reoccupied_by_the_union_does_not_stop_the_militia(litn_demo, tmp_path):
    # 15.1: the marker stays when the Union reoccupies the hex (the VP are kept); the city is then not
    # Confederate-controlled for 4.2.
    held = position(litn_demo, tmp_path / "held", {"IX Corps (Burnside)": "2604"}, {"Confederate Control": ["2604"]})
    report, _ = run(held, "militia", net_vp=6)
    assert [r.purpose for r in report.rolls] == ["militia"]


def test_15_1_a_harrisburg_bridge_off_the_map_is_not_judged(litn_demo, tmp_path):
    # The demo board has no hexside 3902/4002: the VP are not judged, and the report says so.
    report, _ = run(position(litn_demo, tmp_path / "end", {}), "victory", end=True, net_vp="3")
    line = next(l for l in lines(report, "Victory points") if "Harrisburg bridge" in l.text)
    assert "is not on the map: not judged" in line.text


def test_8_7_a_bridge_destroyed_marker_where_no_bridge_is_said_to_change_nothing(litn_demo, tmp_path):
    report, _ = run(position(litn_demo, tmp_path / "odd", {}, {"Bridge Destroyed": ["0101/0102"]}), "command",
                    side="Confederate", rolls=["*=4"])
    assert "map state bridge_destroyed: 0101/0102 has no bridge to take off: the marker there changes nothing" \
        in report.notes
