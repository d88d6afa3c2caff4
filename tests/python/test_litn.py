"""The Lee Invades the North plugin on the demo module and saves (adjutant_plugins.litn.demo): the
rulebook's worked examples run through a real module and save, the written games read back, and
what each side's report may say."""
import json
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import adjutant
from adjutant.procedures.charts import ChartError
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.litn import plugin

REPO = Path(__file__).resolve().parents[2]
CHARTS = REPO / "plugins" / "litn" / "demo" / "charts.toml"
TEMPLATE = REPO / "plugins" / "litn" / "charts-template.toml"

# The comprehensive command example of 7.1: Lee's roll of 2, Jackson's 5, D.H. Hill's 1, Lawton's 3.
E2_ROLLS = ["R.E. Lee CP=2", "broadcast R.E. Lee -> Jackson=5", "broadcast R.E. Lee -> D.H. Hill=1",
            "broadcast Jackson -> Lawton=3"]


def run(demo, procedure, save="litn-demo.vsav", side="referee", rolls=(), seed=1, charts=CHARTS, **parameters):
    """The procedure run for `side`, who also reads the report (side= and --side alike)."""
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(demo.dir / save), module)
    companion = adjutant.open_companion(str(demo.companion), module)
    context = Context(module, companion, game, save, charts=str(charts), rolls=Rolls(seed, rolls), side=side)
    task = plugin.tasks[procedure]
    if side != "referee" and any(p.name == "side" for p in task.parameters):
        parameters.setdefault("side", side)
    return task.run(context, **parameters), game


def lines(report, section_start):
    section = next(s for s in report.sections if s.title.startswith(section_start))
    return section.lines


def line_of(report, section_start, **match):
    found = [l for l in lines(report, section_start) if all(l.data.get(k) == v for k, v in match.items())]
    assert len(found) == 1, (match, [l.text for l in lines(report, section_start)])
    return found[0]


def property_of(game, name, prop):
    return next(p for p in game.pieces if p.name == name).properties[prop]


def test_broadcast_example_pickett_ends_with_one_cp(litn_demo):
    report, game = run(litn_demo, "command", "litn-broadcast.vsav", side="Confederate",
                       rolls=["R.E. Lee CP=4", "broadcast R.E. Lee -> Longstreet=4", "broadcast Longstreet -> Pickett=1"])
    lee = line_of(report, "Command points", leader="R.E. Lee")
    assert (lee.data["roll"], lee.data["cp"]) == (4, 2)
    longstreet = line_of(report, "Broadcast", receiver="Longstreet")
    assert (longstreet.data["sender"], longstreet.data["distance"], longstreet.data["column"]) == ("R.E. Lee", 5, "5-8")
    assert (longstreet.data["result"], longstreet.data["cp"]) == ("Full", 2)
    pickett = line_of(report, "Broadcast", receiver="Pickett")
    # Longstreet at 4 MP is nearer than Lee at 9: the 1-4 column, where a 1 is -1.
    assert (pickett.data["sender"], pickett.data["distance"], pickett.data["column"]) == ("Longstreet", 4, "1-4")
    assert (pickett.data["result"], pickett.data["cp"]) == ("-1", 1)
    assert pickett.data["path"] == ["1615", "1616", "1617", "1618", "1619"]
    assert property_of(game, "Pickett", "CP") == "1"


def expected_cp(column, given, modifier=0):
    """The CPs a broadcast gives on average, read off the demo chart file by hand (7.1 step 4)."""
    table = tomllib.loads(CHARTS.read_text(encoding="utf-8"))["command_broadcast_table"]
    index = table["columns"].index(column)
    rows = sorted(int(k) for k in table if k != "columns")
    total = Fraction(0)
    for roll in range(1, 7):
        result = table[str(min(max(roll + modifier, rows[0]), rows[-1]))][index]
        total += given if result == "Full" else max(0, given + int(result))
    return total / 6


