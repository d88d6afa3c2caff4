"""The Roads to Antietam special attachment (7) on the demo chart file: same type, corps affiliation,
DC/Balt designations, Shen/RR/Kan/Res until the army's reorganization, the Union cavalry."""
from pathlib import Path

import pytest

from adjutant_plugins.r2a import charts as r2a_charts
from adjutant_plugins.r2a.attachment import AttachUnit, may_attach
from adjutant_plugins.r2a.charts import R2aCharts

DEMO = Path(r2a_charts.__file__).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return R2aCharts.load(DEMO)


def union(name, type="infantry", size="brigade", corps="", designation=""):
    return AttachUnit(name, "Union", type, size, corps, designation)


def reb(name, type="infantry", size="brigade"):
    return AttachUnit(name, "Confederate", type, size)


def test_7_infantry_attaches_to_infantry_cavalry_to_cavalry(charts):
    regiment = reb("1 NC", "cavalry", "regiment")
    assert may_attach(charts, regiment, reb("Hampton", "cavalry", "brigade")).allowed
    got = may_attach(charts, regiment, reb("Hood"))
    assert not got.allowed and "same type" in got.clauses[0]
    assert may_attach(charts, reb("Law"), reb("Hood", size="division")).allowed


def test_7_only_infantry_regiments_brigades_and_cavalry_regiments_attach(charts):
    assert not may_attach(charts, reb("Hood", size="division"), reb("Jones", size="division")).allowed
    got = may_attach(charts, reb("Hampton", "cavalry", "brigade"), reb("Lee", "cavalry", "brigade"))
    assert not got.allowed and "cavalry regiments attach" in got.clauses[0]


def test_7_only_to_friendly_units(charts):
    assert not may_attach(charts, reb("Law"), union("Meagher")).allowed


def test_7_1_a_unit_with_a_corps_affiliation_only_to_that_corps(charts):
    piatt = union("Piatt", corps="III")
    assert may_attach(charts, piatt, union("Kearny", size="division", corps="III")).allowed
    got = may_attach(charts, piatt, union("King", size="division", corps="I"))
    assert not got.allowed and got.clauses[0].startswith("7 (1)")
    assert not may_attach(charts, piatt, union("Casey", size="division")).allowed
    assert may_attach(charts, union("Meagher"), union("King", size="division", corps="I")).allowed


def test_7_3_dc_and_balt_units_only_to_similarly_designated_units(charts):
    dc = union("1 DC", size="regiment", designation="DC")
    assert may_attach(charts, dc, union("Casey", size="division", designation="DC")).allowed
    got = may_attach(charts, dc, union("Casey", size="division", designation="Balt"))
    assert not got.allowed and got.clauses[0].startswith("7 (3)")
    assert not may_attach(charts, union("Balt 1", designation="Balt"), union("Sigel", size="division")).allowed
    # The army's reorganization does not lift it.
    assert not may_attach(charts, dc, union("Sigel", size="division"), army_reorganized=True).allowed


def test_7_3_others_may_attach_to_dc_and_balt_units(charts):
    got = may_attach(charts, union("Meagher"), union("Casey", size="division", designation="DC"))
    assert got.allowed and any(c.startswith("7 (3)") for c in got.clauses)


@pytest.mark.parametrize("designation", ["Shen", "RR", "Kan", "Res"])
def test_7_4_shen_rr_kan_res_only_to_similar_units_until_reorganization(charts, designation):
    unit = union("X", designation=designation)
    other = union("Sigel", size="division")
    assert may_attach(charts, unit, union("Y", size="division", designation=designation)).allowed
    got = may_attach(charts, unit, other)
    assert not got.allowed and got.clauses[0].startswith("7 (4)")
    assert may_attach(charts, unit, other, army_reorganized=True).allowed


def test_7_5_only_3_in_and_6_ny_union_cavalry_attach_to_any_cavalry_brigade(charts):
    brigade = union("Bayard", "cavalry", "brigade")
    for name in ("3 IN", "6 NY"):
        assert may_attach(charts, union(name, "cavalry", "regiment"), brigade).allowed
        got = may_attach(charts, union(name, "cavalry", "regiment"), union("1 ME", "cavalry", "regiment"))
        assert not got.allowed and got.clauses[0].startswith("7 (5)")
    got = may_attach(charts, union("1 ME", "cavalry", "regiment"), brigade)
    assert not got.allowed and "only 3 IN & 6 NY" in got.clauses[0]
