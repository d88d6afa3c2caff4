"""The plugin's checks, procedures and traces as declared (names, help, parameters, examples,
quantities), each module named after the module of code whose tasks it declares. A task imports
that code when it runs, so loading the plugin, which `adjutant plugins` and every command do,
imports none of the rules (docs/plugins.md)."""
from . import (bombardment_procedure, charge_procedure, cohesion_procedure, combat_procedure, command_procedures,
               construction_procedures, move_check, night_procedure, odds_procedure, recovery_procedures,
               reinforcement_procedure, stacking_procedure, traces, voluntary_procedures)


def register(plugin):
    """Declare every task of these modules on `plugin`, in the order `adjutant plugins` lists them."""
    for declared in (traces, move_check, command_procedures, bombardment_procedure, combat_procedure,
                     charge_procedure, cohesion_procedure, odds_procedure, recovery_procedures,
                     construction_procedures, night_procedure, stacking_procedure, reinforcement_procedure,
                     voluntary_procedures):
        declared.register(plugin)
