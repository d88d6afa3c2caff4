"""The Union command procedures on the demo's saves and log (rules 2 and 3): r2a.panic counting the
save and replaying the Panic log across 65, its onset written; r2a.takeover refused on Aug 22 and
written on Aug 23 after Panic on Aug 20 (the catalogue's worked example), its schedule; the
reorganization rolls written on the corps leaders; the paralysis rolls; their odds; the refusals.
Each test is named after its clause."""
from fractions import Fraction

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.kept import KeptValueError
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.r2a import command_procedures
from adjutant_plugins.r2a.army import ArmyError
from adjutant_plugins.r2a.demo import DEMO_SAVE, PANIC_LOG, PANIC_SAVE
from adjutant_plugins.r2a.session import start
from r2a_helpers import Demo, piece_named, texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-command"))


def with_globals(demo, save, out, values, moves=None, properties=None):
    """A copy of `save` with global properties set ({name: value}), pieces moved and properties set."""
    path = demo.position(save, out, moves, properties) if (moves or properties) else demo.path(save)
    game = demo.game(path)
    for name, value in values.items():
        game.set_global_property(name, value)
    out.unlink(missing_ok=True)
    game.save(str(out))
    return out


UNION_CORPS = ("III Corps", "V Corps", "II Corps", "VI Corps")


ROLLING = ("III Corps", "V Corps", "VI Corps")   # II Corps (Sumner) is reorganized in the demo save


def every(value, corps=UNION_CORPS):
    """The given roll `value` for each corps' roll (a given roll serves one roll)."""
    return [f"{c}*={value}" for c in corps]


def written(demo, tmp_path, save, procedure, rolls=(), **parameters):
    """The procedure run and its game written to a new save: (report, the save reopened)."""
    report, game = demo.run(save, procedure, rolls=rolls, **parameters)
    out = tmp_path / f"{procedure}-out.vsav"
    game.save(str(out))
    return report, demo.game(out)


# ---- rule 2: the Union Panic total ----

def test_2_panic_total_counts_demoralized_manpower_losses_and_unsupplied_divisions(demo, tmp_path):
    report, game = written(demo, tmp_path, PANIC_SAVE, "panic")
    lines = texts(report, "The Union Panic total")
    assert "demoralized Union manpower: 26 (Kearny's Division 7, Hooker's Division 8, Morell's Division 6, " \
           "Sykes's Division 5)" in lines
    assert "Union manpower losses from all causes: 33 (global property UnionLosses)" in lines
    assert any(line.startswith("unsupplied Union divisions: 3 (") for line in lines)
    assert "62 is less than 65: no Panic (2)" in lines
    assert game.global_property("UnionPanic") == "62" and game.global_property("PanicDate") == ""


def test_2_panic_occurs_at_65_and_its_onset_is_written(demo, tmp_path):
    save = demo.position(PANIC_SAVE, tmp_path / "more.vsav", properties={"Smith's Division": {"Demoralized_Level": 2}})
    report, game = written(demo, tmp_path, save, "panic")
    assert "Union Panic total on Aug 20: 32 demoralized Union manpower + 33 Union manpower losses from all causes + " \
           "3 unsupplied Union divisions = 68" in texts(report)
    assert game.global_property("PanicDate") == "Aug 20" and game.global_property("UnionPanic") == "68"
    assert "Union combat rolls -1: Union Panic since Aug 20, Pope in command (2)" in texts(report, "What Panic does")


def test_2_panic_onset_is_kept_from_the_first_time(demo, tmp_path):
    save = with_globals(demo, PANIC_SAVE, tmp_path / "later.vsav", {"PanicDate": "Aug 18"})
    report, game = written(demo, tmp_path, save, "panic")
    assert game.global_property("PanicDate") == "Aug 18"
    assert "Panic began on Aug 18; the total is below 65 now, but Panic has occurred (2)" in texts(report)


def test_2_panic_log_replayed_step_by_step_crosses_65(demo, tmp_path):
    report, game = demo.run(PANIC_LOG, "panic")
    steps = [(line.data["step"], line.data["total"], line.data["reaches"])
             for line in report.sections[0].lines]
    assert steps == [(0, 62, False), (3, 64, False), (5, 68, True)]
    assert "reaches 65, Union Panic occurs (2)" in report.sections[0].lines[-1].text
    # what each step changed, in the players' words, not the VASSAL traits it set
    assert "(Union manpower losses 33 -> 35)" in report.sections[0].lines[1].text
    assert "(Smith's Division demoralized (4 manpower))" in report.sections[0].lines[2].text
    assert not any("_Level" in t or "_Image" in t for t in texts(report))
    assert game.is_log and game.position == game.step_count   # left at the log's end
    assert game.global_property("PanicDate") == "Aug 20" and game.global_property("UnionPanic") == "68"


