#include "core/chance/dice.h"

#include <charconv>
#include <limits>
#include <map>
#include <numeric>
#include <stdexcept>

namespace adjutant::core {

namespace {
constexpr uint64_t kMultiplier = 6364136223846793005ull;

struct DiceSpec {
  int count = 1;
  int sides = 6;
  bool d66 = false;
};

DiceSpec parse_dice(std::string_view text) {
  if (text == "d66") return {2, 6, true};
  const size_t d = text.find('d');
  auto number = [&](std::string_view digits, int fallback) {
    if (digits.empty()) return fallback;
    int value = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc() || end != digits.data() + digits.size() || value <= 0) return 0;
    return value;
  };
  DiceSpec spec;
  if (d != std::string_view::npos) {
    spec.count = number(text.substr(0, d), 1);
    spec.sides = number(text.substr(d + 1), 0);
  }
  if (d == std::string_view::npos || spec.count <= 0 || spec.count > 100 || spec.sides < 2)
    throw std::invalid_argument("not a dice roll: '" + std::string(text) + "' (expected d6, 2d6, d66 or NdS)");
  return spec;
}
}  // namespace

Probability Probability::of(uint64_t ways, uint64_t outcomes) {
  if (outcomes == 0) throw std::invalid_argument("a probability out of no outcomes");
  const uint64_t common = std::gcd(ways, outcomes);
  return {ways / common, outcomes / common};
}

DiceOutcomes dice_outcomes(std::string_view dice) {
  const DiceSpec spec = parse_dice(dice);
  const auto sides = static_cast<uint64_t>(spec.sides);
  if (static_cast<uint64_t>(spec.count) * sides > 1'000'000)
    throw std::invalid_argument("'" + std::string(dice) + "' has too many results to list");
  DiceOutcomes out{1, {}};
  for (int i = 0; i < spec.count; ++i) {
    if (out.outcomes > std::numeric_limits<uint64_t>::max() / sides)
      throw std::invalid_argument("'" + std::string(dice) + "' has too many outcomes to count exactly");
    out.outcomes *= sides;
  }
  // Results so far -> ways, one die at a time.
  std::map<int, uint64_t> ways{{0, 1}};
  for (int i = 0; i < spec.count; ++i) {
    std::map<int, uint64_t> next;
    for (const auto& [result, n] : ways)
      for (int face = 1; face <= spec.sides; ++face) next[spec.d66 ? result * 10 + face : result + face] += n;
    ways = std::move(next);
  }
  out.ways.assign(ways.begin(), ways.end());
  return out;
}

std::vector<std::pair<int, Probability>> dice_distribution(std::string_view dice) {
  const DiceOutcomes outcomes = dice_outcomes(dice);
  std::vector<std::pair<int, Probability>> out;
  for (const auto& [result, n] : outcomes.ways) out.emplace_back(result, Probability::of(n, outcomes.outcomes));
  return out;
}

RandomStream::RandomStream(uint64_t seed, uint64_t stream) : increment_((stream << 1u) | 1u) {
  next();
  state_ += seed;
  next();
}

uint32_t RandomStream::next() {
  const uint64_t old = state_;
  state_ = old * kMultiplier + increment_;
  const auto xorshifted = static_cast<uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rotation = static_cast<uint32_t>(old >> 59u);
  return (xorshifted >> rotation) | (xorshifted << ((32u - rotation) & 31u));
}

uint32_t RandomStream::below(uint32_t bound) {
  const uint32_t threshold = (0u - bound) % bound;  // values under it would favour the low faces
  for (;;) {
    const uint32_t r = next();
    if (r >= threshold) return r % bound;
  }
}

Dice::Dice(uint64_t seed) : seed_(seed), stream_(seed) {}

int Dice::roll(std::string_view dice, std::string_view purpose) {
  const DiceSpec spec = parse_dice(dice);
  DieRoll roll{std::string(purpose), std::string(dice), {}, 0};
  for (int i = 0; i < spec.count; ++i) {
    const int face = static_cast<int>(stream_.below(static_cast<uint32_t>(spec.sides))) + 1;
    roll.faces.push_back(face);
    roll.result = spec.d66 ? roll.result * 10 + face : roll.result + face;
  }
  rolls_.push_back(std::move(roll));
  return rolls_.back().result;
}

}  // namespace adjutant::core
