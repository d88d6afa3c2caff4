// VASSAL's HexGrid: snapping a pixel to a hex centre (with edges, vertices and snapscale when the
// grid allows them), the raw (column, row) of a pixel, the centre of a hex, location names both
// ways through the grid's numbering, and HexGrid.range.
//
// Snapping changed in VASSAL 3.7: before, the nearest centre came from a rectangular rounding
// scheme; since, the candidate's hexagon is tested and a neighbour taken when the point lies
// outside it. Both are here (SnapRules).
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/geometry/grid_spec.h"
#include "core/geometry/hex.h"
#include "core/geometry/hex_numbering.h"
#include "core/geometry/point.h"

namespace adjutant::core {

enum class SnapRules {
  kVassal37,  // VASSAL 3.7 and later: the hexagon around the candidate decides
  kVassal36,  // VASSAL 3.6 and earlier: rectangular rounding only
};

// The rules of the VASSAL that runs a module: 3.7+ unless `vassal_version` (a module's
// VassalVersion, "3.6.13", "2.9b2" ...) is older than 3.7. An empty or unreadable version gives 3.7+.
SnapRules snap_rules_for(std::string_view vassal_version);

// Map.snapTo as a function, for HexGrid.range (which snaps through the map).
using MapSnap = std::function<Point(Point)>;

class HexGrid {
 public:
  // `container` is the size the numbering counts descending indices from: the board, or the
  // bounding box of the zone holding the grid.
  HexGrid(const HexGridSpec& spec, Size container, SnapRules rules = SnapRules::kVassal37);

  const HexGridSpec& spec() const { return spec_; }
  const HexMetrics& metrics() const { return metrics_; }
  SnapRules rules() const { return rules_; }
  const std::optional<HexNumbering>& numbering() const { return numbering_; }

  // MapGrid.snapTo(p, force, onlyCenter): p itself when the grid does not snap (unless forced);
  // otherwise the hex centre, or an edge or vertex where those are legal and nearer.
  Point snap(Point p, bool force = false, bool only_centre = false) const;
  Point snap_to_hex(Point p) const;     // the nearest centre (with snapscale offsets)
  Point snap_to_side(Point p) const;    // snapToHexSide: nearest centre or hexside point
  Point snap_to_vertex(Point p) const;  // snapToHexVertex: nearest centre or vertex

  // The hex whose centre snap_to_hex would choose (ignoring snapscale).
  Hex hex_at(Point p) const;
  // HexGrid.getRawColumn/getRawRow: the rounding scheme location names use.
  Hex raw_hex(Point p) const { return {metrics_.raw_column(p), metrics_.raw_row(p)}; }
  // The pixel centre of a hex, exactly where snapping puts a piece.
  Point centre(Hex h) const;
  // The hex's corners as VASSAL outlines it (getSingleHexShape without its snapping pixel),
  // rounded to pixels: clockwise from the west corner (the north corner on sideways grids).
  std::array<Point, 6> corners(Hex h) const;

  // HexGrid.locationName: nullopt without numbering (VASSAL's null).
  std::optional<std::string> location_name(Point p, const PropertyLookup* lookup = nullptr) const;
  // HexGrid.getLocation: nullopt where VASSAL throws BadCoords.
  std::optional<Point> location(std::string_view name) const;

  // HexGrid.range: both points snapped by the map, then hexes counted between their raw hexes.
  int range(Point p1, Point p2, const MapSnap& map_snap) const;

 private:
  Point centre_rotated(int nx, int ny) const;  // (hexX, hexY) of column nx, row ny, rotated space
  Hex candidate(Point rotated) const;          // hexX/hexY's column and row for a rotated point
  bool hexagon_contains(Point centre_rotated, Point p) const;  // the hexagon around a centre holds p
  Hex chosen_hex(Point p) const;                               // candidate, or the neighbour holding p
  Point snap_scaled(Point rotated_point, Point rotated_centre) const;
  Point rectangular_centre(Point rotated_point) const;
  Point centre_if_nearer(Point rotated_point, Point candidate) const;
  int side_x(int x, int y) const;
  int side_y(int x, int y) const;
  int vertex_x(int x, int y) const;
  int vertex_y(int x, int y) const;
  Point check_centre(Point centre, Point target) const;

  HexGridSpec spec_;
  HexMetrics metrics_;
  SnapRules rules_;
  std::optional<HexNumbering> numbering_;
};

}  // namespace adjutant::core
