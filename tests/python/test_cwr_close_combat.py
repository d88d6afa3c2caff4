"""Close Combat (CWR 7.0-7.2, 8.2a): who may attack, who fires, the procedure's steps in order with
the fire and morale stages played by scripted stand-ins, and the Close Combat Odds Table of the
demo chart file (made-up example values)."""
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant_plugins.cwr.charts import TEMPLATE, CwrCharts
from adjutant_plugins.cwr.close_combat import (FireOutcome, MoraleOutcome, cc_firers, odds_chances, odds_strength,
                                               parse_odds_result, resolve)
from adjutant_plugins.cwr.close_combat_entry import CcMove, CcUnit, check_entry

DEMO = Path(TEMPLATE).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return CwrCharts.load(DEMO)


def with_options(tmp_path, **options):
    text = DEMO.read_text() + "".join(f'{k} = "{v}"\n' for k, v in options.items())
    path = tmp_path / "charts.toml"
    path.write_text(text)
    return CwrCharts.load(path)


def inf(name, sp=6, side="Union", **kw):
    return CcUnit(name, side, "infantry", sp, **kw)


def gun(name, sp=4, side="Confederate", formation="unlimbered", **kw):
    return CcUnit(name, side, "artillery", sp, formation=formation, **kw)


def reb(name, sp=6, **kw):
    return CcUnit(name, "Confederate", "infantry", sp, **kw)


class Table:
    """The fire pipeline and the morale machine played from a script, every call kept in order.
    fire: {side: casualties on the top target unit}; morale: {purpose: "STATE B L"}; odds_roll: the die."""

    def __init__(self, fire=None, morale=None, rolls=None):
        self.fire_losses = fire or {}
        self.morale_script = morale or {}
        self.rolls = dict(rolls or {})
        self.calls = []

    def fire(self, volley):
        self.calls.append(("fire", volley.side, volley.shift, volley.hexside, volley.morale_check,
                           tuple((u.name, sp) for u, sp in volley.firers)))
        lost = self.fire_losses.get(volley.side, 0)
        targets = list(volley.targets)
        top = next(i for i, u in enumerate(targets) if u.is_combat)
        targets[top] = replace(targets[top], sp=max(0, targets[top].sp - lost))
        targets = [u for u in targets if not (u.is_combat and u.sp == 0)]
        return FireOutcome(tuple(targets), result=str(lost) if lost else "NE", casualties=lost)

    def _apply(self, units, text):
        state, back, lost = (text.split() + ["0", "0"])[:3]
        units = tuple(replace(u, state=state) for u in units)
        return MoraleOutcome(units, text, state, int(back), int(lost))

    def morale_check(self, units, modifier, purpose):
        self.calls.append(("morale", purpose, modifier))
        return self._apply(units, self.morale_script.get(purpose, "normal"))

    def morale_result(self, units, result, purpose):
        self.calls.append(("result", purpose, result))
        m = parse_odds_result("A " + result, charts=None)
        return self._apply(units, f"{m.loser_state} {m.retreat} {m.stragglers}")

    def roll(self, dice, purpose):
        self.calls.append(("roll", purpose, dice))
        return self.rolls[purpose]

    def run(self, attackers, defenders, charts, **kw):
        return resolve(attackers, defenders, charts, self.fire, self.morale_check, self.morale_result, self.roll,
                       **kw)


# ---- 7.0, 7.2a, 7.2b: entry ----

MOVE = CcMove(target_cost=2, mp_left=6)


def refused(entry):
    return {(f.subject, f.clause) for f in entry.refusals}


def test_7_2a_artillery_may_never_attack(charts):
    entry = check_entry([inf("1st"), gun("Bty", side="Union", formation="limbered")], MOVE, charts)
    assert ("Bty", "7.2a") in refused(entry) and [u.name for u in entry.attackers] == ["1st"]


def test_7_2a_wrecked_units_may_never_attack(charts):
    entry = check_entry([inf("1st", wrecked=True)], MOVE, charts)
    assert not entry.allowed and ("1st", "7.2a") in refused(entry)


