"""Words for reports: a count with its noun in the right number."""


def counted(n, one, many):
    """'1 hex', '2 hexes': `n` with the noun `one` when it is 1, else `many`."""
    return f"{n} {one if n == 1 else many}"
