"""The cwr morale-side procedures on the demo's saves: the Morale Check and its results (6.1-6.2b,
the rules catalogue's 6.2b examples), its odds, retreats (6.3), the Rally Phase (6.4), Straggler
Recovery (9.4) and wrecked status (5.9), each written back to the save."""
from fractions import Fraction

import pytest

from adjutant.cli import main
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.cwr.army import Army, ArmyError
from adjutant_plugins.cwr.demo import CHARTS, DEMO_SAVE, FIRE_SAVE, WRECKED_SAVE
from adjutant_plugins.cwr.recovery_procedures import RecoveryRefused
from adjutant_plugins.cwr.retreat_procedure import RetreatRefused
from cwr_helpers import Demo, lines


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-morale"))


def with_states(demo, out, save=DEMO_SAVE, states=None, sp=None, moves=None, hour=None):
    """A copy of `save` with units moved ({name: hex}), states ({name: state}) and strengths written."""
    path = demo.position(save, out.with_name("moved-" + out.name), moves=moves) if moves else demo.path(save)
    army = demo.army(path)
    for name, state in (states or {}).items():
        assert army.write(army.named(name), "state", state)
    for name, value in (sp or {}).items():
        assert army.write(army.named(name), "sp", value)
    if hour:
        army.game.set_global_property("Hour", hour)
    army.game.save(str(out))
    return out


def after(demo, game, save):
    return Army(Context(demo.module, demo.companion, game, str(save)))


def text(report):
    return "\n".join(line.text for line in lines(report))


# ---- 6.2b: the rules catalogue's five worked examples (3E) ----

@pytest.fixture
def dg(demo, tmp_path):
    """42nd Mississippi (M5, C) alone in A2.10, Disorganized."""
    return with_states(demo, tmp_path / "dg.vsav", states={"42nd Mississippi": "dg"})


def test_6_2b_dg_plus_shb1_l1_stays_dg_retreats_1_and_loses_1_straggler(demo, dg):
    report, game = demo.run(dg, "morale", hex="A2.10", result="SHB1,L1")
    unit = after(demo, game, dg).named("42nd Mississippi")
    assert (unit.state, unit.sp) == ("dg", 4)
    assert "retreat 1 hex straight to the rear" in text(report)


def test_6_2b_dg_plus_rb4_l2_is_routed(demo, dg):
    report, game = demo.run(dg, "morale", hex="A2.10", result="RB4,L2")
    unit = after(demo, game, dg).named("42nd Mississippi")
    assert (unit.state, unit.sp) == ("r", 3)
    assert "retreat 4 hexes" in text(report)


def test_6_2b_r_plus_ne_stays_routed_without_retreat(demo, tmp_path):
    save = with_states(demo, tmp_path / "r.vsav", states={"42nd Mississippi": "r"})
    report, game = demo.run(save, "morale", hex="A2.10", result="NE")
    unit = after(demo, game, save).named("42nd Mississippi")
    assert (unit.state, unit.sp) == ("r", 5)
    assert "no retreat" in text(report)


def test_6_2b_exception_1_dg_plus_dgb2_l1_is_routed_after_retreat_and_straggler(demo, dg):
    report, game = demo.run(dg, "morale", hex="A2.10", result="DGB2,L1")
    unit = after(demo, game, dg).named("42nd Mississippi")
    assert (unit.state, unit.sp) == ("r", 4)
    assert "DG + DG = R" in text(report) and "retreat 2 hexes" in text(report)


def test_6_2b_exception_2_dg_plus_bl_reverts_to_normal(demo, dg):
    report, game = demo.run(dg, "morale", hex="A2.10", result="BL")
    assert after(demo, game, dg).named("42nd Mississippi").state == "normal"


def test_6_2_option_dgb2_straggler_one_loses_a_straggler_on_dgb2(demo, tmp_path):
    charts = tmp_path / "charts.toml"
    charts.write_text(CHARTS.read_text().replace("[options]", '[options]\ndgb2_straggler = "one"'))
    _, game = demo.run(DEMO_SAVE, "morale", charts=charts, hex="A2.05", result="DGB2")
    assert after(demo, game, DEMO_SAVE).named("1st Tennessee").sp == 5
    _, game = demo.run(DEMO_SAVE, "morale", hex="A2.05", result="DGB2")   # default "code": no L code, no loss
    assert after(demo, game, DEMO_SAVE).named("1st Tennessee").sp == 6