def test_7_1_the_sender_is_the_one_with_the_most_cps_to_expect(litn_demo):
    # Longstreet receives only 1 of Lee's 2 CPs; for Pickett, Lee's 2 CPs at 9 MP (the 9-12 column)
    # are worth more on average than Longstreet's 1 CP at 4 MP (the 1-4 column), so Lee sends.
    rolls = ["R.E. Lee CP=4", "broadcast R.E. Lee -> Longstreet=1", "broadcast * -> Pickett=5"]
    report, _ = run(litn_demo, "command", "litn-broadcast.vsav", side="Confederate", rolls=rolls)
    assert line_of(report, "Broadcast", receiver="Longstreet").data["cp"] == 1
    pickett = line_of(report, "Broadcast", receiver="Pickett")
    from_lee, from_longstreet = expected_cp("9-12", 2), expected_cp("1-4", 1)
    assert from_lee > from_longstreet
    assert (pickett.data["sender"], pickett.data["column"], pickett.data["expected"]) == ("R.E. Lee", "9-12", from_lee)
    assert pickett.data["alternatives"] == [{"sender": "Longstreet", "distance": 4, "expected": from_longstreet}]
    assert "rather than Longstreet at 4 MP" in pickett.text


def test_7_1_the_player_may_name_the_sender(litn_demo):
    rolls = ["R.E. Lee CP=4", "broadcast R.E. Lee -> Longstreet=1", "broadcast * -> Pickett=5"]
    report, _ = run(litn_demo, "command", "litn-broadcast.vsav", side="Confederate", rolls=rolls,
                    sender="1619:Longstreet")
    pickett = line_of(report, "Broadcast", receiver="Pickett")
    assert (pickett.data["sender"], pickett.data["cp"]) == ("Longstreet", 1)
    assert "as the player chose" in pickett.text
    with pytest.raises(ValueError, match="McClellan cannot broadcast to Pickett in 1619"):
        run(litn_demo, "command", "litn-broadcast.vsav", side="Confederate", rolls=rolls, sender="1619:McClellan")


def test_comprehensive_command_example(litn_demo):
    report, game = run(litn_demo, "command", side="Confederate", rolls=E2_ROLLS)
    assert line_of(report, "Command points", leader="R.E. Lee").data["cp"] == 1
    jackson = line_of(report, "Broadcast", receiver="Jackson")
    assert (jackson.data["distance"], jackson.data["roll"], jackson.data["cp"]) == (3, 5, 1)
    dh_hill = line_of(report, "Broadcast", receiver="D.H. Hill")
    assert (dh_hill.data["sender"], dh_hill.data["distance"], dh_hill.data["cp"]) == ("R.E. Lee", 4, 0)
    lawton = line_of(report, "Broadcast", receiver="Lawton")
    assert (lawton.data["sender"], lawton.data["distance"], lawton.data["cp"]) == ("Jackson", 4, 1)

    full = 9  # the demo charts' infantry MA
    ma = {}
    for line in lines(report, "Movement allowances"):
        ma.update(line.data["allowances"])
    for division in ("McLaws", "R.H. Anderson", "Walker", "A.P. Hill", "J. Jones", "Hood"):
        assert ma[division] == full, division
    assert ma["D.H. Hill"] == 0
    assert "more than 6 hexes from every enemy unit" in line_of(report, "Movement allowances", hex="1924").text
    assert ma["Lawton"] == 3
    # Written into the pieces: the MA and CP properties the companion file maps.
    assert property_of(game, "Lawton", "MA") == "3"
    assert property_of(game, "Hood", "MA") == "9"
    assert property_of(game, "D.H. Hill", "CP") == "0"


def test_attrition_example_on_a_roll_of_five(litn_demo):
    report, game = run(litn_demo, "attrition", side="Union", rolls=["Union attrition=5"])
    by_unit = {l.data["unit"]: l.data for l in lines(report, "Union attrition") if "unit" in l.data}
    kinds = {p.name: p.properties["Type"] for p in game.pieces}
    # 11.1's example: infantry -1 in Union territory, -2 in Confederate territory; cavalry -1 in
    # Confederate territory, 0 in Union territory, but -1 there without a LOC (row 6).
    expected = {("friendly", "infantry", True): 1, ("enemy", "infantry", True): 2, ("enemy", "cavalry", True): 1,
                ("friendly", "cavalry", True): 0, ("friendly", "cavalry", False): 1}
    judged = {n: d for n, d in by_unit.items() if not d.get("exempt")}
    for name, d in judged.items():
        assert d["loss"] == expected[(d["territory"], kinds[name], d["loc"])], name
    assert {(d["territory"], kinds[n], d["loc"]) for n, d in judged.items()} == set(expected), \
        "the demo save holds a unit of every case of the 11.1 example"
    assert any(d.get("exempt") for d in by_unit.values()), "units within 4 MP of a depot are exempt"
    lost = next(n for n, d in judged.items() if d["loss"])
    original = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"))
    before = int(next(p for p in original.pieces if p.name == lost).properties["Strength"])
    assert int(property_of(game, lost, "Strength")) == before - judged[lost]["loss"]


