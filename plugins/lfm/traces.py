"""The Last Full Measure's command range (20.11) on the engine's general search (docs/tracing.md):
`command` for the procedures and scripts, `lfm-command` for `adjutant trace`."""


def command(movement, commander, range, *, targets, zones=None, zone_exempt=()):
    """LFM 20.11: within `range` hexes (8 from the army commander, 5 from corps and division
    commanders), through zones of influence (they do not count), into but not through an enemy zone
    unless a friendly unit is in that hex (`zone_exempt`: those hexes)."""
    return movement.trace(commander, list(targets), most=range, zones=zones, zone_rule="no passage",
                          zone_exempt=list(zone_exempt))
