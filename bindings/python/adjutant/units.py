"""Pieces as rule units: a companion file's [units] section applied to a game's pieces.

VASSAL copies a prototype's traits into every piece it creates, so a piece in a save names a
prototype only where its chain still holds the `prototype;` trait. Guessing prototypes from the
copied traits goes wrong (a one-trait prototype matches nearly every piece; a module revision
changes the text), so it is not done: match saved pieces by property or name instead.
"""


def prototypes_of(traits, module=None):
    """The prototypes a trait chain names, outermost first, with the prototypes those name in turn
    when the module is given (each once)."""
    definitions = {p.name: p for p in module.prototypes} if module is not None else {}
    found = []

    def walk(chain):
        for trait in chain:
            if trait.class_name == "UsePrototype" and trait.type_fields and trait.type_fields[0] not in found:
                found.append(trait.type_fields[0])
                if trait.type_fields[0] in definitions:
                    walk(definitions[trait.type_fields[0]].traits)

    walk(traits)
    return found


def unit_of(companion, piece, module=None):
    """The piece's unit attributes ({'side': 'Union', ...}), or None when it is not a unit.

    `piece` is a game's Piece or a module's PieceSlot (matched by the name of the piece it makes)."""
    name = getattr(piece, "piece_name", piece.name)
    return companion.resolve_unit(name, prototypes_of(piece.traits, module), dict(piece.properties))
