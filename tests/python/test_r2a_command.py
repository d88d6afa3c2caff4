"""The Roads to Antietam command rules as pure functions: Union Panic and Pope's replacement (rule
2), McClellan's takeover schedule (2), Union Army Reorganization (2) and the paralysis roll (3),
each test named after its clause, with the catalogue's example (Panic on Aug 20: McClellan on Aug
23) and both readings of each option. The chart values are the rulebook's (the demo chart file's
command block); rolls are given."""
import datetime
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant_plugins.r2a import panic, paralysis, reorganization, takeover
from adjutant_plugins.r2a.charts import TEMPLATE, R2aCharts
from adjutant_plugins.r2a.dates import game_date
from adjutant_plugins.r2a.paralysis import CorpsLeader
from adjutant_plugins.r2a.reorganization import Corps, Division

DEMO = Path(TEMPLATE).with_name("demo") / "charts.toml"
day = game_date


@pytest.fixture(scope="module")
def charts():
    return R2aCharts.load(DEMO)


def with_options(tmp_path, text=None, **options):
    text = text or DEMO.read_text()
    keys = "".join(f'{k} = "{v}"\n' for k, v in options.items())
    text = text.replace("[options]\n", "[options]\n" + keys) if "[options]\n" in text else text + "\n[options]\n" + keys
    path = tmp_path / "charts.toml"
    path.write_text(text)
    return R2aCharts.load(path)


def with_value(tmp_path, section, key, value):
    lines, inside = [], False
    for row in DEMO.read_text().splitlines():
        if row.startswith("["):
            inside = row.split("]")[0] == f"[{section}"
        if inside and row.split("=")[0].strip() == key:
            row = f"{key} = {value}"
        lines.append(row)
    path = tmp_path / "charts.toml"
    path.write_text("\n".join(lines) + "\n")
    return R2aCharts.load(path)


class Dice:
    """Given d6 rolls by corps name (purpose "<corps> reorganization ..." / "<corps> paralysis ...")."""

    def __init__(self, **by_corps):
        self.values, self.asked = by_corps, []

    def __call__(self, dice, purpose):
        assert dice == "d6"
        self.asked.append(purpose)
        return self.values[purpose.split(" ")[0]]


# ---- the chart file ----

def test_template_carries_the_rulebook_values(charts):
    template = R2aCharts.load(TEMPLATE)
    for section, key, value in (("union_panic", "threshold", 65), ("union_panic", "combat_drm", -1),
                                ("mcclellan", "panic_from", "Aug 27"), ("mcclellan", "days_after_panic", 3),
                                ("mcclellan", "any_from", "Sep 2"), ("takeover", "panic_roll_bonus", [0, 1, 2]),
                                ("takeover", "panic_all_reorganized", 4), ("takeover", "no_panic_roll_bonus", [2]),
                                ("takeover", "no_panic_all_reorganized", 2), ("reorganization", "mcclellan_hex", 2),
                                ("reorganization", "reorganized_above", 10), ("reorganization", "fails_at_most", 9),
                                ("paralysis", "army_commander_hex", 3), ("paralysis", "command_radius", 2),
                                ("paralysis", "near", 1), ("paralysis", "near_hexes", 12),
                                ("paralysis", "exempt_above", 10)):
        assert template.rule(section, key) == value == charts.rule(section, key)
    assert template.option("reorganization_ten") == "fails"
    assert template.option("takeover_paralysis_roll") == "roll"


def test_blank_value_names_the_file_and_the_place(tmp_path):
    charts = with_value(tmp_path, "union_panic", "threshold", '""')
    with pytest.raises(ChartError, match=r"charts.toml: \[union_panic\] threshold is not filled in"):
        panic.panic_total(charts, day("Aug 20"), 10, 10, 0)


def test_game_date_reads_the_rules_dates():
    assert day("Aug 20") == datetime.date(1862, 8, 20)
    assert day("Sep 2") == datetime.date(1862, 9, 2)
    assert day("August 27") == datetime.date(1862, 8, 27)
    with pytest.raises(ValueError, match="'Aug 32' is not a day of 1862"):
        day("Aug 32")


# ---- rule 2: Union Panic ----

def test_2_panic_total_sums_demoralized_losses_and_unsupplied_divisions(charts):
    result = panic.panic_total(charts, day("Aug 20"), 30, 30, 4)
    assert result.total == 64 and not result.panic and result.panic_date is None
    assert [p.value for p in result.parts] == [30, 30, 4]
    assert "less than 65: no Panic" in result.lines[-1]


def test_2_panic_occurs_equal_to_65(charts):
    result = panic.panic_total(charts, day("Aug 20"), 30, 30, 5)
    assert result.total == 65 and result.panic and result.onset and result.panic_date == day("Aug 20")
    assert "Union Panic occurs on Aug 20" in result.lines[-1]


