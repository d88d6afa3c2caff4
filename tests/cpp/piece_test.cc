#include "vmod/piece.h"

#include <gtest/gtest.h>
#include <tinyxml2.h>

#include <fstream>
#include <map>
#include <sstream>

#include "tests/cpp/corpus.h"
#include "tests/cpp/trait_texts.h"
#include "vmod/archive.h"
#include "vmod/command.h"
#include "vmod/format_error.h"
#include "vmod/obfuscation.h"

namespace adjutant::vmod {
namespace {

using testing::nest;

struct AddPieceText {
  std::string id;
  std::string type;
  std::string state;
};

// `+/id/type/state` decoded at the '/' level.
AddPieceText split_add_piece(std::string_view text) {
  EXPECT_EQ(text.substr(0, 2), "+/");
  SequenceDecoder d(text.substr(2), '/');
  AddPieceText out;
  out.id = d.next();
  out.type = d.next();
  out.state = d.next();
  return out;
}

std::vector<std::string> ids_of(const TraitChain& chain) {
  std::vector<std::string> ids;
  for (const Trait& t : chain.traits()) ids.push_back(t.id);
  return ids;
}

// The states of every trait, to check that a change touched only one of them.
std::vector<std::string> states_of(const TraitChain& chain) {
  std::vector<std::string> states;
  for (const Trait& t : chain.traits()) states.push_back(t.state);
  return states;
}

// enc(TAB: t1, enc(TAB: t2, ...)) as VASSAL nests a chain.
// ---- Spec §3 example 4 ---------------------------------------------------------------------------

constexpr std::string_view kSpecExample4 =
    "+/1001/mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy\\/1/"
    "Allies,a\\,b\t-1\\\tMain Map;100;200;;0";

TEST(TraitChainTest, SpecExample4DecodesEveryLevel) {
  const AddPieceText add = split_add_piece(kSpecExample4);
  EXPECT_EQ(add.type, "mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy/1");
  const TraitChain chain = TraitChain::parse(add.type, add.state);
  ASSERT_EQ(chain.traits().size(), 3u);
  EXPECT_EQ(ids_of(chain), (std::vector<std::string>{"mark;", "emb2;", "piece;"}));

  const Trait& marker = chain.traits()[0];
  EXPECT_EQ(marker.class_name(), "Marker");
  EXPECT_EQ(marker.type_fields, (std::vector<std::string>{"Side", "Note"}));
  EXPECT_EQ(marker.state, "Allies,a\\,b");
  EXPECT_EQ(marker.state_fields, (std::vector<std::string>{"Allies", "a,b"}));

  const Trait& layer = chain.traits()[1];
  EXPECT_EQ(layer.class_name(), "Embellishment");  // no version field, 1-char keys: upgraded
  EXPECT_EQ(layer.type, "emb2;Flip;130;F");
  EXPECT_EQ(layer.state, "-1");

  const Trait& basic = chain.basic();
  EXPECT_EQ(basic.class_name(), "BasicPiece");
  EXPECT_EQ(basic.type_fields, (std::vector<std::string>{"", "", "tank.png", "Tank; heavy/1"}));
  EXPECT_EQ(basic.state_fields, (std::vector<std::string>{"Main Map", "100", "200", "", "0"}));
  EXPECT_EQ(chain.basic_map(), "Main Map");
  EXPECT_EQ(chain.basic_x(), 100);
  EXPECT_EQ(chain.basic_y(), 200);

  EXPECT_EQ(chain.type(), add.type);
  EXPECT_EQ(chain.state(), add.state);

  const PropertyMap props = chain.properties();
  EXPECT_EQ(props.at("Side"), "Allies");
  EXPECT_EQ(props.at("Note"), "a,b");
  EXPECT_EQ(props.at("BasicName"), "Tank; heavy/1");
  EXPECT_EQ(props.at("PieceName"), "Tank; heavy/1");
  EXPECT_EQ(props.at("_Level"), "-1");  // the layer has no name
  EXPECT_EQ(props.at("PieceId"), "");
}

// ---- Spec §8 example 1 (TLD, VASSAL 2.9.8) ---------------------------------------------------------

constexpr std::string_view kTldExample1 =
    "+/1168285160940/placemark;Disrupt;68,0;VASSAL.build.module.PieceWindow:Pieces\\/"
    "VASSAL.build.widget.TabWidget\\/VASSAL.build.widget.ListWidget:Other\\/"
    "VASSAL.build.widget.PanelWidget:Markers\\/VASSAL.build.widget.PieceSlot:DISRUPT;null;2;2;true;;"
    "\tmarkmoved;\\/images\\/moved.gif;25;-25;Mark Moved;77,130\\\tdelete;Delete;68,130\\\\\t"
    "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;3059.svg;;true;;;\\\\\\\tpiece;;;0172.svg;III\\/266\\/266/"
    "\tfalse\\\t\\\\\t-1;\\\\\\\tnull;673;1124";

TEST(TraitChainTest, TldExample1DecodesEveryNamedField) {
  const AddPieceText add = split_add_piece(kTldExample1);
  EXPECT_EQ(add.id, "1168285160940");
  const TraitChain chain = TraitChain::parse(add.type, add.state);
  ASSERT_EQ(chain.traits().size(), 5u);
  EXPECT_EQ(ids_of(chain), (std::vector<std::string>{"placemark;", "markmoved;", "delete;", "emb2;", "piece;"}));
  for (const Trait& t : chain.traits()) EXPECT_TRUE(t.known) << t.id;

  const Trait& place = chain.traits()[0];
  EXPECT_EQ(place.class_name(), "PlaceMarker");
  EXPECT_EQ(place.type_fields.size(), 9u);
  EXPECT_EQ(place.type_fields[0], "Disrupt");
  EXPECT_EQ(place.type_fields[1], "68,0");
  EXPECT_EQ(place.type_fields[2],
            "VASSAL.build.module.PieceWindow:Pieces/VASSAL.build.widget.TabWidget/"
            "VASSAL.build.widget.ListWidget:Other/VASSAL.build.widget.PanelWidget:Markers/"
            "VASSAL.build.widget.PieceSlot:DISRUPT");
  EXPECT_EQ(place.type_fields[3], "null");
  EXPECT_EQ(place.type_fields[4], "2");
  EXPECT_EQ(place.type_fields[5], "2");
  EXPECT_EQ(place.type_fields[6], "true");
  EXPECT_EQ(place.state, "");

  const Trait& moved = chain.traits()[1];
  EXPECT_EQ(moved.class_name(), "MovementMarkable");
  EXPECT_EQ(moved.type_fields,
            (std::vector<std::string>{"/images/moved.gif", "25", "-25", "Mark Moved", "77,130"}));
  EXPECT_EQ(moved.state, "false");

  const Trait& del = chain.traits()[2];
  EXPECT_EQ(del.class_name(), "Delete");
  EXPECT_EQ(del.type_fields, (std::vector<std::string>{"Delete", "68,130"}));
  EXPECT_EQ(del.state, "");

  const Trait& layer = chain.traits()[3];
  EXPECT_EQ(layer.class_name(), "Embellishment");  // version absent, all keys <= 1 char
  EXPECT_EQ(layer.type_fields[0], "Flip");
  EXPECT_EQ(layer.type_fields[1], "2");
  EXPECT_EQ(layer.type_fields[2], "F");
  EXPECT_EQ(layer.type_fields[11], "1");         // resetLevel
  EXPECT_EQ(layer.type_fields[15], "3059.svg");  // images
  EXPECT_EQ(layer.type_fields[17], "true");      // loop
  EXPECT_EQ(layer.type_fields[18], "");          // name
  EXPECT_EQ(layer.type_fields.size(), 21u);
  EXPECT_EQ(layer.state, "-1;");
  EXPECT_EQ(layer.state_fields, (std::vector<std::string>{"-1"}));

  const Trait& basic = chain.basic();
  EXPECT_EQ(basic.type_fields, (std::vector<std::string>{"", "", "0172.svg", "III/266/266"}));
  EXPECT_EQ(basic.state, "null;673;1124");
  EXPECT_EQ(chain.basic_map(), "");
  EXPECT_EQ(chain.basic_x(), 673);
  EXPECT_EQ(chain.basic_y(), 1124);

  EXPECT_EQ(chain.type(), add.type);
  EXPECT_EQ(chain.state(), add.state);

  const PropertyMap props = chain.properties();
  EXPECT_EQ(props.at("BasicName"), "III/266/266");
  EXPECT_EQ(props.at("PieceName"), "III/266/266");
  EXPECT_EQ(props.at("Moved"), "false");
  EXPECT_EQ(props.at("_Level"), "-1");
  EXPECT_EQ(props.at("_Active"), "false");
  EXPECT_EQ(props.at("_Name"), "");
  EXPECT_EQ(props.at("_Image"), "");
  EXPECT_EQ(props.count("PieceId"), 0u);  // legacy 3-field state
}

TEST(TraitChainTest, TraitIdIsPrefixThroughFirstSemicolon) {
  EXPECT_EQ(trait_id("piece;;;a.png;A"), "piece;");
  EXPECT_EQ(trait_id("stack"), "stack");
  EXPECT_EQ(trait_id("emb2;Flip;130;F"), "emb2;");
  EXPECT_EQ(trait_id(""), "");
}

// ---- Layers ------------------------------------------------------------------------------------------

// An emb2 type with the given keys, images and level names (everything else default).
std::string layer_type(const std::string& activate_key, const std::string& up_key, const std::string& images,
                       const std::string& names, const std::string& layer_name, const std::string& version = "") {
  std::vector<std::string> f = {"Flip", "130", activate_key, "Up", "130", up_key, "Down", "130", "",
                                "",     "",    "1",          "false", "0", "0", images, names, "true",
                                layer_name};
  if (!version.empty()) {
    f.resize(24);
    f.push_back(version);
  }
  return "emb2;" + join_sequence(f, ';');
}

TEST(TraitChainTest, LayerWithMultiCharKeysStaysEmbellishment0) {
  const std::string type = nest({layer_type("FG", "U", "a.png,b.png", "", "Step"), "piece;;;x.png;Unit"});
  const TraitChain chain = TraitChain::parse(type, nest({"2;FG", "null;0;0"}));
  const Trait& layer = chain.traits()[0];
  EXPECT_EQ(layer.class_name(), "Embellishment0");
  EXPECT_EQ(layer.state_fields, (std::vector<std::string>{"2", "FG"}));
  EXPECT_EQ(chain.properties().at("Step_Level"), "2");
  EXPECT_EQ(chain.properties().at("Step_Image"), "b.png");

  // An explicit version 1 is not converted; an explicit 0 with long keys stays 0.
  EXPECT_EQ(TraitChain::parse(layer_type("FG", "", "a", "", "L", "1"), "").traits()[0].class_name(), "Embellishment");
  EXPECT_EQ(TraitChain::parse(layer_type("FG", "", "a", "", "L", "0"), "").traits()[0].class_name(), "Embellishment0");
}

TEST(TraitChainTest, LayerLevelNamesModifyPieceName) {
  auto name_at = [](const std::string& names, const std::string& state) {
    const std::string type = nest({layer_type("F", "", "a.png,b.png,c.png", names, "Step"), "piece;;;x.png;Tank"});
    return TraitChain::parse(type, nest({state, "null;0;0"})).properties();
  };
  EXPECT_EQ(name_at("+ (damaged),Elite +,Wreck", "1").at("PieceName"), "Tank (damaged)");
  EXPECT_EQ(name_at("+ (damaged),Elite +,Wreck", "2").at("PieceName"), "Elite Tank");
  EXPECT_EQ(name_at("+ (damaged),Elite +,Wreck", "3").at("PieceName"), "Wreck");
  EXPECT_EQ(name_at("+ (damaged),Elite +,Wreck", "-2").at("PieceName"), "Tank");  // inactive

  const PropertyMap active = name_at("+ (damaged),Elite +,Wreck", "2");
  EXPECT_EQ(active.at("Step_Name"), "Elite ");
  EXPECT_EQ(active.at("Step_Image"), "b.png");
  EXPECT_EQ(active.at("Step_Active"), "true");
  EXPECT_EQ(active.at("Step_Level"), "2");
  const PropertyMap inactive = name_at("+ (damaged),Elite +,Wreck", "-3");
  EXPECT_EQ(inactive.at("Step_Name"), "");
  EXPECT_EQ(inactive.at("Step_Image"), "");
  EXPECT_EQ(inactive.at("Step_Level"), "-3");
}

// ---- Other trait properties ----------------------------------------------------------------------

TEST(TraitChainTest, DynamicPropertyCalcAndLabelProperties) {
  const std::string type = nest({"label;;Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ [$label$];Dialog;0;0;Note",
                                 "PROP;Strength;true,0,10,false;;", "calcProp;Double;{Strength*2};", "piece;;;x.png;Rifles"});
  const std::string state = nest({"veteran", "7", "", "Main;1;2;42;1;UniqueID;abc"});
  const TraitChain chain = TraitChain::parse(type, state);
  EXPECT_EQ(chain.traits()[0].class_name(), "Labeler");
  EXPECT_EQ(chain.traits()[1].class_name(), "DynamicProperty");
  EXPECT_EQ(chain.traits()[1].state_fields, (std::vector<std::string>{"7"}));
  EXPECT_EQ(chain.traits()[2].class_name(), "CalculatedProperty");

  const PropertyMap props = chain.properties();
  EXPECT_EQ(props.at("Strength"), "7");
  EXPECT_EQ(props.at("Note"), "veteran");
  EXPECT_EQ(props.at("PieceName"), "Rifles [veteran]");
  EXPECT_EQ(props.at("PieceId"), "42");
  EXPECT_EQ(props.at("UniqueID"), "abc");
  EXPECT_EQ(chain.type(), type);
  EXPECT_EQ(chain.state(), state);
}

TEST(TraitChainTest, LabelerWithoutLabelKeepsNameAndDefaultsPropertyName) {
  const TraitChain chain = TraitChain::parse(nest({"label;;Label", "piece;;;x.png;Rifles"}), nest({"", "null;0;0"}));
  const PropertyMap props = chain.properties();
  EXPECT_EQ(props.at("PieceName"), "Rifles");
  EXPECT_EQ(props.at("TextLabel"), "");
}

TEST(TraitChainTest, RotatorMaskInvisibleAndMovedProperties) {
  const std::string type = nest({"rotate;6;93,130;91,130;CW;CCW;;;Turret", "rotate;1;82,130;Rotate;;;Free",
                                 "obs;77,130;back.png;Mask;I;?;side:;Peek", "hide;73,130;Hide;;player:;0.3",
                                 "markmoved;moved.gif;0;0;Moved;77,130", "piece;;;x.png;Gun"});
  const std::string state = nest({"2", "45.5", "Joel;", "null", "true", "Main;3;4"});
  const PropertyMap props = TraitChain::parse(type, state).properties();
  EXPECT_EQ(props.at("Turret_Facing"), "3");
  EXPECT_EQ(props.at("Turret_Degrees"), "120");
  EXPECT_EQ(props.at("Free_Facing"), "1");
  EXPECT_EQ(props.at("Free_Degrees"), "45");
  EXPECT_EQ(props.at("Obscured"), "true");
  EXPECT_EQ(props.at("Invisible"), "false");
  EXPECT_EQ(props.at("Moved"), "true");
  EXPECT_EQ(props.at("PieceName"), "Gun");
}

TEST(TraitChainTest, BasicPiecePersistentPropertiesAndPosition) {
  TraitChain chain =
      TraitChain::parse("piece;;;x.png;Gun", "Main Map;10;20;7;2;UniqueID;1700;OldLocationName;0101");
  PropertyMap props = chain.properties();
  EXPECT_EQ(props.at("PieceId"), "7");
  EXPECT_EQ(props.at("UniqueID"), "1700");
  EXPECT_EQ(props.at("OldLocationName"), "0101");

  chain.set_basic_position("Other", -5, 30);
  EXPECT_EQ(chain.state(), "Other;-5;30;7;2;UniqueID;1700;OldLocationName;0101");
  chain.set_basic_position("", 1, 2);
  EXPECT_EQ(chain.basic().state, "null;1;2;7;2;UniqueID;1700;OldLocationName;0101");
  EXPECT_EQ(chain.basic_map(), "");

  TraitChain legacy = TraitChain::parse("piece;;;x.png;Gun", "Normandy;5;6");
  legacy.set_basic_position("Normandy", 7, 8);
  EXPECT_EQ(legacy.state(), "Normandy;7;8");
}

// ---- set_property ----------------------------------------------------------------------------------

const std::string kSettableType =
    nest({"mark;Side,Note", "PROP;Strength;true,0,10,false;;", layer_type("F", "", "a.png,b.png,c.png", "", "Step"),
          "label;;Label;10;;0,0,0;t;0;c;0;b;c;;Dialog;0;0;Note2", "markmoved;moved.gif;0;0;Moved;77,130",
          "piece;;;x.png;Gun"});
const std::string kSettableState = nest({"Allies,x", "5", "-1", "hi", "false", "Main;1;2"});

void expect_only_trait_changed(const TraitChain& before, const TraitChain& after, size_t index) {
  const auto a = states_of(before);
  const auto b = states_of(after);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (i == index) {
      EXPECT_NE(a[i], b[i]) << "trait " << i;
    } else {
      EXPECT_EQ(a[i], b[i]) << "trait " << i;
    }
  }
  EXPECT_EQ(before.type(), after.type());
}

TEST(TraitChainTest, SetPropertyChangesOnlyThatTraitsState) {
  const TraitChain base = TraitChain::parse(kSettableType, kSettableState);
  ASSERT_EQ(base.state(), kSettableState);

  TraitChain c = base;
  c.set_property("Note", "a,b");
  expect_only_trait_changed(base, c, 0);
  EXPECT_EQ(c.traits()[0].state, "Allies,a\\,b");
  EXPECT_EQ(c.properties().at("Note"), "a,b");

  c = base;
  c.set_property("Strength", "9");
  expect_only_trait_changed(base, c, 1);
  EXPECT_EQ(c.properties().at("Strength"), "9");

  c = base;
  c.set_property("Step_Level", "2");
  expect_only_trait_changed(base, c, 2);
  EXPECT_EQ(c.traits()[2].state, "2");
  EXPECT_EQ(c.properties().at("Step_Image"), "b.png");
  c.set_property("Step_Level", "-7");  // clamped to the level count, sign kept
  EXPECT_EQ(c.properties().at("Step_Level"), "-3");

  c = base;
  c.set_property("Note2", "new text");
  expect_only_trait_changed(base, c, 3);
  EXPECT_EQ(c.properties().at("Note2"), "new text");

  c = base;
  c.set_property("Moved", "true");
  expect_only_trait_changed(base, c, 4);
  EXPECT_EQ(c.state(), nest({"Allies,x", "5", "-1", "hi", "true", "Main;1;2"}));
}

TEST(TraitChainTest, SetPropertyTurnsAFreeRotatorOfSeveralFacings) {
  const std::string type = nest({"rotate;6;93,130;91,130;CW;CCW;;;Turret", "rotate;1;82,130;Rotate;;;Free",
                                 "piece;;;x.png;Gun"});
  const TraitChain base = TraitChain::parse(type, nest({"2", "45.5", "Main;3;4"}));
  TraitChain c = base;
  c.set_property("Turret_Facing", "5");
  expect_only_trait_changed(base, c, 0);
  EXPECT_EQ(c.traits()[0].state, "4");  // VASSAL keeps the index, the property is index + 1
  EXPECT_EQ(c.properties().at("Turret_Facing"), "5");
  EXPECT_EQ(c.properties().at("Turret_Degrees"), "240");
  EXPECT_THROW(c.set_property("Turret_Facing", "7"), PieceError);
  EXPECT_THROW(c.set_property("Turret_Facing", "north"), PieceError);
  EXPECT_THROW(c.set_property("Free_Facing", "1"), PieceError);  // a free rotation keeps an angle
}

TEST(TraitChainTest, ADefinitionOfACustomCommandEncoderIsNamedAsSuch) {
  // A module extension's own encoder (StateCounterExt) writes "SC" before the AddPiece.
  try {
    TraitChain::from_definition("SC+/null/piece;;;a.gif;A/null;0;0;d58:2");
    FAIL() << "expected PieceError";
  } catch (const PieceError& e) {
    EXPECT_NE(std::string(e.what()).find("starts 'SC' before its AddPiece"), std::string::npos) << e.what();
  }
  EXPECT_THROW(TraitChain::from_definition("piece;;;a.gif;A"), PieceError);
}

TEST(TraitChainTest, SetPropertyRejectsWhatNoStateHolds) {
  TraitChain c = TraitChain::parse(kSettableType, kSettableState);
  try {
    c.set_property("BasicName", "x");
    FAIL() << "expected PieceError";
  } catch (const PieceError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("BasicName"), std::string::npos) << what;
    EXPECT_NE(what.find("Strength"), std::string::npos) << what;
    EXPECT_NE(what.find("Step_Level"), std::string::npos) << what;
  }
  EXPECT_THROW(c.set_property("Step_Level", "two"), PieceError);
  EXPECT_THROW(c.set_property("Step_Level", "0"), PieceError);
  EXPECT_THROW(c.set_property("Moved", "maybe"), PieceError);
  EXPECT_EQ(c.state(), kSettableState);
}

