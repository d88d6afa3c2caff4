"""The tasks of procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list


def register(plugin):
    @plugin.procedure("step-loss", "10.1: the Unit Step Reduction Chart applied to a unit (Union 16-12-9-6-4-2, "
                                   "Confederate 7/6-5-4-2, 1-strength units destroyed, fortifications one SP a step), "
                                   "its new strength written, and the enemy's Victory Points (20.1).",
                      Parameter("unit", str, "the unit losing steps"),
                      Parameter("steps", int, "how many steps", 1), example='lmn-combat.vsav unit="XI Corps"',
                      quantities=("SP lost", "VP"))
    def step_loss_procedure(context, unit, steps=1):
        from ..procedures import step_loss
        from ..session import start
        session = start(context, f"Step loss of {unit} (LMN 10.1)")
        step_loss(session, unit, steps)
        return session.finish()

    @plugin.procedure("no-command-move", "11.1: a unit out of movement command control moves d6 MP along its "
                                         "declared route (the Union -1; +2 forced marching, then the 5.6 "
                                         "disruption roll).",
                      Parameter("unit", str, "the moving unit"),
                      Parameter("route", str, "the route declared, HEX,HEX,... to the destination"),
                      Parameter("force_march", bool, "force marching (5.6 errata)", False),
                      example='lmn-demo.vsav unit="XII Corps" route=2017,2016,2015', quantities=("MP", "MP spent"))
    def no_command_move_procedure(context, unit, route, force_march=False):
        from ..procedures import no_command_move
        from ..session import start
        session = start(context, f"{unit} without command control (LMN 11.1)")
        no_command_move(session, unit, route, force_march)
        return session.finish()

    @plugin.procedure("force-march", "5.6: +2 MP, then a d6 for each unit: 1-3 disrupted.",
                      Parameter("units", str, "the units that force marched, NAME,NAME"),
                      example="lmn-demo.vsav units=Hood,McLaws", quantities=("disrupted", "forced march MP"))
    def force_march_procedure(context, units):
        from ..procedures import force_march
        from ..session import start
        session = start(context, "Forced march (LMN 5.6)")
        force_march(session, name_list(units))
        return session.finish()

    @plugin.procedure("probe", "17.2: a face-up cavalry unit probes an adjacent enemy hex: d6, +1 across a major "
                               "river or through a pass; 1-4 turns its units face-up; whether the cavalry may move on.",
                      Parameter("unit", str, "the probing cavalry"), Parameter("hex", str, "the hex probed"),
                      example='lmn-demo.vsav unit="CSA Cavalry 1" hex=1815',
                      quantities=("probe succeeds", "units turned face-up"))
    def probe_procedure(context, unit, hex):
        from ..procedures import probe
        from ..session import start
        session = start(context, f"Cavalry probe of {hex} (LMN 17.2)")
        probe(session, unit, hex)
        return session.finish()

    @plugin.procedure("desertion", "18.2 B: a d6 for each Confederate unit crossing the Potomac into the North; on "
                                   "a 1 it is revealed and loses a step, and the Union scores the SP lost (20.1).",
                      Parameter("units", str, "the Confederate units that crossed, NAME,NAME"),
                      example="lmn-demo.vsav units=Hood,McLaws", quantities=("SP lost", "VP"))
    def desertion_procedure(context, units):
        from ..procedures import desertion
        from ..session import start
        session = start(context, "Confederate desertion (LMN 18.2)")
        desertion(session, name_list(units))
        return session.finish()
