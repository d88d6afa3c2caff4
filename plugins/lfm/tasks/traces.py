"""The tasks of traces.py declared: names, help, parameters; each imports its code when it runs."""


def register(plugin):
    @plugin.trace("lfm-command", "LFM 20.11 command: within --most hexes of the commander to the units "
                                 "(--to); --zones entered, not passed, unless a --friendly unit is there.",
                  needs=("most", "targets"))
    def lfm_command(trace):
        from ..traces import command
        try:
            range = int(trace.most)
        except ValueError:
            raise ValueError(f"lfm-command's --most is a number of hexes, not {trace.most!r}") from None
        return command(trace.movement, trace.start, range, targets=trace.targets, zones=trace.zones,
                       zone_exempt=trace.friendly)
