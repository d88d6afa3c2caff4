"""Last Full Measure command and initiative as pure functions: the Initiative Phase (Sequence of
Play 1), Command Determination (20.4-20.11, 22.3) and the acting army commander (20.13), each test
named after its clause, with the rule text's worked examples (20.11 Longstreet and Early; 20.13
Buford and Reynolds, Heth, Hill, Ewell and Lee). The chart values are the rulebook's (the demo chart
file's command block); rolls are given; distances are facts: hexes on a line, "12" is 12 hexes from
"0", unless a test gives a Reach."""
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.lfm import acting_commander as ac
from adjutant_plugins.lfm import initiative as ini
from adjutant_plugins.lfm.charts import TEMPLATE, LfmCharts
from adjutant_plugins.lfm.command import Commander, Unit, determine_command
from adjutant_plugins.lfm.command_reach import Reach, reach_facts, within

DEMO = Path(TEMPLATE).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return LfmCharts.load(DEMO)


def with_options(tmp_path, text=None, **options):
    path = tmp_path / "charts.toml"
    path.write_text((text or DEMO.read_text()) + "".join(f'{k} = "{v}"\n' for k, v in options.items()))
    return LfmCharts.load(path)


class Dice:
    """Given rolls by purpose; a roll not given fails the test. `asked`: the purposes, in order."""

    def __init__(self, **by_commander):
        self.values = {f"{name} command": value for name, value in by_commander.items()}
        self.asked = []

    def __call__(self, dice, purpose):
        assert dice == "d6"
        self.asked.append(purpose)
        key = purpose.split(" (")[0]
        if key not in self.values:
            raise AssertionError(f"an unexpected roll: {purpose}")
        return self.values[key]


def line(**special):
    """Hexes named by their place on a line; `special`: {"a_b": Reach} for the pair (a, b)."""
    def distance(a, b):
        for key in (f"{a}_{b}", f"{b}_{a}"):
            if key in special:
                return special[key]
        return abs(int(a) - int(b))
    return distance


def army(name="Lee", hex="0", cv=5):
    return Commander(name, "army", hex, cv)


def corps(name, hex, cv=4, corps="I"):
    return Commander(name, "corps", hex, cv, corps=corps)


def division(name, hex, cv=4, corps="I", div=None, shattered=0):
    return Commander(name, "division", hex, cv, corps=corps, division=div or name, shattered_brigades=shattered)


def brigade(name, hex, corps="I", div="D", brig=None):
    return Commander(name, "brigade", hex, corps=corps, division=div, brigade=brig or name)


def regiment(name, hex, corps="I", div="D", brig="B", detached=False):
    return Unit(name, "infantry", hex, corps=corps, division=div, brigade=brig, detached=detached)


def battery(name, hex, corps="I", div=""):
    return Unit(name, "artillery", hex, corps=corps, division=div)


def run(charts, commanders, units=(), dice=None, acting=None, distance=None):
    return determine_command(acting or commanders[0].name, commanders, units, distance or line(), dice, charts)


# ---- Sequence of Play 1: initiative ----

def test_sequence_1_higher_total_has_initiative():
    rolls = Rolls(seed=1, given=["Union initiative=2", "Confederate initiative=1"])
    result = ini.determine_initiative(ini.Contender("Union", "Meade", 3), ini.Contender("Confederate", "Lee", 5),
                                      rolls.roll)
    assert result.winner == "Confederate"                     # 2 + 3 = 5 < 1 + 5 = 6
    assert result.rounds[0].totals == (5, 6)
    assert [r.purpose for r in rolls.rolls] == ["Union initiative", "Confederate initiative"]


def test_sequence_1_tie_goes_to_higher_cv():
    rolls = Rolls(seed=1, given=["Union initiative=4", "Confederate initiative=2"])
    result = ini.determine_initiative(ini.Contender("Union", "Meade", 3), ini.Contender("Confederate", "Lee", 5),
                                      rolls.roll)
    assert result.winner == "Confederate" and len(result.rounds) == 1
    assert "ties" in result.clause and "higher CV" in result.why


