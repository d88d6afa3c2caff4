// The geometry against the corpus: at-start stacks placed on grid locations land where VASSAL's
// editor stored them, and every piece the TLD logs move lands on a centre of the TLD map's grid.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "core/geometry/map_geometry.h"
#include "corpus.h"
#include "vmod/command.h"
#include "vmod/game.h"
#include "vmod/map_geometries.h"
#include "vmod/module.h"

namespace adjutant {
namespace {

namespace fs = std::filesystem;
using core::Point;

// A region of that name in a zone's region grid, as VASSAL's ZonedGrid.getRegionLocation finds it.
std::optional<Point> region_in_zones(const core::Grid& grid, const std::string& name) {
  const auto* zoned = std::get_if<core::ZonedGrid>(&grid);
  if (!zoned) return std::nullopt;
  for (const core::Zone& z : zoned->zones()) {
    const auto* regions = std::get_if<core::RegionGrid>(&z.own_grid());
    if (!regions) continue;
    if (const auto p = regions->location(name); p && z.contains(*p)) return p;
  }
  return std::nullopt;
}

// SetupStack's x, y are the position the editor last stored: for a stack on a grid location it
// is getLocation's answer when the location was last applied. Every such stack must come out
// there, or be one of two explained cases: the name is not a grid location at all (VASSAL warns
// and keeps x, y; in the corpus these are region names hidden behind a zone's "$name$" format,
// and x, y is that region's origin), or x, y is stale (another stack with the same location on
// the same board stores our point).
TEST(GeometryCorpus, SetupStacksOnGridLocationsLandWhereVassalPutsThem) {
  ADJUTANT_REQUIRE_CORPUS();
  size_t modules = 0, stacks = 0, exact = 0, stale = 0, hidden_regions = 0;
  for (const fs::path& path : testing::corpus_files({".vmod", "buildFile", "buildFile.xml"})) {
    SCOPED_TRACE(path.string());
    const vmod::Module module = vmod::load_module(path.string());
    bool counted = false;
    for (const vmod::MapSpec& map : module.maps) {
      std::map<std::pair<std::string, std::string>, std::set<std::pair<int, int>>> stored;
      for (const auto& s : map.setup_stacks) stored[{s.owning_board, s.location}].insert({s.x, s.y});
      for (const vmod::SetupStackSpec& s : map.setup_stacks) {
        if (!s.use_grid_location || s.location.empty()) continue;
        const vmod::BoardSpec* board = nullptr;
        for (const auto& b : map.boards) {
          if (s.owning_board.empty() || b.name == s.owning_board) {
            board = &b;
            break;
          }
        }
        if (!board || core::grid_kind(board->grid) == "none") continue;
        SCOPED_TRACE(map.name + " / " + board->name + " / '" + s.location + "'");
        if (!counted) {
          ++modules;
          counted = true;
        }
        ++stacks;
        // Place it on a one-board map of that board at (0, 0): the position is then board-relative,
        // which needs no board sizes (those come from images the corpus does not hold; only
        // descending numbering would need them, and none of these grids descends).
        core::BoardPlacement only;
        only.name = board->name;
        only.size = {board->width, board->height};
        only.grid = board->grid;
        const core::MapGeometry single(map.save_id(), {}, {only}, {core::snap_rules_for(module.vassal_version), {}, {}});
        const core::SetupStackPlacement placed = single.setup_stack(board->name, true, s.location, {s.x, s.y});
        ASSERT_TRUE(placed.placed);
        const Point want{s.x, s.y};
        if (placed.warning.empty() && placed.position == want) {
          ++exact;
        } else if (placed.warning.empty()) {
          const auto& same_location = stored[{s.owning_board, s.location}];
          EXPECT_TRUE(same_location.count(std::pair{placed.position.x, placed.position.y}) > 0)
              << "placed at " << core::to_string(placed.position) << ", stored " << core::to_string(want);
          ++stale;
        } else {
          const auto region = region_in_zones(single.boards()[0].grid, s.location);
          EXPECT_TRUE(region && *region == want) << placed.warning;
          EXPECT_EQ(placed.position, want);  // VASSAL keeps x, y after the warning
          ++hidden_regions;
        }
      }
    }
  }
  std::cout << "setup stacks on grid locations: " << stacks << " in " << modules << " modules; " << exact
            << " exactly where stored, " << stale << " with stale x,y, " << hidden_regions
            << " naming a region behind a zone's $name$ format\n";
  EXPECT_GT(stacks, 0u);
  EXPECT_GT(exact, (stacks * 9) / 10);
}

// Every MovePiece of a command tree, however deeply nested.
void collect_moves(const vmod::Command& c, std::vector<vmod::MovePiece>& moves, std::vector<vmod::BoardLayout>& layouts) {
  if (const auto* m = std::get_if<vmod::MovePiece>(&c.record)) moves.push_back(*m);
  if (const auto* l = std::get_if<vmod::BoardLayout>(&c.record)) layouts.push_back(*l);
  if (const auto* log = std::get_if<vmod::LogEntry>(&c.record)) collect_moves(*log->command, moves, layouts);
  for (const auto& child : c.children) collect_moves(child, moves, layouts);
}

TEST(GeometryCorpus, EveryTldMoveLandsOnACentreOfTheGrid) {
  ADJUTANT_REQUIRE_CORPUS();
  const fs::path folder = testing::corpus_dir() / "uckelman+tld-mod";
  const vmod::Module module = vmod::load_module((folder / "buildFile").string());
  const vmod::MapSpec* normandy = module.find_map("Normandy");
  ASSERT_NE(normandy, nullptr);
  size_t logs = 0, moves = 0, in_zones = 0;
  std::set<std::pair<int, int>> distinct;
  for (const fs::path& path : testing::corpus_files({".log"})) {
    if (path.string().find("uckelman+tld-mod") == std::string::npos) continue;
    SCOPED_TRACE(path.string());
    const vmod::CommandTree tree = vmod::CommandTree::decode(vmod::read_saved_game(path.string()));
    std::vector<vmod::MovePiece> found;
    std::vector<vmod::BoardLayout> layouts;
    collect_moves(tree.root, found, layouts);
    std::optional<vmod::BoardLayout> layout;
    for (const auto& l : layouts) {
      if (l.map_id() == normandy->save_id()) layout = l;
    }
    ASSERT_TRUE(layout.has_value()) << "no board layout for Normandy";
    ++logs;
    for (const core::SnapRules rules : {core::SnapRules::kVassal37, core::SnapRules::kVassal36}) {
      vmod::MapGeometries maps(module, {{normandy->save_id(), *layout}}, rules);
      const core::MapGeometry& map = maps.of(*normandy);
      // The board image is not in the corpus: the board is taken as large enough for every point.
      ASSERT_EQ(maps.notes().size(), 1u);
      EXPECT_NE(maps.notes()[0].find("size unknown"), std::string::npos) << maps.notes()[0];
      const auto* zoned = std::get_if<core::ZonedGrid>(&map.boards().at(0).grid);
      ASSERT_NE(zoned, nullptr);
      for (const vmod::MovePiece& m : found) {
        if (m.new_map != normandy->save_id()) continue;
        const Point p{m.new_x, m.new_y};
        EXPECT_EQ(map.snap(p), p) << "move of " << m.id << " to " << core::to_string(p) << " in " << path.filename();
        if (rules == core::SnapRules::kVassal37) {
          ++moves;
          distinct.insert({p.x, p.y});
          const Point local = map.to_board(map.boards()[0], p);
          if (zoned->find_zone(local)) ++in_zones;
        }
      }
    }
  }
  std::cout << "TLD: " << moves << " moves to Normandy in " << logs << " logs (" << distinct.size()
            << " distinct points), " << in_zones << " in zones with their own grid; all on grid centres\n";
  EXPECT_GT(logs, 0u);
  EXPECT_GT(moves, 0u);
}

}  // namespace
}  // namespace adjutant