# ---- 6.1: the check rolled ----

def test_6_1_top_unit_rating_with_modifiers_and_one_leader_rating_minus_one(demo):
    # 7th Tennessee (B) with Archer (morale 3): -2 +2 reads column B; d66 66 there is DGB2.
    report, game = demo.run(DEMO_SAVE, "morale", rolls=("morale check 7th Tennessee=66",), hex="A2.06",
                            modifiers="flank fire:-2")
    assert "column B; d66 66: DGB2" in text(report)
    assert after(demo, game, DEMO_SAVE).named("7th Tennessee").state == "dg"
    with pytest.raises(ArmyError, match="no leader named 'Davis' in A2.06"):
        demo.run(DEMO_SAVE, "morale", hex="A2.06", leader="Davis")


@pytest.mark.parametrize("roll, sp_lost, retreat", [(11, 0, 0), (65, 1, 3)])   # column E: NE, RB3L1
def test_6_1_the_check_marks_each_units_sp_lost_and_the_retreat_zero_included(demo, roll, sp_lost, retreat):
    report, _ = demo.run(DEMO_SAVE, "morale", rolls=(f"morale check 42nd Mississippi={roll}",), hex="A2.10",
                         modifiers="flank fire:-2")
    assert [(q.name, q.of, q.value) for q in report.quantities()] == [("SP lost", "42nd Mississippi", sp_lost),
                                                                      ("retreat hexes", "A2.10", retreat)]


def test_6_1_blood_lust_stack_rolls_on_the_blood_lust_table(demo, tmp_path):
    save = with_states(demo, tmp_path / "bl.vsav", states={"1st Tennessee": "bl"})
    report, game = demo.run(save, "morale", rolls=("blood lust 1st Tennessee=10",), hex="A2.05")
    assert "Blood Lust table: NE" in text(report)
    assert after(demo, game, save).named("1st Tennessee").state == "normal"


def test_6_0a_a_unit_stacked_with_a_routed_unit_is_routed(demo, tmp_path):
    save = with_states(demo, tmp_path / "mixed.vsav", states={"2nd Mississippi": "r"},
                       moves={"42nd Mississippi": "A2.09"})
    _, game = demo.run(save, "morale", hex="A2.09", result="NE")
    assert after(demo, game, save).named("42nd Mississippi").state == "r"


def test_6_1_morale_odds_are_the_column_read_and_sum_to_one(demo):
    report, _ = demo.run(DEMO_SAVE, "morale-odds", hex="A2.10", modifiers="flank fire:-2")
    chances = [line.data["chance"] for line in lines(report, "Morale odds")[2:]]
    states = {line.data["state"]: line.data["chance"] for line in lines(report, "The state after")}
    assert sum(chances) == 1 and sum(states.values()) == 1
    assert "column E" in text(report)            # C shifted 2 toward F
    assert "normal" not in states                # 6.2b: Sh never improves on the Morale Table
    assert states["r"] == Fraction(7, 36)        # the column's six RB cells (four RB2L1, two RB3L1) plus DG + DG = R's


# ---- 6.3 retreats ----

def test_6_3_a_retreat_through_a_frontal_hexside_is_refused_and_nothing_moves(demo):
    with pytest.raises(RetreatRefused, match="A2.10-A2.11 crosses a frontal hexside"):
        demo.run(DEMO_SAVE, "retreat", hex="A2.10", path="A2.11")


