"""The smaller Lee Invades the North procedures on the demo game (adjutant_plugins.litn.demo): reaction
(8.5), leaving an enemy-occupied hex (8.3), morale recovery (12), combat supply and wagon depletion
(10.2), replacements (15.2), the odds of a broadcast (7.1) and the LIN move check (8.1-8.3). Games
that need units elsewhere than the demo puts them are made by moving pieces in a copy of the demo
save (game.move_piece) written to tmp_path."""
import json
import math
import tomllib
import zipfile
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.litn import plugin
from test_litn import CHARTS, E2_ROLLS, commanded, line_of, lines, property_of, run
from test_litn_demo import STRENGTHS

BOARD = "LIN Demo Board"
CHART = tomllib.loads(CHARTS.read_text(encoding="utf-8"))
RIDGES = ["1211", "1212", "1312", "1313", "1314", "1316", "1317", "1417", "1418"]


def place(game, name, hex_name):
    """Moves the piece called `name` to the centre of a hex of the demo board."""
    piece = next(p for p in game.pieces if p.name == name)
    x, y = game.map(piece.map).point_of(hex_name, BOARD)
    game.move_piece(piece.id, piece.map, x, y)


def moved_demo(litn_demo, folder, moves, companion=None):
    """A copy of the demo save with pieces moved ({name: hex}), as a demo `run` takes."""
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    for name, hex_name in moves.items():
        place(game, name, hex_name)
    folder.mkdir(exist_ok=True)
    game.save(str(folder / "litn-demo.vsav"))
    again = adjutant.open_game(str(folder / "litn-demo.vsav"), module)
    for name, hex_name in moves.items():
        assert next(p for p in again.pieces if p.name == name).location == hex_name, name
    return SimpleNamespace(dir=folder, module=litn_demo.module, companion=companion or litn_demo.companion)


def run_for(demo, procedure, side, viewer="referee", rolls=(), **parameters):
    """`run`, with the procedure's own side= (whose procedure) apart from the viewer."""
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"), module)
    companion = adjutant.open_companion(str(demo.companion), module)
    context = Context(module, companion, game, "litn-demo.vsav", charts=str(CHARTS), rolls=Rolls(1, rolls),
                      side=viewer)
    return plugin.tasks[procedure].run(context, side=side, **parameters), game


def movement(demo):
    module = adjutant.open_module(str(demo.module))
    return adjutant.open_companion(str(demo.companion), module).movement("Main Map")


def reacting(report):
    return {l.data["leader"]: l for l in lines(report, "Stacks that may react") if "leader" in l.data}


def half_allowance(unit_type):
    """8.5: half the chart's basic allowance, rounded down (the demo's ma_rounding)."""
    return Fraction(math.floor(Fraction(CHART["movement_allowance"][unit_type]) / 2))


# ---- 8.5 reaction ----

