"""A plugin that fails on import, for the host's error messages."""
raise RuntimeError("this plugin is broken on purpose")