def test_2_panic_refused_without_the_globals(demo, tmp_path):
    companion = tmp_path / "companion.toml"
    companion.write_text(demo.path("companion.toml").read_text().replace('panic_date = "PanicDate"', ""))
    module = demo.module
    game = demo.game(PANIC_SAVE)
    context = Context(module, adjutant.open_companion(str(companion), module), game, str(demo.path(PANIC_SAVE)),
                      charts=str(demo.charts), rolls=Rolls(1))
    with pytest.raises(KeptValueError, match=r"names no global property to keep the day Union Panic began: add "
                                             r"\[globals\] panic_date"):
        demo.plugin.tasks["panic"].run(context)


# ---- rule 2: Pope's replacement (the catalogue's example: Panic Aug 20 -> McClellan Aug 23) ----

def test_2_replacement_example_panic_aug_20_mcclellan_aug_23_not_aug_22(demo, tmp_path):
    _, panicked = demo.run(PANIC_LOG, "panic")
    panicked.save(str(tmp_path / "panicked.vsav"))
    aug22 = with_globals(demo, tmp_path / "panicked.vsav", tmp_path / "aug22.vsav", {"Date": "Aug 22"})
    with pytest.raises(command_procedures.CommandRefused,
                       match=r"McClellan may not replace Pope on Aug 22: no condition is met; condition 1: not met.*"
                             r"condition 2: not met: 2 days since the onset of Panic on Aug 20: 3 elapse on Aug 23"):
        demo.run(aug22, "takeover", take="yes")
    assert demo.game(aug22).global_property("TakeoverDate") == ""
    aug23 = with_globals(demo, tmp_path / "panicked.vsav", tmp_path / "aug23.vsav", {"Date": "Aug 23"})
    report, game = written(demo, tmp_path, aug23, "takeover", take="yes")
    assert game.global_property("TakeoverDate") == "Aug 23"
    lines = texts(report, "McClellan replaces Pope on Aug 23")
    assert "condition 2: met: 3 days since the onset of Panic on Aug 20: 3 have elapsed (2 condition 2)" in lines


def test_2_replacement_through_the_panic_save_with_the_date_set(demo, tmp_path):
    values = {"PanicDate": "Aug 20"}
    with pytest.raises(command_procedures.CommandRefused, match="no condition is met"):
        demo.run(with_globals(demo, PANIC_SAVE, tmp_path / "22.vsav", values | {"Date": "Aug 22"}), "takeover",
                 take="yes")
    _, game = written(demo, tmp_path, with_globals(demo, PANIC_SAVE, tmp_path / "23.vsav", values | {"Date": "Aug 23"}),
                      "takeover", take="yes")
    assert game.global_property("TakeoverDate") == "Aug 23"


def test_2_takeover_refused_twice(demo, tmp_path):
    save = with_globals(demo, PANIC_SAVE, tmp_path / "taken.vsav", {"TakeoverDate": "Sep 2", "Date": "Sep 3"})
    with pytest.raises(command_procedures.CommandRefused, match="McClellan took command on Sep 2 already"):
        demo.run(save, "takeover", take="yes")


def test_2_takeover_schedule_turn_by_turn_after_panic(demo, tmp_path):
    save = with_globals(demo, PANIC_SAVE, tmp_path / "p.vsav", {"PanicDate": "Aug 20"})
    report, _ = demo.run(save, "takeover", schedule="Aug 23")
    turns = [(line.data["date"], line.data["paralysis"], line.data["bonus"], line.data["combat_drm"])
             for line in report.sections[0].lines if line.text.startswith("Aug 2")]
    assert turns == [("Aug 23", "all", 0, -1), ("Aug 24", "non_reorganized", 0, 0), ("Aug 25", "non_reorganized", 1, 0),
                     ("Aug 26", "non_reorganized", 2, 0), ("Aug 27", "none", 0, 0)]
    assert "Panic began on Aug 20: the \"If Panic has occurred\" schedule (2)" in texts(report)
    assert "Aug 24: 1 turn after McClellan's takeover on Aug 23 (If Panic has occurred)" in texts(report)


