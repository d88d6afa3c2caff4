"""The lfm voluntary retreats and advances on the demo's saves (LFM 9, 11, 12, 23.3): lfm.withdraw
before and after combat and at night, lfm.advance after a retreat, each refusal with its clauses and
the moves, D markers and limbering written back through the companion file's [units]."""
import pytest

from adjutant.cli import main
from adjutant_plugins.lfm.combat_procedure import CombatRefused
from adjutant_plugins.lfm.voluntary_demo import ADVANCE_SAVE, MOVED, NIGHT_SAVE, WITHDRAW_SAVE

from lfm_helpers import Demo, lines, piece_named, texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The demo with the positions its voluntary step writes: Davis's 2nd Mississippi in 0910 next to
    Gamble's cavalry (lfm-withdraw.vsav), the same after the cavalry retreated from 1010 and 1011
    (lfm-advance.vsav), the 8.2 position on a night turn (lfm-night.vsav)."""
    d = Demo(tmp_path_factory.mktemp("lfm-voluntary-procedures"))
    d.position("lfm-demo.vsav", d.folder / WITHDRAW_SAVE, moves=MOVED)
    d.position(WITHDRAW_SAVE, d.folder / ADVANCE_SAVE,
               moves={"12th Illinois Cavalry": "1111", "8th Illinois Cavalry": "1110", "Gamble": "1110"})
    night(d, "lfm-zoc.vsav", NIGHT_SAVE)
    return d


def prop(game, name, key):
    return piece_named(game, name).properties[key]


def data(report, key):
    return [line.data[key] for line in lines(report) if key in line.data]


def at(demo, game, name, hex_name):
    piece = piece_named(game, name)
    return (piece.x, piece.y) == game.map(demo.map_name).point_of(hex_name, demo.board)


def made(demo, save, out, moves, properties=None):
    """`save` with pieces moved ({name: hex}) and properties set ({name: {property: value}}), written
    once as `out` in the demo's folder."""
    path = demo.folder / out
    return path if path.exists() else demo.position(save, path, moves=moves, properties=properties)


def clauses(refused):
    return [c for c, _ in refused.value.problems]


def night(demo, save, out, moves=None):
    """A copy of `save` on a night turn (the global property Night), pieces moved ({name: hex})."""
    game = demo.game(demo.position(save, demo.folder / f"day-{out}", moves=moves))
    game.set_global_property("Night", "true")
    game.save(str(demo.folder / out))
    return demo.folder / out


# ---- 9: before combat ----

def test_9_cavalry_alone_attacked_without_mounted_cavalry_retreats_two_hexes_without_d(demo):
    report, game = demo.run("lfm-withdraw.vsav", "withdraw", units="12th Illinois Cavalry", path="1111,1211",
                            when="before", attackers="0910")
    assert at(demo, game, "12th Illinois Cavalry", "1211")
    assert prop(game, "12th Illinois Cavalry", "Disorganized_Level") != "2"
    assert data(report, "disorganized") == [False]
    assert "into no enemy ZOC: not disorganized (9)" in texts(report)


def test_9_5_4_a_retreat_before_combat_into_a_zoc_is_disorganized_and_10_7_stacking_is_noted(demo):
    # 1010 (the 8th Illinois Cavalry, dismounted, and Gamble) lies in the ZOC of 0910.
    report, game = demo.run("lfm-withdraw.vsav", "withdraw", units="12th Illinois Cavalry", path="1010",
                            when="before")
    assert at(demo, game, "12th Illinois Cavalry", "1010")
    assert prop(game, "12th Illinois Cavalry", "Disorganized_Level") == "2"
    assert data(report, "over_limit") == ["1010"]
    assert any("mounted and dismounted cavalry" in t and "(10.7)" in t for t in texts(report))


