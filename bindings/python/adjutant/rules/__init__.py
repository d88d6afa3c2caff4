"""The toolkit every rules plugin's checks are built from: a log's moves with the position each was
made in (moves), a move judged against a companion file's [movement] with hooks a game overrides
(move_check.MoveChecker), the units a set-up places and what a set-up check finds (placement), each
map's movement search and a unit's class (companion_rules), the map state a game holds (map_state),
zones of control written in Python (zones) and what a side may see (visibility)."""
