"""r2a.attach on the demo's saves (each test named after its clause): the units read from the save,
the Union cavalry by the rule's names, the army's reorganization read from the corps leaders'
flags and the takeover schedule, every clause reported, nothing written, refusals raised."""
import pytest

from adjutant_plugins.r2a.attachment_procedure import AttachmentRefused
from adjutant_plugins.r2a.demo import DEMO_SAVE
from r2a_helpers import Demo, lines, texts

UNION_CORPS_LEADERS = ("Heintzelman", "Porter", "Sumner", "Franklin")


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-attach"))


def with_globals(demo, save, out, **values):
    game = demo.game(save)
    for name, value in values.items():
        game.set_global_property(name, value)
    game.save(str(out))
    return out


def verdicts(report):
    return [x.data["allowed"] for x in lines(report) if "allowed" in x.data]


def test_7_5_the_3rd_indiana_is_3_in_and_attaches_to_any_cavalry_brigade(demo):
    report, game = demo.run(DEMO_SAVE, "attach", unit="3rd Indiana Cavalry", to="Bayard's Brigade")
    assert verdicts(report) == [True]
    assert any("read as 3 IN" in t for t in texts(report))


def test_7_5_union_cavalry_attach_only_to_a_cavalry_brigade(demo):
    with pytest.raises(AttachmentRefused, match=r"7 \(5\).*6 NY is a cavalry regiment"):
        demo.run(DEMO_SAVE, "attach", unit="3rd Indiana Cavalry", to="6th New York Cavalry")


def test_7_only_regiments_and_brigades_attach_not_divisions(demo):
    with pytest.raises(AttachmentRefused, match="is a division"):
        demo.run(DEMO_SAVE, "attach", unit="Couch's Division", to="Kearny's Division")


def test_7_1_a_corps_affiliated_unit_attaches_only_within_its_corps(demo):
    report, _ = demo.run(DEMO_SAVE, "attach", unit="Piatt's Brigade", to="Morell's Division")
    assert verdicts(report) == [True]
    with pytest.raises(AttachmentRefused, match=r"7 \(1\).*Kearny's Division: III Corps"):
        demo.run(DEMO_SAVE, "attach", unit="Piatt's Brigade", to="Kearny's Division")


def test_7_3_dc_units_attach_only_to_dc_units(demo):
    with pytest.raises(AttachmentRefused, match=r"7 \(3\): a DC unit attaches only to a DC unit"):
        demo.run(DEMO_SAVE, "attach", unit="Washington Garrison", to="Couch's Division")


def test_7_every_pair_judged_and_each_refusal_named(demo):
    with pytest.raises(AttachmentRefused) as refused:
        demo.run(DEMO_SAVE, "attach", pairs="3rd Indiana Cavalry:Bayard's Brigade,Piatt's Brigade:Kearny's Division,"
                                             "Washington Garrison:Couch's Division")
    assert [r[:2] for r in refused.value.refused] == [("Piatt's Brigade", "Kearny's Division"),
                                                       ("Washington Garrison", "Couch's Division")]


def test_7_4_shen_attaches_only_to_shen_until_the_army_is_reorganized(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "shen.vsav", properties={"Washington Garrison": {"Designation": "Shen"}})
    with pytest.raises(AttachmentRefused, match=r"7 \(4\): until the Union army is reorganized"):
        demo.run(save, "attach", unit="Washington Garrison", to="Couch's Division")


def test_2_7_4_every_corps_leader_reorganized_is_the_army_reorganized(demo, tmp_path):
    properties = {name: {"Reorganized": "true"} for name in UNION_CORPS_LEADERS}
    properties["Washington Garrison"] = {"Designation": "Shen"}
    save = demo.position(DEMO_SAVE, tmp_path / "reorganized.vsav", properties=properties)
    report, _ = demo.run(save, "attach", unit="Washington Garrison", to="Couch's Division")
    assert lines(report, "The Union army")[0].data["reorganized"] is True
    assert verdicts(report) == [True]


def test_2_7_4_one_corps_leader_not_reorganized_is_not_the_army(demo, tmp_path):
    properties = {name: {"Reorganized": "true"} for name in UNION_CORPS_LEADERS[:3]}
    save = demo.position(DEMO_SAVE, tmp_path / "partly.vsav", properties=properties)
    report, _ = demo.run(save, "attach", unit="3rd Indiana Cavalry", to="Bayard's Brigade")
    line = lines(report, "The Union army")[0]
    assert line.data["reorganized"] is False and "Franklin not" in line.text


@pytest.mark.parametrize("date, reorganized", [("Aug 21", False), ("Aug 22", True), ("Aug 25", True)])
def test_2_no_panic_the_army_reorganizes_on_the_2nd_turn_following_takeover(demo, tmp_path, date, reorganized):
    shen = demo.position(DEMO_SAVE, tmp_path / "shen.vsav", properties={"Washington Garrison": {"Designation": "Shen"}})
    save = with_globals(demo, shen, tmp_path / "takeover.vsav", TakeoverDate="Aug 20", Date=date)
    if reorganized:
        report, _ = demo.run(save, "attach", unit="Washington Garrison", to="Couch's Division")
        assert lines(report, "The Union army")[0].data["reorganized"] is True
    else:
        with pytest.raises(AttachmentRefused, match=r"7 \(4\)"):
            demo.run(save, "attach", unit="Washington Garrison", to="Couch's Division")


def test_2_with_panic_before_the_takeover_the_army_reorganizes_on_the_4th_turn(demo, tmp_path):
    save = with_globals(demo, DEMO_SAVE, tmp_path / "panic.vsav", PanicDate="Aug 19", TakeoverDate="Aug 20",
                        Date="Aug 23")
    report, _ = demo.run(save, "attach", unit="3rd Indiana Cavalry", to="Bayard's Brigade")
    assert lines(report, "The Union army")[0].data["reorganized"] is False
    later = with_globals(demo, save, tmp_path / "later.vsav", Date="Aug 24")
    report, _ = demo.run(later, "attach", unit="3rd Indiana Cavalry", to="Bayard's Brigade")
    assert lines(report, "The Union army")[0].data["reorganized"] is True


def test_7_nothing_is_written(demo, tmp_path):
    before = demo.army(DEMO_SAVE)
    _, game = demo.run(DEMO_SAVE, "attach", pairs="3rd Indiana Cavalry:Bayard's Brigade")
    game.save(str(tmp_path / "after.vsav"))
    after = demo.army(tmp_path / "after.vsav")
    assert [(u.name, u.hex, u.attributes) for u in after.units] == [(u.name, u.hex, u.attributes) for u in before.units]


def test_7_a_unit_does_not_attach_to_itself(demo):
    # "may attach to other friendly units"
    with pytest.raises(AttachmentRefused, match="other friendly units: Piatt's Brigade to Piatt's Brigade"):
        demo.run(DEMO_SAVE, "attach", unit="Piatt's Brigade", to="Piatt's Brigade")