def commanded(litn_demo, folder):
    """The demo with its save after the comprehensive example's Command Phase (CPs written)."""
    _, game = run(litn_demo, "command", side="Confederate", rolls=E2_ROLLS)
    folder.mkdir()
    game.save(str(folder / "litn-demo.vsav"))
    return type("Demo", (), {"dir": folder, "module": litn_demo.module, "companion": litn_demo.companion})


def test_force_march_of_a_four_sp_unit_loses_one(litn_demo, tmp_path):
    # 8.6: on a 5 or 6 every unit of the stack loses 10% of its SP separately, rounded up: J. Jones
    # has 4 SP in the demo. One roll for the force (option force_march_roll = "stack"); Jackson's
    # 1 CP of command 1 entitles his stack.
    report, game = run(commanded(litn_demo, tmp_path / "c"), "force-march", hex="1625", rolls=["force march 1625=5"])
    losses = {l.data["unit"]: (l.data["roll"], l.data["loss"]) for l in lines(report, "Force march") if "unit" in l.data}
    before = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"))
    assert losses["J. Jones"] == (5, 1)
    for name in ("A.P. Hill", "Hood"):
        assert losses[name] == (5, -(-int(property_of(before, name, "Strength")) // 10)), name
    assert property_of(game, "J. Jones", "Strength") == "3"
    assert [r.purpose for r in report.rolls] == ["force march 1625"]


def test_force_march_with_a_roll_per_unit(litn_demo, tmp_path):
    charts = tmp_path / "charts.toml"
    charts.write_text(CHARTS.read_text(encoding="utf-8") + '\n[options]\nforce_march_roll = "unit"\n', encoding="utf-8")
    report, _ = run(commanded(litn_demo, tmp_path / "c"), "force-march", hex="1625", charts=charts,
                    rolls=["force march J. Jones=5", "force march A.P. Hill=4", "force march Hood=6"])
    losses = {l.data["unit"]: (l.data["roll"], l.data["loss"]) for l in lines(report, "Force march") if "unit" in l.data}
    assert (losses["J. Jones"], losses["A.P. Hill"]) == ((5, 1), (4, 0)) and losses["Hood"][0] == 6


def test_8_6_a_stack_whose_leader_does_not_qualify_may_not_force_march(litn_demo, tmp_path):
    # After the comprehensive example's Command Phase, Lawton has 1 CP of command 3.
    demo = commanded(litn_demo, tmp_path / "c")
    report, after = run(demo, "force-march", hex="1629", side="Confederate", rolls=["force march*=6"])
    assert line_of(report, "Force march", leader="Lawton").data["allowed"] is False
    before = adjutant.open_game(str(demo.dir / "litn-demo.vsav"))
    assert report.rolls == [] and property_of(after, "Lawton", "Strength") == property_of(before, "Lawton", "Strength")


def test_a_blank_chart_value_stops_with_its_table_row_and_column(litn_demo, tmp_path):
    with pytest.raises(ChartError, match=r"\[command_modifiers\] year_1862 is not filled in"):
        run(litn_demo, "command", side="Confederate", charts=TEMPLATE)
    charts = tmp_path / "charts.toml"
    charts.write_text(TEMPLATE.read_text().replace('year_1862 = ""', "year_1862 = 0"))
    with pytest.raises(ChartError, match=r"command_broadcast_table, column 1-4, roll 2: the chart has no value"):
        run(litn_demo, "command", side="Confederate", charts=charts,
            rolls=["R.E. Lee CP=2", "broadcast R.E. Lee -> Jackson=2"])


def test_the_written_save_reopens_with_untouched_pieces_identical(litn_demo, tmp_path):
    report, game = run(litn_demo, "command", side="Confederate", rolls=E2_ROLLS)
    out = tmp_path / "after.vsav"
    game.save(str(out))
    before = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"))
    after = adjutant.open_game(str(out))
    changed = {name for line in lines(report, "Movement allowances") for name in line.data.get("allowances", {})}
    assert changed
    for piece in before.pieces:
        again = after.piece(piece.id)
        if piece.name in changed:
            continue
        assert text_of(again) == text_of(piece), piece.name
    assert after.piece(next(p.id for p in before.pieces if p.name == "Lawton")).properties["MA"] == "3"


def text_of(piece):
    return [(t.type, t.state) for t in piece.traits], piece.map, piece.x, piece.y


def test_cli_writes_a_log_with_the_report_as_chat(litn_demo, tmp_path):
    out = tmp_path / "command.vlog"
    cmd = [sys.executable, "-m", "adjutant", "run", "litn.command", str(litn_demo.dir / "litn-demo.vsav"),
           "--module", str(litn_demo.module), "--companion", str(litn_demo.companion), "--charts", str(CHARTS),
           "--side", "Confederate", "side=Confederate", "--seed", "11", "--json"]
    for roll in E2_ROLLS:
        cmd += ["--roll", roll]
    done = subprocess.run(cmd + ["-o", str(out)], capture_output=True, text=True, check=True)
    report = json.loads(done.stdout)
    assert report["seed"] == 11 and report["files"] == [str(out)]
    assert any(r["given"] for r in report["rolls"]) and any(not r["given"] for r in report["rolls"])
    game = adjutant.open_game(str(out))
    original = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"))
    assert game.step_count > 0
    chats = [line for step in iter_steps(game) for line in step.chat]
    assert any("Lawton 3 MP" in c for c in chats), chats
    # The same seed gives the same rolls.
    again = subprocess.run(cmd, capture_output=True, text=True, check=True)
    assert json.loads(again.stdout)["rolls"] == report["rolls"]
    assert json.loads(again.stdout)["files"] == []
    assert original.step_count == 0


def test_cli_quiet_writes_the_game_and_prints_nothing(litn_demo, tmp_path):
    out = tmp_path / "quiet.vsav"
    cmd = [sys.executable, "-m", "adjutant", "run", "litn.command", str(litn_demo.dir / "litn-demo.vsav"),
           "--module", str(litn_demo.module), "--companion", str(litn_demo.companion), "--charts", str(CHARTS),
           "--side", "Confederate", "side=Confederate", "--seed", "11", "-q", "-o", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert adjutant.open_game(str(out)).pieces


def iter_steps(game):
    game.seek(0)
    while game.position < game.step_count:
        yield game.step_forward()


def test_side_reports_hide_what_vassal_hides(litn_demo):
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    masked = [p.name for p in game.pieces if any(t.class_name == "Obscurable" and t.state_fields[0] not in ("", "null")
                                                 for t in p.traits)]
    hidden = [p.name for p in game.pieces if any(t.class_name == "Hideable" and t.state not in ("", "null")
                                                 for t in p.traits)]
    assert masked and hidden
    union_strengths = {p.name: p.properties.get("Strength") for p in game.pieces if p.properties.get("Side") == "Union"}

    for procedure, params in (("command", {}), ("reaction", {"hex": "1924"}), ("odds", {"receiver": "D.H. Hill"})):
        report, _ = run(litn_demo, procedure, side="Confederate", rolls=E2_ROLLS, **params)
        text = report.text() + json.dumps(report.as_json()) + "\n".join(report.chat_lines())
        for name in masked + hidden:
            assert name not in text, (procedure, name)
    attrition, _ = run(litn_demo, "attrition", side="Confederate", rolls=["* attrition=5"])
    assert not any(l.data.get("unit") in union_strengths for s in attrition.sections for l in s.lines)

    referee, _ = run(litn_demo, "attrition", rolls=["Union attrition=5", "Confederate attrition=5"])
    assert any(name in referee.text() for name in masked), "the referee sees the masked units"


def test_11_the_exempt_supply_wagon_is_marked_as_losing_nothing_like_a_corps_near_a_depot(litn_demo):
    report, _ = run(litn_demo, "attrition", side="Confederate", rolls=["Confederate attrition=6"])
    wagon = line_of(report, "Confederate attrition", unit="Confederate Wagon")
    assert wagon.data["exempt"] and "supply wagon" in wagon.text
    lost = {q.of: q.value for q in report.quantities()}
    assert lost["Confederate Wagon"] == lost["Lawton"] == 0 and lost["Hood"] == 2   # Lawton: 3 1/2 MP from a depot


@pytest.mark.parametrize("variant", ["dynamic", "marker", "layer"])
def test_attrition_writes_strength_wherever_the_module_keeps_it(litn_variants, variant, tmp_path):
    out = litn_variants[variant]
    demo = type("Demo", (), {"dir": out, "module": out / "litn-demo.vmod", "companion": out / "companion.toml"})
    report, game = run(demo, "attrition", side="Union", rolls=["Union attrition=5"])
    hooker = line_of(report, "Union attrition", unit="I Corps (Hooker)")
    assert (hooker.data["loss"], hooker.data["strength"]) == (1, 13)
    piece = next(p for p in game.pieces if p.name == "I Corps (Hooker)")
    held = piece.properties["Strength_Level" if variant == "layer" else "Strength"]
    assert held == "13"
    game.save(str(tmp_path / "after.vsav"))
    saved = adjutant.open_game(str(tmp_path / "after.vsav"))
    assert saved.piece(piece.id).properties["Strength_Level" if variant == "layer" else "Strength"] == "13"


def test_cli_names_bad_input(litn_demo, tmp_path):
    base = [sys.executable, "-m", "adjutant", "run", "litn.command", str(litn_demo.dir / "litn-demo.vsav"),
            "--module", str(litn_demo.module), "--companion", str(litn_demo.companion)]
    blank = subprocess.run(base + ["side=Confederate"], capture_output=True, text=True)
    assert blank.returncode == 2 and "year_1862 is not filled in" in blank.stderr
    unknown = subprocess.run(base + ["--charts", str(CHARTS), "colour=blue"], capture_output=True, text=True)
    assert unknown.returncode == 2 and "no parameter 'colour'" in unknown.stderr
    existing = tmp_path / "there.vsav"
    existing.write_bytes(b"mine")
    refused = subprocess.run(base + ["--charts", str(CHARTS), "side=Confederate", "-o", str(existing)],
                             capture_output=True, text=True)
    assert refused.returncode == 2 and "never writes over" in refused.stderr
    assert existing.read_bytes() == b"mine"
    wrong = subprocess.run([sys.executable, "-m", "adjutant", "run", "litn.teleport", "x.vsav", "--module", "m",
                            "--companion", "c"], capture_output=True, text=True)
    assert wrong.returncode == 2 and "no procedure 'teleport'" in wrong.stderr


def test_the_chart_template_holds_every_value_the_rule_text_fixes():
    chart = tomllib.loads(TEMPLATE.read_text(encoding="utf-8"))
    cpt, broadcast = chart["command_point_table"], chart["command_broadcast_table"]
    assert (cpt["2"], cpt["4"]) == (1, 2)                                  # 7.1: both examples
    column = {label: i for i, label in enumerate(broadcast["columns"])}
    assert broadcast["1"][column["1-4"]] == "-1"                          # 7.1: both examples
    assert [broadcast[str(r)][column["1-4"]] for r in (3, 4, 5, 6)] == ["Full"] * 4  # "a die roll of 3 or more"
    assert broadcast["2"][column["1-4"]] == ""                            # negative, by how much the chart says
    assert broadcast["4"][column["5-8"]] == "Full"                        # 7.1 broadcast example
    assert chart["movement_allowance"]["infantry"] == 9                   # 7.1: Lawton's 1/3 is 3 MP
    assert chart["attrition_table"]["5"] == [1, 0, 2, 1] and chart["attrition_table"]["6"][1] == 1  # 11.1
    assert chart["force_march"] == {"loss_rolls": [5, 6], "loss_percent": 10}                    # 8.6
    assert chart["command_modifiers"]["no_loc"] == -1 and chart["command_modifiers"]["lost_dispatch"] == 1