def test_2_the_takeover_example_gives_the_demos_schedule_after_panic(demo, tmp_path):
    # r2a.takeover's example runs on panic.vlog, the log r2a.panic writes (Panic on Aug 20), as
    # the demo's takeover.txt does: the "If Panic has occurred" schedule.
    from adjutant_plugins.r2a import plugin
    game, parameters = plugin.tasks["takeover"].example_game()
    assert (game, parameters) == ("panic.vlog", {"schedule": "Aug 23"})
    _, panicked = demo.run(PANIC_LOG, "panic")
    panicked.save_log(str(tmp_path / game))
    report, _ = demo.run(tmp_path / game, "takeover", **parameters)
    assert "Panic began on Aug 20: the \"If Panic has occurred\" schedule (2)" in texts(report)


def test_2_takeover_schedule_without_panic(demo):
    report, _ = demo.run(PANIC_SAVE, "takeover", schedule="Sep 2")
    dates = [line.data["date"] for line in report.sections[0].lines if line.text.startswith("Sep ")]
    assert dates == ["Sep 2", "Sep 3", "Sep 4"]
    assert any("rolls for reorganization, +2" in t for t in texts(report))


def test_2_takeover_on_the_game_date(demo, tmp_path):
    save = with_globals(demo, PANIC_SAVE, tmp_path / "t.vsav", {"PanicDate": "Aug 20", "TakeoverDate": "Aug 23",
                                                                "Date": "Aug 25"})
    report, _ = demo.run(save, "takeover")
    assert "each corps not yet reorganized rolls for reorganization, +1 (2 If Panic has occurred: turn 2 following " \
           "takeover)" in texts(report)


# ---- rule 2: Union Army Reorganization ----

def after_takeover(demo, tmp_path, date, name="after.vsav", moves=None):
    return with_globals(demo, DEMO_SAVE, tmp_path / name,
                        {"PanicDate": "Aug 20", "TakeoverDate": "Aug 23", "Date": date}, moves=moves or {})


def test_2_reorganization_higher_than_10_writes_reorganized(demo, tmp_path):
    save = after_takeover(demo, tmp_path, "Aug 26", moves={"McClellan": "E2614"})
    report, game = written(demo, tmp_path, save, "reorganization",
                           rolls=["III Corps*=6", "V Corps*=6", "VI Corps*=1"])
    by_corps = {line.data["corps"]: line for line in report.sections[1].lines if "corps" in line.data}
    # Porter: 6 + 2 initiative + 2 McClellan - 1 Sykes disorganized + 2 (3rd turn) = 11
    assert by_corps["V Corps"].data["total"] == 11 and by_corps["V Corps"].data["reorganized"]
    assert by_corps["III Corps"].data["total"] == 10 and not by_corps["III Corps"].data["reorganized"]
    assert by_corps["II Corps"].data["roll"] is None   # Sumner: reorganized already
    # counted on the turn a corps reorganizes, not again on each later turn
    assert {q.of: q.value for q in report.quantities() if q.name == "reorganized"} == {
        "III Corps": 0, "V Corps": 1, "VI Corps": 0}
    assert piece_named(game, "Porter").properties["Reorganized"] == "true"
    assert piece_named(game, "Heintzelman").properties.get("Reorganized", "") != "true"


def test_2_reorganization_all_reorganize_on_the_last_turn(demo, tmp_path):
    report, game = written(demo, tmp_path, after_takeover(demo, tmp_path, "Aug 27"), "reorganization")
    assert not report.rolls
    for leader in ("Heintzelman", "Porter", "Franklin"):
        assert piece_named(game, leader).properties["Reorganized"] == "true"


def test_2_reorganization_mcclellan_bonus_one_corps_named(demo, tmp_path):
    save = after_takeover(demo, tmp_path, "Aug 24", moves={"McClellan": "E2614", "Heintzelman": "E2614"})
    with pytest.raises(command_procedures.CommandRefused, match="McClellan's \\+2 goes to one corps a turn"):
        demo.run(save, "reorganization")
    report, _ = demo.run(save, "reorganization", mcclellan="III Corps", rolls=every(1, ROLLING))
    texts_ = texts(report, "Each corps")
    assert any(t.startswith("III Corps") and "in McClellan's hex" in t for t in texts_)
    assert not any(t.startswith("V Corps") and "in McClellan's hex" in t for t in texts_)
    # the corps' leader names it too, as r2a.odds takes it
    by_leader, _ = demo.run(save, "reorganization", mcclellan="Heintzelman", rolls=every(1, ROLLING))
    assert texts(by_leader, "Each corps") == texts_
    with pytest.raises(ArmyError, match="mcclellan=Nobody: no Union corps or corps leader"):
        demo.run(save, "reorganization", mcclellan="Nobody")


