// Stacking limits judged on one side's units in one hex: units counted, attributes summed exactly
// (fractions and decimals), classes counted, the messages, and the error for a non-number.
#include "core/movement/stacking.h"

#include <gtest/gtest.h>

namespace adjutant::core {
namespace {

MovementRules rules(std::vector<StackLimit> limits) {
  MovementRules r;
  for (const char* name : {"infantry", "cavalry", "artillery"}) {
    ClassCosts costs;
    costs.name = name;
    r.classes.push_back(costs);
  }
  r.stack_limits = std::move(limits);
  return r;
}

StackedUnit unit(std::string name, std::string unit_class, std::string strength) {
  return {std::move(name), std::move(unit_class), {{"strength", std::move(strength)}}};
}

using Problems = std::vector<std::string>;

TEST(StackLimits, UnitsCountedOverTheLimit) {
  const MovementRules r = rules({StackLimit{2, "", kEveryClass}});
  const std::vector<StackedUnit> two = {unit("A", "infantry", "1"), unit("B", "cavalry", "1")};
  EXPECT_EQ(over_stack_limits(r, two), Problems{});
  std::vector<StackedUnit> three = two;
  three.push_back(unit("C", "no such class", ""));  // every-class limits count units of any class
  EXPECT_EQ(over_stack_limits(r, three), Problems{"3 units, over the limit of 2"});
}

TEST(StackLimits, StrengthSummedOverTheCountedClassesOnly) {
  const MovementRules r = rules({StackLimit{16, "strength", class_bit(0) | class_bit(1)}, StackLimit{6, "strength", class_bit(2)}});
  const std::vector<StackedUnit> stack = {unit("Hood", "infantry", "9"), unit("Stuart", "cavalry", "9"),
                                          unit("Guns", "artillery", "4"), unit("Wagon", "wagon", "x")};
  EXPECT_EQ(over_stack_limits(r, stack), Problems{"18 strength of infantry, cavalry, over the limit of 16"});
  const std::vector<StackedUnit> guns = {unit("A", "artillery", "4"), unit("B", "artillery", "3")};
  EXPECT_EQ(over_stack_limits(r, guns), Problems{"7 strength of artillery, over the limit of 6"});
}

TEST(StackLimits, FractionsAndDecimalsAreExact) {
  const MovementRules r = rules({StackLimit{3, "strength", kEveryClass}});
  EXPECT_EQ(over_stack_limits(r, {unit("A", "infantry", "1/2"), unit("B", "infantry", "2.5")}), Problems{});
  EXPECT_EQ(over_stack_limits(r, {unit("A", "infantry", "1/2"), unit("B", "infantry", " 2.6 ")}),
            Problems{"31/10 strength, over the limit of 3"});
  EXPECT_EQ(over_stack_limits(r, {unit("A", "infantry", "1/3"), unit("B", "infantry", "1/3"), unit("C", "infantry", "1/3"),
                                  unit("D", "infantry", "2.0"), unit("E", "infantry", "+.1e1")}),
            Problems{"4 strength, over the limit of 3"});
  EXPECT_EQ(over_stack_limits(r, {unit("A", "infantry", "1_000"), unit("B", "infantry", "-998")}), Problems{});
}

TEST(StackLimits, AMeasureThatIsNoNumberNamesTheUnit) {
  const MovementRules r = rules({StackLimit{16, "strength", kEveryClass}});
  try {
    over_stack_limits(r, {unit("Hood", "infantry", "9"), unit("O'Neal", "infantry", "two")});
    FAIL() << "expected StackingError";
  } catch (const StackingError& e) {
    EXPECT_STREQ(e.what(), "unit \"O'Neal\": strength 'two' is not a number");
  }
  try {
    over_stack_limits(r, {{"Hood", "infantry", {}}});
    FAIL() << "expected StackingError";
  } catch (const StackingError& e) {
    EXPECT_STREQ(e.what(), "unit 'Hood': strength '' is not a number");
  }
  for (const char* bad : {"1/0", ".", "1 / 2", "1_", "e3", "1.5/2", "nan"})
    EXPECT_THROW(over_stack_limits(r, {unit("A", "infantry", bad)}), StackingError) << bad;
}

}  // namespace
}  // namespace adjutant::core
