"""The counters' traits: the values as Markers, the strength and states as DynamicProperties, the
owner's Mask (face-down, 6.0), and a counter's whole chain as a palette slot or a piece in a save."""
from adjutant import encode_sequence as encode
from adjutant.procedures.demo_traits import dynamic_property, flag_trait, key_commands

from .counters import OWNER


def strength_trait(strength):
    return (dynamic_property("Strength", "true", "0", "16", "false",
                             key_commands(("Strength +1", "61,130", "I,1"), ("Strength -1", "45,130", "I,-1"),
                                          ("Set strength", "83,195", "R,Strength")), "Strength"), str(strength))


def mask_trait(side, face_down):
    """VASSAL's Mask, owned by the side's player while face-down (6.0)."""
    return ("obs;" + encode(["70,130", "back.png", "Flip", "I", f"{side} unit", "side:", "", "Face-down"], ";"),
            encode([OWNER[side] if face_down else "null", ""], ";"))


def counter_traits(counter, face_down=False, disrupted=False, strength=None):
    """The counter's traits as (type, state) pairs, outermost first, without its BasicPiece;
    `strength` writes another strength than the printed one (a reduced unit)."""
    traits = [mask_trait(counter.side, face_down)] if counter.maskable else []
    traits.append(("markmoved;moved.png;25;-25;Mark Moved;77,130", "false"))
    traits.append(flag_trait("Disrupted", "68,130", "Disrupted (13.2)", "true" if disrupted else "false"))
    traits.append(flag_trait("Entrained", "69,130", "Entrained (7.0)"))
    for key, value in (("Side", counter.side), ("Type", counter.type), ("Kind", counter.kind), ("MA", counter.ma)):
        traits.append(("mark;" + key, str(value)))
    if counter.bonus is not None:
        traits.append(("mark;Bonus", str(counter.bonus)))
    if counter.strength is not None:
        traits.append(strength_trait(counter.strength if strength is None else strength))
    return traits
