"""LIN 10.6 retreats (`litn.retreat`) and 8.3's overrun of lone non-combat units, on positions built
in copies of the demo save (pieces moved, strengths set). The demo board is a made-up sketch: the
rulebook's hexes (3035, 3337 ...) and their terrain are not on it, so each example is rebuilt where
the demo's terrain gives the same distances, as each test says."""
import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.litn import plugin
from test_litn import CHARTS, lines
from test_litn_procedures import judged, moved_demo, place

BOARD = "LIN Demo Board"
UNION_FORCE = {"I Corps (Hooker)": 14, "Farnsworth": 6}   # 20 SP, the force of 10.6's example
BRIDGE_HEX, ACROSS_BRIDGE = "2415", "2515"                 # the Monocacy bridge, 2415/2515


def position(litn_demo, folder, moves, strengths=None, companion=None):
    """A copy of the demo save with pieces moved ({name: hex}) and strengths set ({name: SP})."""
    demo = moved_demo(litn_demo, folder, moves, companion)
    if strengths:
        module = adjutant.open_module(str(demo.module))
        game = adjutant.open_game(str(folder / "litn-demo.vsav"), module)
        for name, sp in strengths.items():
            piece = next(p for p in game.pieces if p.name == name)
            game.set_property(piece.id, "Strength", str(sp))
        (folder / "litn-demo.vsav").unlink()
        game.save(str(folder / "litn-demo.vsav"))
    return demo


def retreat(demo, side="Union", viewer="referee", charts=CHARTS, **parameters):
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"), module)
    companion = adjutant.open_companion(str(demo.companion), module)
    context = Context(module, companion, game, "litn-demo.vsav", charts=str(charts), rolls=Rolls(1), side=viewer)
    return plugin.tasks["retreat"].run(context, side=side, **parameters), game


def verdict(report):
    """The one judged line of the report (a path's verdict)."""
    found = [l for s in report.sections for l in s.lines if "legal" in l.data]
    assert len(found) == 1, [l.text for s in report.sections for l in s.lines]
    return found[0]


def ends(report):
    """The hexes a query says the group may end in."""
    found = [l.data["ends"] for s in report.sections for l in s.lines if "ends" in l.data]
    assert len(found) == 1, report.text()
    return set(found[0])


def removed(report):
    return [l for s in report.sections for l in s.lines if l.data.get("removed")]


def where(game, name):
    return next(p for p in game.pieces if p.name == name).location


def grid(demo):
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"), adjutant.open_module(str(demo.module)))
    return game.map(game.pieces[0].map).hex_grid(BOARD)


def movement(demo):
    module = adjutant.open_module(str(demo.module))
    return adjutant.open_companion(str(demo.companion), module).movement("Main Map")


# ---- where a demoralized retreat ends ----

def test_10_6_demoralized_retreat_must_shorten_the_supply_line(litn_demo, tmp_path):
    """10.6's example rebuilt in clear terrain: the Union units demoralized in 0424 (the book's 3035),
    the nearest undepleted wagon in 0726 (3337), 4 MP away. 0224 (the book's 3037) is 5 MP from the
    wagon and 0722 (3335) 4 MP: no shorter supply line than the combat hex's, so both are illegal;
    0526 (3336) is 2 MP from it, and the wagon's hex 0, both legal."""
    demo = position(litn_demo, tmp_path / "e8", {"I Corps (Hooker)": "0424", "Hood": "0424", "Union Wagon": "0726"})
    mv = movement(demo)
    supply = {h: mv.trace(h, ["0726"], measure="MP", most=20, unit_class="infantry").used
              for h in ("0424", "0224", "0722", "0526", "0726")}
    assert supply == {"0424": 4, "0224": 5, "0722": 4, "0526": 2, "0726": 0}
    query, _ = retreat(demo, hex="0424", reason="demoralized")
    may = ends(query)
    assert {"0526", "0726"} <= may and not {"0224", "0722"} & may
    assert all(mv.trace(h, ["0726"], measure="MP", most=20, unit_class="infantry").used < 4 for h in may)
    for end, legal in (("0224", False), ("0722", False), ("0526", True), ("0726", True)):
        path = ",".join(next(l.data["path"] for s in query.sections for l in s.lines if l.data.get("end") == end)
                        if legal else _four_mp_path(demo, "0424", end))
        report, _ = retreat(demo, hex="0424", reason="demoralized", path=path)
        line = verdict(report)
        assert line.data["legal"] is legal, (end, line.text)
        if not legal:
            assert "shorter supply line than 0424 (4 MP)" in line.data["reason"]
            assert line.data["alternative"][-1] in may


