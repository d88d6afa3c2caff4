"""The errors Adjutant raises for files it cannot read or changes it cannot make.

Every error names where the problem is: ``file`` (the path as given), ``entry`` (the archive
entry, such as ``savedGame`` or ``buildFile.xml``) and ``position`` (an offset, a line, a
command or a step). Parts that are unknown are empty strings.
"""


class FormatError(Exception):
    """A VASSAL file Adjutant cannot read, or a change it cannot make, and where."""

    message: str = ""
    file: str = ""
    entry: str = ""
    position: str = ""


class ArchiveError(FormatError):
    """The container: a missing or corrupt zip, a missing entry, a hostile archive."""


class ObfuscationError(FormatError):
    """The ``!VCSK`` wrapping of a savedGame: an odd or non-hex digit, an unknown header."""


class CommandError(FormatError):
    """The savedGame commands: a malformed AddPiece, MovePiece, ..."""


class BuildFileError(FormatError):
    """A module's buildFile or a metadata entry: broken XML, a malformed attribute."""


class PieceError(FormatError):
    """A piece's trait chain: type and state that do not match, a property no trait holds."""


class GameStateError(FormatError):
    """The game state: an unknown piece, a step beyond the log, a file that would be overwritten."""


class CompanionError(FormatError):
    """A companion file: bad TOML, an unknown hex or terrain type, a duplicate entry."""
