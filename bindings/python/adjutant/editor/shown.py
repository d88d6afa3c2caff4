"""A value from a request as messages quote it: its repr, cut short, so that a bad value of
megabytes gives a message of one line."""

LIMIT = 80


def shown(value, bare=False):
    """repr(value) (or str(value) when `bare`), its first LIMIT characters and an ellipsis when longer."""
    text = str(value) if bare else repr(value)
    return text if len(text) <= LIMIT else text[:LIMIT - 1] + "…"
