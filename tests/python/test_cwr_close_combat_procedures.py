"""Close Combat (CWR 7.0-7.2) and the Resupply segment (8.3) on the demo's saves: who may attack,
the six steps of 7.0 in order with their modifiers and fire limits, the rear hexside's shift by
option, the odds before rolling, the results written back; each test named after its clause."""
from fractions import Fraction

import pytest

from adjutant_plugins.cwr.army import ArmyError
from adjutant_plugins.cwr.demo import CHARTS, CLOSE_COMBAT_SAVE, DEMO_SAVE
from cwr_helpers import Demo, lines

FRONT = {"attackers": "Meredith,24th Michigan,19th Indiana", "target": "A9.07"}
REAR = {"attackers": "2nd Wisconsin", "target": "A9.07"}
STEPS = "The Close Combat"


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-cc"))


def steps(report):
    return [line for line in lines(report, STEPS) if "step" in line.data]


def step(report, number, **data):
    return next(line for line in steps(report) if line.data["step"] == number
                and all(line.data.get(k) == v for k, v in data.items()))


def with_option(tmp_path, **options):
    path = tmp_path / "charts.toml"
    path.write_text(CHARTS.read_text() + "".join(f'{k} = "{v}"\n' for k, v in options.items()))
    return path


def test_7_0_procedure_the_six_steps_in_order_every_roll_through_the_session(demo):
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=2, **FRONT)
    numbers = [line.data["step"] for line in steps(report)]
    assert numbers == sorted(numbers) and numbers[0] == "1" and numbers[-1] == "7"
    assert {"2", "3", "4", "5", "6"} <= set(numbers)
    assert [r.purpose for r in report.rolls] == ["CC defender fire", "CC defender fire stragglers", "CC attacker fire",
                                                "CC attacker fire stragglers", "CC attacker morale",
                                                "CC defender morale", "CC odds", "CC gun loss Pegram's Battery"]


def test_7_0_procedure_4_and_5_the_attacker_checks_at_minus_6_the_defender_at_minus_4_then_without_it(demo):
    # Meredith's B regiment at -6 +2 (his 3 - 1) and the defender's B at -4 both read column F: 11 SH stays,
    # 21 SHB1 retreats (demo chart).
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat", rolls=["CC attacker morale=11", "CC defender morale=21",
                                                                   "CC defender additional morale=11"], **FRONT)
    checks = [(line.data["step"], line.data["modifier"]) for line in steps(report) if "modifier" in line.data]
    assert checks == [("4", -6), ("5", -4), ("5", 0)]
    assert "CC odds" not in [r.purpose for r in report.rolls]   # the defender retreated: no Odds Table
    assert step(report, "5", winner="attacker")


def test_7_0_procedure_3_star_no_attacker_check_when_the_defender_could_not_fire(demo, tmp_path):
    save = demo.position(CLOSE_COMBAT_SAVE, tmp_path / "silent.vsav",
                         properties={"55th North Carolina": {"Formation": "column"},
                                     "Pegram's Battery": {"Formation": "limbered"}})
    report, _ = demo.run(save, "close-combat", seed=2, **FRONT)
    assert "CC attacker morale" not in [r.purpose for r in report.rolls]
    assert any(line.data["clause"] == "7.0 procedure 3 *" for line in steps(report))


def test_7_1b_the_rear_hexside_shifts_the_defenders_fire_by_default(demo):
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=3, **REAR)
    assert step(report, "2", shift=-3) and step(report, "3", shift=0)
    front, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=3, **FRONT)
    assert step(front, "2", shift=0)


def test_7_1b_option_cc_rear_shift_attacker_fire_shifts_the_attackers_fire(demo, tmp_path):
    charts = with_option(tmp_path, cc_rear_shift="attacker_fire")
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=3, charts=charts, **REAR)
    assert step(report, "2", shift=0) and step(report, "3", shift=3)


def test_7_1a_the_attacker_fires_8_sp_of_small_arms(demo):
    # the defender's 2d6 2 on column 28 is 1 casualty: 24th Michigan 7 SP, so 7 + 1 of 19th Indiana's 6
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat", rolls=["CC defender fire=2"], seed=2, **FRONT)
    fired = step(report, "3", shift=0).text
    assert "24th Michigan 7 SP, 19th Indiana 1 SP" in fired


def test_7_1a_the_defender_fires_8_sp_of_small_arms_and_one_battery(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "big.vsav",
                         moves={"2nd Mississippi": "A3.08", "55th North Carolina": "A3.08", "Marye's Battery": "A3.08",
                                "24th Michigan": "A3.07", "19th Indiana": "A3.07"},
                         properties={"Marye's Battery": {"Formation": "unlimbered"}})
    report, _ = demo.run(save, "close-combat", seed=2, attackers="24th Michigan,19th Indiana", target="A3.08",
                         battery="Marye's Battery")
    fire = next(line for line in steps(report) if line.data["step"] == "2" and "firers" in line.data)
    small = {"2nd Mississippi", "55th North Carolina"}
    assert [n for n in fire.data["firers"] if n not in small] == ["Marye's Battery"]
    assert "Pegram's Battery does not fire" in " ".join(line.text for line in steps(report))
    sp = {name: int(sp) for name, sp in (part.rsplit(" ", 2)[:2] for part in
                                         fire.text.split("(", 1)[1].split(")", 1)[0].split(", "))}
    assert sum(v for k, v in sp.items() if k in small) == 8