TEST(TraitChainTest, Embellishment0KeepsActivationStatusWhenSet) {
  TraitChain c = TraitChain::parse(nest({layer_type("FG", "", "a,b", "", "L"), "piece;;;x;X"}), nest({"-1;", "null;0;0"}));
  c.set_property("L_Level", "2");
  EXPECT_EQ(c.traits()[0].state, "2;");
}

// ---- Unknown traits and malformed chains -------------------------------------------------------------

TEST(TraitChainTest, UnknownTraitRoundTripsRaw) {
  const std::string type = nest({"info;QSU,Reliability DR: 10", "mark;A", "piece;;;x.png;Gun"});
  const std::string state = nest({"whatever;raw", "1", "null;0;0"});
  const TraitChain chain = TraitChain::parse(type, state);
  EXPECT_FALSE(chain.traits()[0].known);
  EXPECT_EQ(chain.traits()[0].class_name(), "");
  EXPECT_EQ(chain.traits()[0].type, "info;QSU,Reliability DR: 10");
  EXPECT_EQ(chain.traits()[0].state, "whatever;raw");
  EXPECT_EQ(chain.type(), type);
  EXPECT_EQ(chain.state(), state);
  EXPECT_EQ(chain.properties().at("A"), "1");
}

TEST(TraitChainTest, TooFewStateLevelsThrows) {
  const std::string type = nest({"mark;A", "PROP;P;;;", "piece;;;x.png;Gun"});
  EXPECT_THROW(TraitChain::parse(type, "1"), PieceError);
  EXPECT_THROW(TraitChain::parse(type, nest({"1", "2"})), PieceError);
  // A definition without any state gets empty states.
  const TraitChain definition = TraitChain::parse(type, "");
  EXPECT_EQ(definition.traits().size(), 3u);
  EXPECT_EQ(definition.state(), nest({"", "", ""}));
}