@pytest.mark.parametrize("state, ok", [("normal", True), ("bl", True), ("sh", False), ("dg", False), ("r", False)])
def test_7_2a_attackers_are_in_normal_or_blood_lust_morale(charts, state, ok):
    assert check_entry([inf("1st", state=state)], MOVE, charts).allowed is ok


def test_7_2a_leaders_attack_only_stacked_with_infantry_or_cavalry(charts):
    leader = CcUnit("Meredith", "Union", "leader")
    assert check_entry([leader, inf("2nd Wis")], MOVE, charts).allowed
    alone = check_entry([leader, gun("Bty", side="Union")], MOVE, charts)
    assert ("Meredith", "7.2a") in refused(alone) and not alone.allowed
    with_wrecked = check_entry([leader, inf("2nd Wis", wrecked=True)], MOVE, charts)
    assert ("Meredith", "7.2a") in refused(with_wrecked)


def test_7_2a_hq_and_wagons_may_not_attack(charts):
    entry = check_entry([inf("1st"), CcUnit("I Corps wagon", "Union", "wagon")], MOVE, charts)
    assert ("I Corps wagon", "7.2a") in refused(entry)


def test_7_2a_column_attackers_attack_but_cannot_fire(charts):
    entry = check_entry([inf("1st", formation="column")], MOVE, charts)
    assert entry.allowed and [(n.subject, n.clause) for n in entry.notes] == [("1st", "7.2a")]
    assert cc_firers([inf("1st", formation="column")], "attacker", charts).firers == ()


def test_7_0_entering_costs_the_terrain_plus_one_mp(charts):
    assert check_entry([inf("1st")], CcMove(target_cost=2, mp_left=3), charts).mp == 3
    assert check_entry([inf("1st")], CcMove(target_cost=2, mp_left=3), charts).allowed
    short = check_entry([inf("1st")], CcMove(target_cost=2, mp_left=2.5), charts)
    assert not short.allowed and ("attack", "7.0, 3.0c") in refused(short)


def test_7_0_attackers_start_the_phase_stacked_together(charts):
    entry = check_entry([inf("1st"), inf("2nd")], CcMove(2, 6, started_together=False), charts)
    assert ("attack", "7.0") in refused(entry)


def test_7_0_one_ezoc_hex_may_be_ignored_but_not_two_nor_ezoc_to_ezoc(charts):
    assert check_entry([inf("1st")], CcMove(2, 6, ezoc_hexes=1), charts).allowed
    assert not check_entry([inf("1st")], CcMove(2, 6, ezoc_hexes=2), charts).allowed
    assert not check_entry([inf("1st")], CcMove(2, 6, ezoc_hexes=1, ezoc_to_ezoc=True), charts).allowed


def test_7_2b_the_command_radius_must_reach_the_target_hex(charts):
    entry = check_entry([inf("1st")], CcMove(2, 6, command_radius=False), charts)
    assert refused(entry) == {("attack", "7.2b")}


# ---- 7.1a: who fires ----

def fired(selection):
    return [(u.name, sp) for u, sp in selection.firers]


def test_7_1a_the_defender_fires_8_sp_of_small_arms_and_one_battery(charts):
    stack = [reb("A", 6), reb("B", 4), gun("Big", 6), gun("Small", 4)]
    chosen = cc_firers(stack, "defender", charts)
    assert fired(chosen) == [("A", 6), ("B", 2), ("Big", 6)]
    assert ("Small", "7.1a") in {(n, c) for n, c, _ in chosen.left_out}
    assert fired(cc_firers(stack, "defender", charts, battery="Small"))[-1] == ("Small", 4)


def test_7_1a_the_attacker_fires_8_sp_of_small_arms_only(charts):
    assert fired(cc_firers([inf("A", 5), inf("B", 5), inf("C", 3)], "attacker", charts)) == [("A", 5), ("B", 3)]