def test_2_reorganization_refused_before_and_on_the_takeover(demo, tmp_path):
    with pytest.raises(command_procedures.CommandRefused, match="McClellan has not taken command"):
        demo.run(DEMO_SAVE, "reorganization")
    with pytest.raises(command_procedures.CommandRefused, match="no reorganization roll on the turn of McClellan's"):
        demo.run(after_takeover(demo, tmp_path, "Aug 23"), "reorganization")


def test_2_a_corps_rolls_once_a_turn_and_mcclellans_plus_2_goes_to_one_corps_leader_per_turn(demo, tmp_path):
    # McClellan with Porter (V) and Franklin (VI): VI takes the +2 and reorganizes; a second run that turn is refused.
    save = after_takeover(demo, tmp_path, "Aug 26", moves={"McClellan": "E2614", "Franklin": "E2614"})
    report, game = written(demo, tmp_path, save, "reorganization", mcclellan="VI Corps",
                           rolls=["III Corps*=1", "V Corps*=1", "VI Corps*=6"])
    assert game.global_property("ReorganizationRolls") == "Aug 26: III Corps, VI Corps, V Corps; +2 VI Corps"
    first = tmp_path / "first.vsav"
    game.save(str(first))
    with pytest.raises(command_procedures.CommandRefused, match=r"McClellan's \+2 went to VI Corps on Aug 26 .*only "
                                                                r"be utilized for one Corp leader per turn"):
        demo.run(first, "reorganization", mcclellan="V Corps", rolls=every(6))
    with pytest.raises(command_procedures.CommandRefused, match="a corps rolls once a turn") as refused:
        demo.run(first, "reorganization", rolls=every(6))
    assert "VI Corps: reorganized today (Aug 26)" in str(refused.value)
    assert "V Corps: rolled today (Aug 26), not reorganized" in str(refused.value)
    # The next day, the last turn, the others reorganize without a roll; VI Corps reorganized on an earlier turn.
    game = demo.game(first)
    game.set_global_property("Date", "Aug 27")
    game.save(str(tmp_path / "next.vsav"))
    (tmp_path / "next").mkdir()
    report, game = written(demo, tmp_path / "next", tmp_path / "next.vsav", "reorganization")
    assert game.global_property("ReorganizationRolls") == "Aug 27: III Corps, V Corps"   # by the schedule
    assert any(t.startswith("VI Corps: reorganized on an earlier turn") for t in texts(report, "Each corps"))


def test_2_a_corps_reorganized_today_is_reported_reorganized_today(demo, tmp_path):
    save = after_takeover(demo, tmp_path, "Aug 26", moves={"McClellan": "E2614"})
    _, game = written(demo, tmp_path, save, "reorganization", rolls=["III Corps*=1", "V Corps*=6", "VI Corps*=1"])
    game.save(str(tmp_path / "rolled.vsav"))
    session = start(demo.context(tmp_path / "rolled.vsav"), "odds")
    lines = command_procedures.odds(session, "reorganization")
    assert "V Corps: reorganized today (Aug 26): it remains so, no roll (2)" in lines
    assert "II Corps: reorganized on an earlier turn: it remains so, no roll (2)" in lines
    assert any(line.startswith("McClellan's +2 went to V Corps on Aug 26") for line in lines)


def test_2_the_last_turns_disorganization_ends_for_the_army_not_the_units(demo, tmp_path):
    save = demo.position(after_takeover(demo, tmp_path, "Aug 27"), tmp_path / "dis.vsav",
                         properties={"Kearny's Division": {"Disorganized_Level": 2}})
    report, game = written(demo, tmp_path, save, "reorganization")
    assert any("this ends the army's disorganization, not the units'" in t for t in texts(report))
    assert piece_named(game, "Kearny's Division").properties["Disorganized_Level"] == "2"


