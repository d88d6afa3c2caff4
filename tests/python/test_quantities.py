"""The quantities the rolled procedures mark (procedures.report.Quantity), through `adjutant simulate`
on each plugin's demo: an outcome that is no amount (who has the initiative, whether a unit rallies) is
counted 1 or 0 in every run; an amount the procedure looked at and found 0 (a unit in the combat that
lost nothing) is marked 0, so that every run reports it (docs/plugins.md)."""
import json

import pytest

from adjutant.cli import main
from adjutant.plugin_host import load_plugins

PLUGINS = load_plugins()
RUNS = 30


@pytest.fixture(scope="module")
def demo_folders(tmp_path_factory):
    """Each plugin's demo folder, its demo run once: {plugin: folder}."""
    from rich.console import Console
    folders = {}
    for name in ("cwr", "lfm", "litn", "lmn", "r2a"):
        folder = tmp_path_factory.mktemp(f"demo-{name}")
        PLUGINS[name].demonstration.run(folder, Console(quiet=True))
        folders[name] = folder
    return folders


def simulated(demo_folders, capsys, monkeypatch, procedure, game=None, **parameters):
    """{(name, of): the quantity's JSON} of RUNS runs of the procedure's example on its demo, with
    `game` and `parameters` instead of the example's."""
    plugin_name, name = procedure.split(".")
    plugin, task = PLUGINS[plugin_name], PLUGINS[plugin_name].tasks[name]
    d = plugin.demonstration
    example_game, words = task.example_game()
    words.update(parameters)
    monkeypatch.chdir(demo_folders[plugin_name])
    args = ["simulate", procedure, game or example_game, "--module", d.module, "--companion", d.companion,
            "--runs", RUNS, "--seed", 1, "--jobs", 1, "--json", *([f"--charts={d.charts}"] if d.charts else []),
            *(f"{k}={v}" for k, v in words.items())]
    capsys.readouterr()
    assert main([str(a) for a in args]) == 0, capsys.readouterr().err
    return {(q["name"], q["of"]): q for q in json.loads(capsys.readouterr().out)["quantities"]}


# (procedure, the game and parameters instead of the example's, the outcomes counted 1 or 0 in every run)
OUTCOMES = [
    ("litn.initiative", {}, [("chooses the first player", "Confederate"), ("chooses the first player", "Union")]),
    ("litn.lost-dispatch", {}, [("Lost Dispatch found", "")]),
    ("litn.reaction", {}, [("reacts", "R.E. Lee"), ("reacts", "Jackson"), ("reacts", "D.H. Hill")]),
    ("litn.combat-supply", {}, [("wagon depleted", "Confederate Wagon")]),
    ("litn.hooker", {}, [("Hooker replaced", "")]),
    ("litn.variable-entry", {}, [("enters", "Imboden"), ("enters", "Jones"), ("enters", "Robertson")]),
    ("lmn.probe", {}, [("probe succeeds", "CSA Cavalry 1")]),
    ("lmn.force-march", {}, [("disrupted", "Hood"), ("disrupted", "McLaws")]),
    ("cwr.rally", {"game": "morale.vsav"}, [("rallied to DG", "A2.10")]),
    ("cwr.stoppage", {}, [("Stoppage", "Cutler's Brigade")]),
    ("cwr.initiative", {}, [("Success", "Archer's Brigade"), ("Loose Cannon", "Archer's Brigade"),
                            ("Failure", "Archer's Brigade")]),
    ("cwr.leader-loss", {}, [("Killed", "Davis"), ("Wounded", "Davis")]),
    ("lfm.initiative", {}, [("has the initiative", "Union"), ("has the initiative", "Confederate")]),
    ("lfm.recovery", {}, [("D removed", "1109")]),
    ("lfm.cohesion", {}, [("cohesion check failed", "6th Wisconsin")]),
    ("lfm.bombardment", {}, [("cohesion checks", "8th Illinois Cavalry"), ("disorganized", "8th Illinois Cavalry")]),
    ("lfm.combat", {}, [("retreat", "0910"), ("retreat", "0810"), ("retreat", "1010")]),
    ("lfm.bridge-burning", {}, [("bridge destroyed", "0408/0508")]),
    ("r2a.paralysis", {}, [("paralysed", "II Corps")]),
    ("r2a.reorganization", {}, [("reorganized", "V Corps")]),
    ("r2a.rail", {}, [("rail move allowed", "Couch's Division")]),
    ("r2a.rail", {"path": "E2712,E2613,E2614"}, [("moved by rail", "Couch's Division")]),
    ("r2a.victuals", {"game": "r2a-supply.vsav", "phase": "repair", "unsupplied": ""},
     [("station repaired", "Front Royal"), ("station repaired", "Rappahannock Station")]),
]