def test_2_panic_onset_is_the_first_time_only(charts):
    later = panic.panic_total(charts, day("Aug 22"), 40, 40, 0, panic_date=day("Aug 20"))
    assert later.panic and not later.onset and later.panic_date == day("Aug 20")
    dropped = panic.panic_total(charts, day("Aug 23"), 0, 40, 0, panic_date=day("Aug 20"))
    assert dropped.panic and dropped.panic_date == day("Aug 20") and "Panic has occurred" in dropped.why


def test_2_panic_threshold_from_the_chart(tmp_path):
    charts = with_value(tmp_path, "union_panic", "threshold", 70)
    assert not panic.panic_total(charts, day("Aug 20"), 30, 30, 5).panic


def test_2_panic_reduces_union_combat_rolls_until_pope_is_replaced(charts):
    assert panic.union_combat_drm(charts, day("Aug 19"), day("Aug 20")).amount == 0
    assert panic.union_combat_drm(charts, day("Aug 20"), day("Aug 20")).amount == -1
    assert panic.union_combat_drm(charts, day("Aug 25"), day("Aug 20"), day("Aug 26")).amount == -1
    assert panic.union_combat_drm(charts, day("Aug 25")).amount == 0


def test_2_panic_continues_on_the_turn_of_takeover_and_ends_the_turn_after(charts):
    assert panic.union_combat_drm(charts, day("Aug 23"), day("Aug 20"), day("Aug 23")).amount == -1
    after = panic.union_combat_drm(charts, day("Aug 24"), day("Aug 20"), day("Aug 23"))
    assert after.amount == 0 and after.clause == "2 turn following takeover"


def test_2_panic_after_the_takeover_brings_no_reduction(charts):
    result = panic.union_combat_drm(charts, day("Sep 5"), day("Sep 4"), day("Sep 2"))
    assert result.amount == 0 and "only until Pope is replaced" in result.why


# ---- rule 2: Pope's replacement ----

def test_2_replacement_example_panic_aug_20_mcclellan_aug_23(charts):
    assert not panic.mcclellan_eligible(charts, day("Aug 22"), day("Aug 20")).eligible
    result = panic.mcclellan_eligible(charts, day("Aug 23"), day("Aug 20"))
    assert result.eligible
    assert [c.met for c in result.conditions] == [False, True, False]


def test_2_replacement_condition_1_panic_and_aug_27(charts):
    on = panic.mcclellan_eligible(charts, day("Aug 27"), day("Aug 26"))
    assert on.eligible and [c.met for c in on.conditions] == [True, False, False]
    assert not panic.mcclellan_eligible(charts, day("Aug 26"), day("Aug 25")).eligible


def test_2_replacement_condition_1_needs_panic(charts):
    result = panic.mcclellan_eligible(charts, day("Aug 30"))
    assert not result.eligible and "no Union Panic" in result.conditions[0].why


def test_2_replacement_condition_3_sep_2(charts):
    assert not panic.mcclellan_eligible(charts, day("Sep 1")).eligible
    result = panic.mcclellan_eligible(charts, day("Sep 2"))
    assert result.eligible and [c.met for c in result.conditions] == [False, False, True]


def test_2_replacement_dates_from_the_chart(tmp_path):
    charts = with_value(tmp_path, "mcclellan", "days_after_panic", 4)
    assert not panic.mcclellan_eligible(charts, day("Aug 23"), day("Aug 20")).eligible
    assert panic.mcclellan_eligible(charts, day("Aug 24"), day("Aug 20")).eligible


def test_2_replacement_bad_chart_date_names_the_place(tmp_path):
    charts = with_value(tmp_path, "mcclellan", "any_from", '"Sept the second"')
    with pytest.raises(ChartError, match=r"\[mcclellan\] any_from"):
        panic.mcclellan_eligible(charts, day("Sep 2"))


# ---- rule 2: the takeover schedule ----

def schedule(charts, panicked, days):
    start = day("Aug 28")
    return [takeover.takeover_turn(charts, start + datetime.timedelta(days=n), start, panicked) for n in range(days)]


def test_2_takeover_with_panic_schedule(charts):
    turns = schedule(charts, True, 6)
    assert [t.paralysis for t in turns] == ["all", "non_reorganized", "non_reorganized", "non_reorganized",
                                           "none", "none"]
    assert [t.reorganization_roll for t in turns] == [False, True, True, True, False, False]
    assert [t.roll_bonus for t in turns] == [0, 0, 1, 2, 0, 0]
    assert [t.all_reorganized for t in turns] == [False, False, False, False, True, True]
    assert [t.combat_drm for t in turns] == [-1, 0, 0, 0, 0, 0]
    assert "Union Cavalry" in " ".join(turns[4].lines)