def _four_mp_path(demo, start, end):
    """A path of exactly 4 clear hexes from start to end that enters no hex twice."""
    g = grid(demo)

    def walk(path):
        if len(path) == 5:
            return path if path[-1] == end else None
        for h in g.neighbors(path[-1]):
            name = g.name(h)
            if name not in path and g.distance(name, end) <= 5 - len(path):
                found = walk(path + [name])
                if found:
                    return found
        return None

    found = walk([start])
    assert found, (start, end)
    return found[1:]


def test_10_6_demoralized_without_a_shorter_supply_line_ends_closer_to_a_friendly_force(litn_demo, tmp_path):
    # The wagon stacked in the combat hex: no hex has a shorter supply line than its 0 MP, so the
    # retreat must end closer to another friendly force (Davis in 0420, 4 hexes from 0424).
    demo = position(litn_demo, tmp_path / "fallback", {"I Corps (Hooker)": "0424", "Hood": "0424",
                                                       "Union Wagon": "0424", "Davis": "0420"})
    mv = movement(demo)
    query, _ = retreat(demo, hex="0424", reason="demoralized")
    may = ends(query)
    assert may and all(mv.distance(h, "0420") < 4 for h in may)
    south, _ = retreat(demo, hex="0424", reason="demoralized", path="0425,0426,0427,0428")
    line = verdict(south)
    assert line.data["legal"] is False
    assert "closer to another friendly force than 0424 (4 hexes)" in line.data["reason"]


def test_10_6_unsupplied_and_withdrawal_retreats_end_closer_to_a_friendly_force(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "closer", {"I Corps (Hooker)": "0424", "Hood": "0424", "Davis": "0420"})
    for reason in ("unsupplied", "withdraw"):
        north, game = retreat(demo, hex="0424", reason=reason, path="0423,0422,0421,0520")
        assert verdict(north).data["legal"] is True, verdict(north).text
        assert where(game, "I Corps (Hooker)") == "0520"
        south, game = retreat(demo, hex="0424", reason=reason, path="0425,0426,0427,0428")
        assert "closer to another friendly force than 0424 (4 hexes)" in verdict(south).data["reason"]
        assert where(game, "I Corps (Hooker)") == "0424"


# ---- 4 MP ----

def test_10_6_a_retreat_is_exactly_4_mp_when_a_path_of_4_exists(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "four", {"I Corps (Hooker)": "0424", "Hood": "0424", "Davis": "0420"})
    short = verdict(retreat(demo, hex="0424", reason="withdraw", path="0423,0422,0421")[0])
    assert (short.data["legal"], short.data["reason"]) == (False, "costs 3 MP: a retreat is 4 MP (10.6)")
    long = verdict(retreat(demo, hex="0424", reason="withdraw", path="0423,0422,0421,0420,0419")[0])
    assert (long.data["legal"], long.data["reason"]) == (False, "costs 5 MP where a route of exactly 4 MP exists (10.6)")
    four = verdict(retreat(demo, hex="0424", reason="withdraw", path="0423,0422,0421,0420")[0])
    assert (four.data["legal"], four.data["cost"], four.data["path"]) == (True, 4, ["0423", "0422", "0421", "0420"])


