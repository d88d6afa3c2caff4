"""Values a procedure keeps between runs (replacement points spent this turn, a Panic total): in a
global property of the module that the companion file's [globals] names (docs/companion-format.md),
so that they travel with the save. A module without it is refused: the value would be lost."""


class KeptValueError(ValueError):
    """The companion file names no global property for a kept value, or the module has none of that name."""


def kept_property(companion, module, key, what):
    """The name of the global property that keeps `key` (`what` says what it holds, for the message)."""
    name = companion.globals.get(key)
    if name is None:
        raise KeptValueError(f"{companion.file} names no global property to keep {what}: add [globals] {key} = "
                             f"\"NAME\" to it, and a global property NAME to the module")
    if module is not None and name not in {p.name for p in module.global_properties}:
        raise KeptValueError(f"module {module.name!r} has no global property {name!r}, which {companion.file} "
                             f"([globals] {key}) names to keep {what}: add it to the module")
    return name
