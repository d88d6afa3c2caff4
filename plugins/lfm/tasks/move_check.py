"""The tasks of move_check.py declared: names, help, parameters; each imports its code when it runs."""


def register(plugin):
    @plugin.check("moves", "Judge every move of the game's log as one Movement Phase: costs and MA from the companion "
                           "file (quarter MP), the road rate 1/4 MP (2.2), 1/2 for shattered or disorganized units "
                           "(16.3), none in a zone of influence (2.2); enemy ZOC: entering stops (5.2), leaving "
                           "disorganizes (5.3, 5.4), no entry after the road rate, out of command, shattered or at "
                           "night (5.5, 5.7, 16.4, 23.2); at night roads only (23.6) but a retreat out of a ZOC "
                           "(23.3); unlimbered artillery stays (1.4); stacking at the end (4.1, 4.2, 4.5); "
                           "reinforcement entry (26.5, 26.6) and delayed entry up to 5 hexes away a turn delayed "
                           "(26.7: the units' OOA turn `arrives` against the game's Turn, else the condition "
                           "stated). What a log cannot show is noted (docs/lfm.md).", logs_only=True)
    def moves(context):
        """The verdicts of the log's moves."""
        from ..move_check import for_moves
        if context.before is not None:
            raise ValueError("the lfm move check judges a log (one Movement Phase), not two saves")
        return for_moves(context).check()
