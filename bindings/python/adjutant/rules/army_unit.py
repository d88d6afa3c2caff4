"""What a game plugin's unit shares with the others: the piece, its name, side, type and hex, the
attributes the companion file's [units] maps for it, and the readers of an attribute as text, a
whole number or true/false. A plugin's Unit subclasses ArmyUnit, names its error class (`error`)
and declares the properties that only read an attribute with `text_of`, `number_of` and `flag_of`.

The sides are those of the American Civil War games every plugin so far is for."""
from dataclasses import dataclass, field
from typing import Any, ClassVar

SIDES = ("Union", "Confederate")
TRUE = ("true", "yes", "1")   # the texts an attribute or a global property reads as true


def enemy_of(side):
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def is_true(value):
    """Whether an attribute's or a global property's value reads as true (None and "" do not)."""
    return str(value or "").strip().lower() in TRUE


def text_of(attribute, doc=None, default=""):
    """A unit property: the attribute's text (`default` when unset)."""
    return property(lambda unit: unit._text(attribute, default), doc=doc)


def number_of(attribute, doc=None, required=False):
    """A unit property: the attribute's whole number (None when unset, unless required)."""
    return property(lambda unit: unit._number(attribute, required), doc=doc)


def flag_of(attribute, doc=None, default=False):
    """A unit property: the attribute as true or false (`default` when unset)."""
    return property(lambda unit: unit._flag(attribute, default), doc=doc)


@dataclass
class ArmyUnit:
    piece: Any
    name: str
    side: str
    type: str
    hex: str                  # the map's name of the hex; "" off the map
    attributes: dict = field(default_factory=dict)

    error: ClassVar[type] = ValueError   # what the readers raise: the plugin's ArmyError

    def _text(self, attribute, default=""):
        value = self.attributes.get(attribute)
        return default if value in (None, "") else str(value).strip()

    def _number(self, attribute, required=True):
        value = self._text(attribute)
        try:
            return int(value)
        except ValueError:
            if not required and value == "":
                return None
            raise self.error(f"unit {self.name!r} has no whole number {attribute!r} ({value!r}): map it in the "
                             f"companion file's [units]") from None

    def _flag(self, attribute, default=False):
        value = self._text(attribute)
        return default if value == "" else value.lower() in TRUE

    @classmethod
    def of_piece(cls, source, piece, attributes):
        """The unit of a piece the companion file maps (off the map until its hex is set); the
        plugin's error, naming `source`, when its side is neither of SIDES."""
        if attributes.get("side") not in SIDES:
            raise cls.error(f"{source}: unit {piece.name!r} has side {attributes.get('side')!r}, not Union "
                            f"or Confederate")
        return cls(piece, piece.name, attributes["side"], attributes.get("type", ""), "", attributes)