def test_reaction_zone_of_fitz_lee_is_his_initiative_in_hexes(litn_demo):
    mv = movement(litn_demo)
    # E10: Fitz Lee has initiative 2, so his reaction zone reaches two hexes.
    assert property_of(adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav")), "Fitz Lee", "Init") == "2"
    assert mv.distance("1122", "1022") == 1 and mv.distance("1122", "1124") == 2 and mv.distance("1122", "1422") == 3
    for hex_name in ("1022", "1124"):
        report, _ = run(litn_demo, "reaction", side="Confederate", hex=hex_name)
        fitz = reacting(report)["Fitz Lee"]
        assert fitz.data["hex"] == "1122"
        assert fitz.data["chance"] == Fraction(2, 6)
        # A lone cavalry division: half the cavalry allowance (demo charts: 12 -> 6).
        assert fitz.data["mp"] == half_allowance("cavalry") == 6
        assert "roll" not in fitz.data
    far, _ = run(litn_demo, "reaction", side="Confederate", hex="1422")
    assert "Fitz Lee" not in reacting(far)
    assert all(mv.terrain(h) == "clear" for h in mv.path("1122", "1422", ["reaction"]).hexes)
    # The hex is not out of everyone's reach: Stuart (initiative 3) two hexes away reacts to it.
    assert reacting(far)["Stuart"].data["chance"] == Fraction(3, 6)


def test_reaction_of_a_stack_halves_its_allowance_after_stacking(litn_demo, tmp_path):
    # 1622 with Hood: four of Longstreet's divisions, two more than two: 9 - 2 = 7, halved to 3.
    demo = moved_demo(litn_demo, tmp_path / "hood", {"Hood": "1622"})
    report, _ = run(demo, "reaction", side="Confederate", hex="1422")
    lee = reacting(report)["R.E. Lee"]
    assert lee.data["mp"] == half_allowance("infantry") - 1 == 3
    assert lee.data["chance"] == Fraction(3, 6)
    # The Union at 2715: McClellan (initiative 1) with II Corps and the artillery, which counts as a
    # corps: the slowest type (artillery, 8) less 1 for the second corps, 7, halved to 3.
    union, _ = run(litn_demo, "reaction", side="Union", hex="2615")
    mcclellan = reacting(union)["McClellan"]
    assert CHART["movement_allowance"]["artillery"] < CHART["movement_allowance"]["infantry"]
    assert (mcclellan.data["hex"], mcclellan.data["chance"]) == ("2715", Fraction(1, 6))
    assert mcclellan.data["mp"] == math.floor(Fraction(CHART["movement_allowance"]["artillery"] - 1, 2)) == 3


def test_the_given_roll_decides_whether_the_stack_reacts(litn_demo):
    report, _ = run(litn_demo, "reaction", side="Confederate", hex="1022", roll=True,
                    rolls=["reaction Fitz Lee=2", "reaction Stuart=4"])
    stacks = reacting(report)
    assert (stacks["Fitz Lee"].data["roll"], stacks["Fitz Lee"].data["reacts"]) == (2, True)
    assert (stacks["Stuart"].data["roll"], stacks["Stuart"].data["reacts"]) == (4, False)
    report, _ = run(litn_demo, "reaction", side="Confederate", hex="1022", roll=True,
                    rolls=["reaction Fitz Lee=3", "reaction Stuart=3"])
    stacks = reacting(report)
    assert (stacks["Fitz Lee"].data["roll"], stacks["Fitz Lee"].data["reacts"]) == (3, False)
    assert (stacks["Stuart"].data["roll"], stacks["Stuart"].data["reacts"]) == (3, True)
    assert {r.purpose for r in report.rolls} == {"reaction Fitz Lee", "reaction Stuart"}
    assert all(r.given for r in report.rolls)


def test_an_enemy_entering_the_stacks_own_hex_makes_it_roll_to_leave(litn_demo):
    own, _ = run(litn_demo, "reaction", side="Confederate", hex="1122")
    assert "must first leave the enemy in its hex (leave-hex)" in reacting(own)["Fitz Lee"].text
    beside, _ = run(litn_demo, "reaction", side="Confederate", hex="1022")
    assert "leave-hex" not in reacting(beside)["Fitz Lee"].text


def test_a_ridge_blocks_the_reaction_zone(litn_demo, tmp_path):
    # Fitz Lee west of South Mountain: 1414 is two hexes away, but both hexes between are ridges.
    demo = moved_demo(litn_demo, tmp_path / "ridge", {"Fitz Lee": "1214"})
    mv = movement(demo)
    assert mv.distance("1214", "1414") == 2 and mv.terrain("1414") == "clear"
    between = [h for h in RIDGES if mv.distance("1214", h) == 1 and mv.distance(h, "1414") == 1]
    assert sorted(between) == ["1313", "1314"] and all(mv.terrain(h) == "ridge" for h in between)
    blocked, _ = run(demo, "reaction", side="Confederate", hex="1414")
    assert "Fitz Lee" not in reacting(blocked)
    # The same distance elsewhere is in his zone, beside a ridge (1216, next to 1316) too.
    for hex_name in ("1014", "1216"):
        assert mv.distance("1214", hex_name) == 2
        report, _ = run(demo, "reaction", side="Confederate", hex=hex_name)
        assert reacting(report)["Fitz Lee"].data["hex"] == "1214", hex_name
    ridge, _ = run(demo, "reaction", side="Confederate", hex="1313")
    assert "Fitz Lee" not in reacting(ridge), "a reaction zone never extends into a ridge hex"


# ---- 8.3 leaving an enemy-occupied hex ----

@pytest.mark.parametrize("union, modifier", [("I Corps (Hooker)", 1), ("XII Corps (Mansfield)", 0),
                                             ("IX Corps (Burnside)", -1)])
def test_leaving_follows_the_initiative_comparison(litn_demo, tmp_path, union, modifier):
    demo = moved_demo(litn_demo, tmp_path / "shared", {union: "1924"})
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"))
    theirs, own = int(property_of(game, union, "Init")), int(property_of(game, "D.H. Hill", "Init"))
    assert own == 2 and (theirs > own) - (theirs < own) == modifier
    # The largest roll that still leaves is D.H. Hill's initiative less the modifier.
    best = own - modifier
    report, _ = run(demo, "leave-hex", side="Confederate", hex="1924", rolls=[f"leave 1924 D.H. Hill={best}"])
    line = line_of(report, "Leaving 1924", leader="D.H. Hill")
    assert (line.data["enemy"], line.data["modifier"], line.data["roll"], line.data["leaves"]) == (
        union, modifier, best, True)
    assert "paying 1 MP more" in line.text
    report, _ = run(demo, "leave-hex", side="Confederate", hex="1924", rolls=[f"leave 1924 D.H. Hill={best + 1}"])
    line = line_of(report, "Leaving 1924", leader="D.H. Hill")
    assert (line.data["modifier"], line.data["roll"], line.data["leaves"]) == (modifier, best + 1, False)
    assert "may not move this phase" in line.text


def test_leaving_a_hex_without_enemy_combat_units_needs_no_roll(litn_demo):
    report, _ = run(litn_demo, "leave-hex", side="Confederate", hex="1924", rolls=["leave*=6"])
    assert [l.text for l in lines(report, "Leaving 1924")] == [
        "the whole stack in 1924: D.H. Hill (units= names fewer)", "no enemy combat unit in 1924: the force leaves freely"]
    assert report.rolls == []


def test_a_masked_enemy_leader_counts_as_on_the_table_but_is_not_named(litn_demo, tmp_path):
    # VI Corps (Franklin) is masked by the Union player: his counter still gives the modifier (his
    # initiative 1 against D.H. Hill's 2: -1), but the Confederate's report does not name him.
    demo = moved_demo(litn_demo, tmp_path / "masked", {"VI Corps (Franklin)": "1924"})
    report, _ = run(demo, "leave-hex", side="Confederate", hex="1924", rolls=["leave 1924 D.H. Hill=2"])
    line = line_of(report, "Leaving 1924", leader="D.H. Hill")
    assert (line.data["enemy"], line.data["modifier"], line.data["leaves"]) == ("an enemy unit", -1, True)
    assert "Franklin" not in report.text() and "initiative 1" not in line.text
    referee, _ = run_for(demo, "leave-hex", "Confederate", rolls=["leave 1924 D.H. Hill=2"], hex="1924")
    line = line_of(referee, "Leaving 1924", leader="D.H. Hill")
    assert (line.data["enemy"], line.data["modifier"], line.data["leaves"]) == ("VI Corps (Franklin)", -1, True)


def test_the_highest_ranking_enemy_leader_counts_even_when_masked(litn_demo, tmp_path):
    # Hooker (rank 4, initiative 3) outranks the masked Franklin (rank 5): +1, for every reader.
    demo = moved_demo(litn_demo, tmp_path / "both", {"I Corps (Hooker)": "1924", "VI Corps (Franklin)": "1924"})
    for viewer in ("Confederate", "Union", "referee"):
        report, _ = run_for(demo, "leave-hex", "Confederate", viewer, rolls=["leave 1924 D.H. Hill=2"], hex="1924")
        line = line_of(report, "Leaving 1924", leader="D.H. Hill")
        assert (line.data["enemy"], line.data["modifier"], line.data["leaves"]) == ("I Corps (Hooker)", 1, False)


# ---- 12 morale recovery ----

def demoralizing_companion(litn_demo, folder, names):
    """A copy of the demo companion file whose [[units.rule]] make the named units demoralized
    whatever their counters say."""
    text = litn_demo.companion.read_text(encoding="utf-8")
    for name in names:
        text += f'\n[[units.rule]]\nname = "{name}"\nset = {{ demoralized = "true" }}\n'
    folder.mkdir(exist_ok=True)
    path = folder / "companion.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_no_demoralized_unit_no_roll(litn_demo):
    report, _ = run(litn_demo, "morale-recovery", side="Confederate", rolls=["morale*=1"])
    assert [l.text for l in lines(report, "Morale recovery")] == ["no demoralized Confederate unit"]
    assert report.rolls == []


def test_morale_recovery_on_initiative_plus_one(litn_demo, tmp_path):
    folder = tmp_path / "morale"
    companion = demoralizing_companion(litn_demo, folder, ["Hampton", "R.H. Anderson", "Lawton", "Fitz Lee"])
    # Stuart, the cavalry commander (initiative 3), joins Lawton and Fitz Lee in 1629.
    demo = moved_demo(litn_demo, folder, {"Stuart": "1629", "Fitz Lee": "1629"}, companion=companion)
    rolls = ["morale Hampton=3", "morale R.H. Anderson=4", "morale Lawton=4", "morale Fitz Lee=4"]
    report, _ = run(demo, "morale-recovery", side="Confederate", rolls=rolls)
    got = {l.data["unit"]: (l.data["initiative"], l.data["roll"], l.data["recovers"])
           for l in lines(report, "Morale recovery")}
    assert got == {
        "Hampton": (2, 3, True),          # alone: his own initiative 2, + 1
        "R.H. Anderson": (3, 4, True),    # initiative 1, but stacked with Lee (department leader, 3)
        "Lawton": (2, 4, False),          # the cavalry commander helps cavalry only
        "Fitz Lee": (3, 4, True),         # cavalry with Stuart: Stuart's 3
    }
    assert "R.E. Lee's initiative 3" in line_of(report, "Morale recovery", unit="R.H. Anderson").text
    # Recovered units are written back to their counters' Demoralized property (the rule above only
    # made them demoralized for the test; the save is what the players see).
    assert "turn its marker over" not in line_of(report, "Morale recovery", unit="Hampton").text
    # The other side has none.
    union, _ = run(demo, "morale-recovery", side="Union")
    assert [l.text for l in lines(union, "Morale recovery")] == ["no demoralized Union unit"]


# ---- 10.2 combat supply ----

def test_combat_supply_from_the_wagon_along_the_road(litn_demo):
    report, _ = run(litn_demo, "combat-supply", side="Confederate", hex="1622", rolls=["depletion*=1"])
    supplied = {l.data["unit"]: l.data for l in lines(report, "Confederate combat supply in 1622") if "unit" in l.data}
    assert set(supplied) == {"McLaws", "R.H. Anderson", "Walker"}, "combat units only: not Lee nor Longstreet"
    for name, data in supplied.items():
        assert (data["supplied"], data["source"], data["path"]) == (True, "1721", ["1622", "1721"]), name
        assert "the wagon Confederate Wagon at 1721, 1/2 MP" in line_of(report, "Confederate", unit=name).text
    # One depletion roll for the wagon, however many units it supplies.
    assert [r.purpose for r in report.rolls] == ["depletion Confederate Wagon"]


@pytest.mark.parametrize("pitched, roll, depleted", [(False, 5, False), (False, 6, True), (True, 4, False),
                                                     (True, 5, True)])
def test_wagon_depletion(litn_demo, pitched, roll, depleted):
    report, game = run(litn_demo, "combat-supply", side="Confederate", hex="1622", pitched=pitched,
                       rolls=[f"depletion Confederate Wagon={roll}"])
    line = line_of(report, "Confederate combat supply", wagon="Confederate Wagon")
    assert (line.data["roll"], line.data["depleted"]) == (roll, depleted)
    # The demo's wagons carry the Depletion marker as a property: set, not yet the depleted side.
    assert property_of(game, "Confederate Wagon", "Depletion") == ("true" if depleted else "false")
    assert property_of(game, "Confederate Wagon", "Depleted") == "false"


def test_10_2_a_wagon_depleted_in_a_combat_still_supplies_for_the_rest_of_the_phase(litn_demo, tmp_path):
    # Two battles in 1622 in one Combat Phase, each run on the save the one before wrote: the wagon
    # that got its Depletion marker in the first still supplies in the second and rolls no more; at
    # the end of the phase it turns to its depleted side, and from then on it supplies no one.
    folder = tmp_path / "phase"
    folder.mkdir()
    demo = SimpleNamespace(dir=folder, module=litn_demo.module, companion=litn_demo.companion)
    first, game = run(litn_demo, "combat-supply", side="Confederate", hex="1622", pitched=True,
                      rolls=["depletion*=6"])
    assert line_of(first, "Confederate combat supply", wagon="Confederate Wagon").data["depleted"] is True
    game.save(str(folder / "first.vsav"))
    second, game = run(demo, "combat-supply", "first.vsav", side="Confederate", hex="1622", rolls=["depletion*=6"])
    assert all(l.data["supplied"] for l in lines(second, "Confederate combat supply in 1622") if "unit" in l.data)
    assert second.rolls == [] and "already has a Depletion marker" in lines(second, "Confederate combat supply")[-1].text
    game.save(str(folder / "second.vsav"))
    end, game = run(demo, "wagon-depletion", "second.vsav", side="Confederate")
    assert [l.data["wagon"] for l in lines(end, "Confederate wagon depletion")] == ["Confederate Wagon"]
    assert (property_of(game, "Confederate Wagon", "Depleted"), property_of(game, "Confederate Wagon", "Depletion")) \
        == ("true", "false")
    game.save(str(folder / "after.vsav"))
    later, _ = run(demo, "combat-supply", "after.vsav", side="Confederate", hex="1622")
    assert not any(l.data.get("supplied") for l in lines(later, "Confederate combat supply in 1622") if "unit" in l.data)


def test_a_depot_in_reach_spares_the_wagon_its_depletion_roll(litn_demo):
    # 2715 holds the Union Wagon, but Baltimore's depot (3015) is 1 1/2 MP down the National Road.
    report, _ = run(litn_demo, "combat-supply", side="Union", hex="2715", pitched=True, rolls=["depletion*=6"])
    supplied = {l.data["unit"]: l.data for l in lines(report, "Union combat supply in 2715") if "unit" in l.data}
    assert set(supplied) == {"II Corps (Sumner)", "Artillery Reserve"}
    for name, data in supplied.items():
        assert (data["source"], data["path"]) == ("3015", ["2715", "2815", "2915", "3015"]), name
    assert report.rolls == [] and not any("wagon" in l.data for l in lines(report, "Union combat supply"))


def test_an_enemy_combat_unit_cuts_the_supply_line(litn_demo, tmp_path):
    # Hooker on the wagon's hex: a line may not enter a hex of enemy combat units (but the battle hex).
    demo = moved_demo(litn_demo, tmp_path / "cut", {"I Corps (Hooker)": "1721"})
    report, _ = run(demo, "combat-supply", side="Confederate", hex="1622", rolls=["depletion*=6"])
    for line in lines(report, "Confederate combat supply in 1622"):
        assert line.data["supplied"] is False, line.text
        assert "no Pitched Battle or Assault" in line.text
    assert report.rolls == []


def test_units_in_a_depot_hex_use_it_though_the_enemy_is_there(litn_demo, tmp_path):
    # A battle in Winchester (1434), the Confederate depot: Hooker there bars it to Confederate units
    # elsewhere, not to Lawton in the hex (9.1).
    demo = moved_demo(litn_demo, tmp_path / "depot", {"Lawton": "1434", "I Corps (Hooker)": "1434", "Hood": "1533"})
    report, _ = run(demo, "combat-supply", side="Confederate", hex="1434")
    lawton = line_of(report, "Confederate combat supply in 1434", unit="Lawton")
    assert (lawton.data["supplied"], lawton.data["source"], lawton.data["path"]) == (True, "1434", ["1434"])
    assert "the depot at 1434" in lawton.text
    # Hood, one hex away on the road, may not use it: no wagon near him either.
    hood, _ = run(demo, "combat-supply", side="Confederate", hex="1533")
    assert line_of(hood, "Confederate combat supply in 1533", unit="Hood").data["supplied"] is False


def test_9_1_a_depot_hex_held_with_the_enemy_serves_its_own_hex_for_loc_attrition_and_supply(litn_demo, tmp_path):
    # Hooker in Winchester (1434), the only Confederate depot, with Stuart and Lawton: they use it
    # for their LOC (7.2), attrition exemption (11) and combat supply (10.2); Lee and Hood elsewhere may not.
    demo = moved_demo(litn_demo, tmp_path / "winchester",
                      {"Stuart": "1434", "Lawton": "1434", "I Corps (Hooker)": "1434", "Hood": "1533"})
    command, _ = run(demo, "command", side="Confederate", rolls=E2_ROLLS)
    stuart = line_of(command, "Lines of communication", leader="Stuart")
    assert (stuart.data["loc"], stuart.data["path"]) == (True, ["1434"])
    assert line_of(command, "Lines of communication", leader="R.E. Lee").data["loc"] is False
    attrition, _ = run(demo, "attrition", side="Confederate", rolls=["Confederate attrition=5"])
    lawton = line_of(attrition, "Confederate attrition", unit="Lawton")
    assert (lawton.data["exempt"], lawton.data["depot"]) == (True, "1434")
    assert "exempt" not in line_of(attrition, "Confederate attrition", unit="Hood").data
    supply, _ = run(demo, "combat-supply", side="Confederate", hex="1434")
    assert line_of(supply, "Confederate combat supply in 1434", unit="Lawton").data["supplied"] is True


# ---- 15.2 replacements ----

def replacement_line(report):
    return lines(report, "Confederate replacements")[0]


def test_replacement_points_by_turn(litn_demo):
    rules = CHART["replacements"]
    odd, _ = run(litn_demo, "replacements", side="Confederate")          # the demo's Turn is 5
    assert replacement_line(odd).data["points"] == rules["odd_turn_points"] == 1
    even, _ = run(litn_demo, "replacements", side="Confederate", turn=6)
    assert even.title == "Replacements (LIN 15.2)" and replacement_line(even).data["points"] == 2
    early, _ = run(litn_demo, "replacements", side="Confederate", turn=4)
    assert [l.text for l in lines(early, "Confederate replacements")] == [
        "none: replacements come in 1862 from turn 5"]
    later, _ = run(litn_demo, "replacements", side="Confederate", turn=6, year=1863)
    assert "points" not in replacement_line(later).data


def test_replacements_buy_cavalry_at_two_points_an_sp(litn_demo):
    report, game = run(litn_demo, "replacements", side="Confederate", unit="Fitz Lee", turn=6)
    assert "a cavalry SP 2" in replacement_line(report).text
    line = line_of(report, "Confederate replacements", unit="Fitz Lee")
    assert line.data["gained"] == 1
    assert property_of(game, "Fitz Lee", "Strength") == str(STRENGTHS["Fitz Lee"] + 1)
    # Infantry: 1 point an SP.
    report, game = run(litn_demo, "replacements", side="Confederate", unit="Lawton", turn=6)
    assert line_of(report, "Confederate replacements", unit="Lawton").data["gained"] == 2
    assert property_of(game, "Lawton", "Strength") == str(STRENGTHS["Lawton"] + 2)
    # Turn 5's single point buys no cavalry SP, and points cannot be saved.
    report, game = run(litn_demo, "replacements", side="Confederate", unit="Fitz Lee")
    assert line_of(report, "Confederate replacements", unit="Fitz Lee").data["gained"] == 0
    assert property_of(game, "Fitz Lee", "Strength") == str(STRENGTHS["Fitz Lee"])


def test_replacements_need_a_line_of_communications(litn_demo):
    # Farnsworth (Union cavalry) is more than four hexes from every road and rail hex: no LOC.
    report, game = run(litn_demo, "replacements", side="Union", unit="Farnsworth", turn=6)
    line = line_of(report, "Union replacements", unit="Farnsworth")
    assert line.data["gained"] == 0 and "no line of communications" in line.text
    assert property_of(game, "Farnsworth", "Strength") == str(STRENGTHS["Farnsworth"])
    with pytest.raises(ValueError, match="no Confederate infantry or cavalry unit named 'Jackson'"):
        run(litn_demo, "replacements", side="Confederate", unit="Jackson", turn=6)


def test_15_2_a_turns_points_may_go_to_several_units(litn_demo, tmp_path):
    # Turn 6: 2 points, 1 to Hood and 1 to McLaws, in two runs; a third finds none left.
    report, game = run(litn_demo, "replacements", side="Confederate", unit="Hood", points=1, turn=6)
    assert line_of(report, "Confederate replacements", unit="Hood").data["gained"] == 1
    game.save(str(tmp_path / "litn-demo.vsav"))
    demo = SimpleNamespace(dir=tmp_path, module=litn_demo.module, companion=litn_demo.companion)
    report, game = run(demo, "replacements", side="Confederate", unit="McLaws", turn=6)
    assert line_of(report, "Confederate replacements", unit="McLaws").data["gained"] == 1
    with pytest.raises(ValueError, match="points=2: give 1 to 1, the replacement points the Confederate has left"):
        run(demo, "replacements", side="Confederate", unit="McLaws", points=2, turn=6)


def test_a_demoralized_unit_receives_no_replacements(litn_demo, tmp_path):
    folder = tmp_path / "demoralized"
    companion = demoralizing_companion(litn_demo, folder, ["Lawton"])
    demo = moved_demo(litn_demo, folder, {}, companion=companion)
    report, game = run(demo, "replacements", side="Confederate", unit="Lawton", turn=6)
    line = line_of(report, "Confederate replacements", unit="Lawton")
    assert line.data["gained"] == 0 and "demoralized" in line.text
    assert property_of(game, "Lawton", "Strength") == str(STRENGTHS["Lawton"])


# ---- 7.1 odds ----

def chart_chances(column, modifier=0):
    """The chance of each result of the demo chart's broadcast column on d6 + modifier."""
    table = CHART["command_broadcast_table"]
    index = table["columns"].index(column)
    counts = Counter(table[str(roll + modifier)][index] for roll in range(1, 7))
    return {result: Fraction(n, 6) for result, n in counts.items()}


def test_odds_of_each_sender_to_pickett(litn_demo):
    report, _ = run(litn_demo, "odds", "litn-broadcast.vsav", receiver="Pickett")
    senders = {l.data["sender"]: l.data for l in lines(report, "Odds")}
    assert set(senders) == {"R.E. Lee", "Longstreet"}
    lee, longstreet = senders["R.E. Lee"], senders["Longstreet"]
    assert (lee["distance"], lee["column"]) == (9, "9-12")
    assert (longstreet["distance"], longstreet["column"]) == (4, "1-4")
    for data in (lee, longstreet):
        # Turn 5 of 1862: the Confederates' LOC exemption (said, worth 0) and the demo's year modifier of 0.
        assert set(data["modifiers"].values()) <= {0}
        assert sum(data["chances"].values()) == 1
        assert data["chances"] == chart_chances(data["column"]), data["sender"]
    assert lee["chances"] != longstreet["chances"]
    assert report.rolls == [], "odds roll nothing"


def test_odds_of_a_command_point_table_roll(litn_demo):
    report, _ = run(litn_demo, "odds", "litn-broadcast.vsav", sender="R.E. Lee")
    (line,) = lines(report, "Odds")
    table = CHART["command_point_table"]
    modifier = sum(line.data["modifiers"].values())
    rows = [min(max(roll + modifier, min(map(int, table))), max(map(int, table))) for roll in range(1, 7)]
    counts = Counter(f"{table[str(row)]} CP" for row in rows)
    assert line.data["chances"] == {result: Fraction(n, 6) for result, n in counts.items()}
    assert list(line.data["chances"].values()) == sorted(line.data["chances"].values(), reverse=True)
    assert report.rolls == [], "odds roll nothing"


# ---- the LIN move check ----

def judged(litn_demo, tmp_path, moves, name="moves.vlog"):
    """The moves check on a log of the comprehensive example's Command Phase (Lawton gets MA 3)
    followed by the given moves, each a step: {pieces: the last verdict on them}."""
    return {v.pieces: v for v in judged_in_order(litn_demo, tmp_path, moves, name)}


def judged_in_order(litn_demo, tmp_path, moves, name="moves.vlog"):
    """The verdicts of `judged`, in the log's order."""
    report, game = run(litn_demo, "command", side="Confederate", rolls=E2_ROLLS)
    assert line_of(report, "Broadcast", receiver="Lawton").data["cp"] == 1
    assert property_of(game, "Lawton", "MA") == "3"
    for piece, hex_name in moves:
        place(game, piece, hex_name)
    path = tmp_path / name
    game.save_log(str(path))
    module = adjutant.open_module(str(litn_demo.module))
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    log = adjutant.open_game(str(path), module)
    assert log.is_log and log.step_count >= len(moves)
    return plugin.tasks["moves"].run(Context(module, companion, log, str(path), charts=str(CHARTS)))


def test_lawton_moves_three_hexes_on_his_three_mp(litn_demo, tmp_path):
    lawton = judged(litn_demo, tmp_path, [("Lawton", "1626")], "three.vlog")[("Lawton",)]
    assert (lawton.distance, lawton.allowance, lawton.cost, lawton.legal, lawton.note) == (3, 3, 3, True, "")


def test_7_1_minimum_movement_allowance_far_from_every_enemy_unit(litn_demo, tmp_path):
    # Lawton's 1 CP of command 3 gives 3 MP; four clear hexes cost 4, but every hex of the way is
    # more than 6 hexes from every Union unit: half his printed 9 MP, rounded down, is 4.
    mv = movement(litn_demo)
    lawton = judged(litn_demo, tmp_path, [("Lawton", "1725")], "four.vlog")[("Lawton",)]
    assert (lawton.start, lawton.end, lawton.distance) == ("1629", "1725", 4)
    assert all(mv.terrain(h) == "clear" and not mv.lines_at(h) for h in lawton.path)
    assert (lawton.allowance, lawton.cost, lawton.legal) == (4, 4, True)
    assert "Minimum Movement Allowance (7.1)" in lawton.note


def test_7_1_minimum_movement_allowance_not_within_six_hexes_of_an_enemy_unit(litn_demo, tmp_path):
    # Pleasonton's cavalry 6 hexes from 1725 (measured as the crow flies, whatever lies between).
    mv = movement(litn_demo)
    assert mv.distance("1725", "2322") == 6 and mv.distance("1629", "2322") > 6
    verdicts = judged(litn_demo, tmp_path, [("Pleasonton", "2322"), ("Lawton", "1725")], "near.vlog")
    lawton = verdicts[("Lawton",)]
    assert (lawton.allowance, lawton.cost, lawton.legal) == (3, 4, False)
    assert "over the allowance of 3" in lawton.reason and "nor by the Minimum Movement Allowance" in lawton.reason


def test_entering_an_enemy_combat_hex_costs_one_more_and_stops(litn_demo, tmp_path):
    mv = movement(litn_demo)
    # Unopposed, Lawton crosses the Potomac bridge (1630/1631) on 1 1/2 MP.
    free = judged(litn_demo, tmp_path, [("Lawton", "1631")], "free.vlog")[("Lawton",)]
    assert (free.cost, free.legal, free.path) == (Fraction(3, 2), True, ["1629", "1630", "1631"])
    # With Hooker at the bridge's northern end, entering his hex costs 1 + 1 MP ...
    into = judged(litn_demo, tmp_path, [("I Corps (Hooker)", "1630"), ("Lawton", "1630")], "into.vlog")
    assert mv.terrain("1630") == "clear" and mv.path("1629", "1630", ["infantry"]).total == 1
    assert (into[("Lawton",)].cost, into[("Lawton",)].legal) == (2, True)
    # ... and ends the move there: over the bridge is no longer possible, only a long way round.
    beyond = judged(litn_demo, tmp_path, [("I Corps (Hooker)", "1630"), ("Lawton", "1631")], "beyond.vlog")
    lawton = beyond[("Lawton",)]
    assert lawton.legal is False and "1630" not in lawton.path
    assert lawton.cost > 3
    # A Union non-combat unit there costs nothing more and stops nothing.
    wagon = judged(litn_demo, tmp_path, [("Union Wagon", "1630"), ("Lawton", "1631")], "wagon.vlog")
    assert (wagon[("Lawton",)].cost, wagon[("Lawton",)].legal) == (Fraction(3, 2), True)


def judged_saves(litn_demo, tmp_path, moves, name):
    """The moves check from the save after the comprehensive example's Command Phase to a save with
    the pieces moved: pieces moved from one hex to one hex together are one force."""
    report, game = run(litn_demo, "command", side="Confederate", rolls=E2_ROLLS)
    before = tmp_path / f"{name}-before.vsav"
    game.save(str(before))
    for piece, hex_name in moves:
        place(game, piece, hex_name)
    after = tmp_path / f"{name}-after.vsav"
    game.save(str(after))
    module = adjutant.open_module(str(litn_demo.module))
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    context = Context(module, companion, adjutant.open_game(str(after), module), str(after),
                      before=adjutant.open_game(str(before), module), charts=str(CHARTS))
    return {tuple(sorted(v.pieces)): v for v in plugin.tasks["moves"].run(context)}


def test_a_force_moves_at_its_slowest_less_the_stacking_reduction(litn_demo, tmp_path):
    mv = movement(litn_demo)
    force = ("A.P. Hill", "Hood", "J. Jones", "Jackson")   # 1625: three divisions and their corps leader
    assert mv.path("1625", "0825", ["infantry"]).total == 8 and mv.path("1625", "0725", ["infantry"]).total == 9
    near = judged_saves(litn_demo, tmp_path, [(n, "0825") for n in force], "near")[force]
    # Full MA 9, less 1 for the third division (8.2).
    assert (near.allowance, near.cost, near.legal) == (8, 8, True)
    far = judged_saves(litn_demo, tmp_path, [(n, "0725") for n in force], "far")[force]
    # 8 MP do not reach; Jackson has his 1 CP of command 1, so the force may force march: +3 MP (8.6).
    assert (far.allowance, far.cost, far.legal) == (11, 9, True)
    assert far.note.startswith("only as a force march (8.6): +3 MP, Jackson's initiative")
    alone = judged_saves(litn_demo, tmp_path, [("Hood", "0725")], "alone")[("Hood",)]
    assert (alone.allowance, alone.cost, alone.legal) == (9, 9, True)


def test_7_1_an_allowance_is_for_the_whole_phase_however_many_drags_a_move_takes(litn_demo, tmp_path):
    # Hood (9 MP after the command example) moved 1625-1621-1617-1613 in three drags of 4 MP each.
    verdicts = judged_in_order(litn_demo, tmp_path, [("Hood", "1621"), ("Hood", "1617"), ("Hood", "1613")])
    first, second, third = [v for v in verdicts if v.pieces == ("Hood",)]
    assert (first.cost, first.allowance, first.legal) == (4, 9, True)
    assert (second.cost, second.allowance, second.legal) == (4, 5, True)
    assert "4 MP spent by earlier moves this phase, 5 left (7.1)" in second.note
    # 12 MP in all: only Jackson's force march (+3) covers the third (8.6).
    assert (third.allowance, third.cost, third.legal) == (4, 4, True) and "only as a force march" in third.note


def test_8_6_entitlement_comes_from_the_stack_a_unit_began_the_phase_in(litn_demo, tmp_path):
    # Hood (Jackson's 1 CP of command 1 in 1625: +3) in three drags, 11 MP: the third still may force
    # march. Lawton, alone and 1 CP of command 3, reaches 1625 by the 50% minimum (4 MP); in Jackson's
    # hex he is still not entitled.
    hood = [v for v in judged_in_order(litn_demo, tmp_path, [("Hood", "0825"), ("Hood", "0824"), ("Hood", "0822")])
            if v.pieces == ("Hood",)]
    assert [v.legal for v in hood] == [True, True, True] and "only as a force march (8.6)" in hood[-1].note
    lawton = [v for v in judged_in_order(litn_demo, tmp_path, [("Lawton", "1625"), ("Lawton", "1622")], "l.vlog")
              if v.pieces == ("Lawton",)]
    assert lawton[0].legal is True and lawton[1].legal is False
    assert "nor by a force march (8.6): Lawton, in 1629 at the phase's start" in lawton[1].reason


def test_8_2_a_units_exit_loss_stays_with_its_later_drags(litn_demo, tmp_path):
    # Hood leaves 1625 first; A.P. Hill then leaves in two drags: 9 - 1 for Hood ahead of him, both times.
    verdicts = judged_in_order(litn_demo, tmp_path, [("Hood", "1624"), ("A.P. Hill", "1624"), ("A.P. Hill", "1623")])
    first, second = [v for v in verdicts if v.pieces == ("A.P. Hill",)]
    assert first.allowance == 8 and second.allowance == 8 - first.cost
    assert "1 MP less: formation(s) left 1625 ahead of it (8.2)" in second.note


def test_8_6_a_move_beyond_the_allowance_is_legal_only_as_a_force_march_of_an_entitled_force(litn_demo, tmp_path):
    # Hood (9 MP) to 2522 costs 11: Jackson's stack may force march (+3), Lawton (1 CP of command 3) may not.
    hood = judged(litn_demo, tmp_path, [("Hood", "2522")])[("Hood",)]
    assert (hood.cost, hood.legal) == (11, True) and "only as a force march (8.6)" in hood.note
    lawton = judged(litn_demo, tmp_path, [("Lawton", "2130")], "lawton.vlog")[("Lawton",)]
    assert lawton.legal is False
    assert "nor by a force march (8.6): Lawton, in 1629 at the phase's start, has 1 CP of command 3" \
        in lawton.reason


# ---- the whole game, whatever --side says (plugin contract 5) ----

def test_hidden_and_masked_units_act_as_on_the_table_whatever_side_is_reported_to(litn_demo, tmp_path):
    # The Union wagon (hidden by the Union player) stands on Lee's broadcast path to Jackson
    # (1622 1623 1624 1625) and the masked VI Corps near it: the broadcast goes round the wagon for
    # every reader, and the written saves are the same; only the Confederate's report leaves them unnamed.
    demo = moved_demo(litn_demo, tmp_path / "blocked", {"Union Wagon": "1624", "VI Corps (Franklin)": "1826"})
    results = {}
    for viewer in ("Confederate", "Union", "referee"):
        report, game = run_for(demo, "command", "Confederate", viewer, rolls=["R.E. Lee CP=2", "broadcast*=5"])
        line = line_of(report, "Broadcast (7.1)", receiver="Jackson")
        out = tmp_path / f"{viewer}.vsav"
        game.save(str(out), 7)
        with zipfile.ZipFile(out) as z:
            results[viewer] = (line.data["path"], line.data["distance"], z.read("savedGame"))
        text = report.text() + json.dumps(report.as_json())
        if viewer == "Confederate":
            assert "Union Wagon" not in text and "Franklin" not in text
    path, distance, _ = results["referee"]
    assert "1624" not in path and distance > 3
    assert results["Confederate"] == results["referee"] == results["Union"]


# ---- 8.6 force march, with 7.1's Modifier to Command Rating ----

def force_march_verdict(litn_demo, folder, names):
    """Force march of `names` moved together to 1722, McLaws (command 2) with 2 CP."""
    demo = moved_demo(litn_demo, folder, {name: "1722" for name in names})
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"), module)
    mclaws = next(p for p in game.pieces if p.name == "McLaws")
    game.set_property(mclaws.id, "CP", "2")
    game.save(str(folder / "cp.vsav"))
    context = Context(module, adjutant.open_companion(str(demo.companion), module),
                      adjutant.open_game(str(folder / "cp.vsav"), module), "cp.vsav", charts=str(CHARTS),
                      rolls=Rolls(1, ["force march*=1"]))
    report = plugin.tasks["force-march"].run(context, hex="1722", side="Confederate")
    return line_of(report, "Force march from 1722", leader="McLaws").data


def test_8_6_force_march_needs_the_command_rating_modified_for_three_combat_units(litn_demo, tmp_path):
    # Three divisions led by a division leader: McLaws' rating 2 becomes 3 (7.1), so his 2 CP are
    # not 100% and the stack may not force march; with two divisions his 2 CP are enough.
    three = force_march_verdict(litn_demo, tmp_path / "three", ["McLaws", "R.H. Anderson", "Walker"])
    assert (three["command"], three["allowed"]) == (3, False)
    two = force_march_verdict(litn_demo, tmp_path / "two", ["McLaws", "R.H. Anderson"])
    assert (two["command"], two["allowed"]) == (2, True)


# ---- 5.1 the Lost Dispatch, 6 rank ----

def test_5_1_the_lost_dispatch_counts_only_in_1862_from_turn_6(litn_demo):
    found = dict(side="Union", lost_dispatch=True, rolls=["McClellan CP=3"])
    early, _ = run(litn_demo, "command", turn=5, year=1862, **found)
    assert "Lost Dispatch" not in line_of(early, "Command points", leader="McClellan").data["modifiers"]
    assert any("can be found only in 1862 from turn 6" in n for n in early.notes)
    later, _ = run(litn_demo, "command", turn=6, year=1862, **found)
    assert later.notes == [n for n in later.notes if "found only" not in n]
    assert line_of(later, "Command points", leader="McClellan").data["modifiers"]["Lost Dispatch"] == 1


def test_7_1_the_lost_dispatch_modifies_broadcasts_too(litn_demo):
    report, _ = run(litn_demo, "command", turn=6, year=1862, side="Union", lost_dispatch=True,
                    rolls=["McClellan CP=3", "broadcast*=3"])
    broadcasts = lines(report, "Broadcast (7.1)")
    assert broadcasts and all(l.data["modifiers"].get("Lost Dispatch") == 1 for l in broadcasts if "modifiers" in l.data)


def test_6_leaders_of_one_rank_in_a_hex_are_settled_by_the_option_and_reported(litn_demo, tmp_path):
    # Hood and McLaws are both rank 4 with command 2: by name, Hood leads the hex.
    demo = moved_demo(litn_demo, tmp_path / "tie", {"Hood": "1728", "McLaws": "1728"})
    report, _ = run(demo, "force-march", side="Confederate", hex="1728", rolls=["force march*=1"])
    assert any(n.startswith("Hood and McLaws share rank and hex 1728: Hood leads") for n in report.notes)


# ---- declared units (8.3, 8.5, 8.6) ----

def test_8_6_only_the_declared_units_roll_for_force_march_losses(litn_demo, tmp_path):
    litn_demo = commanded(litn_demo, tmp_path / "c")
    report, _ = run(litn_demo, "force-march", side="Confederate", hex="1625", units="Hood", rolls=["force march*=6"])
    rolled = [l.data["unit"] for l in lines(report, "Force march from 1625") if "roll" in l.data]
    assert rolled == ["Hood"] and [r.purpose for r in report.rolls] == ["force march 1625"]
    whole, _ = run(litn_demo, "force-march", side="Confederate", hex="1625", rolls=["force march*=1"])
    assert "the whole stack in 1625" in lines(whole, "Force march from 1625")[0].text
    assert {l.data["unit"] for l in lines(whole, "Force march from 1625") if "roll" in l.data} == {
        "A.P. Hill", "Hood", "J. Jones"}


def test_8_3_the_leader_of_the_units_leaving_decides(litn_demo, tmp_path):
    # Franklin (initiative 1) in D.H. Hill's hex with Hood: Hood (rank 4, initiative 3) leaves with his
    # own initiative; D.H. Hill alone (initiative 2) with his.
    demo = moved_demo(litn_demo, tmp_path / "leave", {"VI Corps (Franklin)": "1924", "Hood": "1924"})
    hood, _ = run(demo, "leave-hex", side="Confederate", hex="1924", rolls=["leave*=4"])
    assert line_of(hood, "Leaving 1924", leader="Hood").data["leaves"] is True   # 4 - 1 <= 3
    hill, _ = run(demo, "leave-hex", side="Confederate", hex="1924", units="D.H. Hill", rolls=["leave*=4"])
    assert line_of(hill, "Leaving 1924", leader="D.H. Hill").data["leaves"] is False  # 4 - 1 > 2
    with pytest.raises(ValueError, match="no Confederate unit 'Lee' in 1924"):
        run(demo, "leave-hex", side="Confederate", hex="1924", units="Lee")


def test_8_5_the_reaction_allowance_is_that_of_the_units_that_would_move(litn_demo, tmp_path):
    # Lee's stack in 1622 with Hood: four divisions, 9 - 2 = 7, halved to 3; Lee with Walker alone: 9, halved to 4.
    demo = moved_demo(litn_demo, tmp_path / "react", {"Hood": "1622"})
    whole = reacting(run(demo, "reaction", side="Confederate", hex="1422")[0])["R.E. Lee"]
    some = reacting(run(demo, "reaction", side="Confederate", hex="1422", units="R.E. Lee,Walker")[0])["R.E. Lee"]
    assert (whole.data["mp"], some.data["mp"]) == (half_allowance("infantry") - 1, half_allowance("infantry"))
    assert some.data["units"] == ["R.E. Lee", "Walker"]


def test_8_4_a_cavalry_unit_whose_facing_is_unset_exerts_its_zone_every_way(litn_demo, tmp_path):
    # Rush steps from 1124 into 1123, behind Fitz Lee (1122, facing north): with his facing known
    # only Hampton's second ring (1125, facing north) costs +1; unset, Fitz Lee's first ring costs +2
    # (the greatest cost where zones overlap), and the verdict says why.
    mv = movement(litn_demo)
    assert mv.path("1124", "1123", ["cavalry"]).total == 1
    costs = {}
    for facing in ("0", ""):
        _, game = run(litn_demo, "command", side="Confederate", rolls=E2_ROLLS)
        fitz = next(p for p in game.pieces if p.name == "Fitz Lee")
        game.set_property(fitz.id, "Facing", facing)
        place(game, "Rush", "1124")
        place(game, "Rush", "1123")
        path = tmp_path / f"facing{facing or '-unset'}.vlog"
        game.save_log(str(path))
        module = adjutant.open_module(str(litn_demo.module))
        log = adjutant.open_game(str(path), module)
        context = Context(module, adjutant.open_companion(str(litn_demo.companion), module), log, str(path),
                          charts=str(CHARTS))
        last = [v for v in plugin.tasks["moves"].run(context) if v.pieces == ("Rush",)][-1]
        costs[facing] = (last.start, last.end, last.cost, "facing unknown" in last.note)
    assert costs == {"0": ("1124", "1123", 2, False), "": ("1124", "1123", 3, True)}


def test_8_3_leaving_a_hex_held_by_enemy_combat_units_costs_one_more(litn_demo, tmp_path):
    # Lawton (3 MP) and Hooker share 1629: Lawton's three clear hexes to 1626 cost 3 + 1 to leave.
    free = judged(litn_demo, tmp_path, [("Lawton", "1626")], "free.vlog")[("Lawton",)]
    assert (free.cost, free.legal) == (3, True)
    held = judged(litn_demo, tmp_path, [("I Corps (Hooker)", "1629"), ("Lawton", "1626")], "held.vlog")[("Lawton",)]
    assert (held.cost, held.legal) == (4, False) and "1 to leave the start hex" in held.reason


def test_8_4_an_entrenched_cavalry_unit_exerts_no_zone(litn_demo, tmp_path):
    # Rush steps from 1120 into 1121, Fitz Lee's frontal hex north of 1122: +2 MP, none when entrenched.
    costs = {}
    for entrenched in (False, True):
        companion = litn_demo.companion
        if entrenched:
            text = litn_demo.companion.read_text(encoding="utf-8")
            text += '\n[[units.rule]]\nname = "Fitz Lee"\nset = { entrenched = "true" }\n'
            companion = tmp_path / "entrenched.toml"
            companion.write_text(text, encoding="utf-8")
        demo = SimpleNamespace(dir=litn_demo.dir, module=litn_demo.module, companion=companion)
        verdicts = judged(demo, tmp_path, [("Rush", "1120"), ("Rush", "1121")], f"e{entrenched}.vlog")
        costs[entrenched] = verdicts[("Rush",)].cost
    assert costs == {False: 3, True: 1}


# ---- found by reading the rulebook against the referee ----

def test_9_1_an_enemy_non_combat_unit_on_a_depot_does_not_cut_the_loc(litn_demo, tmp_path):
    # The Union wagon in Winchester (1434): only an enemy combat unit denies a depot (9.1).
    demo = moved_demo(litn_demo, tmp_path / "wagon", {"Union Wagon": "1434"})
    report, _ = run(demo, "command", side="Confederate", rolls=E2_ROLLS)
    assert line_of(report, "Lines of communication", leader="R.E. Lee").data["loc"] is True


def test_a_unit_hidden_from_the_reader_is_left_out_of_his_report(litn_demo, tmp_path):
    # The Union player hid his wagon; the Confederate reading the Union's Command Phase learns
    # nothing of it, not even where an allowance went.
    report, _ = run_for(litn_demo, "command", "Union", "Confederate", rolls=["McClellan CP=3", "*=4"])
    text = report.text() + json.dumps(report.as_json())
    assert "Union Wagon" not in text and "2715: McClellan" not in text    # the wagon's hex, line left out
    assert any("left out" in n for n in report.notes)
    referee, _ = run_for(litn_demo, "command", "Union", rolls=["McClellan CP=3", "*=4"])
    assert "Union Wagon" in referee.text()


def test_an_enemy_unit_kept_at_1_sp_does_not_show_its_strength(litn_demo, tmp_path):
    # Hood at 1 SP in enemy territory: the table says 2, he stays at 1. His own side reads that;
    # the Union reader only reads the table's loss.
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    game.set_property(next(p for p in game.pieces if p.name == "Hood").id, "Strength", "1")
    folder = tmp_path / "weak"
    folder.mkdir()
    game.save(str(folder / "litn-demo.vsav"))
    demo = SimpleNamespace(dir=folder, module=litn_demo.module, companion=litn_demo.companion)
    own, _ = run_for(demo, "attrition", "Confederate", "Confederate", rolls=["Confederate attrition=5"])
    theirs, _ = run_for(demo, "attrition", "Confederate", "Union", rolls=["Confederate attrition=5"])
    mine = line_of(own, "Confederate attrition", unit="Hood")
    seen = line_of(theirs, "Confederate attrition", unit="Hood")
    assert "never below 1 SP" in mine.text and mine.data["loss"] == 0
    assert "never below" not in seen.text and seen.data["loss"] == 2 and "strength" not in seen.data


def test_7_1_sender_for_a_hex_that_receives_no_broadcast_is_an_error(litn_demo):
    with pytest.raises(ValueError, match="sender=1999:Jackson: no broadcast goes to 1999"):
        run(litn_demo, "command", side="Confederate", rolls=E2_ROLLS, sender="1999:Jackson")


def test_8_2_units_leaving_a_hex_separately_lose_1_mp_per_division_ahead(litn_demo, tmp_path):
    # McLaws, then R.H. Anderson, leave 1622 on their own; Walker, leaving third, has 9 - 2 = 7 MP:
    # 0722 (8 MP) is too far for him, though his 9 MP would reach it; only a force march under Lee
    # (1 CP of command 1: +3 MP, 8.6) takes him there.
    mv = movement(litn_demo)
    assert mv.path("1622", "0722", ["infantry"]).total == 8
    alone = judged(litn_demo, tmp_path, [("Walker", "0722")], "alone.vlog")[("Walker",)]
    assert (alone.allowance, alone.legal) == (9, True)
    third = judged(litn_demo, tmp_path, [("McLaws", "1722"), ("R.H. Anderson", "1721"), ("Walker", "0722")],
                   "third.vlog")
    walker = third[("Walker",)]
    assert (walker.allowance, walker.cost, walker.legal) == (7 + 3, 8, True)
    assert "only as a force march (8.6): +3 MP, R.E. Lee's initiative" in walker.note
    assert "2 MP less: formation(s) left 1622 ahead of it (8.2)" in walker.note
    assert third[("R.H. Anderson",)].allowance == 8


@pytest.mark.parametrize("reading, distance", [("cap", Fraction(11, 2)), ("exact", 11)])
def test_7_1_broadcast_along_rail_counts_at_most_one_or_exactly_one_by_option(litn_demo, tmp_path, reading, distance):
    # Longstreet at the south end of the Northern Central rail (3014), Pickett eleven rail hexes up
    # it (2704), all clear terrain: rail is a road (8.1), so "counts 1" caps the road rate of 1/2 a
    # hex (5 1/2 MP), or, read exactly, each rail hex counts 1 (11 MP).
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-broadcast.vsav"), module)
    place(game, "Longstreet", "3014")
    place(game, "Pickett", "2704")
    game.save(str(tmp_path / "rail.vsav"))
    charts = tmp_path / "charts.toml"
    charts.write_text(CHARTS.read_text(encoding="utf-8") + f'\n[options]\nbroadcast_rail = "{reading}"\n', encoding="utf-8")
    report, _ = run(SimpleNamespace(dir=tmp_path, module=litn_demo.module, companion=litn_demo.companion), "odds",
                    "rail.vsav", charts=charts, receiver="Pickett", sender="Longstreet")
    (line,) = lines(report, "Odds")
    assert line.data["distance"] == distance
    assert line.data["path"] == ["3014", "3013", "3012", "3011", "3010", "3009", "3008", "3007", "3006", "2905", "2805",
                                 "2704"]


def test_7_1_the_no_loc_modifier_waived_for_the_confederates_on_1862_turns_1_to_6_is_said(litn_demo, tmp_path):
    # Stuart in the far corner, more than four hexes from every road and rail hex: no LOC.
    demo = moved_demo(litn_demo, tmp_path / "stuart", {"Stuart": "0404"})
    early, _ = run(demo, "command", turn=6, year=1862, side="Confederate", rolls=["Stuart CP=3"])
    mods = line_of(early, "Command points", leader="Stuart").data["modifiers"]
    assert mods == {"no LOC waived (Confederate, 1862 turn 6, 7.2)": 0}
    assert "no LOC waived" in line_of(early, "Command points", leader="Stuart").text
    later, _ = run(demo, "command", turn=7, year=1862, side="Confederate", rolls=["Stuart CP=3"])
    assert line_of(later, "Command points", leader="Stuart").data["modifiers"]["no LOC"] == -1
