"""What one side may see of a game, as VASSAL decides it: a masked piece (Mask trait, `obs;`) shows
only its back to everyone but the players of the side that masked it; an invisible piece
(`hide;`) is not shown at all to them. The referee sees everything.

    viewer = Viewer(game, "Confederate")
    viewer.sees(piece)          # False for a piece the Union player made invisible
    viewer.knows(piece)         # False also for one he masked: its name and traits are secret
    viewer.label(piece, "Union")  # "a masked Union unit" where it is not known
"""

REFEREE = "referee"


def _owner(piece, class_name):
    """The player id in the state of the piece's first trait of this class, or None."""
    for trait in piece.traits:
        if trait.class_name == class_name:
            value = trait.state_fields[0] if trait.state_fields else trait.state
            return None if value in ("", "null") else value
    return None


def masked(piece):
    """Whether a Mask shows only the piece's back to the other side (a face-down counter)."""
    return _owner(piece, "Obscurable") is not None


def hidden(piece):
    """Whether an Invisible trait hides the piece from the other side."""
    return _owner(piece, "Hideable") is not None


class Viewer:
    def __init__(self, game, side=REFEREE):
        self.side = side or REFEREE
        self._sides = {p.id: p.side for p in game.players} if game is not None else {}
        self._cache = {}

    @property
    def is_referee(self):
        return self.side == REFEREE

    def _hidden_by_other(self, piece, class_name):
        owner = _owner(piece, class_name)
        return owner is not None and not self.is_referee and self._sides.get(owner) != self.side

    def sees(self, piece):
        """Whether the piece is on the viewer's map at all."""
        key = ("sees", piece.id)
        if key not in self._cache:
            self._cache[key] = not self._hidden_by_other(piece, "Hideable")
        return self._cache[key]

    def knows(self, piece):
        """Whether the viewer sees the piece's face: its name, its traits, its properties."""
        key = ("knows", piece.id)
        if key not in self._cache:
            self._cache[key] = self.sees(piece) and not self._hidden_by_other(piece, "Obscurable")
        return self._cache[key]

    def own(self, side):
        """Whether units of `side` are the viewer's own (their secret values, such as strength, shown)."""
        return self.is_referee or side == self.side

    def label(self, piece, side=""):
        """The piece's name, or what the viewer sees of it."""
        if self.knows(piece):
            return piece.name
        return f"a masked {side} unit".replace("  ", " ") if self.sees(piece) else "an unseen unit"
