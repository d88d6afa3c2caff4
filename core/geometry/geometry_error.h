// Errors of the geometry: a location name no grid can place, an unsupported setting. Messages name
// what was asked and where ("no location '9999' on map 'Normandy'").
#pragma once

#include <stdexcept>
#include <string>

namespace adjutant::core {

class GeometryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// VASSAL's MapGrid.BadCoords at the level of a map: the name does not parse, or names no place.
class LocationError : public GeometryError {
 public:
  LocationError(const std::string& message, std::string location, std::string map)
      : GeometryError(message), location_(std::move(location)), map_(std::move(map)) {}
  const std::string& location() const { return location_; }
  const std::string& map() const { return map_; }

 private:
  std::string location_;
  std::string map_;
};

}  // namespace adjutant::core