def test_6_3d_an_illegal_path_changes_nothing_not_even_the_units_it_would_join(demo):
    # A1.11 holds 17th Virginia Cavalry, who would join; the step on to A1.12 crosses a frontal hexside.
    game = demo.game(DEMO_SAVE)
    context = Context(demo.module, demo.companion, game, str(demo.path(DEMO_SAVE)), charts=str(demo.charts),
                      rolls=Rolls(1, ()))
    task = demo.plugin.tasks["retreat"]
    with pytest.raises(RetreatRefused, match="A1.11-A1.12 crosses a frontal hexside"):
        task.run(context, **task.arguments({"hex": "A2.10", "path": "A1.11,A1.12", "hexes": "2"}))
    army = after(demo, game, DEMO_SAVE)
    assert army.named("17th Virginia Cavalry").state == "normal"
    assert army.named("42nd Mississippi").hex == "A2.10"


def test_6_3d_an_illegal_path_exits_2_and_writes_no_save(demo, tmp_path, capsys):
    out = tmp_path / "r1.vsav"
    status = main(["run", "cwr.retreat", str(demo.path(DEMO_SAVE)), "--module", str(demo.folder / demo.module_file),
                   "--companion", str(demo.folder / demo.companion_file), "--charts", str(demo.charts),
                   "hex=A2.10", "path=A1.11,A1.12", "hexes=2", "-o", str(out)])
    assert status == 2
    assert "refused" in capsys.readouterr().err
    assert not out.exists()


def test_6_3d_friendly_units_in_the_path_join_and_take_the_worse_state(demo):
    report, game = demo.run(DEMO_SAVE, "retreat", hex="A2.10", path="A2.09,A2.08")
    assert [(q.name, q.of, q.value) for q in report.quantities()] == [("retreat hexes", "A2.10", 2)]
    army = after(demo, game, DEMO_SAVE)
    assert {u.name for u in army.in_hex("A2.08")} == {"2nd Mississippi", "Davis", "42nd Mississippi"}
    assert not army.in_hex("A2.09") and not army.in_hex("A2.10")
    assert army.named("2nd Mississippi").state == "sh"


def test_6_3d_displaced_units_worsen_one_level_and_stay_for_the_player_to_move(demo):
    report, game = demo.run(DEMO_SAVE, "retreat", hex="A2.10", path="A2.09,A2.08", displace="A2.09")
    army = after(demo, game, DEMO_SAVE)
    assert army.named("2nd Mississippi").state == "sh" and army.named("2nd Mississippi").hex == "A2.09"
    assert army.named("42nd Mississippi").hex == "A2.08"
    assert "one hex to the rear" in text(report)


def test_6_3c_a_retreat_short_of_its_distance_is_routed_when_enemy_units_close_every_way_on(demo, tmp_path):
    # From A2.09 the rear hexes of 42nd Mississippi (facing NE) are A2.08, A1.09 and A1.10: two Union
    # regiments (facing S, their zones away from A2.09) and the I Corps Wagon (an enemy unit too) hold them.
    save = demo.position(DEMO_SAVE, tmp_path / "blocked.vsav", moves={
        "19th Indiana": "A2.08", "24th Michigan": "A1.09", "I Corps Wagon": "A1.10"},
        properties={"19th Indiana": {"Facing_Facing": 4}, "24th Michigan": {"Facing_Facing": 4}})
    report, game = demo.run(save, "retreat", hex="A2.10", path="A2.09", hexes=3)
    assert after(demo, game, save).named("42nd Mississippi").state == "r"
    assert "could retreat 1 of 3 hexes, Routed" in text(report)
    assert "enemy units in A1.10" in text(report)


def test_6_3c_a_short_path_with_a_way_on_is_refused_as_incomplete(demo):
    # From A1.09 the retreat could go on to A1.08 (only Heth, a friendly leader, there).
    with pytest.raises(RetreatRefused, match="2 of 3 hexes, but the retreat can go on from A1.09 to A1.08"):
        demo.run(DEMO_SAVE, "retreat", hex="A2.10", path="A1.10,A1.09", hexes=3)