def test_sequence_1_tie_with_equal_cv_rolls_again():
    given = ["Union initiative=3", "Confederate initiative=3", "Union initiative (roll 2)=4",
             "Confederate initiative (roll 2)=5", "Union initiative (roll 3)=6", "Confederate initiative (roll 3)=1"]
    rolls = Rolls(seed=1, given=given)
    result = ini.determine_initiative(ini.Contender("Union", "Reynolds", 4),
                                      ini.Contender("Confederate", "Hill", 4), rolls.roll)
    assert [r.totals for r in result.rounds] == [(7, 7), (8, 9)]
    assert result.winner == "Confederate"
    assert all(r.given for r in rolls.rolls) and len(rolls.rolls) == 4


def test_sequence_1_one_side_each():
    with pytest.raises(ValueError, match="both contenders"):
        ini.determine_initiative(ini.Contender("Union", "A", 3), ini.Contender("Union", "B", 3), Dice())


# ---- 20.4 step 1: the army commander ----

def test_20_4_step_1_roll_at_cv_puts_corps_within_8_in_command(charts):
    commanders = [army(cv=5), corps("Longstreet", "8", corps="I"), corps("Ewell", "9", corps="II")]
    result = run(charts, commanders, dice=Dice(Lee=5, Longstreet=6, Ewell=6))
    assert result.in_command("Lee") and result.in_command("Longstreet")
    assert not result.in_command("Ewell")
    assert "beyond 8" in result.status("Ewell").why
    assert result.steps[0].passed and result.steps[0].clause == "20.4 step 1"


def test_20_4_step_1_roll_above_cv_fails(charts):
    commanders = [army(cv=5), corps("Longstreet", "1")]
    result = run(charts, commanders, dice=Dice(Lee=6, Longstreet=6))
    assert not result.in_command("Lee") and not result.in_command("Longstreet")
    assert result.status("Longstreet").why == "Lee failed his command roll"


# ---- 20.4 step 2: corps commanders ----

def test_20_4_step_2_case_1_in_command_corps_rolls_d6_minus_1(charts):
    commanders = [army(), corps("Longstreet", "2", cv=4), division("Hood", "4"), division("McLaws", "6")]
    passed = run(charts, commanders, dice=Dice(Lee=1, Longstreet=5, Hood=6, McLaws=6))   # 5 - 1 = 4 <= 4
    assert passed.in_command("Hood") and passed.in_command("McLaws")
    assert passed.steps[1].modified == 4 and passed.steps[1].clause == "20.4 step 2 case 1"
    failed = run(charts, commanders, dice=Dice(Lee=1, Longstreet=6, Hood=6, McLaws=6))   # 6 - 1 = 5 > 4
    assert not failed.in_command("Hood")
    assert failed.status("Hood").why == "Longstreet failed his command roll"


def test_20_4_step_2_case_1_range_option_both_ways(charts, tmp_path):
    commanders = [army(), corps("Longstreet", "2"), division("Hood", "7"), division("Pickett", "8")]
    dice = dict(Lee=1, Longstreet=1, Hood=6, Pickett=6)
    by_range = run(charts, commanders, dice=Dice(**dice))
    assert by_range.in_command("Hood") and not by_range.in_command("Pickett")         # 5 and 6 hexes away
    assert "20.4 step 3 case 2" in by_range.status("Hood").clause
    everyone = run(with_options(tmp_path, command_division_range="all"), commanders, dice=Dice(**dice))
    assert everyone.in_command("Pickett")


