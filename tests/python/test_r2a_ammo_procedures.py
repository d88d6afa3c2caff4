"""r2a.ammo on the demo's saves (each test named after its clause): expenditure in the county a unit
stands in, replenishment from a captured depot or a train with its refusals (north of the Potomac
while the Union occupies a printed group; surrounded by enemy ZOC) as the resupply check, the
status of each unit out of ammunition; the ammunition written back."""
import pytest

import adjutant
from adjutant.cli import main
from adjutant_plugins.r2a.ammo_procedures import AmmoRefused
from adjutant_plugins.r2a.demo import CHARTS_COPY, COMPANION_COPY, DEMO_SAVE, MODULE
from adjutant.procedures.report import Quantity
from r2a_helpers import Demo, lines, texts

HOOD, JONES = "Hood's Division", "D.R. Jones's Division"   # both in E2116 (Virginia, no county), ammo 2 and 1


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-ammo"))


def ammo_after(demo, game, tmp_path, name):
    game.save(str(tmp_path / "after.vsav"))
    return demo.army(tmp_path / "after.vsav").named(name).ammo


# ---- expenditure ----

def test_optional_II_a_d_result_costs_two_written(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", properties={HOOD: {"Ammo": 12}})
    report, game = demo.run(save, "ammo", action="expend", unit=HOOD, results="D")
    assert ammo_after(demo, game, tmp_path, HOOD) == 10
    assert any(x.data.get("written") for x in lines(report))


def test_optional_II_f_and_e_cost_one_each(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", properties={HOOD: {"Ammo": 12}})
    _, game = demo.run(save, "ammo", action="expend", unit=HOOD, results="F,E")
    assert ammo_after(demo, game, tmp_path, HOOD) == 10


def test_optional_II_never_negative(demo, tmp_path):
    report, game = demo.run(DEMO_SAVE, "ammo", action="expend", unit=JONES, results="D")
    assert ammo_after(demo, game, tmp_path, JONES) == 0
    assert any("never negative" in t for t in texts(report))


def test_optional_II_no_loss_in_culpepper_county(tmp_path):
    # The demo has no Culpepper county: a copy of the demo whose Loudoun County is named so.
    demo = Demo(tmp_path / "culpepper")
    companion = demo.folder / COMPANION_COPY
    companion.write_text(companion.read_text(encoding="utf-8").replace('name = "Loudoun County"',
                                                                      'name = "Culpepper County"'), encoding="utf-8")
    demo.companion = adjutant.open_companion(str(companion), demo.module)
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={HOOD: "E2212"})
    report, game = demo.run(save, "ammo", action="expend", unit=HOOD, results="D,F")
    assert ammo_after(demo, game, tmp_path, HOOD) == 2
    assert any("in Culpepper county: no ammunition spent" in t for t in texts(report))


def test_optional_II_only_confederate_units_hold_ammunition(demo):
    with pytest.raises(ValueError, match="only Confederate infantry and cavalry"):
        demo.run(DEMO_SAVE, "ammo", action="expend", unit="Couch's Division", results="D")


# ---- replenishment ----

def test_optional_II_2_a_train_gives_8_anywhere_never_above_the_start(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", properties={HOOD: {"Ammo": 10}})
    report, game = demo.run(save, "ammo", action="replenish", train="yes", grants=f"{HOOD}:5,{JONES}:8")
    game.save(str(tmp_path / "after.vsav"))
    army = demo.army(tmp_path / "after.vsav")
    assert (army.named(HOOD).ammo, army.named(JONES).ammo) == (12, 7)   # 2 to Hood (never above 12), 6 left
    assert any("never more than its start, 12" in t for t in texts(report))


def test_optional_II_1_alexandria_depot_gives_15_to_units_within_10_hexes(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={HOOD: "E2911"},
                         properties={HOOD: {"Ammo": 0}, JONES: {"Ammo": 0}})
    assert demo.army(save).distance("E2911", "E2116") == 9
    report, game = demo.run(save, "ammo", action="replenish", depot="Alexandria", grants=f"{HOOD}:12,{JONES}:3")
    game.save(str(tmp_path / "after.vsav"))
    army = demo.army(tmp_path / "after.vsav")
    assert (army.named(HOOD).ammo, army.named(JONES).ammo) == (12, 3)
    assert any("15 for the capture of the depot at Alexandria" in t for t in texts(report))


def test_optional_II_1_a_unit_beyond_10_hexes_is_refused(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={HOOD: "E2911", JONES: "E2101"})
    with pytest.raises(AmmoRefused, match="14 hexes from Alexandria, beyond 10"):
        demo.run(save, "ammo", action="replenish", depot="Alexandria", grants=f"{JONES}:3")


def test_optional_II_1_the_depot_in_baltimore_gives_15(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={HOOD: "E3306"}, properties={HOOD: {"Ammo": 0}})
    report, _ = demo.run(save, "ammo", action="replenish", depot="Camden Station", grants=f"{HOOD}:12")
    assert any("15 for the capture of the depot at Baltimore" in t for t in texts(report))


def test_optional_II_1_any_other_depot_gives_6(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={HOOD: "N5816"}, properties={HOOD: {"Ammo": 0}})
    report, game = demo.run(save, "ammo", action="replenish", depot="Harrisburg", grants=f"{HOOD}:12")
    assert ammo_after(demo, game, tmp_path, HOOD) == 6


def test_optional_II_1_a_depot_no_confederate_unit_holds_is_not_captured(demo):
    with pytest.raises(AmmoRefused, match="not captured"):
        demo.run(DEMO_SAVE, "ammo", action="replenish", depot="Alexandria", grants=f"{HOOD}:3")


NORTH = "E2205"   # Maryland (Frederick County-West)


@pytest.mark.parametrize("occupy, refused", [
    ({"Couch's Division": "E2112"}, True),                                    # Harper's Ferry
    ({"Couch's Division": "E2114", "Piatt's Brigade": "E2216"}, True),        # Winchester and Culpepper
    ({"Couch's Division": "E2114"}, False),                                   # Winchester alone
    ({"Couch's Division": "E2102", "Piatt's Brigade": "E2111", "Washington Garrison": "E2104",
      "Baltimore Garrison": "E2105"}, True),                                  # Williamsport ... Naval Battery
    ({"Couch's Division": "E2102", "Piatt's Brigade": "E2111", "Washington Garrison": "E2104"}, False),
])
def test_optional_II_exceptions_north_of_the_potomac_while_the_union_occupies_a_group(demo, tmp_path, occupy,
                                                                                        refused):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={HOOD: NORTH, **occupy})
    if refused:
        with pytest.raises(AmmoRefused, match="north of the Potomac and the Union occupies"):
            demo.run(save, "ammo", action="replenish", train="yes", grants=f"{HOOD}:3")
    else:
        report, game = demo.run(save, "ammo", action="replenish", train="yes", grants=f"{HOOD}:3")
        assert ammo_after(demo, game, tmp_path, HOOD) == 5


def test_optional_II_exceptions_south_of_the_potomac_the_occupation_does_not_refuse(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Couch's Division": "E2112"})
    _, game = demo.run(save, "ammo", action="replenish", train="yes", grants=f"{HOOD}:3")
    assert ammo_after(demo, game, tmp_path, HOOD) == 5


def test_optional_II_a_unit_surrounded_by_enemy_zoc_may_not_receive(demo, tmp_path):
    # Union units on three alternate hexes around E3313: the other three are in their ZOC.
    ring = {HOOD: "E3313", "Couch's Division": "E3312", "Piatt's Brigade": "E3414", "Washington Garrison": "E3214"}
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves=ring)
    with pytest.raises(AmmoRefused, match="surrounded by enemy ZOC"):
        demo.run(save, "ammo", action="replenish", train="yes", grants=f"{HOOD}:3")
    # two adjacent Union units leave it a way out
    open_ring = {HOOD: "E3313", "Couch's Division": "E3312", "Piatt's Brigade": "E3413"}
    report, _ = demo.run(demo.position(DEMO_SAVE, tmp_path / "o.vsav", moves=open_ring), "ammo", action="replenish",
                         train="yes", grants=f"{HOOD}:3")
    assert next(x for x in lines(report) if x.data.get("unit") == HOOD).data["surrounded"] is False


def test_optional_II_the_map_edge_is_open_a_corner_unit_is_not_surrounded(demo, tmp_path):
    # E2116 is the board's corner: its two neighbours on the map hold Union units, its other sides are the edge
    edge = {"Couch's Division": "E2115", "Piatt's Brigade": "E2216"}
    report, _ = demo.run(demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves=edge), "ammo", action="replenish",
                         train="yes", grants=f"{JONES}:3")
    assert next(x for x in lines(report) if x.data.get("unit") == JONES).data["surrounded"] is False


