"""The plugin's checks, procedures and traces as declared (names, help, parameters, examples,
quantities), each module named after the module of code whose tasks it declares. A task imports
that code when it runs, so loading the plugin, which `adjutant plugins` and every command do,
imports none of the rules (docs/plugins.md)."""
from . import (artillery_ammo, close_combat_procedure, command_procedures, fire_procedure, morale_procedures,
               move_check, supply_procedures, traces)


def register(plugin):
    """Declare every task of these modules on `plugin`, in the order `adjutant plugins` lists them."""
    for declared in (move_check, fire_procedure, morale_procedures, close_combat_procedure, supply_procedures,
                     command_procedures, artillery_ammo, traces):
        declared.register(plugin)