def test_2_panic_after_the_takeover_the_no_panic_schedule_and_why(demo, tmp_path):
    save = with_globals(demo, DEMO_SAVE, tmp_path / "late.vsav",
                        {"PanicDate": "Sep 3", "TakeoverDate": "Sep 2", "Date": "Sep 3"})
    report, _ = demo.run(save, "takeover")
    said = texts(report)
    assert "Panic came on Sep 3, after McClellan's takeover on Sep 2, so the \"If no Panic has occurred\" schedule " \
           "applies (2: it had not occurred when McClellan took command)" in said
    assert not any("no Union Panic" in t for t in said)
    assert any(t.startswith("Union combat rolls +0: Panic on Sep 3 came after McClellan's takeover") for t in said)


# ---- rule 3: Command Paralysis ----

def test_3_paralysis_modifiers_by_distance_to_the_army_commander(demo):
    report, _ = demo.run(DEMO_SAVE, "paralysis", side="Union", rolls=every(6))
    by_corps = {line.data["corps"]: line for line in report.sections[1].lines if "corps" in line.data}
    # Pope (radius 4) in E3011: each corps leader's initiative + 6, and +2 / +1 by distance
    for corps, line in by_corps.items():
        assert line.data["roll"] == 6
        hexes = line.data["hexes"]
        assert ("within his command radius 4" in line.text) == (0 < hexes <= 4)
        assert line.data["exempt"] == (line.data["total"] > 10)


def test_3_paralysis_a_corps_leader_beyond_12_hexes_is_told_his_distance(demo, tmp_path):
    # Pope in E3011; Porter moved 13 hexes away: no modifier, and the report says why.
    save = demo.position(DEMO_SAVE, tmp_path / "far.vsav", moves={"Porter": "E2301"})
    report, _ = demo.run(save, "paralysis", side="Union", rolls=every(1))
    porter = next(line for line in report.sections[1].lines if line.data.get("corps") == "V Corps")
    assert porter.data["hexes"] == 13
    assert porter.text.endswith("(Porter 13 hexes from Pope, more than 12: no proximity modifier)")


def test_3_paralysis_confederate_in_the_army_commanders_hex(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "lee.vsav", moves={"Lee": "E2314"})
    report, _ = demo.run(save, "paralysis", side="Confederate", rolls=every(3, ("Jackson", "Longstreet")))
    jackson = next(line for line in report.sections[1].lines if line.data.get("corps") == "Jackson's Command")
    assert "+3 in the army commander's hex (3)" in jackson.text and jackson.data["total"] == 11 and \
        jackson.data["exempt"]


def test_2_reorganized_corps_not_paralysed_by_the_takeover(demo, tmp_path):
    save = after_takeover(demo, tmp_path, "Aug 24")
    report, _ = demo.run(save, "paralysis", side="Union", event="no", rolls=every(1, ROLLING))
    lines = {line.data["corps"]: line for line in report.sections[1].lines if "corps" in line.data}
    assert lines["II Corps"].data["roll"] is None and "non-reorganized corps" in lines["II Corps"].text
    assert lines["III Corps"].data["roll"] == 1
    everyone, _ = demo.run(save, "paralysis", side="Union", rolls=every(1))   # the Random Event: every corps rolls
    assert all(line.data["roll"] == 1 for line in everyone.sections[1].lines if "corps" in line.data)


def test_2_takeover_paralysis_without_roll_option_none(demo, tmp_path):
    charts = tmp_path / "charts.toml"
    charts.write_text(demo.charts.read_text() + '\n[options]\ntakeover_paralysis_roll = "none"\n')
    assert "[options]" not in demo.charts.read_text()
    report, _ = demo.run(after_takeover(demo, tmp_path, "Aug 23"), "paralysis", side="Union", event="no",
                         charts=charts)
    assert not report.rolls
    assert all(not line.data["exempt"] for line in report.sections[1].lines if "corps" in line.data)


# ---- odds ----

def test_odds_reorganization_and_paralysis(demo, tmp_path):
    save = after_takeover(demo, tmp_path, "Aug 26", moves={"McClellan": "E2614"})
    session = start(demo.context(save), "odds")
    lines = command_procedures.odds(session, "reorganization")
    porter = next(line for line in lines if line.startswith("V Corps"))
    assert f"{Fraction(1, 6)} (17%)" in porter   # 5 + d6 > 10 only on a 6
    assert any(line.startswith("II Corps: reorganized on an earlier turn") for line in lines)
    paralysis = command_procedures.odds(start(demo.context(DEMO_SAVE), "odds"), "paralysis", side="Union")
    assert len(paralysis) == 4 and all(" exempt: d6 " in line for line in paralysis)
    with pytest.raises(ValueError, match="kind is reorganization or paralysis"):
        command_procedures.odds(session, "rail")