def test_10_6_more_than_4_mp_only_the_fewest_when_no_path_of_exactly_4_exists(litn_demo, tmp_path):
    """A companion file whose infantry pays 3 MP for clear terrain: one hex is 3 MP, two are 6, and
    no path costs exactly 4, so a retreat is the fewest MP above 4: two hexes."""
    text = litn_demo.companion.read_text(encoding="utf-8")
    infantry = "[movement.class.infantry]\nterrain = { clear = 1, ridge = 2 }"
    assert infantry in text
    companion = tmp_path / "companion.toml"
    companion.write_text(text.replace(infantry, "[movement.class.infantry]\nterrain = { clear = 3, ridge = 6 }"),
                         encoding="utf-8")
    demo = position(litn_demo, tmp_path / "dear", {"I Corps (Hooker)": "0424", "Hood": "0424", "Davis": "0420"},
                    companion=companion)
    one = verdict(retreat(demo, hex="0424", reason="withdraw", path="0423")[0])
    assert one.data["reason"] == "costs 3 MP: a retreat is 4 MP (10.6)"
    three = verdict(retreat(demo, hex="0424", reason="withdraw", path="0423,0422,0421")[0])
    assert three.data["reason"] == ("costs 9 MP: no route costs exactly 4, and the fewest more a route can cost "
                                    "is 6 MP (10.6)")
    assert len(three.data["alternative"]) == 2
    two, game = retreat(demo, hex="0424", reason="withdraw", path="0423,0422")
    assert (verdict(two).data["legal"], verdict(two).data["cost"]) == (True, 6)
    assert where(game, "I Corps (Hooker)") == "0422"


def test_10_6_a_unit_without_a_legal_route_of_4_mp_is_removed(litn_demo, tmp_path):
    # 0101, the corner: its three neighbours are the hexes Hood's 7 SP (50% of 14) came in by.
    demo = position(litn_demo, tmp_path / "corner", {"I Corps (Hooker)": "0101", "Hood": "0101"})
    assert sorted(grid(demo).name(h) for h in grid(demo).neighbors("0101")) == ["0102", "0201", "0202"]
    report, game = retreat(demo, hex="0101", reason="withdraw", entered_by="0201,0202,0102", path="0102,0103,0104,0105")
    (line,) = removed(report)
    assert line.data["units"] == ["I Corps (Hooker)"]
    assert "removed from play (10.6)" in line.text
    assert where(game, "I Corps (Hooker)") == "0101"
    freed, _ = retreat(demo, hex="0101", reason="withdraw", entered_by="0201,0202,0102", enemy_retreated=True)
    assert not removed(freed) and ends(freed)


# ---- enemy units ----

def _battle_at_the_bridge(litn_demo, folder, jones_hex, jones_sp=3):
    """10.6's example of 20 SP passing 3 enemy SP: the Union's 20 SP in 2415 with Walker and R.H.
    Anderson (13 SP, who block every hexside they came in by), J. Jones with `jones_sp` SP in
    `jones_hex` beside it."""
    moves = {name: BRIDGE_HEX for name in UNION_FORCE} | {"Walker": BRIDGE_HEX, "R.H. Anderson": BRIDGE_HEX,
                                                          "J. Jones": jones_hex}
    return position(litn_demo, folder, moves, {**UNION_FORCE, "Walker": 6, "R.H. Anderson": 7, "J. Jones": jones_sp})


def _all_but(demo, hex_name, *open_hexes):
    return ",".join(n for n in (grid(demo).name(h) for h in grid(demo).neighbors(hex_name)) if n not in open_hexes)


