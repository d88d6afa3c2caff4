"""Traces of games that have no plugin of their own yet, one module per game, each a set of
functions on the general search (Movement.trace) for scripts and a `register(plugin)` giving their
kinds of `adjutant trace`. The generic plugin registers them; a game's own plugin takes its module
over by moving it and calling its `register` (docs/tracing.md)."""