def test_7_1a_only_line_units_and_unlimbered_artillery_fire(charts):
    stack = [reb("Col", 6, formation="column"), reb("Routed", 4, state="r"), reb("Dry", 4, ammo="none"),
             gun("Limbered", 4, formation="limbered"), reb("Line", 3, ammo="low")]
    chosen = cc_firers(stack, "defender", charts)
    assert fired(chosen) == [("Line", 3)]
    assert {(n, c) for n, c, _ in chosen.left_out} == {("Col", "7.1a, 7.2a"), ("Routed", "5.3a"), ("Dry", "8.2"),
                                                        ("Limbered", "7.1a")}


# ---- 7.0 procedure ----

ATTACKERS = (CcUnit("Meredith", "Union", "leader"), inf("2nd Wis", 6), inf("6th Wis", 5))
DEFENDERS = (reb("26th NC", 8), gun("Bty", 4))


def test_7_0_procedure_steps_in_order_with_their_modifiers(charts):
    t = Table(morale={"CC attacker morale": "sh", "CC defender morale": "sh"}, rolls={"CC odds": 4})
    cc = t.run(ATTACKERS, DEFENDERS, charts, entry_mp=3)
    assert [c[:2] for c in t.calls] == [("fire", "defender"), ("fire", "attacker"), ("morale", "CC attacker morale"),
                                        ("morale", "CC defender morale"), ("roll", "CC odds"),
                                        ("result", "CC odds attacker")]
    assert [c[2] for c in t.calls if c[0] == "morale"] == [-6, -4]
    assert all(c[4] is False for c in t.calls if c[0] == "fire")  # no morale check in the fire steps
    assert [s.step for s in cc.steps if s.clause.startswith("7.0 procedure")] == ["1", "2", "3", "4", "5", "6",
                                                                                   "6", "6", "7"]
    assert cc.steps[0].data["mp"] == 3
    # 11 SP against 12: column 1-2 (rounded down), roll 4 "D SHB1": the defender wins, the attacker goes back
    assert cc.winner == "defender" and [(r.side, r.hexes) for r in cc.retreats] == [("attacker", 1)]


def test_7_0_procedure_3_star_no_attacker_morale_check_when_the_defender_could_not_fire(charts):
    t = Table(morale={"CC defender morale": "dg 1 0"})
    cc = t.run(ATTACKERS, (reb("26th NC", 8, formation="column"),), charts)
    assert [c[1] for c in t.calls if c[0] == "morale"] == ["CC defender morale", "CC defender additional morale"]
    assert any(s.clause == "7.0 procedure 3 *" for s in cc.steps)


def test_7_0_procedure_3_star_the_attacker_checks_when_the_defender_fired(charts):
    t = Table(morale={"CC defender morale": "dg 1 0"}, rolls={"CC gun loss Bty": 1})
    t.run(ATTACKERS, DEFENDERS, charts)
    assert ("morale", "CC attacker morale", -6) in t.calls


def test_7_0_procedure_4_an_attacker_retreat_ends_the_close_combat(charts):
    t = Table(morale={"CC attacker morale": "dg 2 1"})
    cc = t.run(ATTACKERS, DEFENDERS, charts, entry_hex="B12.07")
    assert [c[1] for c in t.calls if c[0] in ("morale", "roll")] == ["CC attacker morale"]
    assert cc.winner == "defender"
    assert [(r.side, r.hexes) for r in cc.retreats] == [("attacker", 2)]
    assert "B12.07" in cc.retreats[0].first_hex  # 7.2c: back through the hex it came from
    assert cc.steps[-1].data["may_move"] == []


def test_7_0_procedure_4_the_attacker_checks_even_if_every_defender_is_eliminated(charts):
    t = Table(fire={"attacker": 8})
    cc = t.run(ATTACKERS, (reb("26th NC", 8),), charts)
    assert [c[1] for c in t.calls if c[0] == "morale"] == ["CC attacker morale"]
    assert cc.winner == "attacker" and cc.defenders == ()


