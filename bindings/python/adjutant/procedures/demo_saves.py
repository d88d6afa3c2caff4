"""What a plugin's demo writes its saves with: counters of its palette placed stack by stack into a
new save (adjutant.NewSave), each piece its traits and a BasicPiece."""


def add_stacks(save, stacks, counters, first_id):
    """Adds to `save` each of `stacks` [(map name, (x, y), [(counter name, its traits but the
    BasicPiece)], the pieces bottom first as a VASSAL stack lists them)]; `counters`, the palette's
    counters (`.name`, `.image`) in the order of their piece slots; the piece and stack ids count up
    from `first_id` (VASSAL's are times in milliseconds; any unique strings do)."""
    gpids = {c.name: n for n, c in enumerate(counters, 1)}
    by_name = {c.name: c for c in counters}
    next_id = first_id
    for map_name, (x, y), pieces in stacks:
        members = []
        for name, traits in pieces:
            counter = by_name[name]
            basic = ("piece;;;%s;%s" % (counter.image, counter.name), "%s;%d;%d;%d;0" % (map_name, x, y, gpids[name]))
            save.add_piece(str(next_id), traits + [basic])
            members.append(str(next_id))
            next_id += 1
        save.add_stack(str(next_id), map_name, x, y, members)
        next_id += 1
