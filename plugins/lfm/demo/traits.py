"""The counters' traits, which hold the unit vocabulary (docs/lfm.md): printed values as Markers
(Side, Type, PrintedSP, Cohesion, Rank, CV, Brigade, Division, Corps, Arrives), what play changes as
DynamicProperties (SP, Mode, Command) and the markers of 14, 15 and 22 as layers of two levels
(Disorganized, Shattered, Detached: level 1 without the marker, level 2 with it)."""
from adjutant import encode_sequence as encode
from adjutant.procedures.demo_traits import choice_trait, layer_trait, sp_trait

MODES = {"artillery": ("limbered", "unlimbered"), "horse artillery": ("limbered", "unlimbered"),
         "cavalry": ("mounted", "dismounted")}
# The layers: (name, the marker's image, the menu's words to add and remove it, key codes, clause).
LAYERS = {"Disorganized": ("layer-d.png", "D", "Disorganize", "Rally", ("68,130", "82,130"), "14"),
          "Shattered": ("layer-shattered.png", "S", "Shatter", "Recover", ("83,195", "83,130"), "15"),
          "Detached": ("layer-detached.png", "DET", "Detach", "Rejoin", ("84,195", "74,130"), "22.3")}


def counter_traits(counter, sp=None, mode=None, command="out", disorganized=False, shattered=False, detached=False):
    """The counter's traits as (type, state) pairs, outermost first, without its BasicPiece; the
    keywords give another state than the palette's (a reduced unit, another mode, in command ...)."""
    if counter.type == "marker":
        return [("mark;" + encode(["Type"], ","), "marker")]
    traits = [("markmoved;moved.png;25;-25;Mark Moved;77,130", "false")]
    if counter.is_combat:
        traits.append(layer_trait(LAYERS, "Disorganized", disorganized))
    if counter.type in ("infantry", "cavalry") or counter.rank == "brigade":
        traits.append(layer_trait(LAYERS, "Shattered", shattered))
    if counter.type in ("infantry", "cavalry"):
        traits.append(layer_trait(LAYERS, "Detached", detached))
    if counter.is_combat:
        traits.append(sp_trait(counter.sp if sp is None else sp))
    if counter.type in MODES:
        traits.append(choice_trait("Mode", "77,195", MODES[counter.type], mode or counter.mode, "Mode (1.4, 1.5)"))
    traits.append(choice_trait("Command", "67,195", ("in", "out"), command, "Command (20)"))
    keys = ["Side", "Type", "Brigade", "Division", "Corps"]
    values = [counter.side, counter.type, counter.brigade, counter.division, counter.corps]
    if counter.is_combat:
        keys += ["PrintedSP", "Cohesion"]
        values += [str(counter.sp), str(counter.cohesion)]
    if counter.rank:
        keys.append("Rank")
        values.append(counter.rank)
    if counter.cv is not None:
        keys.append("CV")
        values.append(str(counter.cv))
    if counter.arrives is not None:
        keys.append("Arrives")
        values.append(str(counter.arrives))
    traits.append(("mark;" + encode(keys, ","), encode(values, ",")))
    return traits
