"""The set-up check the generic plugin (and others) run: every unit may stand in its hex's terrain (its class may enter it), and
the units of each side in each hex keep the stacking limits of [[movement.stack_limit]]."""
from adjutant import StackingError
from adjutant.rules.companion_rules import CheckError
from adjutant.rules.placement import PlacedUnits, SetupFinding
from adjutant.rules.stack_limits import over_stack_limits


def check_setup(context):
    """Findings for the game's units, or without a game the module's own SetupStacks."""
    placed = PlacedUnits(context.module, context.companion)
    units = placed.game_units(context.game) if context.game is not None else placed.setup_stack_units()
    return SetupFindings(judge(placed, units, context.source), placed.notes())


class SetupFindings(list):
    """A set-up's findings, with `notes` on the pieces that were not checked and why."""

    def __init__(self, findings=(), notes=()):
        super().__init__(findings)
        self.notes = list(notes)


def judge(placed, units, source):
    """Prohibited terrain, then stacking limits per hex and side."""
    findings, stacks = [], {}
    for unit in units:
        movement = placed.movement(unit.map, unit.board)
        if movement.terrain_cost(unit.hex, unit.unit.unit_class) is None:
            findings.append(SetupFinding(source, unit.map, unit.hex, unit.side, (unit.unit.name,),
                                         f"{unit.unit.unit_class} may not stand in {movement.terrain(unit.hex)}"))
        stacks.setdefault((unit.map, unit.board, unit.hex, unit.side), []).append(unit.unit)
    for (map_name, board, hex_name, side), stacked in stacks.items():
        try:
            problems = over_stack_limits(placed.movement(map_name, board), stacked, hex_name)
        except StackingError as e:
            raise CheckError(f"{source}, hex {hex_name}: {e}") from None
        for problem in problems:
            findings.append(SetupFinding(source, map_name, hex_name, side, tuple(u.name for u in stacked),
                                         f"stacking limit exceeded: {problem}"))
    return findings
