#include "core/dice.h"

#include <charconv>
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
