"""The counters' traits: the prototypes, a unit's strength held three ways, the Union's masks and
hiding, and a counter's whole chain as a palette slot or a piece in a save."""
from adjutant import encode_sequence as encode
from adjutant.procedures.demo_traits import dynamic_property, flag_trait, key_commands

from .counters import UNION_ID


MARK_MOVED = ("markmoved;moved.png;25;-25;Mark Moved;77,130", "false")
CP = (dynamic_property("CP", "true", "0", "9", "false", key_commands(("Set CP", "67,195", "R,Command points")),
                       "Command points"), "0")
MA = (dynamic_property("MA", "false", "0", "100", "false",
                       key_commands(("Set MA", "77,195", "R,Movement allowance")), "Movement allowance"), "")


def facing_trait(facing):
    return (dynamic_property("Facing", "true", "0", "5", "true",
                             key_commands(("Turn right", "39,130", "I,1"), ("Turn left", "37,130", "I,-1")),
                             "Facing (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW)"), str(facing))


# 10.2: a Depletion marker when the roll depletes it, the depleted side at the end of the Combat Phase.
DEPLETION = flag_trait("Depletion", "68,195", "Depletion marker (10.2): depleted at the end of the Combat Phase")
DEPLETED = flag_trait("Depleted", "68,130", "Depleted side (10.2, 9.2)")

# 15.4: a disorganized unit is face down.
DISORGANIZED = flag_trait("Disorganized", "79,195", "Disorganized (15.4): may not move or attack")
# 8.9: the Entrained marker; 8.8: the Constructing Entrenchment marker and the Entrenchment side.
ENTRAINED = flag_trait("Entrained", "84,130", "Entrained marker (8.9)")
ENTRENCHING = flag_trait("Entrenching", "69,195", "Constructing Entrenchment marker (8.8)")
ENTRENCHED = flag_trait("Entrenched", "69,130", "Entrenchment marker (8.8)")
# 10.6: a demoralized unit is flipped over.
DEMORALIZED = flag_trait("Demoralized", "90,195", "Demoralized (10.6, 12)")

# What each prototype holds (traits, outermost first, with a new piece's state).
PROTOTYPES = {
    "Leader": [MARK_MOVED, CP, MA, ENTRAINED],
    "Infantry": [MARK_MOVED, CP, MA, DISORGANIZED, DEMORALIZED, ENTRAINED, ENTRENCHING, ENTRENCHED],
    "Cavalry": [MARK_MOVED, CP, MA, facing_trait(0), DEMORALIZED, ENTRAINED, ENTRENCHING, ENTRENCHED],
    "Wagon": [MARK_MOVED, CP, MA, DEPLETION, DEPLETED, ENTRAINED],
}

STRENGTH_LEVELS = 30


def strength_trait(strength, variant):
    if variant == "marker":
        return ("mark;Strength", str(strength))
    if variant == "layer":
        images = ",".join("strength-%d.png" % n for n in range(1, STRENGTH_LEVELS + 1))
        names = "," * (STRENGTH_LEVELS - 1)   # 30 empty level names: the piece keeps its name
        fields = ["", "130", "", "Strength +1", "130", "", "Strength -1", "130", "", "", "", "1", "false",
                  "0", "14", images, names, "false", "Strength", "", "", "false", "", "1", "1", "true", "",
                  "61,130", "45,130", "Strength", "1.0"]
        return ("emb2;" + encode(fields, ";"), str(strength))
    return (dynamic_property("Strength", "true", "1", str(STRENGTH_LEVELS), "false",
                             key_commands(("Strength +1", "61,130", "I,1"), ("Strength -1", "45,130", "I,-1"),
                                          ("Set strength", "83,195", "R,Strength")), "Strength"), str(strength))


def mask_trait(masked):
    return ("obs;" + encode(["75,130", "union-mask.png", "Mask", "I", "Union formation", "side:", "", "Mask (Union)"],
                            ";"), encode([UNION_ID if masked else "null", ""], ";"))


def hide_trait(hidden):
    return ("hide;" + encode(["73,130", "Hide", "", "side:", "0.3", "Hide (Union)"], ";"),
            UNION_ID if hidden else "null")


def counter_traits(counter, variant, expanded, masked=False, hidden=False):
    """The counter's traits as (type, state) pairs, outermost first, without its BasicPiece: the
    prototype as a `prototype;` trait (a palette slot) or expanded (a piece in a save), as VASSAL
    stores them."""
    traits = []
    if counter.hideable:
        traits.append(hide_trait(hidden))
    if counter.maskable:
        traits.append(mask_trait(masked))
    if expanded:
        prototype = [t if t[0] != facing_trait(0)[0] else facing_trait(counter.facing)
                     for t in PROTOTYPES[counter.prototype]]
        traits.extend(prototype)
    else:
        traits.append(("prototype;" + counter.prototype, ""))
    for key, value in [("Side", counter.side), ("Type", counter.type), ("Kind", counter.kind),
                       ("Cmd", counter.cmd), ("Init", counter.init), ("Bonus", counter.bonus),
                       ("Rank", counter.rank), ("Corps", counter.corps)]:
        traits.append(("mark;" + key, str(value)))
    if counter.strength is not None:
        traits.append(strength_trait(counter.strength, variant))
    return traits