TEST(TraitChainTest, TextEndingWithoutBasicPieceEndsTheChain) {
  const TraitChain chain = TraitChain::parse("mark;A", "1");
  ASSERT_EQ(chain.traits().size(), 1u);
  EXPECT_EQ(chain.basic().id, "mark;");
  EXPECT_EQ(chain.type(), "mark;A");
}

// ---- Prototypes ------------------------------------------------------------------------------------

std::string definition(const std::vector<std::string>& traits) {
  std::vector<std::string> types = traits;
  types.push_back("piece;;;;");
  std::vector<std::string> states(types.size());
  states.back() = "null;0;0";
  return "+/null/" + join_sequence({nest(types), nest(states)}, '/');
}

TraitChain::PrototypeLookup lookup_in(const std::map<std::string, std::string>& defs) {
  return [defs](const std::string& name) -> std::optional<std::string> {
    auto it = defs.find(name);
    if (it == defs.end()) return std::nullopt;
    return it->second;
  };
}

TEST(PrototypeTest, ExpandsNestedPrototypesInPlaceLikeTheTldUnit) {
  const std::map<std::string, std::string> defs = {
      {"Unit", definition({"prototype;Disruptable", "markmoved;moved.gif;25;-25;Mark Moved;77,130", "delete;Delete;68,130"})},
      {"Disruptable", definition({"placemark;" + join_sequence({"Disrupt", "68,0", "+/null/piece;;;d.png;D/null;0;0", "null",
                                                                "2", "2", "true", "", ""},
                                                               ';')})},
  };
  const std::string slot = "+/null/prototype;Unit\tpiece;;;0172.f.svg;III\\/266\\/266/\tnull;0;0";
  const AddPieceText add = split_add_piece(slot);
  const TraitChain chain = TraitChain::parse(add.type, add.state);
  std::vector<std::string> missing;
  const TraitChain expanded = chain.expand_prototypes(lookup_in(defs), &missing);
  EXPECT_TRUE(missing.empty());
  EXPECT_EQ(ids_of(expanded), (std::vector<std::string>{"placemark;", "markmoved;", "delete;", "piece;"}));
  EXPECT_EQ(expanded.basic().type, "piece;;;0172.f.svg;III/266/266");
  EXPECT_EQ(expanded.traits()[0].type_fields[2], "+/null/piece;;;d.png;D/null;0;0");
  EXPECT_EQ(expanded.properties().at("PieceName"), "III/266/266");
  // The expanded chain encodes like any other.
  const TraitChain again = TraitChain::parse(expanded.type(), expanded.state());
  EXPECT_EQ(ids_of(again), ids_of(expanded));
}

