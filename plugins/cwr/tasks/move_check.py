"""The tasks of move_check.py declared: names, help, parameters; each imports its code when it runs."""


def register(plugin):
    @plugin.check("moves", "Judge every move of the game's log (or since the save `before`) as one Movement Phase: "
                           "hex and hexside costs and the road rate (3.0, 3.0a), MP across a unit's moves and its "
                           "formation changes (3.1, 3.1c, 3.5), frontal zones that stop a move (3.4), stacking "
                           "(3.2a, 3.2b), enemy hexes and Close Combat's entry cost (3.0b, 7.0); what a log cannot "
                           "show (a forced march, 3.7) is noted (docs/cwr.md).")
    def moves(context):
        from adjutant.rules.moves import asked_moves
        from ..move_check import for_moves
        return for_moves(context).check(asked_moves(context))
