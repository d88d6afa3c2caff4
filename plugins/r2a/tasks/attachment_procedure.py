"""The tasks of attachment_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("attach", "7 Special attachment: may each unit named attach to the other? Same side and type, "
                                "infantry regiments/brigades and cavalry regiments only, a Union unit with a corps "
                                "affiliation only to its corps, DC and Balt only to their designation, Shen/RR/Kan/Res "
                                "only to theirs until the Union army is reorganized (read from the save: every corps "
                                "leader reorganized, or the takeover schedule's last turn come), of the Union cavalry "
                                "only 3 IN and 6 NY, to any cavalry brigade. Every clause reported; nothing written; "
                                "exit 2 if any pair is refused.",
                      Parameter("unit", str, "the unit attaching", ""),
                      Parameter("to", str, "the unit it attaches to", ""),
                      Parameter("pairs", str, "several attachments to judge: UNIT:TO,...", ""),
                      example="r2a-demo.vsav pairs=\"3rd Indiana Cavalry:Bayard's Brigade,Piatt's Brigade:Morell's "
                              "Division\"")
    def attach_procedure(context, unit="", to="", pairs=""):
        from ..attachment_procedure import judge_pairs, parse_pairs
        from ..session import start
        session = start(context, "Special attachment (R2A 7)")
        judge_pairs(session, parse_pairs(unit, to, pairs), context.source)
        return session.finish()