def test_2_takeover_without_panic_schedule(charts):
    turns = schedule(charts, False, 4)
    assert [t.paralysis for t in turns] == ["all", "non_reorganized", "none", "none"]
    assert [t.reorganization_roll for t in turns] == [False, True, False, False]
    assert [t.roll_bonus for t in turns] == [0, 2, 0, 0]
    assert [t.all_reorganized for t in turns] == [False, False, True, True]
    assert [t.combat_drm for t in turns] == [0, 0, 0, 0]


def test_2_takeover_not_before_the_takeover(charts):
    with pytest.raises(ValueError, match="McClellan takes command only on Aug 28"):
        takeover.takeover_turn(charts, day("Aug 27"), day("Aug 28"), True)


def test_2_takeover_schedule_chart_must_agree(tmp_path):
    charts = with_value(tmp_path, "takeover", "panic_all_reorganized", 5)
    with pytest.raises(ChartError, match=r"\[takeover\] panic_roll_bonus"):
        takeover.takeover_turn(charts, day("Aug 28"), day("Aug 28"), True)


def test_2_3_option_takeover_paralysis_roll_both_readings(charts, tmp_path):
    assert [t.paralysis_roll for t in schedule(charts, True, 5)] == [True, True, True, True, False]
    none = with_options(tmp_path, takeover_paralysis_roll="none")
    assert [t.paralysis_roll for t in schedule(none, True, 5)] == [False] * 5
    assert 'option takeover_paralysis_roll = "none"' in " ".join(schedule(none, True, 1)[0].lines)


# ---- rule 2: Union Army Reorganization ----

def corps(**kw):
    base = dict(name="III", commander="Heintzelman", initiative=3,
                divisions=(Division("Kearny"), Division("Hooker")))
    return Corps(**{**base, **kw})


def turn_with(charts, panicked, after):
    start = day("Aug 28")
    return takeover.takeover_turn(charts, start + datetime.timedelta(days=after), start, panicked)


def test_2_reorganization_higher_than_10_reorganizes(charts):
    result = reorganization.roll_reorganization(charts, corps(), turn_with(charts, False, 1), Dice(III=6))
    assert result.rolled.total == 11 and result.reorganized
    assert [m.amount for m in result.rolled.modifiers] == [3, 2]
    assert result.rolled.text.startswith("d6 6 +3 Heintzelman's initiative (2) +2 the time since")


def test_2_reorganization_9_or_less_fails(charts):
    result = reorganization.roll_reorganization(charts, corps(), turn_with(charts, True, 1), Dice(III=6))
    assert result.rolled.total == 9 and not result.reorganized and "9 or less" in result.why


def test_2_reorganization_option_ten_fails_by_default(charts):
    result = reorganization.roll_reorganization(charts, corps(), turn_with(charts, True, 2), Dice(III=6))
    assert result.rolled.total == 10 and not result.reorganized
    assert result.clause == "2, option reorganization_ten"


def test_2_reorganization_option_ten_succeeds(tmp_path):
    charts = with_options(tmp_path, reorganization_ten="succeeds")
    result = reorganization.roll_reorganization(charts, corps(), turn_with(charts, True, 2), Dice(III=6))
    assert result.rolled.total == 10 and result.reorganized and '"succeeds"' in result.why


def test_2_reorganization_division_modifiers(charts):
    divisions = (Division("Kearny", demoralized=True, disorganized=True, supplied=False),
                 Division("Hooker", demoralized=True, disorganized=True))
    found = reorganization.modifiers(charts, corps(divisions=divisions), 2)
    assert [(m.amount, m.why) for m in found] == [
        (3, "Heintzelman's initiative"), (-1, "Kearny demoralized"), (-1, "Hooker demoralized"),
        (-1, "a division disorganized (Kearny, Hooker)"), (-1, "Kearny unsupplied"),
        (2, "the time since McClellan's return")]


def test_2_reorganization_mcclellan_hex_adds_2(charts):
    result = reorganization.roll_reorganization(charts, corps(with_mcclellan=True), turn_with(charts, True, 1),
                                                Dice(III=6), mcclellan=True)
    assert result.rolled.total == 11 and result.reorganized
    with pytest.raises(ValueError, match="not in McClellan's hex"):
        reorganization.modifiers(charts, corps(), 0, mcclellan=True)


