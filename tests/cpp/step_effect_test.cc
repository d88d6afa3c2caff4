#include "core/game/step_effect.h"

#include <gtest/gtest.h>

namespace adjutant {
namespace {

TEST(StepEffect, DiffListsChangedAddedAndRemovedPropertiesByName) {
  const std::map<std::string, std::string> before{{"Moved", "false"}, {"Side", "Union"}, {"Old", "x"}};
  const std::map<std::string, std::string> after{{"Moved", "true"}, {"Side", "Union"}, {"New", "y"}};
  EXPECT_EQ(diff_properties(before, after),
            (std::vector<PropertyChange>{{"Moved", "false", "true"}, {"New", "", "y"}, {"Old", "x", ""}}));
  EXPECT_TRUE(diff_properties(before, before).empty());
}

TEST(StepEffect, DescribeSaysWhatHappenedToEachPiece) {
  StepEffect effect;
  PieceEffect moved{"7", "Pickett", false, false, PiecePlace{"Main", 1, 2}, PiecePlace{"Main", 3, 4}, {}};
  PieceEffect created{"8", "Hood", true, false, std::nullopt, PiecePlace{"Main", 5, 6}, {}};
  PieceEffect removed{"9", "", false, true, PiecePlace{"Main", 5, 6}, std::nullopt, {}};
  PieceEffect changed{"10", "Lee", false, false, PiecePlace{"", 0, 0}, PiecePlace{"", 0, 0}, {{"CP", "1", "3"}}};
  effect.pieces = {moved, created, removed, changed};
  effect.chat = {"<Joel> - hi"};
  effect.other = {"property Turn (Module): '1' -> '2'"};
  EXPECT_EQ(effect.describe(), (std::vector<std::string>{
                                   "moved Pickett (7) Main (1,2) -> Main (3,4)",
                                   "created Hood (8) at Main (5,6)",
                                   "removed piece (9)",
                                   "changed Lee (10) CP: '1' -> '3'",
                                   "chat <Joel> - hi",
                                   "property Turn (Module): '1' -> '2'",
                               }));
  EXPECT_FALSE(changed.moved());
}

}  // namespace
}  // namespace adjutant
