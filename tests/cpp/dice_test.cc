// Dice: the PCG32 stream against the reference implementation's published output, reproducible
// rolls from a seed, and the record of every roll.
#include "core/chance/dice.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

namespace adjutant::core {
namespace {

TEST(RandomStream, MatchesThePcg32ReferenceDemo) {
  // pcg32-demo from the PCG reference distribution: seed 42, sequence 54.
  RandomStream stream(42, 54);
  const uint32_t expected[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (uint32_t value : expected) EXPECT_EQ(stream.next(), value);
}

TEST(Dice, TheSameSeedGivesTheSameRolls) {
  Dice a(20261123), b(20261123), c(20261124);
  std::vector<int> from_a, from_b, from_c;
  for (int i = 0; i < 50; ++i) {
    from_a.push_back(a.two_d6("combat"));
    from_b.push_back(b.two_d6("combat"));
    from_c.push_back(c.two_d6("combat"));
  }
  EXPECT_EQ(from_a, from_b);
  EXPECT_NE(from_a, from_c);
}

TEST(Dice, EveryRollIsRecordedWithItsPurposeAndFaces) {
  Dice dice(7);
  const int total = dice.two_d6("attrition: 1st Corps");
  const int d66 = dice.d66("random event");
  ASSERT_EQ(dice.rolls().size(), 2u);
  const DieRoll& first = dice.rolls()[0];
  EXPECT_EQ(first.purpose, "attrition: 1st Corps");
  EXPECT_EQ(first.dice, "2d6");
  ASSERT_EQ(first.faces.size(), 2u);
  EXPECT_EQ(first.faces[0] + first.faces[1], total);
  const DieRoll& second = dice.rolls()[1];
  EXPECT_EQ(second.result, d66);
  EXPECT_EQ(d66, second.faces[0] * 10 + second.faces[1]);
}

TEST(Dice, FacesAreUniformOverManyRolls) {
  Dice dice(1);
  std::map<int, int> counts;
  const int n = 60000;
  for (int i = 0; i < n; ++i) ++counts[dice.d6("uniformity")];
  ASSERT_EQ(counts.size(), 6u);
  EXPECT_EQ(counts.begin()->first, 1);
  EXPECT_EQ(counts.rbegin()->first, 6);
  for (const auto& [face, count] : counts) EXPECT_NEAR(count, n / 6, 400) << "face " << face;
}

TEST(Dice, OtherDiceAndBadSpecifications) {
  Dice dice(3);
  for (int i = 0; i < 200; ++i) {
    const int r = dice.roll("3d6", "3d6");
    EXPECT_GE(r, 3);
    EXPECT_LE(r, 18);
    const int d10 = dice.roll("d10", "d10");
    EXPECT_GE(d10, 1);
    EXPECT_LE(d10, 10);
  }
  for (const char* bad : {"", "d", "2x6", "0d6", "d1", "d6x"}) EXPECT_THROW(dice.roll(bad, "bad"), std::invalid_argument) << bad;
}

TEST(DiceDistribution, TwoDiceSumToOneWithTheTriangleOfWays) {
  const auto two = dice_distribution("2d6");
  ASSERT_EQ(two.size(), 11u);
  EXPECT_EQ(two.front().first, 2);
  EXPECT_EQ(two.front().second, (Probability{1, 36}));
  EXPECT_EQ(two[5].first, 7);
  EXPECT_EQ(two[5].second, (Probability{1, 6}));
  EXPECT_EQ(two[2].second, (Probability{1, 12}));  // 4: three ways of 36
  uint64_t sum = 0;  // in 36ths
  for (const auto& [total, p] : two) sum += p.numerator * (36 / p.denominator);
  EXPECT_EQ(sum, 36u);
  const DiceOutcomes outcomes = dice_outcomes("2d6");
  EXPECT_EQ(outcomes.outcomes, 36u);
  EXPECT_EQ(outcomes.ways[5], (std::pair<int, uint64_t>{7, 6}));
}

TEST(DiceDistribution, OneDieD66AndLargerDice) {
  const auto d6 = dice_distribution("d6");
  ASSERT_EQ(d6.size(), 6u);
  for (int face = 1; face <= 6; ++face) EXPECT_EQ(d6[face - 1], (std::pair<int, Probability>{face, {1, 6}}));
  const auto d66 = dice_distribution("d66");
  ASSERT_EQ(d66.size(), 36u);
  EXPECT_EQ(d66.front().first, 11);
  EXPECT_EQ(d66[6].first, 21);
  EXPECT_EQ(d66.back(), (std::pair<int, Probability>{66, {1, 36}}));
  const auto three = dice_distribution("3d6");
  EXPECT_EQ(three.front(), (std::pair<int, Probability>{3, {1, 216}}));
  EXPECT_EQ(three[7], (std::pair<int, Probability>{10, {1, 8}}));  // 27 ways of 216
  EXPECT_EQ(dice_distribution("d10").back(), (std::pair<int, Probability>{10, {1, 10}}));
  EXPECT_EQ(dice_outcomes("24d6").outcomes, 4738381338321616896u);  // 6^24
  EXPECT_THROW(dice_outcomes("25d6"), std::invalid_argument);       // more than 64 bits count
  for (const char* bad : {"", "d", "2x6", "0d6", "d1"}) EXPECT_THROW(dice_distribution(bad), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace adjutant::core