def test_7_0_procedure_5_a_defender_retreat_brings_a_check_without_the_minus_4(charts):
    t = Table(morale={"CC defender morale": "sh 1 0", "CC defender additional morale": "dg 2 0"},
              rolls={"CC gun loss Bty": 5})
    cc = t.run(ATTACKERS, DEFENDERS, charts)
    assert [(c[1], c[2]) for c in t.calls if c[0] == "morale"][1:] == [("CC defender morale", -4),
                                                                       ("CC defender additional morale", 0)]
    assert not any(c[0] == "roll" and c[1] == "CC odds" for c in t.calls)
    assert cc.winner == "attacker" and [(r.side, r.hexes) for r in cc.retreats] == [("defender", 1), ("defender", 2)]
    assert "opposite" in cc.retreats[0].first_hex
    assert cc.steps[-1].data["may_move"] == ["2nd Wis", "6th Wis"] and cc.steps[-1].data["leaders"] == ["Meredith"]


def test_7_0_procedure_7_dg_attackers_may_not_move_on(charts):
    t = Table(morale={"CC attacker morale": "dg", "CC defender morale": "sh 1 0"},
              rolls={"CC gun loss Bty": 1})
    cc = t.run(ATTACKERS, DEFENDERS, charts)
    last = cc.steps[-1]
    assert cc.winner == "attacker" and last.data["may_move"] == []
    assert last.data["stopped"] == ["2nd Wis", "6th Wis"] and last.data["leaders"] == ["Meredith"]
    assert "2nd Wis and 6th Wis (DG) may not continue moving" in last.text


def test_6_3f_a_retreating_battery_limbers_in_the_close_combat_and_rolls_for_gun_loss(charts):
    t = Table(morale={"CC defender morale": "sh 1 0"}, rolls={"CC gun loss Bty": 6})
    cc = t.run(ATTACKERS, DEFENDERS, charts)
    assert cc.gun_losses == [("Bty", 3, 6)]  # the demo's Gun Loss Table: 6 -> 3 guns
    assert [(u.name, u.sp, u.formation) for u in cc.defenders if u.type == "artillery"] == [("Bty", 1, "limbered")]


def test_7_0_procedure_6_the_odds_table_decides_when_both_remain(charts):
    t = Table(rolls={"CC odds": 6})
    cc = t.run(ATTACKERS, (reb("26th NC", 3),), charts)
    step = next(s for s in cc.steps if s.data.get("column"))
    assert (step.data["attack"], step.data["defence"], step.data["column"]) == (11, 3, "3-1")
    assert cc.winner == "attacker"  # 3-1, roll 6: "A RB3,L2"
    assert [(r.side, r.hexes) for r in cc.retreats] == [("defender", 3)]
    assert ("result", "CC odds defender", "RB3,L2") in t.calls
    assert cc.casualties == {"defender": 2}  # 7.1c: made R by the CC


def test_7_1b_rear_hexside_shift_on_the_defenders_fire_by_default(charts):
    t = Table(rolls={"CC odds": 1})
    t.run(ATTACKERS, DEFENDERS, charts, rear=True)
    shifts = {c[1]: c[2] for c in t.calls if c[0] == "fire"}
    assert shifts == {"defender": -3, "attacker": 0}


def test_7_1b_rear_hexside_shift_on_the_attackers_fire_as_option(tmp_path):
    charts = with_options(tmp_path, cc_rear_shift="attacker_fire")
    t = Table(rolls={"CC odds": 1})
    t.run(ATTACKERS, DEFENDERS, charts, rear=True)
    assert {c[1]: c[2] for c in t.calls if c[0] == "fire"} == {"defender": 0, "attacker": 3}


def test_7_1b_no_shift_through_a_front_hexside(charts):
    t = Table(rolls={"CC odds": 1})
    t.run(ATTACKERS, DEFENDERS, charts)
    assert {c[2] for c in t.calls if c[0] == "fire"} == {0}