def test_9_a_unit_nobody_attacks_may_not_retreat_before_combat(demo):
    # The 17th Virginia Cavalry in 0914 has no enemy unit next to it.
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-demo.vsav", "withdraw", units="17th Virginia Cavalry", path="0815", when="before")
    assert clauses(refused) == ["9"] and "0914 is adjacent to no enemy unit" in str(refused.value)
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-demo.vsav", "withdraw", units="17th Virginia Cavalry", path="0815", when="before",
                 attackers="0913")
    assert clauses(refused) == ["9"] and "0913 holds no enemy unit next to 0914" in str(refused.value)


def test_9_a_commander_does_not_retreat_without_his_units(demo, tmp_path, capsys):
    # Gamble stands in 1010 with the 8th Illinois Cavalry, next to the 2nd Mississippi in 0910.
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-withdraw.vsav", "withdraw", units="Gamble", path="1110", when="before")
    assert clauses(refused) == ["9"] and "a commander does not retreat on his own" in str(refused.value)
    out = tmp_path / "out.vsav"
    status = main(["run", "lfm.withdraw", str(demo.folder / WITHDRAW_SAVE), "--module",
                   str(demo.folder / demo.module_file), "--companion", str(demo.folder / demo.companion_file),
                   "--charts", str(demo.charts), "-o", str(out), "units=Gamble", "path=1110", "when=after",
                   "side=defender"])
    assert status == 2 and not out.exists()
    assert "11: Gamble: a commander does not retreat on his own" in capsys.readouterr().err