def test_7_2a_a_wrecked_unit_is_refused_with_its_clause(demo, tmp_path):
    save = demo.position(CLOSE_COMBAT_SAVE, tmp_path / "wrecked.vsav",
                         properties={"24th Michigan": {"Wrecked": "true"}, "19th Indiana": {"Wrecked": "true"}})
    with pytest.raises(ArmyError, match=r"24th Michigan: a wrecked unit may never attack .*\(7\.2a\)"):
        demo.run(save, "close-combat", seed=2, **FRONT)


def test_7_0_an_attacker_not_standing_in_from_is_named_with_its_hex(demo):
    # 2nd Wisconsin stands in A9.08: the save does not show it in the hex it would enter from
    with pytest.raises(ArmyError, match=r"2nd Wisconsin stands in A9\.08, not in from=A10\.06") as refused:
        demo.run(CLOSE_COMBAT_SAVE, "close-combat-odds", path="A9.08,A10.07", **REAR, **{"from": "A10.06"})
    assert "stacked together" not in str(refused.value)


def test_7_0_attackers_apart_are_refused_naming_where_each_stands(demo):
    with pytest.raises(ArmyError, match=r"stacked together: 2nd Wisconsin stands in A9\.08, not in A9\.06 \(7\.0\)"):
        demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=2, attackers="24th Michigan,2nd Wisconsin", target="A9.07",
                 **{"from": "A9.06"})


def test_3_2b_7_0_the_attackers_route_does_not_stack_them_with_themselves(demo, tmp_path):
    # 2nd Wisconsin (allowance 6) came from A9.08 into A10.07, both clear: 1 MP spent, 5 left
    save = demo.position(CLOSE_COMBAT_SAVE, tmp_path / "moved.vsav", moves={"2nd Wisconsin": "A10.07"})
    report, _ = demo.run(save, "close-combat-odds", path="A9.08", **REAR)
    assert next(line.data["mp_left"] for line in lines(report) if "mp_left" in line.data) == 5
    longer, _ = demo.run(save, "close-combat-odds", path="A9.08,A9.09,A10.08", **REAR)
    assert next(line.data["mp_left"] for line in lines(longer) if "mp_left" in line.data) == 3
    assert next(line.data["mp"] for line in lines(longer) if "attackers" in line.data) == 2


def test_the_mp_left_are_marked_as_the_attacking_units(demo):
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat-odds", **FRONT)   # Meredith, a leader, moves with them
    assert [(q.of, q.value) for q in report.quantities() if q.name == "MP left"] == [
        ("24th Michigan and 19th Indiana", 6)]


def test_7_2b_outside_the_command_radius_is_refused(demo):
    with pytest.raises(ArmyError, match=r"\(7\.2b\)"):
        demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=2, in_radius="false", **FRONT)


def test_7_0_the_written_save_holds_the_results_and_the_winner_in_the_hex(demo, tmp_path):
    _, game = demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=2, **FRONT)
    game.save(str(tmp_path / "after.vsav"))
    army = demo.army(tmp_path / "after.vsav")
    michigan, carolina, pegram = (army.named(n) for n in ("24th Michigan", "55th North Carolina", "Pegram's Battery"))
    assert [u.name for u in army.in_hex("A9.07", "Union")] and michigan.hex == "A9.07"
    assert (michigan.sp, michigan.state) == (4, "dg")
    assert (carolina.sp, carolina.state, carolina.hex) == (4, "sh", "A9.07")   # its retreat hex holds the enemy
    assert (pegram.formation, pegram.state) == ("limbered", "sh")


def test_7_0_procedure_7_dg_attackers_stop_and_a_leader_moves_as_leaders_do(demo):
    # seed 2: the attacker wins, 24th Michigan and 19th Indiana DG (procedure 4); Meredith is not an attacking unit
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat", seed=2, **FRONT)
    last = steps(report)[-1]
    assert last.data["step"] == "7" and last.data["may_move"] == []
    assert last.data["stopped"] == ["24th Michigan", "19th Indiana"] and last.data["leaders"] == ["Meredith"]
    assert "24th Michigan and 19th Indiana (DG) may not continue moving" in last.text
    assert "Meredith is a leader, not an attacking unit: he moves as leaders do (9.1)" in last.text


def test_7_0_procedure_6_the_odds_before_rolling(demo):
    report, _ = demo.run(CLOSE_COMBAT_SAVE, "close-combat-odds", **REAR)
    odds = lines(report, "Close Combat Odds Table")
    assert odds[0].data["column"] == "1-3" and (odds[0].data["attack"], odds[0].data["defence"]) == (5, 13)
    chances = {line.data["cell"]: line.data["chance"] for line in odds if "cell" in line.data}
    assert sum(chances.values()) == 1
    wins = {line.data["winner"]: line.data["chance"] for line in odds if "winner" in line.data}
    assert wins == {"attacker": Fraction(1, 6), "defender": Fraction(5, 6)}


def test_8_3_an_eligible_low_ammo_unit_is_resupplied_and_written(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "low.vsav", properties={"Stevens's Battery": {"Ammo": "low"}})
    report, game = demo.run(save, "resupply", side="Union")
    assert "from I Corps Wagon (8.3)" in lines(report)[0].text
    game.save(str(tmp_path / "after.vsav"))
    assert demo.army(tmp_path / "after.vsav").named("Stevens's Battery").ammo == "normal"


def test_8_3_8_3b_units_near_the_enemy_or_unlimbered_may_not_resupply(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "low.vsav", properties={"Hall's Battery": {"Ammo": "none"}})
    report, game = demo.run(save, "resupply", side="Union")
    verdict = lines(report)[0]
    assert verdict.data["eligible"] is False and {"8.3", "8.3b"} <= set(verdict.data["reasons"])
    game.save(str(tmp_path / "after.vsav"))
    assert demo.army(tmp_path / "after.vsav").named("Hall's Battery").ammo == "none"
