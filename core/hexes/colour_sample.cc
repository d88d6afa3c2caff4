#include "core/hexes/colour_sample.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace adjutant::core {
namespace {

int distance2(Rgb a, Rgb b) {
  const int dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
  return dr * dr + dg * dg + db * db;
}

struct Offset {
  int dx;
  int dy;
};

// The pixels of a disc, nearest the centre first (then by row, then by column: deterministic).
std::vector<Offset> disc(int radius) {
  std::vector<Offset> out;
  for (int dy = -radius; dy <= radius; ++dy) {
    for (int dx = -radius; dx <= radius; ++dx) {
      if (dx * dx + dy * dy <= radius * radius) out.push_back({dx, dy});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](Offset a, Offset b) {
    return std::tuple(a.dx * a.dx + a.dy * a.dy, a.dy, a.dx) < std::tuple(b.dx * b.dx + b.dy * b.dy, b.dy, b.dx);
  });
  return out;
}

}  // namespace

std::optional<int> nearest_value(const std::vector<PaletteColour>& palette, Rgb colour, int tolerance) {
  const PaletteColour* best = nullptr;
  int best_distance = 0;
  for (const PaletteColour& p : palette) {
    const int d = distance2(p.colour, colour);
    if (!best || d < best_distance) {
      best = &p;
      best_distance = d;
    }
  }
  if (!best || best_distance > tolerance * tolerance) return std::nullopt;
  return best->value;
}

std::vector<std::optional<int>> sample_hexes(const Image& image, const HexGrid& grid, const std::vector<Hex>& hexes,
                                             const std::vector<PaletteColour>& palette, int tolerance, int radius) {
  const std::vector<Offset> pixels = disc(std::max(radius, 0));
  std::vector<std::optional<int>> out;
  out.reserve(hexes.size());
  for (const Hex h : hexes) {
    const Point c = grid.centre(h);
    if (!image.contains(c.x, c.y)) {
      out.push_back(std::nullopt);
      continue;
    }
    // value -> (count, rank of its first pixel): most pixels wins, then the nearer first match.
    std::map<int, std::pair<int, int>> votes;
    for (size_t rank = 0; rank < pixels.size(); ++rank) {
      const int x = c.x + pixels[rank].dx, y = c.y + pixels[rank].dy;
      if (!image.contains(x, y)) continue;
      if (const auto v = nearest_value(palette, image.at(x, y), tolerance)) {
        auto [it, fresh] = votes.emplace(*v, std::pair{0, static_cast<int>(rank)});
        ++it->second.first;
      }
    }
    std::optional<int> chosen;
    std::pair<int, int> best{0, 0};
    for (const auto& [value, vote] : votes) {
      if (!chosen || vote.first > best.first || (vote.first == best.first && vote.second < best.second)) {
        chosen = value;
        best = vote;
      }
    }
    out.push_back(chosen);
  }
  return out;
}

}  // namespace adjutant::core
