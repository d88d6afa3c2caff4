"""`terrain check`'s judgement of a companion file against its module: the file's first problem, or
none. The command line prints it; the editor shows it beside the hexes it names."""
import adjutant
from ..errors import CompanionError
from .companion_rules import CheckError, CompanionRules


def companion_problem(module, path):
    """(companion, "") when the file at `path` is valid for `module`, else (None or the companion,
    its first problem): a CompanionError's message (file, line and column), or the first of the
    module's pieces that is a unit by [units] with no class [movement] knows."""
    try:
        companion = adjutant.open_companion(path, module)
    except CompanionError as e:
        return None, str(e)
    return companion, unit_class_problem(module, companion, path)


def unit_class_problem(module, companion, path):
    """The first of the module's pieces (palettes, at-start stacks) that is a unit by [units] but has
    no movement class [movement] knows: what `check moves` rejects when it moves. "" when none, or
    when the file has no [movement]."""
    if not companion.maps:
        return ""
    first = companion.maps[0]
    try:
        movement = companion.movement(first.map, first.board)
    except ValueError:  # no [movement]: no classes to check
        return ""
    slots = list(module.piece_slots) + [slot for stack in module.setup_stacks for slot in stack.slots]
    for slot in slots:
        unit = companion.unit(slot, module)
        if unit is None:
            continue
        try:
            CompanionRules.unit_class(movement, unit, f"{path}: the module's piece {slot.piece_name!r} "
                                                      f"(buildFile line {slot.line})")
        except CheckError as e:
            return str(e)
    return ""