def test_6_3c_a_short_path_on_the_map_edge_must_go_off_the_map(demo, tmp_path):
    # A1.10's only rear hex on the map, A1.09, holds 19th Indiana (facing S, no zone on A1.10); its other
    # rear hexsides lead off the map.
    save = demo.position(DEMO_SAVE, tmp_path / "edge.vsav", moves={"19th Indiana": "A1.09"},
                         properties={"19th Indiana": {"Facing_Facing": 4}})
    with pytest.raises(RetreatRefused, match="A1.10 is on the map's edge: the retreat goes on off the map"):
        demo.run(save, "retreat", hex="A2.10", path="A1.10", hexes=2)


def test_6_3c_forced_off_the_map_loses_all_strength_as_stragglers(demo):
    report, game = demo.run(DEMO_SAVE, "retreat", hex="A2.10", path="A1.10,off")
    unit = after(demo, game, DEMO_SAVE).named("42nd Mississippi")
    assert unit.sp == 0
    assert "5 stragglers" in text(report)


def test_6_3e_retreat_into_an_enemy_zone_stops_there_for_the_free_fire(demo, tmp_path):
    # 2nd Wisconsin (facing NW) in A4.11: its rear hex A4.10 is in 55th North Carolina's front (A3.10, facing NE).
    save = demo.position(DEMO_SAVE, tmp_path / "ezoc.vsav", moves={"2nd Wisconsin": "A4.11"})
    report, game = demo.run(save, "retreat", hex="A4.11", path="A4.10,A4.09", hexes=2)
    assert after(demo, game, save).named("2nd Wisconsin").hex == "A4.10"
    assert "fire once, free (6.3e)" in text(report)
    assert [(q.name, q.of, q.value) for q in report.quantities()] == [("retreat hexes left", "A4.11", 1)]


def test_6_0b_a_routed_stack_has_no_facing_its_retreat_goes_away_from_the_enemy(demo, tmp_path):
    # 14th Tennessee Routed in the corner hex A1.01, still marked in Line facing SE (facing 1), whose rear
    # hexsides lead off the map; the I Corps Wagon 2 hexes away in A3.02. Routed units are in no formation
    # (6.0b): north to A1.02 (still 2 from the wagon) is to the rear, A2.01 (next to the wagon) is not.
    save = demo.position(DEMO_SAVE, tmp_path / "routed.vsav",
                         moves={"14th Tennessee": "A1.01", "I Corps Wagon": "A3.02"},
                         properties={"14th Tennessee": {"State_Level": 4, "Formation": "line", "Facing_Facing": 2}})
    _, game = demo.run(save, "retreat", hex="A1.01", path="A1.02")
    assert after(demo, game, save).named("14th Tennessee").hex == "A1.02"
    with pytest.raises(RetreatRefused, match="A2.01 is 1 hexes from the nearest enemy unit, A1.01 2: not away"):
        demo.run(save, "retreat", hex="A1.01", path="A2.01")


# ---- 6.4 the Rally Phase ----

def test_6_4_a_b_sh_removed_and_dg_flipped_to_sh(demo, tmp_path):
    save = with_states(demo, tmp_path / "rally.vsav", states={"1st Tennessee": "dg"})
    _, game = demo.run(save, "rally", side="Confederate")
    army = after(demo, game, save)
    assert army.named("42nd Mississippi").state == "normal"
    assert army.named("1st Tennessee").state == "sh"


def test_6_4_d_routed_rallies_on_a_die_less_a_leaders_rating(demo, tmp_path):
    # 2nd Mississippi with Davis (morale 2), far from the enemy: 4 - 2 = 2 rallies to DG; 5 - 2 = 3 does not.
    save = with_states(demo, tmp_path / "rout.vsav", states={"2nd Mississippi": "r"})
    _, game = demo.run(save, "rally", rolls=("rally A2.09=4",), side="Confederate")
    assert after(demo, game, save).named("2nd Mississippi").state == "dg"
    _, game = demo.run(save, "rally", rolls=("rally A2.09=5",), side="Confederate")
    assert after(demo, game, save).named("2nd Mississippi").state == "r"


