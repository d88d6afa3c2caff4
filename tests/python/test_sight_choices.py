"""The companion keys of CWR's readings where the rulebook is ambiguous (docs/sight.md), each asked
both ways through the Python API and `adjutant los`; [sight.cwr] and [sight.lfm] in one file; the
sweep taking the target's kind."""
import json

import pytest

import adjutant
from test_cli import adjutant as run_cli

# The sample module's map with orchards (0702, 0704; 0303, 0304), a hill at 0606, three lines down
# columns 15, 17 and 19 for the tie at the midpoint, the LOS Procedure's step 5 and the canopy, and
# CWR's and LFM's heights side by side. {cwr} and {sight} are more keys of [sight.cwr] and [sight].
COMPANION = """format = 1
rules = "generic"
[module]
name = "Adjutant Sample"
[vocabulary]
terrain = ["clear", "woods", "orchard"]
[[map]]
name = "Main Map"
default_terrain = "clear"
[map.terrain]
orchard = "0702 0704 0303 0304 1906"
woods = "1706 1905"
[map.elevation]
1 = "1507 1706"
2 = "0606 1505 1705 1905 1908"
[sight]
rules = "cwr"
{sight}
[sight.cwr]
height = {{ woods = 1, orchard = 1 }}
orchard = ["orchard"]
canopy = ["woods", "orchard"]
{cwr}
[sight.lfm]
height = {{ woods = 1 }}
"""


@pytest.fixture(scope="module")
def module(sample_module):
    return adjutant.open_module(str(sample_module))


@pytest.fixture
def companion_file(tmp_path):
    def write(sight="", cwr=""):
        path = tmp_path / "cwr.toml"
        path.write_text(COMPANION.format(sight=sight, cwr=cwr))
        return path
    return write


def sight_of(module, path, rules=None):
    return adjutant.open_companion(str(path), module).sight("Main Map", rules=rules)


def los(sample_module, path, *words):
    result = run_cli("los", sample_module, path, *words, "--json")
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def test_each_models_table_gives_its_heights_CWR_4_0_LFM_27_8(module, sample_module, companion_file):
    path = companion_file()
    # 0303 is the first orchard from 0302 (4.2b); 0304 counts, one level up in CWR, none in LFM.
    cwr_sight = sight_of(module, path)
    assert cwr_sight.rules == "cwr"
    blocked = cwr_sight.between("0302", "0306")
    assert (blocked.sight, blocked.blocked_at) == ("blocked", "0304")
    assert sight_of(module, path, rules="lfm").between("0302", "0306").sight == "clear"
    assert los(sample_module, path, "0302", "0306")["sight"] == "blocked"
    assert los(sample_module, path, "0302", "0306", "--rules", "lfm")["sight"] == "clear"


def test_the_firers_own_orchard_as_the_first_CWR_4_2b(module, sample_module, companion_file):
    assert sight_of(module, companion_file()).between("0702", "0707").sight == "clear"
    assert los(sample_module, companion_file(), "0702", "0707")["sight"] == "clear"
    path = companion_file(cwr="firer_orchard_is_first = true")
    result = sight_of(module, path).between("0702", "0707")
    assert (result.sight, result.blocked_at) == ("blocked", "0704")
    assert result.clause == "CWR 4.1 case 1: orchard 0704 at level 1 is higher than both ends (0, 0)"
    assert los(sample_module, path, "0702", "0707")["blocked_at"] == "0704"


def test_enemy_hexsides_and_artillery_at_artillery_CWR_4_2d_4_3e(module, sample_module, companion_file):
    # 1005 -> 1205 runs along the hexside 1104/1105; an enemy unit in 1105, enemy artillery in 1205.
    at_guns = dict(enemy=["1105"], fire="artillery", target_is_artillery=True)
    words = ["1005", "1205", "--enemy", "1105", "--fire", "artillery", "--target-artillery"]
    result = sight_of(module, companion_file()).between("1005", "1205", **at_guns)
    assert (result.sight, result.blocked_at, result.along) == ("blocked", "1104", "1105")
    assert result.clause.endswith("blocks artillery fire at enemy artillery too (over 4.3e)")
    assert los(sample_module, companion_file(), *words)["sight"] == "blocked"
    path = companion_file(sight="enemy_hexsides_block_artillery_at_artillery = false")
    through = sight_of(module, path)
    assert through.between("1005", "1205", **at_guns).sight == "clear"
    assert los(sample_module, path, *words)["sight"] == "clear"
    # Only artillery at artillery: small arms, or artillery at infantry, are still blocked.
    assert through.between("1005", "1205", enemy=["1105"], fire="artillery").sight == "blocked"
    assert los(sample_module, path, *words[:-1])["sight"] == "blocked"


