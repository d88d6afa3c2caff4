"""Adjutant: VASSAL modules, saves and logs for rule checks and automated procedures.

    import adjutant
    module = adjutant.open_module("Lee.vmod")
    game = adjutant.open_game("turn3.vsav", module)
    for piece in game.pieces:
        print(piece.name, piece.map, piece.x, piece.y, piece.properties.get("Side"))

Writing VASSAL's files goes through the same engine: adjutant.write_module writes a module from
its buildFile, adjutant.NewSave a save from its pieces, and encode_sequence, chain_traits,
piece_definition and obfuscate give VASSAL's escaping, trait chains and `!VCSK` text.

Errors are adjutant.FormatError and its subclasses; each names the file, the entry and the
position of the problem. A save or log opened with a module other than the one that wrote it gives
an adjutant.ModuleMismatchWarning (warnings.warn; make it an error with
warnings.simplefilter("error", adjutant.ModuleMismatchWarning)).
"""
import warnings

from .errors import (ArchiveError, BuildFileError, CommandError, CompanionError, FormatError,
                     GameStateError, ObfuscationError, PieceError)
from ._adjutant import (Board, Command, CommandTree, Companion, Dice, DieRoll, Game, GameWarning,
                        GeometryError, Hex, HexGrid, LocationError, Map, Module, Movement, Piece,
                        PieceEffect, PiecePlace, PieceSlot, Player, PropertyChange, PropertySpec,
                        Prototype, ResultTable, PositionUnit, SetupStack, StackedUnit, StackingError, StepEffect,
                        TableColumn, TableError,
                        TableResult, Terrain, Trait, Zones, decode_commands, file_kind,
                        open_module, read_saved_game, rewrite_companion, sample_terrain, write_new_file)
from ._adjutant import open_companion as _open_companion
from ._adjutant import open_game as _open_game
from ._adjutant import PredefinedSetup, SetupStackPlacement, Sight, open_setup
from ._adjutant import (Metadata, NewSave, chain_traits, decode_sequence, encode_sequence, module_metadata,
                        obfuscate, piece_definition, write_module)
from .module_check import ModuleMismatchWarning, module_mismatch
from .rules.zones import ZoneOfControl, ZoneStep


def _module(module):
    """A Module, or None, as given, or opened from its path (a .vmod, a folder or a buildFile)."""
    return module if module is None or isinstance(module, Module) else open_module(str(module))


def open_companion(path, module):
    """Reads a companion file and checks every hex, hexside and word against the module (an
    adjutant.Module or its path); CompanionError names the file, line and column of the first problem."""
    return _open_companion(str(path), _module(module))


def open_game(path, module=None):
    """Opens a .vsav/.vlog (or legacy .sav/.log, or a bare save text) with its module (an
    adjutant.Module or its path; it names the maps and pieces). A log opens at its last step. When
    the file's moduledata names another module than `module`, warns with ModuleMismatchWarning."""
    module = _module(module)
    game = _open_game(str(path), module)
    mismatch = module_mismatch(game, module)
    if mismatch:
        warnings.warn(mismatch, ModuleMismatchWarning, stacklevel=2)
    return game


def __getattr__(name):
    # __version__ is read when asked for: importlib.metadata costs every command ~20 ms to import.
    if name == "__version__":
        import importlib.metadata
        try:
            return importlib.metadata.version("adjutant")  # pyproject.toml's, the one version number
        except importlib.metadata.PackageNotFoundError:
            return "unknown"
    raise AttributeError(f"module 'adjutant' has no attribute {name!r}")

__all__ = [
    "ArchiveError", "BuildFileError", "CommandError", "CompanionError", "FormatError",
    "GameStateError", "GeometryError", "LocationError", "ObfuscationError", "PieceError",
    "Board", "Command", "CommandTree", "Companion", "Dice", "DieRoll", "Game", "GameWarning",
    "Hex", "HexGrid", "Map", "Module", "Movement", "Piece", "PieceEffect", "PiecePlace", "PieceSlot", "Player",
    "PropertyChange", "PropertySpec", "Prototype", "ResultTable", "PositionUnit", "SetupStack", "StackedUnit", "StackingError",
    "StepEffect",
    "TableColumn", "TableError", "TableResult", "Terrain", "Sight", "Trait", "Zones", "ZoneOfControl", "ZoneStep",
    "decode_commands", "file_kind", "open_companion", "open_game", "open_module", "read_saved_game",
    "rewrite_companion", "sample_terrain", "write_new_file",
    "PredefinedSetup", "SetupStackPlacement", "open_setup",
    "ModuleMismatchWarning", "module_mismatch",
    "Metadata", "NewSave", "chain_traits", "decode_sequence", "encode_sequence", "module_metadata", "obfuscate",
    "piece_definition", "write_module",
]
