// VASSAL's RegionGrid ("irregular grid"): named points; a pixel snaps to, and is named after, the
// nearest region origin. VASSAL keeps the regions in a java.util.HashMap keyed by origin, so ties
// go to whichever comes first in that map's iteration order, which is reproduced here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry/grid_spec.h"
#include "core/geometry/point.h"

namespace adjutant::core {

class RegionGrid {
 public:
  explicit RegionGrid(const RegionGridSpec& spec);

  const RegionGridSpec& spec() const { return spec_; }

  // The nearest region origin (p itself without regions, or when not snapping and not forced).
  Point snap(Point p, bool force = false, bool only_centre = false) const;
  // The name of the region nearest p; nullopt without regions.
  std::optional<std::string> location_name(Point p) const;
  // The origin of the first region (in VASSAL's HashMap order) with that name.
  std::optional<Point> location(std::string_view name) const;
  // Pixels between the points, rounded.
  int range(Point p1, Point p2) const;

  struct Region {
    Point origin;
    std::string name;  // of the last region given with this origin: a HashMap put replaces
  };
  // The regions in VASSAL's iteration order (one per distinct origin).
  const std::vector<Region>& regions() const { return regions_; }

 private:
  Point nearest(Point p) const;  // doSnap
  RegionGridSpec spec_;
  std::vector<Region> regions_;
};

}  // namespace adjutant::core
