"""The counters' traits, which hold the unit vocabulary (docs/cwr.md): printed values as Markers
(Side, Type, Weapon, PrintedSP, Morale, Brigade, Division, Corps, Rating, MoraleRating), what play
changes as DynamicProperties (SP, Formation, Ammo, Wrecked), the morale state as a layer (State:
levels normal, Sh, DG, R, BL) and the facing as a FreeRotator of six facings (Facing: 0 = the
counter's top edge towards the hexside above, clockwise)."""
from adjutant import encode_sequence as encode
from adjutant.procedures.demo_traits import choice_trait, sp_trait

# The State layer's levels, 1-based as VASSAL numbers them; companion.toml reads them by number.
STATES = ("normal", "sh", "dg", "r", "bl")
STATE_IMAGES = ("",) + tuple(f"state-{s}.png" for s in STATES[1:])
FORMATIONS = {"infantry": ("line", "column"), "cavalry": ("line", "mounted"), "artillery": ("unlimbered", "limbered")}


def state_trait(state):
    fields = ["", "130", "", "Worse state", "130", "", "Better state", "130", "", "", "", "1", "false", "0", "-14",
              ",".join(STATE_IMAGES), "," * (len(STATES) - 1), "false", "State", "", "", "false", "", "1", "1",
              "true", "", "87,130", "66,130", "Morale state (6.0): normal, Sh, DG, R, BL", "1.0"]
    return ("emb2;" + encode(fields, ";"), str(STATES.index(state) + 1))


def facing_trait(facing):
    fields = ["6", "93,130", "91,130", "Rotate CW", "Rotate CCW", "", "", "Facing", "Facing (3.3)"]
    return ("rotate;" + encode(fields, ";"), str(facing))


def counter_traits(counter, sp=None, formation=None, facing=0, state="normal", ammo="normal", wrecked=False):
    """The counter's traits as (type, state) pairs, outermost first, without its BasicPiece; the
    keywords give another state than the palette's (a reduced unit, another formation ...)."""
    traits = [("markmoved;moved.png;25;-25;Mark Moved;77,130", "false")]
    if counter.is_combat:
        traits.append(state_trait(state))
        traits.append(sp_trait(counter.sp if sp is None else sp))
        traits.append(choice_trait("Formation", "70,130", FORMATIONS[counter.type], formation or counter.formation,
                                   "Formation (3.1)"))
        traits.append(choice_trait("Ammo", "65,130", ("normal", "low", "none"), ammo, "Ammunition (5.3)"))
        traits.append(choice_trait("Wrecked", "75,130", ("false", "true"), "true" if wrecked else "false",
                                   "Wrecked (5.9)"))
    keys = ["Side", "Type", "Brigade", "Division", "Corps"]
    values = [counter.side, counter.type, counter.brigade, counter.division, counter.corps]
    if counter.is_combat:
        keys += ["Weapon", "PrintedSP", "Morale"]
        values += [counter.weapon, str(counter.sp), counter.morale]
    if counter.rating is not None:
        keys.append("Rating")
        values.append(str(counter.rating))
    if counter.morale_rating is not None:
        keys.append("MoraleRating")
        values.append(str(counter.morale_rating))
    traits.append(("mark;" + encode(keys, ","), encode(values, ",")))
    if counter.is_combat:
        traits.append(facing_trait(facing))
    return traits
