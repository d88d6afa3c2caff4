"""The demo's attachment and ammunition step: r2a.attach on two pairs the rules allow, then
D.R. Jones's division spends its last ammunition on a D result (r2a.ammo action=expend), the
status of every Confederate unit on the save written (out of ammunition: the effects), and an
ammunition train replenishes it (action=replenish): each report and written save in the demo
folder."""
from adjutant.procedures.demo import DemoFile

from . import DEMO_SAVE
from .run import run_procedure

FILES = ("attach.txt", "ammo-expend.vsav", "ammo-expend.txt", "ammo-status.txt", "ammo-replenish.vsav",
         "ammo-replenish.txt")
JONES = "D.R. Jones's Division"


def ammo_step(ws):
    run_procedure(ws, "attach", DEMO_SAVE, report_file="attach.txt",
         pairs="3rd Indiana Cavalry:Bayard's Brigade,Piatt's Brigade:Morell's Division")
    run_procedure(ws, "ammo", DEMO_SAVE, output="ammo-expend.vsav", report_file="ammo-expend.txt", action="expend",
         unit=JONES, results="D")
    run_procedure(ws, "ammo", "ammo-expend.vsav", report_file="ammo-status.txt", action="status")
    run_procedure(ws, "ammo", "ammo-expend.vsav", output="ammo-replenish.vsav", report_file="ammo-replenish.txt",
         action="replenish", train="yes", grants=f"{JONES}:8")
    return [DemoFile("attach.txt", "r2a.attach: the 3rd Indiana (3 IN) to Bayard's cavalry brigade, Piatt's brigade "
                                   "to a division of its V Corps: every clause of rule 7"),
            DemoFile("ammo-expend.vsav", "the demo save after D.R. Jones's division spent its ammunition"),
            DemoFile("ammo-expend.txt", "r2a.ammo action=expend: a D result costs 2, 1 -> 0, never negative "
                                        "(Optional II)"),
            DemoFile("ammo-status.txt", "r2a.ammo action=status: each Confederate unit's ammunition, D.R. Jones's "
                                        "division out: the effects"),
            DemoFile("ammo-replenish.vsav", "the save after an ammunition train"),
            DemoFile("ammo-replenish.txt", "r2a.ammo action=replenish: an ammunition train's 8 to D.R. Jones's "
                                           "division, the refusals checked (Optional II 2, exceptions)")]