def test_7_1b_the_attacker_fires_as_across_the_hexside_he_crossed(charts):
    t = Table(rolls={"CC odds": 1})
    t.run(ATTACKERS, DEFENDERS, charts, hexside=("stone wall",))
    assert {c[1]: c[3] for c in t.calls if c[0] == "fire"} == {"defender": (), "attacker": ("stone wall",)}


def test_option_cc_rear_shift_takes_only_its_readings(tmp_path):
    with pytest.raises(ChartError, match="cc_rear_shift"):
        with_options(tmp_path, cc_rear_shift="both")


def test_7_1c_a_defender_routed_when_attacked_takes_its_stragglers_as_casualties(charts):
    t = Table(morale={"CC defender morale": "r 2 1", "CC defender additional morale": "r 1 2"})
    cc = t.run(ATTACKERS, (reb("26th NC", 8, state="r"),), charts)
    assert cc.casualties == {"defender": 3}


def test_7_1c_stragglers_are_casualties_only_when_the_cc_makes_r_or_dg(charts):
    t = Table(morale={"CC attacker morale": "sh 0 1"}, rolls={"CC odds": 6, "CC gun loss Bty": 1})
    assert t.run(ATTACKERS, DEFENDERS, charts).casualties.get("attacker", 0) == 0
    t = Table(morale={"CC attacker morale": "dg 0 1"}, rolls={"CC odds": 6, "CC gun loss Bty": 1})
    assert t.run(ATTACKERS, DEFENDERS, charts).casualties.get("attacker", 0) == 1
    already = tuple(replace(u, state="dg") for u in DEFENDERS)
    t = Table(morale={"CC defender morale": "dg 0 1"}, rolls={"CC odds": 1})
    assert t.run(ATTACKERS, already, charts).casualties.get("defender", 0) == 0


def test_7_0_the_defender_wins_when_its_fire_leaves_no_attacker(charts):
    t = Table(fire={"defender": 11})
    cc = t.run((inf("1st", 4),), DEFENDERS, charts)
    assert cc.winner == "defender" and [c[0] for c in t.calls] == ["fire"]


# ---- 7.0 procedure 6, 8.2a: the odds before rolling ----

def test_8_2a_low_and_no_ammo_units_count_normally_for_the_odds():
    assert odds_strength([inf("A", 4, ammo="low"), inf("B", 3, ammo="none"), CcUnit("L", "Union", "leader")]) == 7


def test_7_0_procedure_6_the_exact_chance_of_each_odds_result(charts):
    chances = odds_chances(5, 3, charts)  # 5:3 rounds down to 1-1
    assert chances.column == "1-1" and chances.dice == "d6"
    assert chances.chances == {"D DGB1": Fraction(1, 6), "D SHB1": Fraction(1, 3), "A SHB1": Fraction(1, 6),
                               "A DGB1": Fraction(1, 6), "A DGB2,L1": Fraction(1, 6)}
    assert chances.winner == {"attacker": Fraction(1, 2), "defender": Fraction(1, 2)}
    assert odds_chances(6, 3, charts).winner["attacker"] == Fraction(5, 6)  # 2-1
    assert odds_chances(5, 3, charts, modifiers=1).winner["attacker"] == Fraction(2, 3)


def test_7_0_procedure_6_a_blank_odds_table_names_the_table():
    with pytest.raises(ChartError, match="odds_dice"):
        odds_chances(5, 3, CwrCharts.load(None))


def test_7_0_procedure_6_a_result_says_who_wins(charts):
    r = parse_odds_result("D RB2,L1", charts)
    assert (r.winner, r.loser_result, r.loser_state, r.retreat, r.stragglers) == ("defender", "RB2,L1", "r", 2, 1)
    assert parse_odds_result("A", charts).retreat == 1  # 7.0: the loser leaves the hex
    with pytest.raises(ChartError, match="close_combat_odds_table"):
        parse_odds_result("X DG", charts)