def test_20_4_step_2_case_2_out_of_command_corps_reaches_5(charts):
    commanders = [army(), corps("Ewell", "20", cv=4, corps="II"), division("Early", "25", corps="II"),
                  division("Rodes", "26", corps="II"), division("Hood", "21", corps="I")]
    result = run(charts, commanders, dice=Dice(Lee=1, Ewell=4, Early=6, Rodes=6, Hood=6))
    assert result.status("Ewell").clause == "20.4 step 2 case 2, 20.3"   # 20 hexes from Lee: his own initiative
    assert result.in_command("Early") and not result.in_command("Rodes")
    assert result.status("Early").clause == "20.4 step 2 case 2"
    assert not result.in_command("Hood")                      # not of his corps
    failed = run(charts, commanders, dice=Dice(Lee=1, Ewell=5, Early=6, Rodes=6, Hood=6))   # no -1: 5 > 4
    assert not failed.in_command("Early")


# ---- 20.4 step 3: division commanders ----

def test_20_4_step_3_case_1_in_command_division_rolls_d6_minus_1(charts):
    commanders = [army(), corps("Longstreet", "1"), division("Hood", "2", cv=3, div="Hood"),
                  brigade("Law", "7", div="Hood"), brigade("Robertson", "8", div="Hood")]
    result = run(charts, commanders, dice=Dice(Lee=1, Longstreet=1, Hood=4))             # 4 - 1 = 3 <= 3
    assert result.in_command("Law") and not result.in_command("Robertson")
    assert result.status("Law").clause == "20.4 step 3 case 1"
    failed = run(charts, commanders, dice=Dice(Lee=1, Longstreet=1, Hood=5))
    assert not failed.in_command("Law")


def test_20_4_step_3_case_2_plus_1_per_shattered_brigade(charts):
    def commanders(shattered):
        return [army(), division("Heth", "30", cv=5, corps="III", div="Heth", shattered=shattered),
                brigade("Archer", "33", corps="III", div="Heth")]
    two = run(charts, commanders(2), dice=Dice(Lee=1, Heth=3))                          # 3 + 2 = 5 <= 5
    assert two.in_command("Archer") and two.steps[-1].modified == 5
    assert two.steps[-1].clause == "20.4 step 3 case 2"
    three = run(charts, commanders(3), dice=Dice(Lee=1, Heth=3))                        # 3 + 3 = 6 > 5
    assert not three.in_command("Archer")


def test_20_3_brigade_commanders_need_their_division_roll(charts):
    commanders = [army(), brigade("Archer", "1", corps="III", div="Heth")]
    result = run(charts, commanders, dice=Dice(Lee=1))
    assert not result.in_command("Archer")


# ---- 20.11: stacked with a commander in command ----

def longstreet_and_early():
    return [army(hex="0"), corps("Longstreet", "3", corps="I"), corps("Ewell", "20", cv=2, corps="II"),
            division("Early", "3", corps="II", div="Early"),
            brigade("Hays", "4", corps="II", div="Early", brig="Hays")]


def early_units():
    return [regiment("6th Louisiana", "3", corps="II", div="Early", brig="Hays"),   # stacked with Early
            regiment("7th Louisiana", "6", corps="II", div="Early", brig="Hays"),   # 2 from Hays
            regiment("8th Louisiana", "7", corps="II", div="Early", brig="Hays"),   # next to the 7th
            battery("Hood's battery", "3", corps="I", div="Hood")]


def test_20_11_worked_example_longstreet_puts_early_in_command(charts):
    dice = Dice(Lee=1, Longstreet=6, Ewell=6, Early=1)
    result = run(charts, longstreet_and_early(), early_units(), dice=dice)
    assert result.in_command("Longstreet")
    early = result.status("Early")
    assert early.in_command and early.clause == "20.11" and "Longstreet" in early.why
    assert "Early command (CV 4)" in dice.asked                # he then rolls as in command for his brigades
    assert [s.clause for s in result.steps if s.commander == "Early"] == ["20.4 step 3 case 1"]
    assert result.in_command("Hays")
    assert result.status("6th Louisiana").clause == "20.11"
    assert result.status("Hood's battery").clause == "20.11"  # another chain: any unit stacked with him
    assert result.status("7th Louisiana").clause == "20.5"
    assert result.in_command("8th Louisiana")                  # passed on by the 7th (the example's note)