def test_10_6_twenty_sp_may_pass_three_enemy_sp_when_there_is_no_alternative(litn_demo, tmp_path):
    demo = _battle_at_the_bridge(litn_demo, tmp_path / "e7", "2416")
    terrain = adjutant.open_companion(str(demo.companion), adjutant.open_module(str(demo.module))).map("Main Map")
    features = {frozenset((a, b)): f for a, b, f in terrain.hexside_features()}
    assert "bridge" not in features.get(frozenset((BRIDGE_HEX, "2416")), [])
    query, _ = retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=_all_but(demo, BRIDGE_HEX, "2416"))
    routes = [l.data["path"] for s in query.sections for l in s.lines if "path" in l.data]
    assert routes and all(r[0] == "2416" for r in routes)
    report, game = retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=_all_but(demo, BRIDGE_HEX, "2416"),
                           path=",".join(routes[0]))
    assert verdict(report).data["legal"] is True
    assert {where(game, name) for name in UNION_FORCE} == {routes[0][-1]}


def test_10_6_at_a_bridge_hexside_ten_percent_blocks(litn_demo, tmp_path):
    terrain_demo = _battle_at_the_bridge(litn_demo, tmp_path / "bridge", ACROSS_BRIDGE)
    terrain = adjutant.open_companion(str(terrain_demo.companion),
                                      adjutant.open_module(str(terrain_demo.module))).map("Main Map")
    features = {frozenset((a, b)): f for a, b, f in terrain.hexside_features()}
    assert "bridge" in features[frozenset((BRIDGE_HEX, ACROSS_BRIDGE))]
    report, _ = retreat(terrain_demo, hex=BRIDGE_HEX, reason="withdraw",
                        entered_by=_all_but(terrain_demo, BRIDGE_HEX, ACROSS_BRIDGE))
    assert removed(report), "3 SP are 15% of 20: at a bridge hexside 10% blocks"


def test_10_6_twenty_percent_blocks(litn_demo, tmp_path):
    demo = _battle_at_the_bridge(litn_demo, tmp_path / "four", "2416", jones_sp=4)
    entered = _all_but(demo, BRIDGE_HEX, "2416")
    report, _ = retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=entered)
    assert removed(report), "4 SP are 20% of 20"
    judged_path, _ = retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=entered, path="2416,2417,2418,2419")
    assert removed(judged_path)


def test_10_6_enemy_occupied_hexes_only_if_there_is_no_alternative(litn_demo, tmp_path):
    demo = _battle_at_the_bridge(litn_demo, tmp_path / "choice", "2416")
    entered = _all_but(demo, BRIDGE_HEX, "2416", ACROSS_BRIDGE)
    through, _ = retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=entered, path="2416,2417,2418,2419")
    line = verdict(through)
    assert line.data["legal"] is False and "only if there is no alternative (10.6)" in line.data["reason"]
    assert line.data["alternative"][0] == ACROSS_BRIDGE
    around, _ = retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=entered,
                        path=",".join(line.data["alternative"]))
    assert verdict(around).data["legal"] is True


def test_10_6_not_out_by_a_hexside_the_enemy_entered_by_unless_it_retreated_first(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "entered", {"I Corps (Hooker)": "0424", "Hood": "0424", "Davis": "0420"})
    path = "0423,0422,0421,0420"
    blocked = verdict(retreat(demo, hex="0424", reason="withdraw", entered_by="0423", path=path)[0])
    assert blocked.data["legal"] is False
    assert blocked.data["reason"].startswith("leaves 0424 by the hexside 0423/0424 the enemy entered the battle through")
    assert blocked.data["alternative"][0] != "0423"
    first = verdict(retreat(demo, hex="0424", reason="withdraw", entered_by="0423", enemy_retreated=True, path=path)[0])
    assert first.data["legal"] is True


