"""The counters' traits, which hold the unit vocabulary (docs/r2a.md): printed values as Markers
(Side, Type, Size, Rank, Initiative, CommandRadius, Corps, Designation), what play changes as
DynamicProperties (Manpower, Fatigue, Victuals, Ammo, RailLastTurn, Reorganized), and the
unsupplied, disorganized and demoralized sides as layers of two levels (level 1 without the
marker, level 2 with it)."""
from adjutant import encode_sequence as encode
from adjutant.procedures.demo_traits import dynamic_property, flag_trait, key_commands, layer_trait

# The layers: (name, the marker's image, its text, the menu's words to add and remove it, key codes, clause).
LAYERS = {"Unsupplied": ("layer-unsupplied.png", "OOS", "Unsupply", "Supply", ("85,130", "83,195"), "8"),
          "Disorganized": ("layer-disorganized.png", "DIS", "Disorganize", "Reorganize", ("68,130", "82,195"), "2"),
          "Demoralized": ("layer-demoralized.png", "DEM", "Demoralize", "Remoralize", ("77,130", "77,195"), "2")}


def number_trait(name, key, low, high, value, description):
    """A number the player raises, lowers or sets: (type, state)."""
    commands = key_commands((f"{name} +1", f"{key},130", "I,1"), (f"{name} -1", f"{key},195", "I,-1"),
                            (f"Set {name}", f"{key},520", f"R,{name}"))
    return (dynamic_property(name, "true", str(low), str(high), "false", commands, description), str(value))


def counter_traits(counter, manpower=None, fatigue=0, victuals=None, ammo=None, rail_last_turn=False,
                   reorganized=False, unsupplied=False, disorganized=False, demoralized=False):
    """The counter's traits as (type, state) pairs, outermost first, without its BasicPiece; the
    keywords give another state than the palette's."""
    if counter.type == "marker":
        return [("mark;" + encode(["Type"], ","), "marker")]
    traits = [("markmoved;moved.png;25;-25;Mark Moved;77,130", "false")]
    if counter.is_combat:
        traits += [layer_trait(LAYERS, "Unsupplied", unsupplied), layer_trait(LAYERS, "Disorganized", disorganized),
                   layer_trait(LAYERS, "Demoralized", demoralized),
                   number_trait("Manpower", 77, 0, 30, counter.manpower if manpower is None else manpower,
                                "Manpower points"),
                   number_trait("Fatigue", 70, 0, 4, fatigue, "Fatigue (0-4)"),
                   number_trait("Victuals", 86, 0, 8, counter.victuals if victuals is None else victuals,
                                "Victuals (8)")]
        if counter.ammo is not None:
            traits.append(number_trait("Ammo", 65, 0, 12, counter.ammo if ammo is None else ammo,
                                       "Ammunition (Optional II)"))
        if counter.side == "Union" and counter.type == "infantry":
            traits.append(flag_trait("RailLastTurn", "84,195", "Moved by rail last turn (4)",
                                     "true" if rail_last_turn else "false"))
    if counter.type == "leader" and counter.side == "Union" and counter.rank == "corps":
        traits.append(flag_trait("Reorganized", "79,195", "Corps reorganized (2)", "true" if reorganized else "false"))
    keys = ["Side", "Type", "Size", "Rank", "Corps", "Designation"]
    values = [counter.side, counter.type, counter.size, counter.rank, counter.corps, counter.designation]
    if counter.initiative is not None:
        keys.append("Initiative")
        values.append(str(counter.initiative))
    if counter.command_radius is not None:
        keys.append("CommandRadius")
        values.append(str(counter.command_radius))
    traits.append(("mark;" + encode(keys, ","), encode(values, ",")))
    return traits
