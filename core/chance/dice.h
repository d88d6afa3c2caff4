// Dice that can be rolled again: a seeded stream (PCG32) gives the same rolls from the same seed
// on every platform, in C++ and through the Python bindings alike, and every roll is recorded
// with its purpose so that a report can show it. And the exact chance of each result of a roll,
// for odds given before rolling.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace adjutant::core {

// PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms
// for Random Number Generation", 2014): 64-bit state, XSH-RR output.
class RandomStream {
 public:
  explicit RandomStream(uint64_t seed, uint64_t stream = 54);
  uint32_t next();
  // Uniform in [0, bound), without modulo bias. bound > 0.
  uint32_t below(uint32_t bound);

 private:
  uint64_t state_ = 0;
  uint64_t increment_ = 0;
};

// An exact probability, in lowest terms.
struct Probability {
  uint64_t numerator = 0;
  uint64_t denominator = 1;

  // `ways` of `outcomes` equally likely ones.
  static Probability of(uint64_t ways, uint64_t outcomes);
  bool operator==(const Probability&) const = default;
};

// Every result a dice expression can roll and how many of its equally likely outcomes give it.
struct DiceOutcomes {
  uint64_t outcomes = 0;                       // sides ^ count
  std::vector<std::pair<int, uint64_t>> ways;  // result -> outcomes giving it, results increasing
};

// The results of "NdS" (summed) or "d66" (tens and ones) with their exact counts. Throws
// std::invalid_argument naming the text for anything else, or for dice with more outcomes than
// 64 bits count.
DiceOutcomes dice_outcomes(std::string_view dice);
// The same as probabilities: {2: 1/36, 3: 1/18, ..., 12: 1/36} for "2d6".
std::vector<std::pair<int, Probability>> dice_distribution(std::string_view dice);

struct DieRoll {
  std::string purpose;     // what the roll decides, in the report's words
  std::string dice;        // "d6", "2d6", "d66", "3d6", ...
  std::vector<int> faces;  // each die as it fell, in order
  int result = 0;          // the sum; for d66 tens * 10 + ones
};

class Dice {
 public:
  explicit Dice(uint64_t seed);
  uint64_t seed() const { return seed_; }

  int d6(std::string_view purpose) { return roll("d6", purpose); }
  int two_d6(std::string_view purpose) { return roll("2d6", purpose); }
  int d66(std::string_view purpose) { return roll("d66", purpose); }
  // "NdS" (N dice of S sides, summed; N defaults to 1) or "d66". Throws std::invalid_argument
  // naming the text for anything else.
  int roll(std::string_view dice, std::string_view purpose);

  const std::vector<DieRoll>& rolls() const { return rolls_; }

 private:
  uint64_t seed_;
  RandomStream stream_;
  std::vector<DieRoll> rolls_;
};

}  // namespace adjutant::core
