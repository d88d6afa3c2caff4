"""What `adjutant inspect` reports, as plain data: the same dict feeds the tables and --json."""
from collections import Counter

from ..errors import FormatError

OFF_MAP = "(off map)"


def module_summary(module):
    """A module's maps, boards and grids, and counts of what it defines."""
    slots = list(module.piece_slots)
    setup_stacks = module.setup_stacks
    setup_slots = [slot for stack in setup_stacks for slot in stack.slots]
    traits = Counter()
    unreadable = []  # definitions VASSAL reads only with the module's own code (a custom encoder, say)
    for definition in slots + setup_slots + list(module.prototypes):
        try:
            traits.update(trait.class_name if trait.known else f"unknown {trait.id}" for trait in definition.traits)
        except FormatError as e:
            unreadable.append(str(e))
    return {
        "kind": "extension" if module.is_extension else "module",
        "source": module.source,
        "name": module.name,
        "version": module.version,
        "vassal_version": module.vassal_version,
        "description": module.description,
        "build_file": module.build_file,
        "maps": [_map_summary(m) for m in module.maps],
        "counts": {
            "piece_slots": len(slots),
            "prototypes": len(module.prototypes),
            "setup_stacks": len(setup_stacks),
            "setup_stack_pieces": len(setup_slots),
            "global_properties": len(module.global_properties),
        },
        "traits": dict(sorted(traits.items(), key=lambda item: (-item[1], item[0]))),
        "sides": list(module.sides),
        "unreadable": unreadable,
    }


def _map_summary(map_):
    """A map's boards; when its layout cannot be computed (a board of unknown size whose grid is
    numbered from the far edge, say), `problem` says why and whether each board is laid out is None."""
    try:
        laid_out, problem = {name for name, *_ in map_.layout}, None
    except FormatError as e:
        laid_out, problem = None, str(e)
    return {
        "id": map_.id,
        "name": map_.name,
        "class": map_.class_name,
        "boards": [{"name": b.name, "image": b.image, "width": b.width, "height": b.height,
                    "reversible": b.reversible, "laid_out": None if laid_out is None else b.name in laid_out,
                    "grid": b.grid} for b in map_.boards],
        "setup_stacks": len(map_.setup_stacks),
        "problem": problem,
    }


def game_summary(game, module=None):
    """A save's or log's pieces per map, players, steps and global properties.

    Player ids are left out: VASSAL stores each player's password there.
    """
    pieces = Counter(piece.map or OFF_MAP for piece in game.pieces)
    step_kinds = Counter(_step_kind(step) for step in game.steps)
    return {
        "kind": "log" if game.is_log else "save",
        "source": game.source,
        "module": module.name if module is not None else None,
        "saved_with": _saved_with(game),
        "pieces": sum(pieces.values()),
        "stacks": sum(1 for stack in game.stacks if stack.members),
        "pieces_per_map": dict(sorted(pieces.items())),
        "players": [{"name": p.name, "side": p.side} for p in game.players],
        "steps": game.step_count,
        "step_kinds": dict(sorted(step_kinds.items(), key=lambda item: (-item[1], item[0]))),
        "global_properties": [{"container": container, "name": name, "value": value}
                              for (container, name), value in sorted(game.global_properties.items())],
        "warnings": [str(w) for w in game.warnings],
    }


def _saved_with(game):
    """The module (name, version) and VASSAL version that wrote the file: the module's from the
    moduledata VASSAL copies into the file (savedata's own version is often left empty), VASSAL's
    from savedata; None when the file has neither (the 2007 TLD logs)."""
    module, save = game.moduledata or {}, game.savedata or {}
    if not module and not save:
        return None
    return {"module": module.get("name", ""), "version": module.get("version") or save.get("version", ""),
            "vassal_version": save.get("vassal_version") or module.get("vassal_version", "")}


def _step_kind(step):
    """What a log step mostly is: the kinds of the commands it logs, e.g. 'MovePiece+ChangePiece'."""
    kinds = []

    def walk(command):
        kind = command.kind
        if kind not in ("Log", "Null") and kind not in kinds:
            kinds.append(kind)
        for child in command.children:
            walk(child)
        if command.logged is not None:
            walk(command.logged)

    walk(step)
    return "+".join(sorted(kinds)) or "empty"