def test_20_11_worked_example_without_longstreet_early_rolls_his_own(charts):
    dice = Dice(Lee=1, Longstreet=6, Ewell=6, Early=6)
    commanders = [c if c.name != "Longstreet" else corps("Longstreet", "30") for c in longstreet_and_early()]
    result = run(charts, commanders, early_units(), dice=dice)
    assert not result.in_command("Longstreet") and not result.in_command("Early")
    assert [s.clause for s in result.steps if s.commander == "Early"] == ["20.4 step 3 case 2"]
    assert not result.in_command("Hays") and not result.in_command("7th Louisiana")


def test_20_11_only_lower_ranked_commanders(charts):
    commanders = [army(), corps("Hill", "8", corps="III"), division("Heth", "12", corps="III", div="Heth"),
                  corps("Ewell", "12", corps="II")]
    result = run(charts, commanders, dice=Dice(Lee=1, Hill=1, Ewell=6, Heth=6))
    assert result.in_command("Heth")
    assert not result.in_command("Ewell")        # 12 hexes from Lee; stacked with Heth, who ranks below him


# ---- 20.5, 20.6: regiments ----

def brigade_line():
    return [army(), corps("C", "6"), division("D", "6", corps="I", div="D"), brigade("B", "10")]


def test_20_5_regiments_within_2_and_chained(charts):
    units = [regiment("r12", "12"), regiment("r13", "13"), regiment("r14", "14"), regiment("r16", "16"),
             regiment("other", "11", brig="X")]
    result = run(charts, brigade_line(), units, dice=Dice(Lee=1, C=1, D=6))   # D (stacked with C): 6 - 1 = 5 > 4
    assert not result.in_command("B")
    assert not any(result.in_command(u.name) for u in units)
    assert "20.6" in result.status("r12").clause
    result = run(charts, brigade_line(), units, dice=Dice(Lee=1, C=1, D=1))
    assert result.status("r12").clause == "20.5" and "within 2" in result.status("r12").why
    assert result.in_command("r13") and result.in_command("r14")   # 3 and 4 hexes: chained
    assert not result.in_command("r16")                             # 2 hexes from the last in command
    assert not result.in_command("other")                           # another brigade's


def test_22_3_detached_regiments_only_with_their_army_corps_or_division_commander(charts):
    commanders = brigade_line() + [division("E", "9", corps="I", div="E")]
    units = [regiment("near", "11", detached=True), regiment("with D", "6", detached=True),
             regiment("with E", "9", detached=True), regiment("with B", "10", detached=True)]
    result = run(charts, commanders, units, dice=Dice(Lee=1, C=1, D=1, E=6))
    assert not result.in_command("near")          # 1 hex from its in-command brigade commander
    assert result.status("with D").in_command and result.status("with D").clause == "22.3, 20.11"
    assert result.in_command("E") and not result.in_command("with E")   # another division's commander
    assert not result.in_command("with B")        # a brigade commander does not
    assert result.in_command("B")


# ---- 20.8, 20.10: artillery ----

def test_20_8_artillery_in_range_of_an_in_command_commander_of_its_chain(charts):
    commanders = [army(hex="0"), corps("C", "8", corps="I"), corps("K", "-20", corps="II")]
    units = [battery("corps guns", "12"), battery("corps guns far", "14"), battery("other corps", "10", corps="II"),
             battery("K guns", "-22", corps="II")]
    result = run(charts, commanders, units, dice=Dice(Lee=1, C=6, K=6))
    assert result.in_command("corps guns") and not result.in_command("corps guns far")   # 4 and 6 from C
    assert "C (in command)" in result.status("corps guns").why
    assert not result.in_command("other corps")     # 2 from C, of another corps
    assert not result.in_command("K guns")          # K failed his own-initiative roll: 6 > 4