def test_2_reorganization_mcclellan_one_corps_per_turn(charts):
    both = [corps(with_mcclellan=True), corps(name="V", commander="Porter", with_mcclellan=True)]
    turn = turn_with(charts, True, 1)
    with pytest.raises(ValueError, match="one corps leader per turn"):
        reorganization.roll_reorganizations(charts, both, turn, Dice(III=6, V=6), mcclellan_corps=("III", "V"))
    with pytest.raises(ValueError, match="name one of III, V"):
        reorganization.roll_reorganizations(charts, both, turn, Dice(III=6, V=6))
    results = reorganization.roll_reorganizations(charts, both, turn, Dice(III=6, V=6), mcclellan_corps="V")
    assert [r.rolled.total for r in results] == [9, 11]


def test_2_reorganization_lone_corps_with_mcclellan_gets_the_bonus(charts):
    results = reorganization.roll_reorganizations(
        charts, [corps(with_mcclellan=True), corps(name="V", commander="Porter")], turn_with(charts, True, 1),
        Dice(III=6, V=6))
    assert [r.rolled.total for r in results] == [11, 9]


def test_2_reorganized_corps_remain_so(charts):
    dice = Dice()
    result = reorganization.roll_reorganization(charts, corps(reorganized=True), turn_with(charts, True, 2), dice)
    assert result.reorganized and result.rolled is None and dice.asked == []


def test_2_reorganization_all_on_the_last_turn(charts):
    dice = Dice()
    result = reorganization.roll_reorganization(charts, corps(), turn_with(charts, True, 4), dice)
    assert result.reorganized and dice.asked == [] and "disorganization ends" in result.why


def test_2_reorganization_no_roll_on_the_turn_of_takeover(charts):
    with pytest.raises(ValueError, match="no reorganization roll on the turn of McClellan's takeover"):
        reorganization.roll_reorganization(charts, corps(), turn_with(charts, True, 0), Dice(III=6))


def test_2_reorganization_odds_both_readings(charts, tmp_path):
    # d6 + 3 + 1: 10 on a 6 (fails by default), never higher than 10
    assert reorganization.reorganization_odds(charts, corps(), 1).chance == 0
    succeeds = with_options(tmp_path, reorganization_ten="succeeds")
    assert reorganization.reorganization_odds(succeeds, corps(), 1).chance == Fraction(1, 6)
    assert reorganization.reorganization_odds(charts, corps(), 2).chance == Fraction(1, 6)
    assert reorganization.reorganization_odds(charts, corps(with_mcclellan=True), 2, mcclellan=True).chance == \
        Fraction(1, 2)


# ---- rule 3: the paralysis roll ----

def leader(hexes, initiative=3):
    return CorpsLeader("II", "Sumner", initiative, hexes)


def test_3_paralysis_army_commander_hex_adds_3(charts):
    result = paralysis.roll_paralysis(charts, leader(0), 4, Dice(II=5))
    assert result.rolled.total == 11 and result.exempt and "Grand Assaults" in result.why
    assert result.rolled.modifiers[-1].amount == 3


def test_3_paralysis_within_command_radius_adds_2(charts):
    assert [m.amount for m in paralysis.modifiers(charts, leader(4), 4)] == [3, 2]
    assert [m.amount for m in paralysis.modifiers(charts, leader(1), 4)] == [3, 2]


def test_3_paralysis_within_12_hexes_adds_1(charts):
    assert [m.amount for m in paralysis.modifiers(charts, leader(5), 4)] == [3, 1]
    assert [m.amount for m in paralysis.modifiers(charts, leader(12), 4)] == [3, 1]


def test_3_paralysis_beyond_12_hexes_adds_nothing(charts):
    assert [m.amount for m in paralysis.modifiers(charts, leader(13), 4)] == [3]
    assert [m.amount for m in paralysis.modifiers(charts, leader(None), 4)] == [3]


def test_3_paralysis_10_or_less_is_subject(charts):
    result = paralysis.roll_paralysis(charts, leader(5), 4, Dice(II=6))
    assert result.rolled.total == 10 and not result.exempt and "Command Paralysis rules" in result.why


def test_3_paralysis_odds(charts):
    # d6 + 3 + 3 higher than 10 on a 5 or a 6; d6 + 3 + 2 on a 6
    assert paralysis.paralysis_odds(charts, leader(0), 4).chance == Fraction(1, 3)
    assert paralysis.paralysis_odds(charts, leader(0), 4).text.endswith(": 1/3 (33%) (3)")
    assert paralysis.paralysis_odds(charts, leader(3), 4).chance == Fraction(1, 6)
    assert paralysis.paralysis_odds(charts, leader(20), 4).chance == 0


def test_3_paralysis_near_hexes_from_the_chart(tmp_path):
    charts = with_value(tmp_path, "paralysis", "near_hexes", 10)
    assert [m.amount for m in paralysis.modifiers(charts, leader(12), 4)] == [3]
