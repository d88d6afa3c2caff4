"""The plugin's checks, procedures and traces as declared (names, help, parameters, examples,
quantities), each module named after the module of code whose tasks it declares. A task imports
that code when it runs, so loading the plugin, which `adjutant plugins` and every command do,
imports none of the rules (docs/plugins.md)."""
from . import (ammo_procedures, attachment_procedure, command_procedures, move_check, odds_procedure,
               rail_procedure, supply_procedures, victory_procedure)


def register(plugin):
    """Declare every task of these modules on `plugin`, in the order `adjutant plugins` lists them."""
    for declared in (command_procedures, supply_procedures, rail_procedure, move_check, attachment_procedure,
                     ammo_procedures, victory_procedure, odds_procedure):
        declared.register(plugin)