def test_9_infantry_stacked_with_infantry_may_not_retreat_before_combat(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-combat.vsav", "withdraw", units="55th North Carolina", path="0911", when="before")
    assert clauses(refused) == ["9", "9"]
    assert "only cavalry, USSS and units the scenario designates" in str(refused.value)
    assert "0910 holds 42nd Mississippi" in str(refused.value)


def test_9_units_the_scenario_designates_retreat_before_combat(demo):
    report, game = demo.run("lfm-combat.vsav", "withdraw", units="55th North Carolina,42nd Mississippi,Davis",
                            path="0909", when="before", designated="55th North Carolina,42nd Mississippi")
    assert all(at(demo, game, n, "0909") for n in ("55th North Carolina", "42nd Mississippi", "Davis"))
    assert prop(game, "55th North Carolina", "Disorganized_Level") == "2"   # 0909 is in the ZOC of 1010


def test_9_cavalry_stacked_with_artillery_may_not_retreat_before_combat(demo):
    out = made(demo, "lfm-withdraw.vsav", "cavalry-with-battery.vsav",
               {"Calef's Battery": "1011"})
    with pytest.raises(CombatRefused) as refused:
        demo.run(out, "withdraw", units="12th Illinois Cavalry", path="1111", when="before")
    assert clauses(refused) == ["9"] and "Calef's Battery" in str(refused.value)


def mounted_attack(demo):
    return made(demo, "lfm-demo.vsav", "mounted-attack.vsav", {"12th Illinois Cavalry": "0913"})


def test_9_attacked_by_mounted_cavalry_the_defender_may_not_retreat_before_combat(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run(mounted_attack(demo), "withdraw", units="17th Virginia Cavalry", path="0815", when="before")
    assert clauses(refused) == ["9"]
    assert "0913 attacks with mounted cavalry (12th Illinois Cavalry)" in str(refused.value)


def test_3_8_cavalry_that_charged_retreats_before_combat_even_from_mounted_cavalry(demo):
    report, game = demo.run(mounted_attack(demo), "withdraw", units="17th Virginia Cavalry", path="0815",
                            when="before", charged="true")
    assert at(demo, game, "17th Virginia Cavalry", "0815")
    assert any("(3.8)" in t for t in texts(report))


# ---- 11: after combat ----

def test_11_5_the_defender_adjacent_to_attackers_retreats_after_combat_without_d(demo):
    report, game = demo.run("lfm-withdraw.vsav", "withdraw", units="8th Illinois Cavalry,Gamble", path="1110",
                            when="after", side="defender", attackers="0910")
    assert at(demo, game, "8th Illinois Cavalry", "1110") and at(demo, game, "Gamble", "1110")
    assert prop(game, "8th Illinois Cavalry", "Disorganized_Level") != "2"
    assert "into no enemy ZOC: not disorganized (11.2)" in texts(report)


def test_11_5_the_defender_not_adjacent_to_the_attacking_hexes_may_not_retreat(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-withdraw.vsav", "withdraw", units="8th Illinois Cavalry", path="1110", when="after",
                 side="defender", attackers="0914")
    assert clauses(refused) == ["11.5"]


def test_11_3_the_attacker_adjacent_to_no_enemy_may_not_retreat_after_combat(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-withdraw.vsav", "withdraw", units="76th New York", path="1306", when="after", side="attacker")
    assert clauses(refused) == ["11.3"]


def test_11_8_a_retreat_after_combat_into_a_zoc_is_disorganized(demo):
    report, game = demo.run("lfm-withdraw.vsav", "withdraw", units="8th Illinois Cavalry", path="1011", when="after",
                            side="defender")
    assert prop(game, "8th Illinois Cavalry", "Disorganized_Level") == "2"
    assert "into 1011, an enemy ZOC: disorganized (D) (11.8)" in texts(report)


def test_11_8_after_a_charge_a_retreat_into_a_zoc_is_not_disorganized(demo):
    report, game = demo.run("lfm-withdraw.vsav", "withdraw", units="8th Illinois Cavalry", path="1011", when="after",
                            side="defender", charged="true")
    assert at(demo, game, "8th Illinois Cavalry", "1011")
    assert prop(game, "8th Illinois Cavalry", "Disorganized_Level") != "2"


def battery_in_zoc(demo):
    return made(demo, "lfm-withdraw.vsav", "battery-in-zoc.vsav", {"Hall's Battery": "1010"})


def test_11_7_artillery_limbers_and_may_enter_a_zoc_a_friendly_unit_occupies(demo):
    report, game = demo.run(battery_in_zoc(demo), "withdraw", units="Hall's Battery", path="1011", when="after",
                            side="defender")
    assert at(demo, game, "Hall's Battery", "1011")
    assert prop(game, "Hall's Battery", "Mode") == "limbered"
    assert "Hall's Battery limbers to retreat (11.7)" in texts(report)


def test_11_7_artillery_may_not_enter_a_zoc_without_friends(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run(battery_in_zoc(demo), "withdraw", units="Hall's Battery", path="0909", when="after", side="defender")
    assert clauses(refused) == ["11.7"]


def test_5_2_a_retreat_stops_in_the_zoc_it_enters(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-withdraw.vsav", "withdraw", units="8th Illinois Cavalry", path="1011,1111", when="after",
                 side="defender")
    assert clauses(refused) == ["5.2"]


def test_11_1_a_three_hex_retreat_is_refused_and_nothing_is_moved(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-withdraw.vsav", "withdraw", units="8th Illinois Cavalry", path="1110,1210,1310", when="after",
                 side="defender")
    assert clauses(refused) == ["11.1"]


def test_11_1_a_retreat_goes_hex_by_hex(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-withdraw.vsav", "withdraw", units="8th Illinois Cavalry", path="1210", when="after",
                 side="defender")
    assert clauses(refused) == ["11.1"] and "1210 is not adjacent to the hex it leaves" in str(refused.value)


def test_1_1_artillery_may_not_retreat_up_a_steep_slope(demo):
    # 0509-0609 is the ridge's steep western face: the demo's artillery may not cross it uphill.
    out = made(demo, "lfm-demo.vsav", "battery-below-ridge.vsav",
               {"Pegram's Battery": "0509", "2nd Wisconsin": "0409"})
    with pytest.raises(CombatRefused) as refused:
        demo.run(out, "withdraw", units="Pegram's Battery", path="0609", when="after", side="defender")
    assert clauses(refused) == ["1.1, TEC"] and "steep slope" in str(refused.value)


def test_every_clause_broken_is_named_at_once(demo):
    # Infantry, before combat, three hexes: 9 (twice: infantry, stacked) and 9 (the length).
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-combat.vsav", "withdraw", units="55th North Carolina", path="0911,0912,0913", when="before")
    assert clauses(refused) == ["9", "9", "9"]
    assert "3 hexes: a retreat is one or two hexes" in str(refused.value)


def test_a_refused_withdrawal_exits_with_status_2_and_writes_nothing(demo, tmp_path, capsys):
    out = tmp_path / "out.vsav"
    status = main(["run", "lfm.withdraw", str(demo.folder / "lfm-combat.vsav"), "--module",
                   str(demo.folder / demo.module_file), "--companion", str(demo.folder / demo.companion_file),
                   "--charts", str(demo.charts), "-o", str(out), "units=55th North Carolina", "path=0911",
                   "when=before"])
    assert status == 2 and not out.exists()
    assert "9: 55th North Carolina is infantry" in capsys.readouterr().err


# ---- 23.3: at night ----

def test_23_3_a_unit_starting_a_night_turn_in_a_zoc_retreats_and_is_not_disorganized(demo):
    report, game = demo.run("lfm-night.vsav", "withdraw", units="19th Indiana", path="0312", when="night")
    assert at(demo, game, "19th Indiana", "0312")
    assert prop(game, "19th Indiana", "Disorganized_Level") != "2"
    assert "a retreat out of a ZOC at night does not disorganize (23.3)" in texts(report)


def test_23_3_a_night_retreat_into_another_zoc_is_refused(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-night.vsav", "withdraw", units="7th Tennessee,Archer", path="0413", when="night")
    assert clauses(refused) == ["23.3"] and "0413 is in an enemy ZOC" in str(refused.value)


def test_23_3_only_a_unit_in_a_zoc_on_a_night_turn_retreats_so(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-zoc.vsav", "withdraw", units="19th Indiana", path="0312", when="night")
    assert clauses(refused) == ["23.3"] and "not a night turn" in str(refused.value)
    out = night(demo, "lfm-demo.vsav", "night-demo.vsav")
    with pytest.raises(CombatRefused) as refused:
        demo.run(out, "withdraw", units="2nd Wisconsin", path="1209", when="night")
    assert clauses(refused) == ["23.3"] and "1108 is in no enemy ZOC" in str(refused.value)


def test_23_2_no_retreat_before_combat_at_night(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-night.vsav", "withdraw", units="19th Indiana", path="0312", when="before",
                 designated="19th Indiana")
    assert "23.2" in clauses(refused)


# ---- 11.4, 11.6, 12: advances ----

def test_11_6_the_attacker_advances_from_one_adjacent_hex_into_the_vacated_hex(demo):
    report, game = demo.run("lfm-advance.vsav", "advance", units="2nd Mississippi,Davis", vacated="1010", step="11.6")
    assert at(demo, game, "2nd Mississippi", "1010") and at(demo, game, "Davis", "1010")
    assert data(report, "moved_to") == ["1010", "1010"]


def test_11_6_an_advance_into_another_hex_than_the_vacated_one_is_refused(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-advance.vsav", "advance", units="2nd Mississippi", vacated="1010", step="11.6",
                 into="2nd Mississippi:0909")
    assert clauses(refused) == ["11.6"] and "into the vacated hex 1010, not 0909" in str(refused.value)


def two_brigades(demo):
    return made(demo, "lfm-advance.vsav", "two-brigades.vsav", {"14th Tennessee": "0910"})


def test_12_4_one_unit_into_the_vacated_hex_another_into_an_unoccupied_hex_next_to_it(demo):
    report, game = demo.run(two_brigades(demo), "advance", units="2nd Mississippi,14th Tennessee", vacated="1010",
                            into="14th Tennessee:0909")
    assert at(demo, game, "2nd Mississippi", "1010") and at(demo, game, "14th Tennessee", "0909")
    assert any("participated= says otherwise" in t for t in texts(report))


def test_12_4_at_least_one_unit_advances_into_the_vacated_hex(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run(two_brigades(demo), "advance", units="14th Tennessee", vacated="1010", into="14th Tennessee:0909")
    assert clauses(refused) == ["12.4"] and "at least one unit advances into 1010" in str(refused.value)


def test_12_3_advances_keep_the_stacking_limits(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run(two_brigades(demo), "advance", units="2nd Mississippi,14th Tennessee", vacated="1010")
    assert clauses(refused) == ["12.3"] and "same brigade" in str(refused.value)


def test_12_1_artillery_does_not_advance(demo):
    out = made(demo, "lfm-advance.vsav", "battery-advance.vsav", {"Pegram's Battery": "0910"})
    with pytest.raises(CombatRefused) as refused:
        demo.run(out, "advance", units="2nd Mississippi,Pegram's Battery", vacated="1010")
    assert clauses(refused) == ["12.1"] and "artillery does not advance" in str(refused.value)


def test_12_1_only_units_that_fought_against_the_hex_advance(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run(two_brigades(demo), "advance", units="2nd Mississippi,14th Tennessee", vacated="1010",
                 into="14th Tennessee:0909", participated="2nd Mississippi")
    assert clauses(refused) == ["12.1"] and "14th Tennessee" in str(refused.value)


def test_12_1_a_hex_still_held_is_not_vacated(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-withdraw.vsav", "advance", units="2nd Mississippi", vacated="1010")
    assert clauses(refused) == ["12.1"] and "1010 is not vacated" in str(refused.value)


def test_12_4_an_advance_is_from_a_hex_next_to_the_vacated_one(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-advance.vsav", "advance", units="14th Tennessee", vacated="1010")
    assert clauses(refused) == ["12.4"] and "not adjacent to 1010" in str(refused.value)


def test_16_4_a_shattered_unit_does_not_advance_into_a_zoc(demo):
    # 1010 is next to the 6th Wisconsin (1109) and the 8th Illinois Cavalry (1110).
    out = made(demo, "lfm-advance.vsav", "shattered-advance.vsav", {},
               {"2nd Mississippi": {"Shattered_Level": "2"}})
    for step in ("12", "11.6"):
        with pytest.raises(CombatRefused) as refused:
            demo.run(out, "advance", units="2nd Mississippi,Davis", vacated="1010", step=step)
        assert clauses(refused) == ["16.4"] and "1010 is in an enemy ZOC" in str(refused.value)


def test_22_3_a_detached_regiment_does_not_advance_into_a_zoc(demo):
    out = made(demo, "lfm-advance.vsav", "detached-advance.vsav", {},
               {"2nd Mississippi": {"Detached_Level": "2"}})
    with pytest.raises(CombatRefused) as refused:
        demo.run(out, "advance", units="2nd Mississippi", vacated="1010", step="11.6")
    assert clauses(refused) == ["22.3"]


def test_8_6_an_advance_is_not_barred_by_command(demo):
    out = made(demo, "lfm-advance.vsav", "out-of-command-advance.vsav", {},
               {"2nd Mississippi": {"Command": "out"}})
    report, game = demo.run(out, "advance", units="2nd Mississippi", vacated="1010", step="11.6")
    assert at(demo, game, "2nd Mississippi", "1010")


def test_the_fixed_values_of_withdraw_and_advance_are_choices_the_help_lists(demo):
    for procedure, parameter, values in (("withdraw", "when", "before|after|night"),
                                         ("withdraw", "side", "attacker|defender"),
                                         ("advance", "step", "12|11.4|11.6")):
        p = next(p for p in demo.plugin.tasks[procedure].parameters if p.name == parameter)
        assert p.describe().startswith(f"{parameter}={values}")
    with pytest.raises(ValueError, match="parameter 'when' must be one of before, after, night"):
        demo.run(WITHDRAW_SAVE, "withdraw", units="Gamble", path="1110", when="later")
