"""The tasks of fire_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, named_values

from .fire_lines import register as register_lines


def _modifiers(text, what):
    """"LABEL:N,LABEL:N" as ((label, N), ...)."""
    return tuple(named_values(text, what, "LABEL:N", number="signed"))

FIRE_PARAMETERS = (
    Parameter("firers", str, "the units firing at target: NAME, or NAME:SP for part of its SP (a battery section's "
                             "guns, the top SP of a stack: 5.1a), separated by commas; from one hex or several"),
    Parameter("target", str, "the hex fired on, as VASSAL names it (A9.06)"),
    Parameter("split", str, "the other targets of a split fire from the firers' hex (5.4): HEX=NAME:SP,NAME:SP, "
                            "several separated by ';'", ""),
    Parameter("selective", bool, "Selective Artillery Fire at the artillery in the target's stack (5.5)", False),
    Parameter("visibility", int, "the turn's visibility in hexes (4.4; default unlimited)", None),
    Parameter("batteries", int, "batteries that may combine at the target when a game's rule allows more (default "
                                "5.3d: 3 Union, 2 Confederate)", None),
)

RESULT_PARAMETERS = (
    Parameter("straggler_modifiers", str, "the Straggler Table's modifiers that apply, LABEL:N,LABEL:N (5.8)", ""),
    Parameter("morale_modifiers", str, "the Morale Table's column shifts that apply, LABEL:N (+ toward A, 6.1)", ""),
    Parameter("leader", str, "the leader in the target hex whose rating - 1 shifts the Morale Check (9.1): a name, "
                             "none, or by default the best there", ""),
)


def register(plugin):
    @plugin.procedure("fire", "5.0-5.9: a Fire Combat on the save: range, line of sight (4.0), the frontal arc "
                              "(3.3), 8 SP a hex from the top (5.1a), split fire (5.4), Fire Strength (5.2), the "
                              "column shifts (5.6-5.7), the artillery ammunition points and trace (8.4), the 2d6 "
                              "roll; casualties, the Straggler Check, the Morale Check, Low Ammo (5.7c), wrecked "
                              "status (5.9) and the ammunition points left written back. The rules' refusals stop "
                              "it, each with its clause.",
                      *FIRE_PARAMETERS, *RESULT_PARAMETERS,
                      Parameter("stay", bool, "the target stack ignores a '*' retreat where 6.2a lets it", False),
                      example="cwr-firefight.vsav firers=\"147th New York\" target=A8.06",
                      quantities=("artillery ammunition points spent", "casualties", "fire strength", "range",
                                  "retreat hexes", "SP lost", "stragglers"))

    def fire_procedure(context, firers, target, split="", selective=False, visibility=None, batteries=None,
                       straggler_modifiers="", morale_modifiers="", leader="", stay=False):
        from ..fire_procedure import prepare, run_fire
        from ..session import start
        session = start(context, f"Fire at {target} (CWR 5.0)")
        built, supply = prepare(session, firers, target, split, selective, visibility, batteries)
        run_fire(session, built, supply, straggler_modifiers=_modifiers(straggler_modifiers, "straggler_modifiers"),
                 morale_modifiers=_modifiers(morale_modifiers, "morale_modifiers"), leader=leader, stay=stay)
        return session.finish()

    @plugin.procedure("fire-odds", "5.2-5.8: a Fire Combat before rolling: its Fire Strength, shifts and column, the "
                                   "exact chance of each Fire Combat Table result, the stragglers and morale states "
                                   "each may bring, and the chance of Low Ammo (5.7c). Nothing is rolled or written.",
                      *FIRE_PARAMETERS, *RESULT_PARAMETERS,
                      example="cwr-fire.vsav firers=\"24th Michigan:2,Stevens's Battery:2\" target=A9.06 "
                              "split=\"A10.05=24th Michigan:1,Stevens's Battery:3\"",
                      quantities=("artillery ammunition points", "fire strength", "range"))
    def fire_odds_procedure(context, firers, target, split="", selective=False, visibility=None, batteries=None,
                            straggler_modifiers="", morale_modifiers="", leader=""):
        from ..fire_procedure import prepare, run_odds
        from ..session import start
        session = start(context, f"Fire odds at {target} (CWR 5.2-5.8)")
        built, supply = prepare(session, firers, target, split, selective, visibility, batteries)
        run_odds(session, built, supply, _modifiers(straggler_modifiers, "straggler_modifiers"),
                 _modifiers(morale_modifiers, "morale_modifiers"), leader)
        return session.finish()

    register_lines(plugin)