def test_optional_II_the_resupply_refusal_exits_2(demo, tmp_path, capsys):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={HOOD: NORTH, "Couch's Division": "E2112"})
    status = main(["run", "r2a.ammo", str(save), "--module", str(demo.folder / MODULE), "--companion",
                   str(demo.folder / COMPANION_COPY), "--charts", str(demo.folder / CHARTS_COPY), "action=replenish",
                   "train=yes", f"grants={HOOD}:3", "-o", str(tmp_path / "out.vsav")])
    assert status == 2 and "Harper's Ferry" in capsys.readouterr().err
    assert not (tmp_path / "out.vsav").exists()


# ---- status ----

def test_optional_II_out_of_ammo_effects_and_demoralized_may_not_attack(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", properties={"Taliaferro's Division": {"Ammo": 0}})
    report, _ = demo.run(save, "ammo", action="status")
    out = next(x for x in lines(report) if x.data.get("unit") == "Taliaferro's Division")
    assert out.data["out"] and out.data["may_attack"] is False
    assert "x 1/2" in out.text and "artillery value 0" in out.text and "may not attack" in out.text
    hood = next(x for x in lines(report) if x.data.get("unit") == HOOD)
    assert hood.data == {"unit": HOOD, "ammo": 2, "out": False,
                         "quantity": Quantity("ammunition", 2, of=HOOD)}
