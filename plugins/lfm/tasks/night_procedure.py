"""The tasks of night_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from .recovery_procedures import SIDE


def register(plugin):
    @plugin.procedure("night", "23: what night changes; phase=start (the first night turn): every D and shatter "
                               "flag of the side cleared (written), the brigades' new total strengths (23.4, 15.4); "
                               "phase=end (the last night turn): the routed pool to the cemetery and brigades with no "
                               "regiment on the map destroyed (23.7), reported.",
                      SIDE, Parameter("phase", str, "start (of the first night turn) or end (of the last)", "start",
                                              ("start", "end")),
                      Parameter("routed", str, "the units in the routed pool, NAME,... (23.7)", ""),
                      Parameter("totals", str, "the brigades' total strengths so far, BRIGADE:N,... (15.4)", ""),
                      example="lfm-combat.vsav side=Union phase=start", quantities=("total SP",))
    def night_procedure(context, side, phase="start", routed="", totals=""):
        from ..night_procedure import night_end, night_start, rules
        from ..recovery_procedures import noted_totals
        from ..session import start
        session = start(context, f"{side} night, {phase} (LFM 23)", side=side, one_side="lfm.night")
        rules(session)
        if phase == "start":
            night_start(session, side, noted_totals(totals))
        else:
            night_end(session, side, name_list(routed))
        return session.finish()
