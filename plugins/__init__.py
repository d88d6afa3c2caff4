"""The rules plugins that come with Adjutant, installed as the package `adjutant_plugins` and
declared in the entry point group `adjutant.plugins` (pyproject.toml), as any plugin is."""