def test_10_6_the_units_named_as_coming_in_by_a_hexside_are_what_blocks_it(litn_demo, tmp_path):
    # Hood (7 SP) and J. Jones (3) attack the Union's 20 SP; only J. Jones came in from 0423: 15%.
    demo = position(litn_demo, tmp_path / "named", {**{n: "0424" for n in UNION_FORCE}, "Hood": "0424",
                                                    "J. Jones": "0424", "Davis": "0420"},
                    {**UNION_FORCE, "J. Jones": 3})
    path = "0423,0422,0421,0420"
    weak = verdict(retreat(demo, hex="0424", reason="withdraw", entered_by="0423:J. Jones", path=path)[0])
    assert "only if there is no alternative" in weak.data["reason"]
    whole = verdict(retreat(demo, hex="0424", reason="withdraw", entered_by="0423", path=path)[0])
    assert "the enemy entered the battle through: 10 SP against the retreating 20 SP" in whole.data["reason"]


def test_10_6_enemy_strengths_are_shown_only_to_their_side(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "secret", {"I Corps (Hooker)": "0424", "Hood": "0424"})
    for viewer, shown, hidden in (("Union", "the retreating 14 SP", "7 SP"),
                                  ("Confederate", "7 SP", "14 SP")):
        report, _ = retreat(demo, viewer=viewer, hex="0424", reason="withdraw", entered_by="0423",
                            path="0423,0422,0421,0420")
        assert shown in report.text() and hidden not in report.text(), viewer


# ---- rivers ----

def test_10_6_never_across_an_unbridged_river_even_at_a_ford(litn_demo, tmp_path):
    # White's Ford, 2330/2331: the Leesburg Road crosses the Potomac there, and movement may.
    demo = position(litn_demo, tmp_path / "ford", {"I Corps (Hooker)": "2330", "Hood": "2330"})
    mv = movement(demo)
    assert mv.explain(["2330", "2331", "2332"], ["infantry"]).legal
    line = verdict(retreat(demo, hex="2330", reason="withdraw", path="2331,2332,2333,2334")[0])
    assert line.data["reason"] == "crosses the unbridged river hexside 2330/2331: retreating units never do (10.6)"
    query, _ = retreat(demo, hex="2330", reason="withdraw")
    assert ends(query) and all(int(h[2:]) <= 30 for h in ends(query)), "every end on the Maryland bank (rows 1-30)"


def test_10_6_a_destroyed_bridge_is_no_bridge(litn_demo, tmp_path):
    from adjutant_plugins.litn.retreat import Ground, Retreat
    from adjutant_plugins.litn.session import start
    demo = position(litn_demo, tmp_path / "pike", {"I Corps (Hooker)": "1630", "Hood": "1630"})
    module = adjutant.open_module(str(demo.module))
    context = Context(module, adjutant.open_companion(str(demo.companion), module),
                      adjutant.open_game(str(demo.dir / "litn-demo.vsav"), module), "litn-demo.vsav", charts=str(CHARTS))
    session = start(context, "retreat", "Union", need_turn=False)
    units = session.army.in_hex("1630", "Union")
    intact = Retreat(Ground(session.army, session.charts, "1630", "Union"), units, "withdraw")
    assert intact.step(("1630",), "1631").blocked == ""
    gone = Retreat(Ground(session.army, session.charts, "1630", "Union", destroyed_bridges={"1630/1631"}), units,
                   "withdraw")
    assert gone.step(("1630",), "1631").blocked.startswith("crosses the unbridged river hexside 1630/1631")
    assert all(r.hexes[1] != "1631" for r in gone.choice().routes)
    assert any(r.hexes[1] == "1631" for r in intact._routes()[0])


# ---- wagons, overrun, writing ----

def test_10_6_a_wagon_stacked_with_the_force_or_on_its_route_accompanies_it(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "wagon", {"I Corps (Hooker)": "0424", "Hood": "0424",
                                                    "Union Wagon": "0422", "Davis": "0420"})
    report, game = retreat(demo, hex="0424", reason="withdraw",
                           path="I Corps (Hooker)+Union Wagon:0423,0422,0421,0420")
    assert verdict(report).data["legal"] is True
    assert where(game, "I Corps (Hooker)") == where(game, "Union Wagon") == "0420"
    report, game = retreat(demo, hex="0424", reason="withdraw",
                           path="I Corps (Hooker)+Union Wagon:0423,0522,0521,0520")
    line = verdict(report)
    assert line.data["reason"] == ("Union Wagon in 0422 is neither with the force nor on its route: it cannot "
                                   "accompany it (10.6)")
    assert where(game, "Union Wagon") == "0422"


