// Line of sight between two hexes of a TerrainModel, as data-driven models:
// CWR 4.0-4.4 (the centre-to-centre line with elevation cases, orchards, canopy, hexsides, units and
// visibility), LFM 27 (every shortest hex path: clear, partial or blocked) and the plain thread
// VASSAL's LOS tool draws. docs/sight.md describes the models and the choices made where the
// rulebooks are ambiguous; each choice is an option in SightRules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/hexes/hex_topology.h"
#include "core/hexes/terrain.h"

namespace adjutant::core {

enum class SightModel { kCwr, kLfm, kThread };
enum class Sight { kClear, kPartial, kBlocked };
enum class FireKind { kSmallArms, kArtillery };
// CWR 4.1: its three numbered cases, or the step-by-step LOS Procedure at the back of the rulebook.
enum class CwrProcedure { kCases, kSteps };
// The level of a hexside a line runs along: the lower of its two hexes' (CWR 4.2d, "clear unless
// both hexes block"), or halfway between their elevations (CWR 4.0, "half the elevation change"),
// with the terrain height both hexes have.
enum class HexsideLevel { kLower, kMidpoint };
// LOS Procedure step 5: where "a lower Elevation" begins, in front of the higher end and behind it:
// at a hex whose level with its terrain's height is below the higher end's (kLevel), or whose bare
// ground is (kGround: the Procedure's upper-case "Elevation", without forest, orchard or urban).
enum class Step5Elevation { kLevel, kGround };

std::string_view to_string(Sight sight);

struct SightRules {
  SightModel model = SightModel::kCwr;
  // Levels added to a hex's elevation per terrain type id (CWR 4.0: forest, orchard, urban +1;
  // LFM 27.4-5: town, woods +1). Shorter than the vocabulary: the rest add nothing.
  std::vector<int> terrain_height;
  std::vector<int> orchard;         // CWR 4.2b: the first one from the firer is ignored
  std::vector<int> canopy;          // CWR 4.2c: forest, urban, orchard
  std::vector<int> partial_target;  // LFM 27.7: a target in these is partially obstructed
  FeatureSet blocking_hexsides = 0; // hexside features that block a line crossing or running along them

  // --- choices where the rules are ambiguous (docs/sight.md) ---
  CwrProcedure procedure = CwrProcedure::kCases;
  // CWR 4.1 case 3 and LOS Procedure step 6 ("closer to the lower unit", "closer to B than A"): a
  // feature exactly as far from both ends blocks.
  bool midpoint_tie_blocks = false;
  Step5Elevation step5_elevation = Step5Elevation::kLevel;
  // CWR 4.2b vs 4.2c: an orchard adjacent to a canopy end blocks even when it is the first orchard.
  bool canopy_overrides_first_orchard = true;
  // CWR 4.2b: an orchard in the firer's own hex is "the first Orchard hex encountered", so every
  // orchard the line crosses counts.
  bool firer_orchard_is_first = false;
  // CWR 4.2d vs 4.3e: the hexsides of enemy-occupied hexes block artillery fire at enemy artillery
  // too (4.3e lets it through enemy units, not along their hexsides).
  bool enemy_hexsides_block_artillery_at_artillery = true;
  HexsideLevel hexside_level = HexsideLevel::kLower;  // CWR 4.0 vs 4.2d
  int friendly_unit_height = 1;       // LFM 27.6
  int artillery_over_friendly_range = 6;  // CWR 4.2d
  int small_arms_over_friendly_levels = 2;  // CWR 4.2d
};

// Who stands where when sight is asked for (CWR 4.2d, 4.3e, 4.4; LFM 27.6).
struct SightSituation {
  std::vector<Hex> friendly;  // hexes holding the viewer's side's other units
  std::vector<Hex> enemy;     // hexes holding enemy units other than the target's
  FireKind fire = FireKind::kSmallArms;
  bool target_is_artillery = false;
  int visibility = 0;         // CWR 4.4: the turn's range in hexes; 0 unlimited
};

// What blocked (or, for LFM partial, obstructed one path): a hex, or the hexside hex/along.
struct SightBlock {
  Hex hex;
  std::optional<Hex> along;
  std::string clause;  // "CWR 4.1 case 1: woods 0505 at level 2 is higher than both ends (1, 1)"
};

struct SightResult {
  Sight sight = Sight::kClear;
  HexLine line;                     // the centre-to-centre line, with its along-hexside steps
  std::optional<SightBlock> block;  // for blocked; for LFM partial, an obstruction on some path
  uint64_t paths = 0;               // LFM: shortest paths on the map, and of those, unobstructed
  uint64_t clear_paths = 0;
};

struct SeenHex {
  Hex hex;
  Sight sight;
};

class LineOfSight {
 public:
  // Throws std::invalid_argument when a terrain id in `rules` is outside the map's vocabulary.
  // Terrain and elevation are read here: make a new one after changing the map.
  LineOfSight(const TerrainModel& map, SightRules rules);

  // Sight from `from` (the firer or viewer) to `to`; GeometryError for a hex off the map.
  SightResult between(Hex from, Hex to, const SightSituation& situation = {}) const;
  // The verdict for every hex within `radius` of `from`, on the map, nearest first.
  std::vector<SeenHex> sweep(Hex from, int radius, const SightSituation& situation = {}) const;

  const TerrainModel& map() const { return *map_; }
  const SightRules& rules() const { return rules_; }

 private:
  struct Walk;
  // Fills the verdict, and the block with its clause only when `explain`.
  void cwr(Hex from, Hex to, const SightSituation& s, bool explain, SightResult& out) const;
  void lfm(Hex from, Hex to, const SightSituation& s, bool explain, SightResult& out) const;
  int ground(Hex h) const { return ground_[map_->extent().index(h)]; }
  int height(Hex h) const { return height_[map_->extent().index(h)]; }
  bool is(Hex h, uint8_t flag) const { return (flags_[map_->extent().index(h)] & flag) != 0; }
  std::string hex_words(Hex h) const;  // "woods 0505"
  // Twice the level of the hexside between two hexes, from each one's elevation and level.
  int twice_side_level(int ground_a, int level_a, int ground_b, int level_b) const;

  const TerrainModel* map_;
  SightRules rules_;
  std::vector<int32_t> ground_;  // per cell: elevation
  std::vector<int32_t> height_;  // per cell: elevation plus the terrain's height
  std::vector<uint8_t> flags_;   // per cell: kOrchard, kCanopy, kPartialTarget
};

// LFM 6: the hexes a unit's zone of influence covers: within 3 hexes (5 for artillery) and in its
// sight by `lfm` (units never block it, 27.6 does not apply); none at night. The unit's own hex is
// not included; partially obstructed hexes are when `partial_counts`.
std::vector<Hex> zone_of_influence(const LineOfSight& lfm, Hex unit, bool artillery, bool night,
                                   bool partial_counts = true);

}  // namespace adjutant::core
