#include "core/sight/line_of_sight.h"

#include <algorithm>
#include <stdexcept>

#include "core/sight/sight_line.h"

namespace adjutant::core {
namespace {

constexpr uint8_t kOrchard = 1, kCanopy = 2, kPartialTarget = 4;

bool holds(const std::vector<Hex>& hexes, Hex h) { return std::find(hexes.begin(), hexes.end(), h) != hexes.end(); }

std::string level_text(int twice) {
  if (twice < 0) return "-" + level_text(-twice);
  return std::to_string(twice / 2) + (twice % 2 ? ".5" : "");
}

// One hex or hexside the line passes between its ends, seen from the firer.
struct Crossed {
  Hex hex;
  std::optional<Hex> along;
  int twice_level = 0;  // twice its elevation with the terrain's height (a hexside: by HexsideLevel)
  int twice_ground = 0;  // twice its bare elevation (a hexside: by HexsideLevel)
  int twice_from = 0;  // twice its distance from the firer's hex (a hexside: the sum for its two hexes)
  int twice_to = 0;
  bool first_orchard = false;  // holds the orchard CWR 4.2b ignores
  bool canopy = false;          // CWR 4.2c terrain (both sides, along a hexside)
};

uint64_t add(uint64_t x, uint64_t y) { return x > UINT64_MAX - y ? UINT64_MAX : x + y; }

}  // namespace

std::string_view to_string(Sight sight) {
  switch (sight) {
    case Sight::kClear: return "clear";
    case Sight::kPartial: return "partial";
    case Sight::kBlocked: return "blocked";
  }
  return "?";
}

LineOfSight::LineOfSight(const TerrainModel& map, SightRules rules) : map_(&map), rules_(std::move(rules)) {
  const int types = map.vocabulary().terrain.size();
  auto check = [&](const std::vector<int>& ids, const char* what) {
    for (const int id : ids) {
      if (id < 0 || id >= types) throw std::invalid_argument(std::string("sight rules: ") + what + " names terrain id " + std::to_string(id) + " outside the vocabulary");
    }
  };
  check(rules_.orchard, "orchard");
  check(rules_.canopy, "canopy");
  check(rules_.partial_target, "partial_target");
  if (static_cast<int>(rules_.terrain_height.size()) > types) throw std::invalid_argument("sight rules: more terrain heights than terrain types");
  std::vector<uint8_t> type_flags(static_cast<size_t>(types), 0);
  for (const int id : rules_.orchard) type_flags[static_cast<size_t>(id)] |= kOrchard;
  for (const int id : rules_.canopy) type_flags[static_cast<size_t>(id)] |= kCanopy;
  for (const int id : rules_.partial_target) type_flags[static_cast<size_t>(id)] |= kPartialTarget;
  const size_t cells = map.extent().size();
  ground_.assign(cells, 0);
  height_.assign(cells, 0);
  flags_.assign(cells, 0);
  for (const Hex h : map.hexes()) {
    const size_t cell = map.extent().index(h);
    const int type = map.terrain_at(cell);
    ground_[cell] = map.elevation(h);
    const size_t t = static_cast<size_t>(type);
    height_[cell] = ground_[cell] + (t < rules_.terrain_height.size() ? rules_.terrain_height[t] : 0);
    flags_[cell] = type_flags[t];
  }
}

int LineOfSight::twice_side_level(int ground_a, int level_a, int ground_b, int level_b) const {
  if (rules_.hexside_level == HexsideLevel::kLower) return 2 * std::min(level_a, level_b);
  return ground_a + ground_b + 2 * std::min(level_a - ground_a, level_b - ground_b);
}

std::string LineOfSight::hex_words(Hex h) const { return map_->terrain_name(h) + " " + describe(map_->topology(), h); }

SightResult LineOfSight::between(Hex from, Hex to, const SightSituation& situation) const {
  SightResult out;
  map_->elevation(from);  // GeometryError off the map
  map_->elevation(to);
  walk_centre_line(from, to, out.line);
  if (rules_.model == SightModel::kThread) return out;
  if (rules_.model == SightModel::kCwr) {
    cwr(from, to, situation, true, out);
  } else {
    lfm(from, to, situation, true, out);
  }
  return out;
}

std::vector<SeenHex> LineOfSight::sweep(Hex from, int radius, const SightSituation& situation) const {
  map_->elevation(from);
  std::vector<Hex> hexes = map_->topology().within(from, radius);
  std::stable_sort(hexes.begin(), hexes.end(), [&](Hex x, Hex y) { return distance(from, x) < distance(from, y); });
  std::vector<SeenHex> out;
  out.reserve(hexes.size());
  SightResult r;
  for (const Hex h : hexes) {
    if (!map_->on_map(h)) continue;
    r.sight = Sight::kClear;
    if (rules_.model == SightModel::kCwr) {
      r.line.steps.clear();
      walk_centre_line(from, h, r.line);
      cwr(from, h, situation, false, r);
    } else if (rules_.model == SightModel::kLfm) {
      lfm(from, h, situation, false, r);
    }
    out.push_back({h, r.sight});
  }
  return out;
}

void LineOfSight::cwr(Hex from, Hex to, const SightSituation& s, bool explain, SightResult& out) const {
  const int range = distance(from, to);
  auto block = [&](Hex h, std::optional<Hex> along, auto&& clause) {
    out.sight = Sight::kBlocked;
    if (explain) out.block = SightBlock{h, along, clause()};
  };
  const HexTopology& topology = map_->topology();
  if (s.visibility > 0 && range > s.visibility) {
    return block(to, std::nullopt, [&] {
      return "CWR 4.4: " + describe(topology, to) + " is " + std::to_string(range) + " hexes away, beyond visibility " +
             std::to_string(s.visibility);
    });
  }
  if (range <= 1) return;  // 4.0: always clear into adjacent hexes

  thread_local std::vector<Crossed> crossed;
  crossed.clear();
  const auto& steps = out.line.steps;
  bool orchard_seen = rules_.firer_orchard_is_first && is(from, kOrchard);
  for (size_t i = 1; i + 1 < steps.size(); ++i) {
    Crossed c{steps[i].hex, steps[i].along};
    auto level = [&](Hex h) {
      if (is(h, kOrchard) && !orchard_seen) {
        orchard_seen = c.first_orchard = true;
        return ground(h);
      }
      return height(h);
    };
    const int level_hex = level(c.hex);
    c.twice_level = 2 * level_hex;
    c.twice_ground = 2 * ground(c.hex);
    c.twice_from = 2 * distance(from, c.hex);
    c.twice_to = 2 * distance(to, c.hex);
    c.canopy = is(c.hex, kCanopy);
    if (c.along) {
      c.twice_level = twice_side_level(ground(c.hex), level_hex, ground(*c.along), level(*c.along));
      c.twice_ground = twice_side_level(ground(c.hex), ground(c.hex), ground(*c.along), ground(*c.along));
      c.twice_from = distance(from, c.hex) + distance(from, *c.along);
      c.twice_to = distance(to, c.hex) + distance(to, *c.along);
      c.canopy = c.canopy && is(*c.along, kCanopy);
    }
    crossed.push_back(c);
  }
  auto side = [&](const Crossed& c) {
    return c.along ? topology.hexside_name(topology.hexside(c.hex, *c.along)) : hex_words(c.hex);
  };

  // 4.2c: into or out of canopy through adjacent canopy.
  auto canopy_blocks = [&](const Crossed& c) {
    return c.canopy && (rules_.canopy_overrides_first_orchard || !c.first_orchard);
  };
  if (is(from, kCanopy) && canopy_blocks(crossed.front())) {
    return block(crossed.front().hex, crossed.front().along, [&] {
      return "CWR 4.2c: out of " + hex_words(from) + " through adjacent " + side(crossed.front()) + " (canopy)";
    });
  }
  if (is(to, kCanopy) && canopy_blocks(crossed.back())) {
    return block(crossed.back().hex, crossed.back().along, [&] {
      return "CWR 4.2c: into " + hex_words(to) + " through adjacent " + side(crossed.back()) + " (canopy)";
    });
  }

  // Hexside features that block, crossed or run along (not those of the ends' own hexsides).
  if (rules_.blocking_hexsides) {
    for (size_t i = 0; i < crossed.size(); ++i) {
      const Crossed& c = crossed[i];
      FeatureSet f = 0;
      std::optional<Hex> other = c.along;
      if (c.along) {
        f = map_->hexside_features(c.hex, *c.along);
      } else if (i + 1 < crossed.size() && !crossed[i + 1].along) {
        other = crossed[i + 1].hex;
        f = map_->hexside_features(c.hex, *other);
      }
      f &= rules_.blocking_hexsides;
      if (f) {
        return block(c.hex, other, [&] {
          int id = 0;
          while (!(f & feature_bit(id))) ++id;
          return "CWR 4.2d: " + map_->vocabulary().hexside.name(id) + " on hexside " +
                 topology.hexside_name(topology.hexside(c.hex, *other)) + " blocks";
        });
      }
    }
  }

  // 4.2d and 4.3e: units between the ends.
  const bool artillery_over = s.fire == FireKind::kArtillery && range >= rules_.artillery_over_friendly_range;
  const bool enemy_hexsides_block = s.fire == FireKind::kSmallArms || !s.target_is_artillery;
  for (const Crossed& c : crossed) {
    if (c.along) {
      const Hex beside = holds(s.enemy, c.hex) ? c.hex : *c.along;
      if (holds(s.enemy, beside) && (enemy_hexsides_block || rules_.enemy_hexsides_block_artillery_at_artillery)) {
        return block(c.hex, c.along, [&] {
          return "CWR 4.2d: along hexside " + side(c) + " of enemy-occupied " + describe(topology, beside) +
                 (enemy_hexsides_block ? "" : " blocks artillery fire at enemy artillery too (over 4.3e)");
        });
      }
      continue;
    }
    if (holds(s.friendly, c.hex)) {
      if (distance(c.hex, to) == 1) {
        return block(c.hex, std::nullopt, [&] {
          return "CWR 4.2d: friendly unit in " + describe(topology, c.hex) + " is adjacent to the target";
        });
      }
      if (!artillery_over && ground(from) < ground(c.hex) + rules_.small_arms_over_friendly_levels) {
        return block(c.hex, std::nullopt, [&] {
          return "CWR 4.2d: friendly unit in " + describe(topology, c.hex) + " blocks " +
                 (s.fire == FireKind::kArtillery ? "artillery fire within " + std::to_string(rules_.artillery_over_friendly_range) + " hexes"
                                                 : std::string("small-arms fire")) +
                 " (the firer is not " + std::to_string(rules_.small_arms_over_friendly_levels) + " levels higher)";
        });
      }
    }
    if (holds(s.enemy, c.hex) && (s.fire == FireKind::kSmallArms || !s.target_is_artillery)) {
      return block(c.hex, std::nullopt, [&] {
        return "CWR 4.3e: enemy unit in " + describe(topology, c.hex) +
               (s.fire == FireKind::kSmallArms ? " blocks small-arms fire" : " blocks artillery fire at a target that is not artillery");
      });
    }
  }

  // 4.1: elevations.
  const int e_from = ground(from), e_to = ground(to);
  const int hi = std::max(e_from, e_to), lo = std::min(e_from, e_to);
  const bool steps_procedure = rules_.procedure == CwrProcedure::kSteps;
  for (const Crossed& c : crossed) {
    if (c.twice_level > 2 * hi) {
      return block(c.hex, c.along, [&] {
        return std::string(steps_procedure ? "CWR LOS Procedure step 1: " : "CWR 4.1 case 1: ") + side(c) + " at level " +
               level_text(c.twice_level) + " is higher than both ends (" + std::to_string(e_from) + ", " + std::to_string(e_to) + ")";
      });
    }
  }
  if (e_from == e_to) return;
  const bool from_higher = e_from > e_to;
  auto twice_high = [&](const Crossed& c) { return from_higher ? c.twice_from : c.twice_to; };
  auto twice_low = [&](const Crossed& c) { return from_higher ? c.twice_to : c.twice_from; };
  auto closer_to_low = [&](const Crossed& c) {
    return twice_low(c) < twice_high(c) || (twice_low(c) == twice_high(c) && rules_.midpoint_tie_blocks);
  };
  auto nearness = [&](const Crossed& c) -> std::string {
    return twice_low(c) < twice_high(c) ? "closer to" : "as far from the higher end as from";
  };

  if (!steps_procedure) {
    int at_high = 0;
    for (const Crossed& c : crossed) {
      if (c.twice_level != 2 * hi) continue;
      ++at_high;
      if (at_high > 1 || twice_high(c) != 2) {
        return block(c.hex, c.along, [&] {
          return "CWR 4.1 case 2: " + side(c) + " at level " + std::to_string(hi) + ", the higher end's, " +
                 (twice_high(c) != 2 ? "is not adjacent to the higher end" : "is a second such hex");
        });
      }
    }
    for (const Crossed& c : crossed) {
      if (c.twice_level >= hi + lo && closer_to_low(c)) {
        return block(c.hex, c.along, [&] {
          return "CWR 4.1 case 3: " + side(c) + " at level " + level_text(c.twice_level) + ", at or above the midpoint " +
                 level_text(hi + lo) + ", is " + nearness(c) + " the lower end";
        });
      }
    }
    return;
  }

  // The LOS Procedure, A the higher end, B the lower; `crossed` read from A.
  if (!from_higher) std::reverse(crossed.begin(), crossed.end());
  const Hex a = from_higher ? from : to, b = from_higher ? to : from;
  bool lower_seen = false;
  size_t plateau = 0;  // how many crossed steps from A lie at A's level
  while (plateau < crossed.size() && crossed[plateau].twice_level == 2 * hi) ++plateau;
  for (const Crossed& c : crossed) {
    if (c.twice_level < 2 * hi) lower_seen = true;
    if (c.twice_level == 2 * hi && lower_seen) {
      return block(c.hex, c.along, [&] {
        return "CWR LOS Procedure step 4: " + side(c) + " at the higher end's level " + std::to_string(hi) +
               " is separated from it by lower ground";
      });
    }
  }
  if (plateau > 0) {
    // Step 5: the lower ground in front of A must be no farther than that behind it, unless
    // higher ground rises behind A first. `front`: how far from A the ground first falls towards B.
    const bool by_ground = rules_.step5_elevation == Step5Elevation::kGround;
    auto twice_at = [&](const Crossed& c) { return by_ground ? c.twice_ground : c.twice_level; };
    size_t front = 1;
    while (front <= crossed.size() && twice_at(crossed[front - 1]) >= 2 * hi) ++front;
    thread_local HexLine behind;
    behind.steps.clear();
    walk_centre_line(a, to_hex(to_cube(a) + (to_cube(a) - to_cube(b))), behind);
    bool fine = true;
    for (size_t k = 1; k < behind.steps.size() && front > 1; ++k) {
      const HexLineStep& st = behind.steps[k];
      if (!map_->on_map(st.hex) || (st.along && !map_->on_map(*st.along))) break;
      auto at = [&](Hex h) { return by_ground ? ground(h) : height(h); };
      const int twice = st.along ? twice_side_level(ground(st.hex), at(st.hex), ground(*st.along), at(*st.along)) : 2 * at(st.hex);
      if (twice > 2 * hi) break;
      if (twice < 2 * hi) {
        fine = front <= k;
        break;
      }
    }
    if (!fine) {
      const Crossed& crest = crossed[front - 2];
      return block(crest.hex, crest.along, [&] {
        return "CWR LOS Procedure step 5: " + describe(topology, a) + " stands back from the crest at " + side(crest) +
               ": the ground falls sooner behind it than towards " + describe(topology, b) +
               (by_ground ? " (by bare ground)" : "");
      });
    }
  }
  for (size_t j = 0; j < crossed.size(); ++j) {
    const Crossed& c = crossed[j];
    if (c.twice_level <= 2 * lo || c.twice_level >= 2 * hi || !closer_to_low(c)) continue;
    const bool separated = std::any_of(crossed.begin(), crossed.begin() + static_cast<long>(j),
                                       [&](const Crossed& x) { return x.twice_level < c.twice_level; });
    if (separated) {
      return block(c.hex, c.along, [&] {
        return "CWR LOS Procedure step 6: " + side(c) + " at level " + level_text(c.twice_level) + ", between the ends' levels and " +
               nearness(c) + " the lower, is separated from the higher by lower ground";
      });
    }
  }
}

void LineOfSight::lfm(Hex from, Hex to, const SightSituation& s, bool explain, SightResult& out) const {
  const int range = distance(from, to);
  const HexTopology& topology = map_->topology();
  if (s.visibility > 0 && range > s.visibility) {
    out.sight = Sight::kBlocked;
    if (explain) {
      out.block = SightBlock{to, std::nullopt, "visibility: " + describe(topology, to) + " is " + std::to_string(range) +
                                                   " hexes away, beyond " + std::to_string(s.visibility)};
    }
    return;
  }
  out.paths = out.clear_paths = 1;
  if (range <= 1) return;  // 27: sight is traced to hexes two or more away

  // Every shortest path steps only in the one or two directions that bring it nearer to `to`:
  // cell (i, j) of a grid is from + i u + j v, and paths run from (0, 0) to (n, m).
  const Cube a = to_cube(from), b = to_cube(to);
  Cube u{}, v{};
  int dirs = 0;
  for (const Cube& e : kCubeSteps) {
    if (distance(a + e, b) == range - 1) (dirs++ == 0 ? u : v) = e;
  }
  int n = range, m = 0;
  if (dirs == 2) {
    while (n > 0 && u.scaled(n) + v.scaled(range - n) != b - a) --n;
    m = range - n;
  }
  const int e_from = ground(from), e_to = ground(to);
  const int hi = std::max(e_from, e_to);
  thread_local std::vector<uint64_t> all, clear;
  const size_t width = static_cast<size_t>(m) + 1;
  all.assign(static_cast<size_t>(n + 1) * width, 0);
  clear.assign(all.size(), 0);
  std::optional<Hex> first_obstruction;
  int obstruction_rule = 0, obstruction_level = 0;
  bool friendly_counted = false;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; j <= m; ++j) {
      const Hex h = to_hex(a + u.scaled(i) + v.scaled(j));
      const size_t k = static_cast<size_t>(i) * width + static_cast<size_t>(j);
      if (!map_->on_map(h)) continue;
      if (i == 0 && j == 0) {
        all[k] = clear[k] = 1;
        continue;
      }
      uint64_t through = 0, through_clear = 0;
      if (i > 0) through = all[k - width], through_clear = clear[k - width];
      if (j > 0) through = add(through, all[k - 1]), through_clear = add(through_clear, clear[k - 1]);
      all[k] = through;
      if (i == n && j == m) {
        clear[k] = through_clear;
        continue;
      }
      const bool friendly = !s.friendly.empty() && holds(s.friendly, h);
      const int level = height(h) + (friendly ? rules_.friendly_unit_height : 0);
      const int rule = level > hi ? 1 : (e_to < e_from && level == e_from) ? 2 : (e_from < e_to && level == e_to) ? 3 : 0;
      if (rule == 0) {
        clear[k] = through_clear;
      } else if (through > 0 && !first_obstruction) {
        first_obstruction = h, obstruction_rule = rule, obstruction_level = level, friendly_counted = friendly;
      }
    }
  }
  out.paths = all.back();
  out.clear_paths = clear.back();
  out.sight = out.clear_paths == 0 ? Sight::kBlocked : out.clear_paths < out.paths ? Sight::kPartial : Sight::kClear;
  if (out.sight == Sight::kClear && is(to, kPartialTarget)) {
    out.sight = Sight::kPartial;
    if (explain) out.block = SightBlock{to, std::nullopt, "LFM 27.7: the target hex " + hex_words(to) + " is partially obstructed"};
    return;
  }
  if (!explain || out.sight == Sight::kClear) return;
  if (!first_obstruction) {
    out.block = SightBlock{to, std::nullopt, "LFM 27: no shortest path between the hexes lies on the map"};
    return;
  }
  const Hex h = *first_obstruction;
  std::string why = obstruction_rule == 1   ? "is higher than both ends (" + std::to_string(e_from) + ", " + std::to_string(e_to) + ")"
                    : obstruction_rule == 2 ? "is the firer's level, with the target lower"
                                            : "is the target's level, with the firer lower";
  out.block = SightBlock{h, std::nullopt,
                         "LFM 27." + std::to_string(obstruction_rule) + ": " + hex_words(h) + " at level " +
                             std::to_string(obstruction_level) + (friendly_counted ? " (a friendly unit, 27.6)" : "") + " " + why +
                             "; " + std::to_string(out.paths - out.clear_paths) + " of " + std::to_string(out.paths) +
                             " shortest paths obstructed"};
}

std::vector<Hex> zone_of_influence(const LineOfSight& lfm, Hex unit, bool artillery, bool night, bool partial_counts) {
  std::vector<Hex> out;
  if (night) return out;
  for (const SeenHex& seen : lfm.sweep(unit, artillery ? 5 : 3)) {
    if (seen.hex == unit) continue;
    if (seen.sight == Sight::kClear || (partial_counts && seen.sight == Sight::kPartial)) out.push_back(seen.hex);
  }
  return out;
}

}  // namespace adjutant::core
