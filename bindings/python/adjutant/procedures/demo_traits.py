"""The traits a demo's counters are made of, as VASSAL encodes them: a DynamicProperty with its
menu commands, a true/false flag, a value set from a list, strength points, a marker shown or not."""
from adjutant import encode_sequence as encode


def key_commands(*commands):
    """A DynamicProperty's key commands: (menu text, keystroke 'code,mods', changer 'I,1' ...)."""
    return encode([encode(list(c), ":") for c in commands], ",")


def dynamic_property(name, numeric, low, high, wrap, commands, description):
    return "PROP;" + encode([name, encode([numeric, low, high, wrap], ","), commands, description], ";")


def flag_trait(name, key, description, value="false"):
    """A true/false state the player toggles from the counter's menu: (type, state)."""
    return (dynamic_property(name, "false", "", "", "false", key_commands((f"Toggle {name}", key, "R,true or false")),
                             description), value)


def choice_trait(name, key, choices, value, description):
    """A property the player sets from a list (VASSAL's changer E: prompt, then the choices): (type, state)."""
    changer = "E," + encode([f"{name}?"] + list(choices), ",")
    return (dynamic_property(name, "false", "", "", "false", key_commands((f"Set {name}", key, changer)), description),
            value)


def sp_trait(sp):
    """Strength points 0-16 the player raises, lowers or sets: (type, state)."""
    return (dynamic_property("SP", "true", "0", "16", "false",
                             key_commands(("SP +1", "61,130", "I,1"), ("SP -1", "45,130", "I,-1"),
                                          ("Set SP", "83,195", "R,SP")), "Strength points"), str(sp))


def layer_trait(layers, name, on):
    """The layer `name` of `layers` ({name: (the marker's image, its text, the menu's words to add
    and remove it, their key codes (add, remove), the rule's clause)}) as a layer of two levels (1:
    no marker, 2: the marker shown), its property NAME_Level: (type, state)."""
    image, _, add, remove, (add_key, remove_key), clause = layers[name]
    fields = ["", "130", "", add, "130", "", remove, "130", "", "", "", "1", "false", "0", "-14",
              "," + image, ",", "false", name, "", "", "false", "", "1", "1", "true", "", add_key, remove_key,
              f"{name} ({clause})", "1.0"]
    return ("emb2;" + encode(fields, ";"), "2" if on else "1")
