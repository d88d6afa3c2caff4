"""The demo's supply step (8, Optional III): the supply save (Manassas Junction's depot destroyed,
two stations damaged), the Confederate supply status phase of the demo save, the Carlisle levy (the
catalogue's worked example), a forage march in Pennsylvania, Manassas Junction's victuals and the
repair rolls, each report and written save in the demo folder."""
from adjutant.procedures.demo import DemoFile

from . import DEMO_SAVE, LEVY_SAVE
from .positions import unit
from .run import run_procedure
from .saves import write_save

SUPPLY_SAVE = "r2a-supply.vsav"
FILES = (SUPPLY_SAVE, "supply-status.txt", "levy.vsav", "levy.txt", "forage.txt", "depot.txt", "repair.txt")


def supply_hexes():
    """The supply save: Manassas Junction's depot destroyed by Jackson's wing (A.P. Hill's division in
    it, Ewell's next to it, Hood's 5 hexes away, Fitz Lee's brigade beyond), Rappahannock Station and
    Front Royal damaged, Sykes's division disorganized on its unsupplied side."""
    return {
        "E2614": [unit("Jackson"), unit("A.P. Hill's Division", victuals=1), unit("Depot Destroyed")],
        "E2513": [unit("Ewell's Division", victuals=2, fatigue=1)],
        "E2116": [unit("Longstreet"), unit("Hood's Division", victuals=4)],
        "E2111": [unit("Fitz Lee's Brigade", victuals=3)],
        "E2416": [unit("Station Damaged")],
        "E2113": [unit("Station Damaged")],
        "E2812": [unit("Sykes's Division", victuals=0, unsupplied=True, disorganized=True)],
        "E2711": [unit("Sumner"), unit("Richardson's Division", victuals=0, unsupplied=True)],
        "E3011": [unit("Pope")],
    }


def write_supply_save(path):
    write_save(str(path), supply_hexes(), "R2A supply: Manassas Junction's depot destroyed, two stations damaged (8)")


def supply_step(ws):
    ws.path(SUPPLY_SAVE).unlink(missing_ok=True)
    write_supply_save(ws.path(SUPPLY_SAVE))
    run_procedure(ws, "victuals", DEMO_SAVE, report_file="supply-status.txt", side="Confederate", phase="status",
                  unsupplied="Taliaferro's Division")
    run_procedure(ws, "levy", LEVY_SAVE, output="levy.vsav", report_file="levy.txt", unit="A.P. Hill's Division",
                  town="Carlisle", others="Ewell's Division", grants="A.P. Hill's Division:5,Ewell's Division:3")
    run_procedure(ws, "forage", LEVY_SAVE, report_file="forage.txt", unit="A.P. Hill's Division",
                  union_holds_harpers_ferry="yes")
    run_procedure(ws, "depot", SUPPLY_SAVE, report_file="depot.txt", depot="Manassas Junction",
                  grants="A.P. Hill's Division:4,Ewell's Division:3,Hood's Division:1")
    run_procedure(ws, "victuals", SUPPLY_SAVE, report_file="repair.txt", phase="repair")
    return [DemoFile(SUPPLY_SAVE, "supply (8): Manassas Junction's depot destroyed, Rappahannock Station and Front "
                                  "Royal damaged, Sykes's division unsupplied and disorganized"),
            DemoFile("supply-status.txt", "r2a.victuals phase=status: the Confederate victuals spent, Taliaferro's "
                                          "division out of supply and flipped (8)"),
            DemoFile("levy.vsav", "the levy save after A.P. Hill's division levied Carlisle"),
            DemoFile("levy.txt", "r2a.levy: Carlisle's 8 victuals shared, Hill and Ewell in supply at the next check "
                                 "(Optional III; catalogue 5E)"),
            DemoFile("forage.txt", "r2a.forage: A.P. Hill's division forages in Pennsylvania (value 4, +1 while the "
                                   "Union holds Harper's Ferry): the odds, the roll, fatigue and victuals (8, Optional "
                                   "III)"),
            DemoFile("depot.txt", "r2a.depot: Manassas Junction's 12 victuals to Confederates within 5 hexes (8)"),
            DemoFile("repair.txt", "r2a.victuals phase=repair: a die for each damaged station (8)")]