def test_20_8_artillery_in_range_of_the_army_commander_in_command(charts):
    commanders = [army(hex="0"), corps("C", "30")]
    units = [battery("guns", "8", corps="II"), battery("far guns", "9", corps="II")]
    result = run(charts, commanders, units, dice=Dice(Lee=1, C=6))
    assert result.in_command("guns") and "Lee (the army commander)" in result.status("guns").why
    assert not result.in_command("far guns")


def test_20_3_20_8_an_army_commander_out_of_command_puts_no_artillery_in_command(charts):
    commanders = [army(hex="0"), corps("C", "30")]
    result = run(charts, commanders, [battery("guns", "8", corps="II")], dice=Dice(Lee=6, C=6))
    assert not result.in_command("Lee") and not result.in_command("guns")
    assert result.status("guns").clause == "20.8"
    assert result.status("guns").why.endswith("(Lee, the army commander, is out of command (20.3))")


def test_20_3_20_8_an_acting_army_commander_out_of_command_puts_no_artillery_in_command(charts):
    commanders = [division("Buford", "0", cv=5, corps="Cavalry", div="Buford")]
    units = [battery("Calef", "4", corps="Cavalry", div="Buford")]
    result = run(charts, commanders, units, dice=Dice(Buford=6), acting="Buford")   # army roll, then his own: 6 > 5
    assert not result.in_command("Buford") and not result.in_command("Calef")


# ---- 20.3, 20.4 case 2: in command on his own initiative (option command_own_initiative) ----

def own_initiative():
    """K, corps commander 20 hexes from Lee, with a division commander of another corps stacked with
    him and one of his own 3 hexes away; D, a division commander 12 hexes from his corps commander."""
    commanders = [army(hex="0"), corps("K", "20", corps="II"), division("Pender", "20", corps="III", div="Pender"),
                  division("Rodes", "23", corps="II", div="Rodes"), corps("C", "6", corps="I"),
                  division("D", "18", cv=3, corps="I", div="D", shattered=1),
                  brigade("B", "21", corps="I", div="D", brig="B")]
    units = [battery("K guns", "16", corps="II"), regiment("with K", "20", corps="II", div="Rodes", brig="R"),
             regiment("with D", "18", corps="I", div="D", brig="X", detached=True), battery("D guns", "14", div="D")]
    return commanders, units


def test_20_3_20_4_case_2_on_his_own_initiative_he_is_in_command(charts):
    commanders, units = own_initiative()
    dice = Dice(Lee=1, K=4, Pender=6, Rodes=6, C=6, D=2)     # K: 4 <= 4; D: 2 + 1 shattered <= 3
    result = run(charts, commanders, units, dice=dice)
    k = result.status("K")
    assert k.in_command and k.clause == "20.4 step 2 case 2, 20.3" and k.why.startswith("on his own initiative")
    assert k.own_initiative and not result.status("Pender").own_initiative
    assert "(20.4 step 2 case 2, 20.3)" in k.text
    assert result.in_command("Rodes")                              # 3 hexes: his subordinate, as before
    assert result.status("Pender").clause == "20.11"                # stacked with him (20.11)
    assert [s.clause for s in result.steps if s.commander == "Pender"] == ["20.4 step 3 case 1"]
    assert result.status("with K").clause == "20.11"
    assert result.in_command("K guns") and "K (in command)" in result.status("K guns").why      # 20.8, 4 hexes
    d = result.status("D")
    assert d.in_command and d.clause == "20.4 step 3 case 2, 20.3"
    assert result.in_command("B")
    assert result.status("with D").clause == "22.3, 20.11"          # detached, stacked with him (22.3)
    assert result.in_command("D guns")                              # 4 hexes from D (20.8)
    failed = run(charts, commanders, units, dice=Dice(Lee=1, K=5, Pender=6, Rodes=6, C=6, D=3))
    assert not failed.in_command("K") and not failed.in_command("K guns") and not failed.in_command("with D")