def test_6_4_e_routed_within_6_hexes_of_the_enemy_must_retreat(demo, tmp_path):
    # 7th Tennessee in A2.09, 3 hexes from 2nd Wisconsin (A2.06): back to 6 hexes, A2.12.
    save = with_states(demo, tmp_path / "near.vsav", save=FIRE_SAVE, states={"7th Tennessee": "r"})
    report, game = demo.run(save, "rally", rolls=("rally A2.09=6",), side="Confederate")
    retreat = next(line for line in lines(report) if line.data.get("path"))
    assert retreat.data["path"][-1] == "A2.12" and len(retreat.data["path"]) == 3
    assert after(demo, game, save).named("7th Tennessee").state == "r"


def test_6_4_e_routed_with_no_way_out_is_eliminated_as_casualties(demo, tmp_path):
    # 1st Tennessee Routed in the corner hex A1.01, its two neighbours held by Union regiments.
    save = with_states(demo, tmp_path / "trapped.vsav", save=FIRE_SAVE, states={"1st Tennessee": "r"},
                       moves={"1st Tennessee": "A1.01", "19th Indiana": "A1.02", "2nd Wisconsin": "A2.01"})
    report, game = demo.run(save, "rally", rolls=("rally A1.01=6",), side="Confederate")
    assert after(demo, game, save).named("1st Tennessee").sp == 0
    assert "casualties" in text(report)


def test_6_4_e_every_enemy_unit_counts_a_wagon_too(demo, tmp_path):
    # 14th Tennessee Routed in A1.01; the Union I Corps Wagon 2 hexes away in A3.02, the nearest Union combat
    # unit 6 hexes away: "within 6 hexes of an enemy unit" (the glossary: any military unit).
    save = demo.position(DEMO_SAVE, tmp_path / "wagon.vsav",
                         moves={"14th Tennessee": "A1.01", "I Corps Wagon": "A3.02"},
                         properties={"14th Tennessee": {"State_Level": 4}})
    report, _ = demo.run(save, "rally", rolls=("rally A1.01=6",), side="Confederate")
    retreat = next(line for line in lines(report) if line.data.get("path"))
    assert retreat.data["hex"] == "A1.01" and "A3.02" not in retreat.data["path"]
    assert demo.army(save).distance(retreat.data["path"][-1], "A3.02") >= 6


def test_6_4_e_the_way_out_avoids_friendly_combat_units(demo, tmp_path):
    # 7th Tennessee Routed in A2.09; 14th Tennessee in A2.10, on the shortest way out (A2.10-A2.12):
    # stacking even momentarily with a Routed unit would rout it (6.0a).
    save = with_states(demo, tmp_path / "friends.vsav", save=FIRE_SAVE, states={"7th Tennessee": "r"},
                       moves={"14th Tennessee": "A2.10"})
    report, _ = demo.run(save, "rally", rolls=("rally A2.09=6",), side="Confederate")
    retreat = next(line for line in lines(report) if line.data.get("path"))
    army = demo.army(save)
    assert not [u for h in retreat.data["path"] for u in army.in_hex(h, "Confederate") if u.is_combat]
    assert "clear of friendly combat units" in text(report) and "would be Routed" not in text(report)


def test_6_4_e_a_way_out_only_through_friends_names_the_units_it_would_rout(demo, tmp_path):
    # 1st Tennessee Routed in the corner hex A1.01; its only neighbours hold 14th Tennessee and 2nd Mississippi;
    # 19th Indiana 3 hexes east in A4.01: A2.01 is nearer it (2), A1.02 is not (3), the only way to the rear.
    save = with_states(demo, tmp_path / "hemmed.vsav", save=FIRE_SAVE, states={"1st Tennessee": "r"},
                       moves={"1st Tennessee": "A1.01", "14th Tennessee": "A1.02", "2nd Mississippi": "A2.01",
                              "19th Indiana": "A4.01", "2nd Wisconsin": "A9.06"})
    report, _ = demo.run(save, "rally", rolls=("rally A1.01=6",), side="Confederate")
    warning = next(line for line in lines(report) if line.data.get("routs"))
    assert warning.data["routs"] == ["14th Tennessee"]
    assert "even momentarily (6.0a)" in warning.text


