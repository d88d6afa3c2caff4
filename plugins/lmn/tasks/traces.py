"""The tasks of traces.py declared: names, help, parameters; each imports its code when it runs."""
from types import SimpleNamespace

from adjutant.plugin import Parameter, TraceResult


def register(plugin):
    @plugin.trace("lmn-supply", "LMN 16 supply: within 6 hexes of a source (--to) or of a rail hex (--lines) "
                                "leading to one, supplied; 7-12 unsupplied; else isolated. --enemy units and "
                                "--zones block every part, but no zone extends where --friendly combat units stand "
                                "(8.1B); never through "
                                "hexes or hexsides --class (default: the first class) may not enter or cross.",
                  Parameter("depot", str, "the CSA depot's hex", None), needs=("targets",))
    def lmn_supply(trace, depot):
        from ..traces import supply
        # The depot's trace reads the same --lines as the unit's (option depot_reach = "rail").
        result = supply(trace.movement, trace.start, sources=trace.targets, depot=depot, rail=trace.lines,
                        unit_class=trace.unit_class, enemy=trace.enemy, zones=trace.zones,
                        zone_exempt=trace.friendly)
        shown = result.trace or SimpleNamespace(found=False, hexes=[], steps=[], used=0, reason=result.reason)
        return TraceResult(shown, result.state, {"state": result.state, "depot_source": result.depot_source})
