"""The LIN move check's 8.7 (destroying and repairing bridges and rail), 8.8 (entrenchment) and 8.9
(railroad movement) on the demo game: a copy of the demo save set up for the case, the Union's (or
the Confederates') Command Phase run on it, then moves and marker changes made as steps of a log,
judged as one Movement Phase. Which bridges and rail hexes were destroyed or repaired comes as a
StateChange, as the map's markers give it."""
import math
import re
from fractions import Fraction
from types import SimpleNamespace

import adjutant
from adjutant.plugin import Context
from adjutant_plugins.litn import plugin
from adjutant_plugins.litn.move_check import LitnMoveChecker
from adjutant_plugins.litn.works import StateChange
from test_litn import CHARTS, E2_ROLLS, property_of, run
from test_litn_procedures import place

UNION_ROLLS = ["McClellan CP=3", "*=4"]
# The Northern Central, Baltimore (3015) to Harrisburg (2604): 13 rail hexes, all in Maryland and Pennsylvania.
NORTHERN_CENTRAL = "3015 3014 3013 3012 3011 3010 3009 3008 3007 3006 2905 2805 2704 2604".split()


def companion_with(litn_demo, folder, extra):
    """The demo companion file with TOML appended (a rail line, an area, a units rule)."""
    path = folder / "companion.toml"
    path.write_text(litn_demo.companion.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    return path


def piece_id(game, name):
    return next(p for p in game.pieces if p.name == name).id


def apply(game, change):
    """(name, hex) moves the piece; (name, property, value) sets one of its properties."""
    if len(change) == 2:
        place(game, *change)
    else:
        game.set_property(piece_id(game, change[0]), change[1], change[2])


def phase(litn_demo, tmp_path, steps, setup=(), side="Union", change=StateChange(), companion=None, **checker):
    """The verdicts on `steps` (each a step of a log, after `side`'s Command Phase) as one Movement
    Phase, the demo save changed by `setup` first; and the log."""
    folder = tmp_path / f"phase{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    for s in setup:
        apply(game, s)
    game.save(str(folder / "litn-demo.vsav"))
    demo = SimpleNamespace(dir=folder, module=litn_demo.module, companion=companion or litn_demo.companion)
    _, game = run(demo, "command", side=side, rolls=UNION_ROLLS if side == "Union" else E2_ROLLS)
    for s in steps:
        apply(game, s)
    path = folder / "moves.vlog"
    game.save_log(str(path))
    log = adjutant.open_game(str(path), module)
    companion_file = adjutant.open_companion(str(demo.companion), module)
    verdicts = LitnMoveChecker(log, module, companion_file, str(CHARTS), change=change, **checker).check()
    return verdicts, game


def last(verdicts, *pieces):
    return [v for v in verdicts if v.pieces == pieces][-1]


def ma(game, name):
    return Fraction(property_of(game, name, "MA"))


# ---- 8.9 railroad movement ----

def test_8_9_an_entrained_move_pays_1_to_entrain_and_1_per_7_rail_hexes_not_the_terrain(litn_demo, tmp_path):
    # IX Corps waits in Baltimore (3015), entrains and rides the Northern Central: 7 hexes cost
    # 1 + 1 MP, 8 hexes 1 + 2 MP; by road rate the 8 hexes would have cost 4.
    corps = "IX Corps (Burnside)"
    seven, game = phase(litn_demo, tmp_path, [(corps, "Entrained", "true"), (corps, NORTHERN_CENTRAL[7])],
                        setup=[(corps, "3015")])
    eight, _ = phase(litn_demo, tmp_path, [(corps, "Entrained", "true"), (corps, NORTHERN_CENTRAL[8])],
                     setup=[(corps, "3015")])
    seven, eight = last(seven, corps), last(eight, corps)
    assert ma(game, corps) >= 3
    assert (seven.cost, seven.legal, seven.path) == (2, True, NORTHERN_CENTRAL[:8])
    assert (eight.cost, eight.legal) == (3, True)
    assert "by rail (8.9): entrain at 3015 1, 8 hexes by rail 2" in eight.note


def test_8_9_detraining_costs_1_mp_more(litn_demo, tmp_path):
    corps = "IX Corps (Burnside)"
    riding, _ = phase(litn_demo, tmp_path, [(corps, "Entrained", "true"), (corps, "3008")], setup=[(corps, "3015")])
    off, _ = phase(litn_demo, tmp_path, [(corps, "Entrained", "true"), (corps, "3008"), (corps, "Entrained", "false")],
                   setup=[(corps, "3015")])
    assert last(riding, corps).cost == 2
    assert last(off, corps).cost == 3 and "detrains at 3008: 1 MP (8.9)" in last(off, corps).note


def test_8_9_an_entrained_move_over_the_allowance_is_illegal(litn_demo, tmp_path):
    # The whole line, 13 hexes (2 MP) after entraining (1): over an allowance of 2 (and with Hood
    # 3 hexes away, 7.1's Minimum Movement Allowance does not apply).
    corps = "IX Corps (Burnside)"
    verdicts, _ = phase(litn_demo, tmp_path, [(corps, "MA", "2"), (corps, "Entrained", "true"), (corps, "2604")],
                        setup=[(corps, "3015"), ("Hood", "3018")])
    verdict = last(verdicts, corps)
    assert (verdict.cost, verdict.allowance, verdict.legal) == (3, 2, False)
    assert "over the allowance of 2" in verdict.reason


def test_8_9_only_union_units_move_by_rail(litn_demo, tmp_path):
    corps = "IX Corps (Burnside)"
    verdicts, _ = phase(litn_demo, tmp_path, [("Hood", "Entrained", "true"), ("Hood", "3012")],
                        setup=[("Hood", "3015"), (corps, "2604")], side="Confederate")
    assert "only Union units move by rail (8.9)" in last(verdicts, "Hood").reason


def test_8_9_rail_capacity_is_one_corps_a_phase_the_department_leader_beyond_it(litn_demo, tmp_path):
    ix, ii = "IX Corps (Burnside)", "II Corps (Sumner)"
    steps = [(ix, "Entrained", "true"), (ix, "3010"), ("McClellan", "Entrained", "true"), ("McClellan", "3010")]
    one, _ = phase(litn_demo, tmp_path, steps, setup=[(ix, "3015"), ("McClellan", "3015")])
    assert last(one, ix).legal and last(one, "McClellan").legal
    two, _ = phase(litn_demo, tmp_path, steps + [(ii, "Entrained", "true"), (ii, "3010")],
                   setup=[(ix, "3015"), ("McClellan", "3015"), (ii, "3015")])
    assert last(two, ix).legal and "rail capacity exceeded (8.9)" in last(two, ii).reason


def test_8_9_two_cavalry_units_fill_the_capacity(litn_demo, tmp_path):
    steps = [(n, s) for name in ("Davis", "Rush", "Farnsworth") for n, s in ((name, "Entrained"), (name, "3010"))]
    steps = [(n, "Entrained", "true") if s == "Entrained" else (n, s) for n, s in steps]
    verdicts, _ = phase(litn_demo, tmp_path, steps, setup=[(n, "3015") for n in ("Davis", "Rush", "Farnsworth")])
    assert last(verdicts, "Davis").legal and last(verdicts, "Rush").legal
    assert "rail capacity exceeded (8.9)" in last(verdicts, "Farnsworth").reason


def test_8_9_a_unit_entrained_at_the_start_that_does_not_ride_uses_no_capacity(litn_demo, tmp_path):
    ix, ii = "IX Corps (Burnside)", "II Corps (Sumner)"
    verdicts, _ = phase(litn_demo, tmp_path, [(ii, "Entrained", "false"), (ii, "3016"),
                                              (ix, "Entrained", "true"), (ix, "3010")],
                        setup=[(ix, "3015"), (ii, "3015"), (ii, "Entrained", "true")])
    assert last(verdicts, ix).legal, last(verdicts, ix).reason
    assert "rail" not in last(verdicts, ii).reason


def test_8_9_south_of_the_potomac_only_the_b_and_o(litn_demo, tmp_path):
    # A rail line in Virginia (rows 31-36): XII Corps rides it only where the companion file's
    # "B&O" area covers it.
    line = '[[map.line]]\ntype = "rail"\nname = "Virginia line"\nhexes = "2631 2632 2633 2634 2635 2636"\n'
    area = '[[map.area]]\nname = "B&O"\nhexes = ["2631", "2632", "2633", "2634", "2635", "2636"]\n'
    steps = [("XII Corps (Mansfield)", "Entrained", "true"), ("XII Corps (Mansfield)", "2631")]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    off, _ = phase(litn_demo, tmp_path, steps, companion=companion_with(litn_demo, tmp_path / "a", line))
    on, _ = phase(litn_demo, tmp_path, steps, companion=companion_with(litn_demo, tmp_path / "b", line + area))
    assert last(off, "XII Corps (Mansfield)").legal is False
    assert "no legal path along usable rail (8.9)" in last(off, "XII Corps (Mansfield)").reason
    assert (last(on, "XII Corps (Mansfield)").cost, last(on, "XII Corps (Mansfield)").legal) == (2, True)


def test_8_9_a_destroyed_rail_hex_stops_the_train(litn_demo, tmp_path):
    corps = "IX Corps (Burnside)"
    steps = [(corps, "Entrained", "true"), (corps, "3008")]
    cut, _ = phase(litn_demo, tmp_path, steps, setup=[(corps, "3015")], destroyed_rail={"3011"})
    assert last(cut, corps).legal is False


def test_8_9_toward_a_destination_marker_without_a_cp_by_the_most_direct_route(litn_demo, tmp_path):
    # IX Corps starts entrained in 3015 with a Destination marker for Harrisburg (2604) and no MP of
    # its own: 13 hexes toward it are legal (2 MP of the 4 a Destination gives); back the other way not.
    corps = "IX Corps (Burnside)"
    rule = f'[[units.rule]]\nname = "{corps}"\nset = {{ destination = "2604" }}\n'
    setup = [(corps, "3009"), (corps, "Entrained", "true")]
    toward, _ = phase(litn_demo, tmp_path, [(corps, "MA", "0"), (corps, "2604")], setup=setup,
                      companion=companion_with(litn_demo, tmp_path, rule))
    away, _ = phase(litn_demo, tmp_path, [(corps, "MA", "0"), (corps, "3015")], setup=setup,
                    companion=tmp_path / "companion.toml")
    verdict = last(toward, corps)
    assert (verdict.cost, verdict.allowance, verdict.legal) == (1, 4, True), verdict.reason
    assert "Destination marker in 2604" in verdict.note
    assert "not the most direct route toward its Destination marker in 2604 (8.9)" in last(away, corps).reason


# ---- 8.7 bridges and rail lines ----

def test_8_7_destroying_a_bridge_costs_3_mp_in_an_adjoining_hex(litn_demo, tmp_path):
    # Hooker (14 SP) walks to 2415, beside the Monocacy bridge 2415/2515, and destroys it.
    change = StateChange(destroyed_bridges=frozenset({"2415/2515"}))
    verdicts, game = phase(litn_demo, tmp_path, [("I Corps (Hooker)", "2415")], change=change)
    move = last(verdicts, "I Corps (Hooker)")
    bridge = [v for v in verdicts if "destroys the bridge 2415/2515" in v.note][0]
    assert bridge.cost == 3
    assert bridge.legal is (ma(game, "I Corps (Hooker)") - move.cost >= 3)
    # Standing still, he has all his MP for it.
    still, _ = phase(litn_demo, tmp_path, [], setup=[("I Corps (Hooker)", "2415")], change=change)
    assert [v.legal for v in still if "destroys the bridge" in v.note] == [True]


def test_8_7_a_bridge_destroyed_with_too_few_mp_left_would_need_a_force_march(litn_demo, tmp_path):
    change = StateChange(destroyed_bridges=frozenset({"2415/2515"}))
    verdicts, _ = phase(litn_demo, tmp_path, [("I Corps (Hooker)", "MA", "2")], setup=[("I Corps (Hooker)", "2415")],
                        change=change)
    bridge = [v for v in verdicts if "destroys the bridge" in v.note][0]
    assert bridge.legal is False and "force march (8.6, 8.7)" in bridge.reason


def test_8_7_only_a_printed_bridge_is_destroyed(litn_demo, tmp_path):
    change = StateChange(destroyed_bridges=frozenset({"2415/2416"}))
    verdicts, _ = phase(litn_demo, tmp_path, [], setup=[("I Corps (Hooker)", "2415")], change=change)
    assert "no bridge of the map" in [v for v in verdicts if "destroys the bridge" in v.note][0].reason


def test_8_7_a_force_under_5_sp_destroys_nothing(litn_demo, tmp_path):
    change = StateChange(destroyed_bridges=frozenset({"2415/2515"}))
    verdicts, _ = phase(litn_demo, tmp_path, [], setup=[("I Corps (Hooker)", "2415"), ("I Corps (Hooker)", "Strength", "4")],
                        change=change)
    bridge = [v for v in verdicts if "destroys the bridge" in v.note][0]
    assert bridge.legal is False and "5 or more SP" in bridge.reason


def test_8_7_two_more_mp_with_an_enemy_combat_unit_adjoining_the_bridge(litn_demo, tmp_path):
    change = StateChange(destroyed_bridges=frozenset({"2415/2515"}))
    verdicts, _ = phase(litn_demo, tmp_path, [], setup=[("I Corps (Hooker)", "2415"), ("Hood", "2515")], change=change)
    assert [v.cost for v in verdicts if "destroys the bridge" in v.note] == [5]


def test_8_7_a_potomac_rail_bridge_costs_4(litn_demo, tmp_path):
    # A rail line over the Long Bridge (2830/2831) makes it a rail bridge across the Potomac.
    line = '[[map.line]]\ntype = "rail"\nname = "Long Bridge rail"\nhexes = "2829 2830 2831"\n'
    change = StateChange(destroyed_bridges=frozenset({"2830/2831"}))
    verdicts, _ = phase(litn_demo, tmp_path, [], setup=[("I Corps (Hooker)", "2830")], change=change,
                        companion=companion_with(litn_demo, tmp_path, line))
    assert [v.cost for v in verdicts if "destroys the bridge 2830/2831" in v.note] == [4]


def test_8_7_destroying_rail_costs_3_mp_and_not_with_enemy_units_in_the_hex(litn_demo, tmp_path):
    change = StateChange(destroyed_rail=frozenset({"3013"}))
    alone, _ = phase(litn_demo, tmp_path, [], setup=[("IX Corps (Burnside)", "3013")], change=change)
    assert [(v.cost, v.legal) for v in alone if "destroys the rail in 3013" in v.note] == [(3, True)]
    shared, _ = phase(litn_demo, tmp_path, [], setup=[("IX Corps (Burnside)", "3013"), ("Hood", "3013")], change=change)
    rail = [v for v in shared if "destroys the rail in 3013" in v.note]
    assert rail and not any(v.legal for v in rail)
    assert any("rail may not be destroyed there (8.7)" in v.reason for v in rail)


def test_8_7_repairing_rail_takes_infantry_4_mp_and_friendly_territory(litn_demo, tmp_path):
    change = StateChange(repaired_rail=frozenset({"3013"}))
    corps, game = phase(litn_demo, tmp_path, [], setup=[("IX Corps (Burnside)", "3013")], change=change)
    assert ma(game, "IX Corps (Burnside)") >= 4
    assert [(v.cost, v.legal) for v in corps if "repairs the rail in 3013" in v.note] == [(4, True)]
    cavalry, _ = phase(litn_demo, tmp_path, [], setup=[("Davis", "3013")], change=change)
    assert [v.legal for v in cavalry if "repairs the rail" in v.note] == [False]
    line = '[[map.line]]\ntype = "rail"\nname = "Virginia line"\nhexes = "2631 2632 2633 2634"\n'
    virginia, _ = phase(litn_demo, tmp_path, [], change=StateChange(repaired_rail=frozenset({"2634"})),
                        companion=companion_with(litn_demo, tmp_path, line))
    repair = [v for v in virginia if "repairs the rail in 2634" in v.note][0]
    assert repair.legal is False and "not Union territory" in repair.reason


def test_8_7_repairing_a_bridge_takes_a_phase_without_moving_with_a_cp(litn_demo, tmp_path):
    change = StateChange(repaired_bridges=frozenset({"2415/2515"}))
    still, game = phase(litn_demo, tmp_path, [], setup=[("I Corps (Hooker)", "2415")], change=change)
    assert int(property_of(game, "I Corps (Hooker)", "CP")) >= 1
    assert [v.legal for v in still if "repairs the bridge 2415/2515" in v.note] == [True]
    moved, _ = phase(litn_demo, tmp_path, [("I Corps (Hooker)", "2415")], change=change)
    repair = [v for v in moved if "repairs the bridge" in v.note][0]
    assert repair.legal is False and "does not move for a full Movement Phase (8.7)" in repair.reason
    no_cp, _ = phase(litn_demo, tmp_path, [("I Corps (Hooker)", "CP", "0")], setup=[("I Corps (Hooker)", "2415")],
                     change=change)
    assert "without a CP" in [v for v in no_cp if "repairs the bridge" in v.note][0].reason
    cavalry, _ = phase(litn_demo, tmp_path, [], setup=[("Davis", "2415")], change=change)
    assert "cavalry and artillery do not (8.7)" in [v for v in cavalry if "repairs the bridge" in v.note][0].reason


# ---- 8.8 entrenchment ----

def test_8_8_entrenching_needs_no_mp_spent_and_a_cp(litn_demo, tmp_path):
    hooker = "I Corps (Hooker)"
    still, game = phase(litn_demo, tmp_path, [(hooker, "Entrenching", "true")])
    assert int(property_of(game, hooker, "CP")) >= 1
    assert [v.legal for v in still if v.pieces == (hooker,) and "8.8" in v.note] == [True]
    moved, _ = phase(litn_demo, tmp_path, [(hooker, "2413"), (hooker, "Entrenching", "true")])
    verdict = [v for v in moved if "8.8" in v.note][0]
    assert verdict.legal is False and "an entrenching unit spends none (8.8)" in verdict.reason
    no_cp, _ = phase(litn_demo, tmp_path, [(hooker, "CP", "0"), (hooker, "Entrenching", "true")])
    assert "needs at least 1 (8.8)" in [v for v in no_cp if "8.8" in v.note][0].reason


def test_8_8_entrenched_only_after_a_phase_of_constructing(litn_demo, tmp_path):
    hooker = "I Corps (Hooker)"
    direct, _ = phase(litn_demo, tmp_path, [(hooker, "Entrenched", "true")])
    assert "two consecutive Movement Phases (8.8)" in [v for v in direct if "8.8" in v.note][0].reason
    second, _ = phase(litn_demo, tmp_path, [(hooker, "Entrenching", "false"), (hooker, "Entrenched", "true")],
                      setup=[(hooker, "Entrenching", "true")])
    assert [v.legal for v in second if "8.8" in v.note] == [True]


def test_8_8_a_unit_that_moves_loses_its_entrenchment(litn_demo, tmp_path):
    hooker = "I Corps (Hooker)"
    kept, _ = phase(litn_demo, tmp_path, [(hooker, "2413")], setup=[(hooker, "Entrenched", "true")])
    verdict = [v for v in kept if "8.8" in v.note][0]
    assert verdict.legal is False and "a unit that moves loses it (8.8)" in verdict.reason
    removed, _ = phase(litn_demo, tmp_path, [(hooker, "2413"), (hooker, "Entrenched", "false")],
                       setup=[(hooker, "Entrenched", "true")])
    assert not [v for v in removed if "8.8" in v.note]


def test_the_move_check_passes_the_phase_to_the_checker_from_the_command_line_task(litn_demo, tmp_path):
    # `check moves` (the plugin's task) judges entrenchment with no map-state data given.
    hooker = "I Corps (Hooker)"
    _, game = phase(litn_demo, tmp_path, [(hooker, "2413"), (hooker, "Entrenching", "true")])
    path = tmp_path / "task.vlog"
    game.save_log(str(path))
    module = adjutant.open_module(str(litn_demo.module))
    context = Context(module, adjutant.open_companion(str(litn_demo.companion), module),
                      adjutant.open_game(str(path), module), str(path), charts=str(CHARTS))
    verdicts = plugin.tasks["moves"].run(context)
    assert any(v.legal is False and "(8.8)" in v.reason for v in verdicts)


def test_8_9_between_two_saves_a_unit_walks_to_the_rail_entrains_and_rides(litn_demo, tmp_path):
    # From 2813, IX Corps ends entrained in 3007: the cheapest walk to the Northern Central, 1 MP to
    # entrain and 1 MP per 7 rail hexes, less than the road and terrain would cost.
    corps = "IX Corps (Burnside)"
    _, game = phase(litn_demo, tmp_path, [])
    before = tmp_path / "before.vsav"
    game.save(str(before))
    apply(game, (corps, "3007"))
    apply(game, (corps, "Entrained", "true"))
    after = tmp_path / "after.vsav"
    game.save(str(after))
    module = adjutant.open_module(str(litn_demo.module))
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    context = Context(module, companion, adjutant.open_game(str(after), module), str(after),
                      before=adjutant.open_game(str(before), module), charts=str(CHARTS))
    verdict = [v for v in plugin.tasks["moves"].run(context) if v.pieces == (corps,)][0]
    mv = companion.movement("Main Map")
    entrain_at = re.search(r"entrain at (\d{4})", verdict.note).group(1)
    rail_hexes = len(verdict.path) - 1 - verdict.path.index(entrain_at)
    walk = mv.path("2813", entrain_at, ["infantry"]).total
    assert verdict.path[-1] == "3007" and entrain_at in NORTHERN_CENTRAL
    assert verdict.cost == walk + 1 + math.ceil(rail_hexes / 7)
    assert verdict.cost < mv.path("2813", "3007", ["infantry"]).total
