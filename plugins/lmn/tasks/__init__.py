"""The plugin's checks, procedures and traces as declared (names, help, parameters, examples,
quantities), each module named after the module of code whose tasks it declares. A task imports
that code when it runs, so loading the plugin, which `adjutant plugins` and every command do,
imports none of the rules (docs/plugins.md)."""
from . import (combat, procedures, reinforcement, supply, traces, victory)


def register(plugin):
    """Declare every task of these modules on `plugin`, in the order `adjutant plugins` lists them."""
    for declared in (combat, procedures, reinforcement, victory, supply, traces):
        declared.register(plugin)