def test_20_3_20_4_case_2_own_initiative_option_subordinates_only(charts, tmp_path):
    commanders, units = own_initiative()
    dice = Dice(Lee=1, K=4, Pender=6, Rodes=6, C=6, D=2)
    result = run(with_options(tmp_path, command_own_initiative="subordinates_only"), commanders, units, dice=dice)
    assert result.in_command("Rodes") and result.in_command("B")   # his subordinates only
    assert not result.in_command("K") and not result.in_command("D")
    assert 'command_own_initiative = "subordinates_only"' in result.status("K").why
    assert not result.in_command("Pender")                         # 20.11 needs him in command: Pender rolls case 2
    assert [s.clause for s in result.steps if s.commander == "Pender"] == ["20.4 step 3 case 2"]
    assert not result.in_command("with K") and not result.in_command("K guns")
    assert not result.in_command("with D") and not result.in_command("D guns")


def test_20_8_artillery_range_option_both_ways(charts, tmp_path):
    commanders = [army(hex="0"), corps("C", "8")]
    units = [battery("guns", "11")]                 # 3 from C, 11 from Lee
    assert run(charts, commanders, units, dice=Dice(Lee=1, C=6)).in_command("guns")
    regiment_range = with_options(tmp_path, command_artillery_range="regiment")
    result = run(regiment_range, commanders, units, dice=Dice(Lee=1, C=6))
    assert not result.in_command("guns") and "beyond 2" in result.status("guns").why


def test_20_10_brigade_commander_commands_artillery_of_his_division_only(charts):
    commanders = [army(hex="-20"), corps("C", "-13"), division("D", "-8", div="D"), division("E", "-8", div="E"),
                  brigade("B", "-3", div="D")]
    units = [battery("D guns", "-1", div="D"), battery("E guns", "-1", div="E")]
    result = run(charts, commanders, units, dice=Dice(Lee=1, C=1, D=1, E=6))
    assert result.in_command("B") and result.in_command("E")
    assert result.status("D guns").in_command and result.status("D guns").why.startswith("in range of B")
    assert not result.in_command("E guns")          # 7 from E: beyond 5; B is of another division


# ---- 20.11: the trace (options) ----

def test_20_11_command_distance_option_both_ways(charts, tmp_path):
    commanders = [army(hex="0"), corps("C", "7")]
    detour = line(**{"0_7": Reach(7, 9)})          # 7 hexes away, the trace goes round an enemy zone: 9
    assert not run(charts, commanders, dice=Dice(Lee=1, C=6), distance=detour).in_command("C")
    hexes = with_options(tmp_path, command_distance="hexes")
    assert run(hexes, commanders, dice=Dice(Lee=1, C=6), distance=detour).in_command("C")
    cut = line(**{"0_7": Reach(7, None)})          # no trace at all
    assert not run(hexes, commanders, dice=Dice(Lee=1, C=6), distance=cut).in_command("C")


def test_20_11_trace_into_enemy_zone_option_both_ways(charts, tmp_path):
    commanders = [army(hex="0"), corps("C", "3")]
    zoned = line(**{"0_3": Reach(3, 3, end_zoned=True)})
    assert run(charts, commanders, dice=Dice(Lee=1, C=6), distance=zoned).in_command("C")
    clear = with_options(tmp_path, command_trace_end="clear")
    result = run(clear, commanders, dice=Dice(Lee=1, C=6), distance=zoned)
    assert not result.in_command("C") and "enemy zone" in result.status("C").why


