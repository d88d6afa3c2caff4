"""The tasks of move_check.py declared: names, help, parameters; each imports its code when it runs."""


def register(plugin):
    @plugin.check("moves", "Judge every move of the game's log: the generic check's costs, allowances and zones "
                           "(the companion file's), a Union infantry move beyond its allowance from a station judged "
                           "as a rail move (4: eligibility, 35 rail hexes, no enemy unit, ZOC or Confederate county, "
                           "the state's maximum counted over the log; never cavalry), Balt units never west of hex "
                           "row 2101-2134 of the east map and DC units within the DC defense area (5).", logs_only=True)
    def moves(context):
        """The verdicts of the log's moves."""
        from ..move_check import for_moves
        return for_moves(context).check()