def test_10_6_an_accompanying_wagon_pays_no_terrain_costs(litn_demo, tmp_path):
    # 1313 is a ridge: 2 MP for infantry, 3 for a wagon (the demo's example costs).
    demo = position(litn_demo, tmp_path / "ridge", {"I Corps (Hooker)": "1413", "Hood": "1413",
                                                    "Union Wagon": "1413", "Davis": "1013"})
    mv = movement(demo)
    assert mv.explain(["1413", "1313", "1213", "1113"], ["infantry"]).total == 4
    assert mv.explain(["1413", "1313", "1213", "1113"], ["wagon"]).total == 5
    report, game = retreat(demo, hex="1413", reason="withdraw", units="I Corps (Hooker),Union Wagon",
                           path="1313,1213,1113")
    assert (verdict(report).data["legal"], verdict(report).data["cost"]) == (True, 4)
    assert where(game, "Union Wagon") == "1113"


def test_8_3_a_retreat_overruns_lone_enemy_non_combat_units(litn_demo, tmp_path):
    # The corner again, two ways out taken by the enemy; the third holds only the Confederate wagon.
    demo = position(litn_demo, tmp_path / "overrun", {"I Corps (Hooker)": "0101", "Hood": "0101",
                                                      "Confederate Wagon": "0102"})
    report, _ = retreat(demo, hex="0101", reason="withdraw", entered_by="0201,0202", path="0102,0103,0104,0105")
    assert verdict(report).data["legal"] is True
    overrun = [l for s in report.sections for l in s.lines if "overrun" in l.data]
    assert [(l.data["overrun"], l.data["hex"]) for l in overrun] == [("Confederate Wagon", "0102")]
    assert "eliminated (8.3)" in overrun[0].text
    # With a way round it, the wagon's hex may not be entered (10.6: only if there is no alternative).
    other, _ = retreat(demo, hex="0101", reason="withdraw", entered_by="0201", path="0102,0103,0104,0105")
    assert "only if there is no alternative" in verdict(other).data["reason"]


def test_8_3_a_move_into_a_hex_of_lone_enemy_non_combat_units_overruns_them(litn_demo, tmp_path):
    verdicts = judged(litn_demo, tmp_path, [("Union Wagon", "1628"), ("Lawton", "1628")], "overrun.vlog")
    lawton = verdicts[("Lawton",)]
    assert lawton.legal is True
    assert "overruns Union Wagon in 1628: eliminated, remove it (8.3)" in lawton.note
    (tmp_path / "b").mkdir()
    beside = judged(litn_demo, tmp_path / "b", [("Union Wagon", "1627"), ("Lawton", "1628")], "beside.vlog")
    assert "overrun" not in beside[("Lawton",)].note


def test_10_6_groups_retreat_to_different_hexes_and_an_illegal_one_moves_none(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "groups", {**{n: "0424" for n in UNION_FORCE}, "Hood": "0424",
                                                     "Davis": "0420"}, UNION_FORCE)
    report, game = retreat(demo, hex="0424", reason="withdraw",
                           path="Farnsworth:0423,0422,0421,0420;0323,0322,0321,0320")
    assert where(game, "Farnsworth") == "0420" and where(game, "I Corps (Hooker)") == "0320"
    report, game = retreat(demo, hex="0424", reason="withdraw", path="Farnsworth:0423,0422,0421;0323,0322,0321,0320")
    assert [l.data["legal"] for s in report.sections for l in s.lines if "legal" in l.data] == [False, True]
    assert where(game, "Farnsworth") == where(game, "I Corps (Hooker)") == "0424"
    assert any(s.title == "Nothing moved" for s in report.sections)