def test_reach_facts_from_a_mapping():
    reach = reach_facts({("0101", "0103"): 2, ("0101", "0110"): Reach(9, None)})
    assert reach("0103", "0101") == Reach(2, 2) and reach("0105", "0105").path == 0
    options = {"command_distance": "path", "command_trace_end": "into"}
    assert within(reach("0101", "0103"), 2, options)[0] and not within(reach("0101", "0103"), 1, options)[0]
    assert not within(reach("0101", "0110"), 20, options)[0]
    with pytest.raises(KeyError, match="0101 to 0104"):
        reach("0101", "0104")


# ---- chart values are read from the chart file ----

def test_20_4_ranges_come_from_the_chart_file(tmp_path):
    text = DEMO.read_text().replace("army_range = 8 ", "army_range = 9 ")
    commanders = [army(hex="0"), corps("C", "9")]
    assert run(with_options(tmp_path, text), commanders, dice=Dice(Lee=1, C=6)).in_command("C")
    blank = DEMO.read_text().replace("army_range = 8 ", 'army_range = "" ')
    with pytest.raises(ChartError, match=r"\[command\] army_range is not filled in"):
        run(with_options(tmp_path, blank), commanders, dice=Dice(Lee=1, C=6))


def test_commanders_need_a_cv_and_a_formation(charts):
    with pytest.raises(ValueError, match="Longstreet: a corps commander has a command value"):
        run(charts, [army(), Commander("Longstreet", "corps", "1", corps="I")], dice=Dice(Lee=1))
    with pytest.raises(ValueError, match="names the division he commands"):
        run(charts, [army(), Commander("Hood", "division", "1", 3, corps="I")], dice=Dice(Lee=1))


# ---- 20.13: the acting army commander ----

def test_20_13_acting_commander_rolls_his_own_cv_at_army_range(charts):
    commanders = [division("Buford", "0", cv=5, corps="Cavalry", div="Buford"), corps("Reynolds", "8", corps="I"),
                  brigade("Gamble", "4", corps="Cavalry", div="Buford"), brigade("Devin", "7", corps="Cavalry", div="Buford")]
    result = run(charts, commanders, dice=Dice(Buford=5, Reynolds=6), acting="Buford")
    assert result.steps[0].clause == "20.4 step 1, 20.13" and result.steps[0].cv == 5
    assert result.in_command("Reynolds")                       # 8 hexes: the army commander's range
    # option command_acting_formation = "rolls": Buford then rolls for his brigades, in command: 5 - 1 <= 5
    assert [s.clause for s in result.steps if s.commander == "Buford"] == ["20.4 step 1, 20.13", "20.4 step 3 case 1"]
    assert result.in_command("Gamble") and not result.in_command("Devin")   # 4 and 7 hexes: his 5


def test_20_13_acting_formation_option_army_roll(charts, tmp_path):
    commanders = [division("Buford", "0", cv=5, corps="Cavalry", div="Buford"),
                  brigade("Gamble", "4", corps="Cavalry", div="Buford"), brigade("Devin", "7", corps="Cavalry", div="Buford"),
                  brigade("Far", "9", corps="Cavalry", div="Buford")]
    army_roll = with_options(tmp_path, command_acting_formation="army_roll")
    dice = Dice(Buford=5)
    result = run(army_roll, commanders, dice=dice, acting="Buford")
    assert len(dice.asked) == 1                                 # no second roll
    assert result.in_command("Gamble") and result.in_command("Devin") and not result.in_command("Far")
    assert result.status("Devin").clause == "20.13"


def test_20_13_the_absent_army_commander_is_out(charts):
    commanders = [army(hex="40"), corps("Ewell", "0", corps="II")]
    result = run(charts, commanders, dice=Dice(Ewell=1), acting="Ewell")
    assert not result.in_command("Lee") and result.status("Lee").clause == "20.13"


