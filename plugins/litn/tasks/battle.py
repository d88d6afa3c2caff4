"""The tasks of battle.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from ..army import SIDES
from ..battle_options import ATTACKER_OPTIONS, DEFENDER_OPTIONS

def _names_parameter(name, help_text):
    return Parameter(name, str, help_text, "")


PARAMETERS = (
    Parameter("hex", str, "the battle hex"),
    Parameter("attacker", str, "the attacking side", choices=SIDES),
    Parameter("attacker_option", str, "the attacker's combat option, entered by the attacker", "",
              ("",) + ATTACKER_OPTIONS),
    Parameter("defender_option", str, "the defender's combat option, entered by the defender", "",
              ("",) + DEFENDER_OPTIONS),
    Parameter("solitaire", bool, "14.1: roll the defender's option", False),
    Parameter("surprise", bool, "14.2: a surprise attack: roll the attempt, then resolve it without options", False),
    _names_parameter("units", "the attacking units, NAME,NAME (default: every one that may attack)"),
    _names_parameter("crossed", "units that entered the hex this turn across a bridge or river hexside (x1/2)"),
    _names_parameter("slope", "units that entered the ridge hex this turn across a slope hexside (x1/2)"),
    _names_parameter("entrained", "Union units entrained in the hex (besides those whose entrained state is set)"),
    _names_parameter("force_marched", "units that force marched into the hex this turn"),
    Parameter("entrenched_first", bool, "the defender commits entrenched points first (10.5)", True),
    _names_parameter("union_losses", "the Union's loss order, NAME,NAME (intrinsic: the fortification), entered "
                                     "by the Union player (default: each SP from the strongest unit)"),
    _names_parameter("confederate_losses", "the Confederate loss order, entered by the Confederate player"),
    Parameter("entered_second", str, "the side that moved into the hex second (10: breaks equal initiatives)", "",
              ("",) + SIDES),
    Parameter("defender_can_retreat", bool, "whether the defender has a legal retreat path (10.3: Withdraw)", True),
    Parameter("fortification", bool, "13: a Washington fortification hex (default: a companion-file place "
                                     "of kind fortification)", None),
    Parameter("intrinsic", int, "13: the fortification's intrinsic strength left (default: the chart's 15)", None),
    Parameter("leader_casualties", bool, "14.3: roll for leaders after a natural 6", False),
    Parameter("earlier_union_losses", int, "10.8: Union SP (not militia) lost in this hex's combats of the "
                                           "consecutive turns before", 0),
    Parameter("earlier_confederate_losses", int, "10.8: the same for the Confederates", 0),
    Parameter("odds", bool, "give each commitment and CRT roll's chances before it", False),
)


def register(plugin):
    @plugin.procedure(
        "battle", "10, 13, 14.1-14.3: a battle in one hex: who may attack, the participating units, combat supply "
                  "and wagon depletion, the options and their restrictions, the rounds (Combat Options Chart), "
                  "commitment, every round's fire on the CRT (strength modifications, column shifts, excess "
                  "strength), losses in the owner's order, excess losses, demoralization, who must retreat, the "
                  "victory; losses and demoralization written to the game.",
        *PARAMETERS,
        example="litn-battle.vsav hex=1622 attacker=Union attacker_option=assault defender_option=stand "
                "entered_second=Union", quantities=("demoralized", "SP lost", "VP", "wagon depleted"))
    def battle(context, hex, attacker, **given):
        from ..battle import NAME_LISTS, run_battle
        from ..session import start
        known = {p.name: p for p in PARAMETERS}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(f"battle has no parameter {unknown[0]!r}")
        params = {name: given.get(name, p.default) for name, p in known.items() if name not in ("hex", "attacker")}
        for name in NAME_LISTS:
            value = params[name]
            params[name] = name_list(value) if isinstance(value, str) else list(value)
        session = start(context, f"Battle in {hex} (LIN 10)", None, need_turn=False)
        run_battle(session, hex, attacker, params)
        return session.finish()