@pytest.mark.parametrize("procedure, instead, outcomes", OUTCOMES, ids=[case[0] for case in OUTCOMES])
def test_a_rolled_outcome_is_counted_1_or_0_in_every_run(demo_folders, capsys, monkeypatch, procedure, instead,
                                                         outcomes):
    quantities = simulated(demo_folders, capsys, monkeypatch, procedure, **instead)
    for label in outcomes:
        assert label in quantities, f"{procedure} marks no {label}: {sorted(quantities)}"
        q = quantities[label]
        assert q["runs"] == q["of_runs"] == RUNS, (label, q)
        assert {value for value, _ in q["distribution"]} == {0, 1}, (label, q["distribution"])   # 30 runs: both came
    assert set(name for name, _ in quantities) <= set(PLUGINS[procedure.split(".")[0]].tasks[
        procedure.split(".")[1]].quantities)


def test_one_side_has_the_initiative_in_each_run(demo_folders, capsys, monkeypatch):
    q = simulated(demo_folders, capsys, monkeypatch, "lfm.initiative")
    union, confederate = (dict(q[("has the initiative", side)]["distribution"]) for side in ("Union", "Confederate"))
    assert union[1] == confederate[0] and union[0] == confederate[1]


def test_the_cwr_initiative_gives_one_of_its_three_results_each_run(demo_folders, capsys, monkeypatch):
    q = simulated(demo_folders, capsys, monkeypatch, "cwr.initiative")
    assert sum(dict(q[(result, "Archer's Brigade")]["distribution"]).get(1, 0)
               for result in ("Success", "Loose Cannon", "Failure")) == RUNS


def test_the_litn_militia_table_gives_the_units_placed(demo_folders, capsys, monkeypatch):
    q = simulated(demo_folders, capsys, monkeypatch, "litn.militia")[("militia units", "")]
    assert q["runs"] == RUNS and {value for value, _ in q["distribution"]} <= {0, 1, 2, 3} and q["max"] > 0


# (procedure, the game and parameters instead of the example's, (name, of) a run that looked reports even as 0)
ZEROS = [
    ("litn.attrition", {"game": "attrition.vsav", "side": "Union"}, ("SP lost", "II Corps (Sumner)")),  # exempt
    ("litn.attrition", {"side": "Confederate"}, ("SP lost", "Confederate Wagon")),  # exempt, a supply wagon
    ("litn.battle", {}, ("SP lost", "Walker")),
    ("litn.battle", {}, ("VP", "Union")),
    ("lmn.combat", {}, ("SP lost", "McLaws")),
    ("lmn.combat", {}, ("VP", "Union")),
    ("lmn.desertion", {}, ("SP lost", "Hood")),
    ("cwr.close-combat", {}, ("SP lost", "19th Indiana")),
    ("cwr.fire", {}, ("casualties", "42nd Mississippi")),   # fired on: "-", M and M+2 cause none
    ("cwr.fire", {}, ("stragglers", "42nd Mississippi")),
    ("cwr.fire", {}, ("SP lost", "42nd Mississippi")),
    ("cwr.fire", {}, ("retreat hexes", "A8.06")),
    ("cwr.morale", {}, ("SP lost", "42nd Mississippi")),
    ("cwr.morale", {}, ("retreat hexes", "A2.10")),
    ("lfm.combat", {}, ("SP lost", "42nd Mississippi")),
    ("lfm.combat", {}, ("commander casualty", "Wadsworth")),   # in 0810, whether it is hurt or not (8.11)
    ("litn.battle", {}, ("demoralized", "Confederate")),       # whether it checks or not (10.6)
    ("lfm.charge", {}, ("SP lost", "12th Illinois Cavalry")),
    ("r2a.forage", {}, ("victuals", "Fitz Lee's Brigade")),
]


@pytest.mark.parametrize("procedure, instead, label", ZEROS, ids=[f"{c[0]}-{c[2][1]}" for c in ZEROS])
def test_an_amount_the_procedure_looked_at_is_reported_in_every_run_zero_included(demo_folders, capsys, monkeypatch,
                                                                                  procedure, instead, label):
    q = simulated(demo_folders, capsys, monkeypatch, procedure, **instead)[label]
    assert q["runs"] == q["of_runs"] == RUNS, q
    assert label[0] == "victuals" or q["min"] == 0, q   # a level the forage left unchanged is marked, not only 0