def routed_way_out(demo, save, hex_name, charts=None):
    """The path rally step E proposes for the Routed stack in `hex_name` (a roll of 6: it stays Routed)."""
    report, _ = demo.run(save, "rally", charts=charts, rolls=(f"rally {hex_name}=6",), side="Confederate")
    return next(line for line in lines(report) if line.data.get("path") and line.data["hex"] == hex_name)


def test_6_4_e_the_way_out_is_a_retreat_cwr_retreat_accepts_never_toward_the_enemy(demo, tmp_path):
    # 14th Tennessee Routed in A1.01, in Line facing NE, the I Corps Wagon 2 hexes away in A3.02: the way
    # out may not run past the wagon through A2.01 and A3.01, next to it (6.3: away from enemy units).
    save = demo.position(DEMO_SAVE, tmp_path / "wagon-way.vsav",
                         moves={"14th Tennessee": "A1.01", "I Corps Wagon": "A3.02"},
                         properties={"14th Tennessee": {"State_Level": 4, "Formation": "line", "Facing_Facing": 2}})
    way = routed_way_out(demo, save, "A1.01").data["path"]
    army = demo.army(save)
    enemy = [u.hex for u in army.of("Union")]
    nearest = [min(army.distance(h, e) for e in enemy) for h in ["A1.01"] + way]
    assert nearest == sorted(nearest) and nearest[-1] >= 6
    _, game = demo.run(save, "retreat", hex="A1.01", path=",".join(way))
    assert after(demo, game, save).named("14th Tennessee").hex == way[-1]


@pytest.fixture
def before_the_line(demo, tmp_path):
    """2nd Mississippi Routed in A2.09, 3 hexes in front of the Union line (A5.05-A5.11), the I Corps Wagon
    in A3.02: every way to 6 hexes from them on the map runs nearer one (east past the line's face, its
    zone A4.04-A4.06, or north toward the wagon); west, A1.09 is 4 hexes off, then the map's edge."""
    return demo.position(DEMO_SAVE, tmp_path / "line-way.vsav", moves={"I Corps Wagon": "A3.02"},
                         properties={"2nd Mississippi": {"State_Level": 4}})


def test_6_4_e_no_way_to_6_hexes_without_going_toward_the_enemy_is_eliminated(demo, before_the_line):
    report, game = demo.run(before_the_line, "rally", rolls=("rally A2.09=6",), side="Confederate")
    assert not [line for line in lines(report) if line.data.get("path") and line.data["hex"] == "A2.09"]
    assert "E. A2.09: Routed (R) -> Routed (R): 6.4 E: cannot retreat" in text(report)
    assert after(demo, game, before_the_line).named("2nd Mississippi").sp == 0


def test_6_4_e_option_rally_map_edge_off_the_way_out_leaves_the_map_as_cwr_retreat_accepts(
        demo, before_the_line, tmp_path):
    charts = tmp_path / "charts.toml"
    charts.write_text(CHARTS.read_text().replace("[options]", '[options]\nrally_map_edge = "off"'))
    line = routed_way_out(demo, before_the_line, "A2.09", charts=charts)
    assert line.data["path"] == ["A1.09", "off"] and "off the map (6.3c" in line.text
    report, game = demo.run(before_the_line, "retreat", hex="A2.09", path="A1.09,off")
    assert after(demo, game, before_the_line).named("2nd Mississippi").sp == 0
    assert "6 stragglers" in text(report)


# ---- 9.4 Straggler Recovery ----

def test_9_4_recovery_only_on_the_hour_turn_is_refused_otherwise_exit_2(demo, tmp_path, capsys):
    save = with_states(demo, tmp_path / "0820.vsav", save=WRECKED_SAVE, hour="08:20")
    with pytest.raises(RecoveryRefused, match="08:20: not an hour turn"):
        demo.run(save, "stragglers", side="Union")
    out = tmp_path / "0820-after.vsav"
    status = main(["run", "cwr.stragglers", str(save), "--module", str(demo.folder / demo.module_file),
                   "--companion", str(demo.folder / demo.companion_file), "--charts", str(demo.charts),
                   "side=Union", "-o", str(out)])
    assert status == 2
    assert "refused" in capsys.readouterr().err
    assert not out.exists()


