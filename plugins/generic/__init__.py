"""The generic rules: every cost, zone of control and stacking limit comes from the companion
file's [movement], so any hex module can be checked without writing Python. Its move check is
adjutant.rules.move_check.MoveChecker with none of its hooks changed, the base other plugins
start from (docs/plugins.md); its set-up check is adjutant.rules.setup_check."""
from adjutant.plugin import Plugin

plugin = Plugin("generic", "Generic rules from the companion file's [movement]", rules="generic", fallback=True)


@plugin.check("moves", "Judge every move of the game's log (or since the save `before`): the cheapest legal "
                       "path, its cost in MP, zones of control, enemy hexes, stacking penalties and limits.")
def moves(context):
    from adjutant.rules.move_check import MoveChecker
    from adjutant.rules.moves import asked_moves
    return MoveChecker(context.game, context.module, context.companion).check(asked_moves(context))


@plugin.check("setup", "Judge a set-up: units in terrain their class may not enter, stacks over the limits. "
                       "Without a game, the module's own SetupStacks.")
def setup(context):
    from adjutant.rules.setup_check import check_setup
    return check_setup(context)