TEST(PrototypeTest, SubstitutesParametersAndDropsComments) {
  const std::map<std::string, std::string> defs = {
      {"Side", definition({"cmt;a note", "PROP;Side$n$;;;", "mark;Owner"})},
  };
  const TraitChain chain = TraitChain::parse(nest({"prototype;Side;n=A,x=y", "piece;;;x;X"}), nest({"", "null;0;0"}));
  const TraitChain expanded = chain.expand_prototypes(lookup_in(defs));
  EXPECT_EQ(ids_of(expanded), (std::vector<std::string>{"PROP;", "mark;", "piece;"}));
  EXPECT_EQ(expanded.traits()[0].type_fields[0], "SideA");
  EXPECT_EQ(expanded.properties().count("SideA"), 1u);
}

TEST(PrototypeTest, ReportsCyclesAndLeavesMissingInPlace) {
  const std::map<std::string, std::string> defs = {
      {"A", definition({"prototype;B"})},
      {"B", definition({"mark;K", "prototype;A"})},
  };
  const TraitChain cyclic = TraitChain::parse(nest({"prototype;A", "piece;;;x;X"}), "");
  try {
    cyclic.expand_prototypes(lookup_in(defs));
    FAIL() << "expected PieceError";
  } catch (const PieceError& e) {
    EXPECT_NE(std::string(e.what()).find("A -> B -> A"), std::string::npos) << e.what();
  }

  const TraitChain chain = TraitChain::parse(nest({"prototype;Gone", "prototype;B2", "piece;;;x;X"}), "");
  std::vector<std::string> missing;
  const TraitChain expanded =
      chain.expand_prototypes(lookup_in({{"B2", definition({"mark;K", "prototype;Gone"})}}), &missing);
  EXPECT_EQ(missing, (std::vector<std::string>{"Gone"}));
  EXPECT_EQ(ids_of(expanded), (std::vector<std::string>{"prototype;", "mark;", "prototype;", "piece;"}));
}