def test_the_level_of_a_hexside_run_along_CWR_4_0_4_2d(module, sample_module, companion_file):
    # 0505 -> 0705 runs along 0605/0606: 0605 at level 0, 0606 at 2.
    assert sight_of(module, companion_file()).between("0505", "0705").sight == "clear"
    assert los(sample_module, companion_file(), "0505", "0705")["sight"] == "clear"
    path = companion_file(cwr='hexside_level = "midpoint"')
    result = sight_of(module, path).between("0505", "0705")
    assert (result.sight, result.blocked_at, result.along) == ("blocked", "0605", "0606")
    assert result.clause == "CWR 4.1 case 1: 0605/0606 at level 1 is higher than both ends (0, 0)"
    assert los(sample_module, path, "0505", "0705")["sight"] == "blocked"


def test_a_mistaken_key_names_the_file_and_line(module, companion_file):
    path = companion_file(cwr='hexside_level = "half"')
    with pytest.raises(adjutant.CompanionError, match=r"cwr\.toml, line 23, column 18: 'hexside_level' in "
                                                      r"\[sight\.cwr\] must be \"lower\" or \"midpoint\""):
        adjutant.open_companion(str(path), module)


def test_a_tie_at_the_midpoint_CWR_4_1_case_3(module, sample_module, companion_file):
    # 1505 at level 2, 1509 at 0: 1507 at the midpoint 1 is as far from both ends.
    assert sight_of(module, companion_file()).between("1505", "1509").sight == "clear"
    assert los(sample_module, companion_file(), "1509", "1505")["sight"] == "clear"
    path = companion_file(cwr="midpoint_tie_blocks = true")
    result = sight_of(module, path).between("1509", "1505")
    assert (result.sight, result.blocked_at) == ("blocked", "1507")
    assert result.clause == ("CWR 4.1 case 3: clear 1507 at level 1, at or above the midpoint 1, "
                             "is as far from the higher end as from the lower end")
    assert los(sample_module, path, "1505", "1509")["blocked_at"] == "1507"


def test_where_the_ground_falls_in_the_LOS_Procedures_step_5(module, sample_module, companion_file):
    # 1705 at level 2 with woods on ground 1 in front of it (1706, level 2) and the ground falling
    # right behind it (1704): by levels 1705 stands back from the crest, by bare ground it does not.
    path = companion_file(cwr='procedure = "steps"')
    result = sight_of(module, path).between("1705", "1709")
    assert (result.sight, result.blocked_at) == ("blocked", "1706")
    assert result.clause.startswith("CWR LOS Procedure step 5: 1705 stands back from the crest at woods 1706")
    assert los(sample_module, path, "1709", "1705")["sight"] == "blocked"
    path = companion_file(cwr='procedure = "steps"\nstep5_elevation = "ground"')
    assert sight_of(module, path).between("1709", "1705").sight == "clear"
    assert los(sample_module, path, "1705", "1709")["sight"] == "clear"
    # The cases of 4.1 have no step 5: the option changes nothing there.
    assert sight_of(module, companion_file(cwr='step5_elevation = "level"')).between("1705", "1709").sight == "clear"


def test_the_canopy_against_the_first_orchard_CWR_4_2b_4_2c(module, sample_module, companion_file):
    # Out of the woods 1905 through the adjacent orchard 1906, the first from 1905 (and from 1908).
    result = sight_of(module, companion_file()).between("1905", "1908")
    assert (result.sight, result.blocked_at) == ("blocked", "1906")
    assert result.clause == "CWR 4.2c: out of woods 1905 through adjacent orchard 1906 (canopy)"
    assert los(sample_module, companion_file(), "1908", "1905")["sight"] == "blocked"
    path = companion_file(cwr="canopy_overrides_first_orchard = false")
    assert sight_of(module, path).between("1905", "1908").sight == "clear"
    assert los(sample_module, path, "1908", "1905")["sight"] == "clear"


def test_a_mistaken_step5_elevation_names_the_file_and_line(module, companion_file):
    path = companion_file(sight='step5_elevation = "bare"')
    with pytest.raises(adjutant.CompanionError, match=r"cwr\.toml, line 18, column 20: 'step5_elevation' in "
                                                      r"\[sight\] must be \"level\" or \"ground\""):
        adjutant.open_companion(str(path), module)


def test_the_sweep_takes_the_targets_kind_CWR_4_3e(module, companion_file):
    sight = sight_of(module, companion_file())
    assert sight.sweep("0502", 4, enemy=["0504"], fire="artillery")["0506"] == "blocked"
    assert sight.sweep("0502", 4, enemy=["0504"], fire="artillery", target_is_artillery=True)["0506"] == "clear"

