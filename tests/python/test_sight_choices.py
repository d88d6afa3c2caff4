"""The companion keys of CWR's readings where the rulebook is ambiguous (docs/sight.md), each asked
both ways through the Python API and `adjutant los`; [sight.cwr] and [sight.lfm] in one file; the
sweep taking the target's kind."""
import json

import pytest

import adjutant
from test_cli import adjutant as run_cli

# The sample module's map with orchards (0702, 0704; 0303, 0304), a hill at 0606 and CWR's and
# LFM's heights side by side. {cwr} and {sight} are more keys of [sight.cwr] and [sight].
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
orchard = "0702 0704 0303 0304"
[map.elevation]
2 = "0606"
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
    with pytest.raises(adjutant.CompanionError, match=r"cwr\.toml, line 21, column 18: 'hexside_level' in "
                                                      r"\[sight\.cwr\] must be \"lower\" or \"midpoint\""):
        adjutant.open_companion(str(path), module)


def test_the_sweep_takes_the_targets_kind_CWR_4_3e(module, companion_file):
    sight = sight_of(module, companion_file())
    assert sight.sweep("0502", 4, enemy=["0504"], fire="artillery")["0506"] == "blocked"
    assert sight.sweep("0502", 4, enemy=["0504"], fire="artillery", target_is_artillery=True)["0506"] == "clear"