// ---- Corpus ----------------------------------------------------------------------------------------

struct CorpusTally {
  size_t chains = 0;
  std::vector<std::string> failures;
  std::map<std::string, size_t> ids;
  std::map<std::string, size_t> unknown;

  void check(const std::string& where, const std::string& type, const std::string& state) {
    ++chains;
    try {
      const TraitChain chain = TraitChain::parse(type, state);
      if (chain.type() != type || chain.state() != state) {
        failures.push_back(where + ": re-encoding differs");
      }
      for (const Trait& t : chain.traits()) {
        ++ids[t.id];
        if (!t.known) ++unknown[t.id];
      }
      chain.properties();
    } catch (const FormatError& e) {
      failures.push_back(where + ": " + e.what());
    }
  }
};

void collect_add_pieces(const Command& command, std::vector<const AddPiece*>& out) {
  if (const auto* add = std::get_if<AddPiece>(&command.record)) out.push_back(add);
  if (const auto* log = std::get_if<LogEntry>(&command.record)) collect_add_pieces(*log->command, out);
  for (const Command& child : command.children) collect_add_pieces(child, out);
}

void check_build_file(const std::string& where, const std::string& xml, CorpusTally& tally) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(xml.data(), xml.size()) != tinyxml2::XML_SUCCESS) return;  // not ours to judge
  std::vector<const tinyxml2::XMLElement*> pending = {doc.RootElement()};
  while (!pending.empty()) {
    const tinyxml2::XMLElement* e = pending.back();
    pending.pop_back();
    if (!e) continue;
    const std::string tag = e->Name();
    const bool slot = tag.size() >= 9 && (tag.ends_with("PieceSlot") || tag.ends_with("CardSlot") ||
                                          tag.ends_with("PrototypeDefinition"));
    if (slot && e->GetText()) {
      std::string text = e->GetText();
      text.erase(0, text.find_first_not_of(" \t\r\n"));
      text.erase(text.find_last_not_of(" \t\r\n") + 1);
      if (text.rfind("+/", 0) == 0) {
        SequenceDecoder d(std::string_view(text).substr(2), '/');
        d.next();
        const std::string type = d.next();
        const std::string state = d.next();
        tally.check(where + " " + tag, type, state);
      }
    }
    for (auto* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) pending.push_back(c);
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(TraitChainCorpusTest, EveryCorpusChainRoundTrips) {
  ADJUTANT_REQUIRE_CORPUS();
  CorpusTally tally;
  for (const auto& path : testing::corpus_files({".vsav", ".vlog", ".sav", ".log"})) {
    try {
      const Archive archive = Archive::open(path.string());
      const std::optional<std::string> saved = archive.read("savedGame");
      if (!saved) continue;
      const CommandTree tree = CommandTree::decode(deobfuscate(*saved));
      std::vector<const AddPiece*> adds;
      collect_add_pieces(tree.root, adds);
      for (const AddPiece* add : adds) tally.check(path.filename().string(), add->type, add->state);
    } catch (const FormatError& e) {
      tally.failures.push_back(path.string() + ": " + e.what());
    }
  }
  for (const auto& path : testing::corpus_files({"buildFile", "buildFile.xml"})) {
    check_build_file(path.string(), read_file(path), tally);
  }
  for (const auto& path : testing::corpus_files({".vmod", ".vmdx"})) {
    try {
      const Archive archive = Archive::open(path.string());
      if (const auto name = archive.build_file_name()) check_build_file(path.string(), archive.read_required(*name), tally);
    } catch (const FormatError& e) {
      tally.failures.push_back(path.string() + ": " + e.what());
    }
  }

  EXPECT_GT(tally.chains, 100000u);
  EXPECT_TRUE(tally.failures.empty()) << tally.failures.size() << " failures, first: " << tally.failures.front();
  std::ostringstream unknown;
  size_t unknown_traits = 0;
  for (const auto& [id, n] : tally.unknown) {
    unknown << " " << id << "=" << n;
    unknown_traits += n;
  }
  RecordProperty("chains", std::to_string(tally.chains));
  RecordProperty("trait_ids", std::to_string(tally.ids.size()));
  RecordProperty("unknown", unknown.str());
  // Module-specific custom traits (VASL, ForThePeople, X-Wing...) are the only unknown ones.
  EXPECT_EQ(tally.unknown.count("piece;") + tally.unknown.count("emb2;") + tally.unknown.count("mark;"), 0u);
  EXPECT_LT(unknown_traits, tally.chains / 20);
}

}  // namespace
}  // namespace adjutant::vmod