def test_9_4_one_sp_per_eligible_unit_and_the_c_f_bonus(demo):
    report, game = demo.run(WRECKED_SAVE, "stragglers", side="Union", stragglers="Cutler's Brigade:5")
    army = after(demo, game, WRECKED_SAVE)
    assert [army.named(n).sp for n in ("76th New York", "147th New York", "56th Pennsylvania")] == [4, 3, 5]
    assert "2 + 1 (9.4b" in text(report) and "(2 left)" in text(report)


def test_9_4_condition_2_units_near_the_enemy_are_not_eligible(demo, tmp_path):
    # The demo's Cutler's Brigade stands 2 to 4 hexes from Davis's.
    save = with_states(demo, tmp_path / "near.vsav", sp={"76th New York": 4})
    report, game = demo.run(save, "stragglers", side="Union", stragglers="Cutler's Brigade:2")
    army = after(demo, game, save)
    assert army.named("76th New York").sp == 4
    assert "condition 2" in text(report) and "9.4b" not in text(report)


def test_9_4_condition_1_out_of_command_radius_is_not_eligible(demo, tmp_path):
    save = demo.position(WRECKED_SAVE, tmp_path / "far.vsav", moves={"Cutler": "A16.12"})
    report, game = demo.run(save, "stragglers", side="Union", stragglers="Cutler's Brigade:5")
    assert after(demo, game, save).named("147th New York").sp == 2
    assert "condition 1" in text(report)


def test_9_4_condition_2_counts_every_enemy_unit_a_wagon_too(demo, tmp_path):
    # Cutler's Brigade far from every Confederate combat unit, but the III Corps Wagon 2 hexes from 147th New
    # York: "at least 6 hexes away from all enemy units".
    moves = {"76th New York": "A12.03", "147th New York": "A13.03", "Cutler": "A13.03", "56th Pennsylvania": "A14.03",
             "III Corps Wagon": "A13.05"}
    save = with_states(demo, tmp_path / "wagon.vsav", sp={"147th New York": 4}, moves=moves)
    report, game = demo.run(save, "stragglers", side="Union", stragglers="Cutler's Brigade:1")
    assert after(demo, game, save).named("147th New York").sp == 4
    assert "condition 2" in text(report)


def test_5_9_a_regiment_recovering_above_its_wreck_point_is_no_longer_wrecked(demo, tmp_path):
    # 76th New York (6 SP) at 3 marked wrecked, 147th New York (5 SP) at 2 wrecked but not marked: each
    # recovers one straggler, above its wreck point (3, 2).
    save = demo.position(WRECKED_SAVE, tmp_path / "marked.vsav", properties={"76th New York": {"Wrecked": "true"}})
    report, game = demo.run(save, "stragglers", side="Union", stragglers="Cutler's Brigade:5")
    army = after(demo, game, save)
    assert [army.named(n).wrecked for n in ("76th New York", "147th New York")] == [False, False]
    assert "76th New York: 4 of 6 SP, above its wreck point (3): no longer wrecked (written); clear a Brigade " \
           "Status box of Cutler's Brigade" in text(report)
    assert "147th New York: 3 of 5 SP, above its wreck point (2): no longer wrecked; clear" in text(report)
    assert "56th Pennsylvania: 5 of 6 SP" not in text(report)


# ---- 5.9 wrecked ----

def test_5_9_units_brigades_and_divisions_wrecked_by_their_losses(demo):
    report, game = demo.run(WRECKED_SAVE, "wrecked", check_marks="Cutler's Brigade:2,Wadsworth's Division:1")
    army = after(demo, game, WRECKED_SAVE)
    assert [army.named(n).wrecked for n in ("76th New York", "147th New York", "56th Pennsylvania")] == \
        [True, True, False]
    assert "Cutler's Brigade: 2 wrecked regiments, check mark at 2: wrecked" in text(report)
    report, _ = demo.run(WRECKED_SAVE, "wrecked", check_marks="Cutler's Brigade:3")
    assert "check mark at 3: not wrecked" in text(report)