def test_10_6_path_names_only_retreating_units(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "names", {"I Corps (Hooker)": "0424", "Hood": "0424", "Rush": "0424"})
    with pytest.raises(ValueError, match="path=: Davis is not one of the units retreating from 0424"):
        retreat(demo, hex="0424", reason="withdraw", path="Davis:0423")
    with pytest.raises(ValueError, match="path=: the group 'Union Wagon' names no retreating unit"):
        retreat(demo, hex="0424", reason="withdraw", path="Union Wagon:0423")
    with pytest.raises(ValueError, match=r"path= gives no path for I Corps \(Hooker\)"):
        retreat(demo, hex="0424", reason="withdraw", units="I Corps (Hooker),Rush", path="Rush:0423")


# ---- options ----

def charts_with(tmp_path, **options):
    """The demo's chart file with [options] set."""
    path = tmp_path / "charts.toml"
    lines_ = [f"{k} = {v!r}".replace("'", '"') for k, v in options.items()]
    path.write_text(CHARTS.read_text(encoding="utf-8") + "\n[options]\n" + "\n".join(lines_) + "\n", encoding="utf-8")
    return path


def test_10_6_option_retreat_route_cheapest_ends_4_mp_away(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "cheap", {"I Corps (Hooker)": "0424", "Hood": "0424", "Union Wagon": "0726"})
    mv = movement(demo)
    anyway = ends(retreat(demo, hex="0424", reason="demoralized")[0])
    cheapest = charts_with(tmp_path, retreat_route="cheapest")
    strict = ends(retreat(demo, hex="0424", reason="demoralized", charts=cheapest)[0])
    assert strict and strict < anyway and all(mv.distance(h, "0424") == 4 for h in strict)
    winding = verdict(retreat(demo, hex="0424", reason="demoralized", charts=cheapest, path="0425,0525,0526,0626")[0])
    assert mv.distance("0424", "0626") == 3
    assert winding.data["reason"] == ("costs 4 MP to 0626, which a route of 3 MP reaches "
                                      "(option retreat_route = \"cheapest\")")
    assert verdict(retreat(demo, hex="0424", reason="demoralized", path="0425,0525,0526,0626")[0]).data["legal"]


def test_10_6_option_retreat_enemy_hex_cost_charges_the_hex_of_weak_enemy_units(litn_demo, tmp_path):
    demo = _battle_at_the_bridge(litn_demo, tmp_path / "cost", "2416")
    entered = _all_but(demo, BRIDGE_HEX, "2416")
    free = verdict(retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=entered, path="2416,2417,2418,2419")[0])
    assert (free.data["legal"], free.data["cost"]) == (True, 4)
    charged = verdict(retreat(demo, hex=BRIDGE_HEX, reason="withdraw", entered_by=entered, path="2416,2417,2418,2419",
                              charts=charts_with(tmp_path, retreat_enemy_hex_cost=1))[0])
    assert charged.data["reason"] == "costs 5 MP where a route of exactly 4 MP exists (10.6)"
    assert charged.data["alternative"][0] == "2416" and len(charged.data["alternative"]) < 4


def test_8_3_option_overrun_by_combat_spares_units_a_lone_leader_enters(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "leader", {"McClellan": "0101", "Hood": "0101", "Confederate Wagon": "0102"})
    path = dict(hex="0101", reason="withdraw", entered_by="0201,0202", path="0102,0103,0104,0105")
    literal, _ = retreat(demo, **path)
    assert [l.data["overrun"] for s in literal.sections for l in s.lines if "overrun" in l.data] == ["Confederate Wagon"]
    combat, _ = retreat(demo, charts=charts_with(tmp_path, overrun_by="combat"), **path)
    assert verdict(combat).data["legal"] is True
    assert not [l for s in combat.sections for l in s.lines if "overrun" in l.data]
