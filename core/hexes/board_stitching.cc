#include "core/hexes/board_stitching.h"

#include <stdexcept>

namespace adjutant::core {
namespace {

std::vector<Hex> translated(const HexTopology& map, int part, const std::vector<Hex>& hexes) {
  std::vector<Hex> out;
  out.reserve(hexes.size());
  for (const Hex& h : hexes) out.push_back(map.to_map(part, h));
  return out;
}

}  // namespace

TerrainModel stitch_boards(const std::string& map, const std::vector<const TerrainModel*>& boards,
                           const std::vector<Cube>& offsets) {
  if (boards.empty()) throw std::invalid_argument("map '" + map + "': no boards to stitch");
  if (offsets.size() != boards.size()) {
    throw std::invalid_argument("map '" + map + "': " + std::to_string(boards.size()) + " boards but " +
                                std::to_string(offsets.size()) + " offsets");
  }
  std::vector<StitchPart> parts;
  for (size_t i = 0; i < boards.size(); ++i) {
    const TerrainModel* b = boards[i];
    if (!b) throw std::invalid_argument("map '" + map + "': board " + std::to_string(i) + " is null");
    if (b->shared_vocabulary() != boards.front()->shared_vocabulary()) {
      throw std::invalid_argument("map '" + map + "': boards '" + boards.front()->board() + "' and '" + b->board() +
                                  "' have different vocabularies (stitched boards come from one companion file)");
    }
    parts.push_back({b->board(), b->topology(), offsets[i]});
  }
  const TerrainModel& first = *boards.front();
  TerrainModel out(map, "", HexTopology::stitched(std::move(parts)), first.shared_vocabulary(), first.default_terrain(),
                   first.default_elevation());
  const HexTopology& topology = out.topology();
  const FeatureSet high_sided = first.vocabulary().high_side;

  struct LineEnd {
    int part;
    int type;
    Hex hex;
    std::string name;
  };
  std::vector<LineEnd> ends;
  for (size_t i = 0; i < boards.size(); ++i) {
    const TerrainModel& board = *boards[i];
    const int part = static_cast<int>(i);
    const auto to_map = [&](Hex local) { return topology.to_map(part, local); };
    for (const Hex& h : board.hexes()) {
      const Hex m = to_map(h);
      if (topology.part_of(m) != part) continue;  // an earlier board holds it
      out.set_terrain(m, board.terrain(h));
      out.set_elevation(m, board.elevation(h));
    }
    for (const Hex& h : board.hexes()) {
      for (int d = 0; d < 6; ++d) {
        const auto n = board.topology().neighbour(h, d);
        if (!n || *n < h || !board.on_map(*n)) continue;  // each hexside once
        const FeatureSet features = board.hexside_features(h, d);
        for (int f = 0; f < kMaxHexsideFeatures; ++f) {
          if ((features & feature_bit(f)) == 0) continue;
          std::optional<Hex> high;
          if ((high_sided & feature_bit(f)) != 0) {
            if (const auto side = board.high_side(h, *n, f)) high = to_map(*side);
          }
          out.add_hexside_feature(to_map(h), to_map(*n), f, high);
        }
      }
    }
    for (const LineFeature& line : board.lines()) {
      LineFeature copy = line;
      copy.hexes = translated(topology, part, line.hexes);
      copy.no_junction = translated(topology, part, line.no_junction);
      ends.push_back({part, copy.type, copy.hexes.front(), copy.name});
      ends.push_back({part, copy.type, copy.hexes.back(), copy.name});
      out.add_line(std::move(copy));
    }
    for (const Place& place : board.places()) {
      Place copy = place;
      copy.hexes = translated(topology, part, place.hexes);
      out.add_place(std::move(copy));
    }
    for (const Area& area : board.areas()) {
      Area copy = area;
      copy.hexes = translated(topology, part, area.hexes);
      out.add_area(std::move(copy));
    }
  }
  // A line that ends at a seam beside the end of a line of its type on the next board runs on into
  // it, as a road printed across both boards does.
  for (size_t a = 0; a < ends.size(); ++a) {
    for (size_t b = a + 1; b < ends.size(); ++b) {
      const LineEnd& x = ends[a];
      const LineEnd& y = ends[b];
      if (x.part != y.part && x.type == y.type && topology.adjacent(x.hex, y.hex)) {
        out.add_line({x.type, x.name.empty() ? y.name : x.name, {x.hex, y.hex}, {}, 0});
      }
    }
  }
  return out;
}

}  // namespace adjutant::core
