"""Whether a save or log was written by the module it is opened with: VASSAL copies the module's
moduledata (its name and version) into every save and log it writes."""


class ModuleMismatchWarning(UserWarning):
    """open_game was given a module other than the one whose moduledata the save or log holds."""


def module_mismatch(game, module):
    """Why `game` does not belong to `module`, or "" when it does or cannot tell (no module given,
    an extension, a file without moduledata, as the 2007 TLD logs are)."""
    written = game.moduledata
    if module is None or module.is_extension or not written or not written["name"]:
        return ""
    if written["name"] == module.name:
        return ""
    version = f" {written['version']}" if written["version"] else ""
    return (f"{game.source}: written by module {written['name']!r}{version}, not by {module.name!r} "
            f"({module.source})")