def test_20_13_worked_example_union_buford_until_in_reynolds_range(charts, tmp_path):
    buford = division("Buford", "0", cv=5, corps="Cavalry", div="Buford")
    first = ac.acting_army_commander([buford], None, line(), charts)
    assert first.name == "Buford" and first.why == "the highest ranked commander on the map"
    far = [buford, corps("Reynolds", "7", corps="I")]
    stays = ac.acting_army_commander(far, "Buford", line(), charts)
    assert stays.name == "Buford" and stays.relieved == ()
    army_range = with_options(tmp_path, command_relief_range="army")      # 7 hexes: within 8, not 5
    assert ac.acting_army_commander(far, "Buford", line(), army_range).name == "Reynolds"
    near = [buford, corps("Reynolds", "5", corps="I")]
    takes = ac.acting_army_commander(near, "Buford", line(), charts)
    assert takes.name == "Reynolds" and takes.relieved == ("Buford",) and "within 5" in takes.why


def test_20_13_worked_example_confederate_heth_hill_ewell_lee(charts):
    heth = division("Heth", "0", cv=4, corps="III", div="Heth")
    act = ac.acting_army_commander([heth], None, line(), charts).name
    assert act == "Heth"
    hill = corps("Hill", "6", corps="III")
    assert ac.acting_army_commander([heth, hill], act, line(), charts).name == "Heth"
    hill = corps("Hill", "3", corps="III")
    act = ac.acting_army_commander([heth, hill], act, line(), charts).name
    assert act == "Hill"
    ewell = corps("Ewell", "9", corps="II")                      # 6 hexes from Hill: Hill retains command
    assert ac.acting_army_commander([heth, hill, ewell], act, line(), charts).name == "Hill"
    ewell = corps("Ewell", "7", corps="II")
    result = ac.acting_army_commander([heth, hill, ewell], act, line(), charts)
    assert result.name == "Ewell" and result.relieved == ("Hill",)
    act = result.name
    lee = army(hex="16")                                          # 9 hexes from Ewell
    assert ac.acting_army_commander([heth, hill, ewell, lee], act, line(), charts).name == "Ewell"
    lee = army(hex="15")
    assert ac.acting_army_commander([heth, hill, ewell, lee], act, line(), charts).name == "Lee"


def test_20_13_relieved_by_the_highest_in_range(charts):
    heth = division("Heth", "0", corps="III", div="Heth")
    result = ac.acting_army_commander([heth, corps("Hill", "2", corps="III"), corps("Ewell", "3", corps="II")],
                                      "Heth", line(), charts)
    assert result.name == "Ewell" and result.relieved == ("Heth",)


def test_20_13_lowest_numbered_corps_commander_outranks(charts):
    result = ac.acting_army_commander([corps("Hill", "0", corps="III"), corps("Ewell", "30", corps="II Corps")],
                                      None, line(), charts)
    assert result.name == "Ewell" and "lowest numbered" in result.why
    assert [ac.corps_number(n) for n in ("XI Corps", "IV", "2nd", "Cavalry")] == [11, 4, 2, None]


def test_20_13_the_army_commander_on_the_map_commands(charts):
    assert ac.acting_army_commander([corps("Hill", "0", corps="III"), army(hex="30")], None, line(), charts).name == "Lee"


def test_20_13_no_corps_commander_closest_to_the_enemy(charts):
    commanders = [division("Buford", "0", corps="Cavalry", div="Buford"), division("Wadsworth", "20", div="Wadsworth")]
    with pytest.raises(ValueError, match="distance to the nearest enemy unit"):
        ac.acting_army_commander(commanders, None, line(), charts)
    result = ac.acting_army_commander(commanders, None, line(), charts, enemy_distance={"Buford": 2, "Wadsworth": 6})
    assert result.name == "Buford" and "closest to an enemy unit (2 hexes)" in result.why


def test_20_13_a_new_acting_commander_when_the_last_is_gone(charts):
    result = ac.acting_army_commander([corps("Hill", "0", corps="III")], "Heth", line(), charts)
    assert result.name == "Hill" and result.why.startswith("Heth is no longer on the map")
