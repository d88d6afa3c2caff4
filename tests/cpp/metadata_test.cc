#include "vmod/metadata.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "corpus.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

TEST(Metadata, ParsesModuledataWithTranslations) {
  const std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      "<data version=\"1\">\n"
      "  <version>10.8</version>\n"
      "  <extra1/>\n"
      "  <extra2>Second &amp; Third</extra2>\n"
      "  <VassalVersion>3.7.10</VassalVersion>\n"
      "  <dateSaved>1738347539913</dateSaved>\n"
      "  <description lang=\"es\">Incluye</description>\n"
      "  <description>Featuring the Deluxe 2018 edition</description>\n"
      "  <name>Paths of Glory</name>\n"
      "  <name lang=\"es\">Senderos de Gloria</name>\n"
      "</data>\n";
  const Metadata meta = parse_metadata(xml, "moduledata");
  EXPECT_EQ(meta.version, "10.8");
  EXPECT_EQ(meta.extra1, "");
  EXPECT_EQ(meta.extra2, "Second & Third");
  EXPECT_EQ(meta.vassal_version, "3.7.10");
  EXPECT_EQ(meta.date_saved, "1738347539913");
  EXPECT_EQ(meta.description, "Featuring the Deluxe 2018 edition");
  EXPECT_EQ(meta.name, "Paths of Glory");
  EXPECT_FALSE(meta.universal.has_value());
}

TEST(Metadata, ParsesExtensiondataAndTrimsLikeVassal) {
  const std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<data version=\"1\">\r\n"
      "  <version>  v1.1\r\n</version>\r\n  <universal>false</universal>\r\n</data>\r\n";
  const Metadata meta = parse_metadata(xml, "extensiondata");
  EXPECT_EQ(meta.version, "v1.1");
  ASSERT_TRUE(meta.universal.has_value());
  EXPECT_FALSE(*meta.universal);
  EXPECT_TRUE(*parse_metadata("<data><universal>true</universal></data>", "x").universal);
}

TEST(Metadata, BrokenXmlNamesEntryAndLine) {
  const std::string xml = "<?xml version=\"1.0\"?>\n<data version=\"1\">\n  <version>1</versio>\n</data>\n";
  try {
    parse_metadata(xml, "savedata");
    FAIL() << "no error";
  } catch (const BuildFileError& e) {
    EXPECT_EQ(e.place().entry, "savedata");
    EXPECT_EQ(e.place().position, "line 3");
    EXPECT_NE(std::string(e.what()).find("[savedata], line 3"), std::string::npos) << e.what();
  }
}

TEST(Metadata, WrongRootOrEmptyInputIsRefused) {
  EXPECT_THROW(parse_metadata("<module/>", "moduledata"), BuildFileError);
  EXPECT_THROW(parse_metadata("", "moduledata"), BuildFileError);
}

TEST(Metadata, WritesSavedataInVassal37Layout) {
  Metadata meta;
  meta.version = "1.2 <beta> & more";
  meta.vassal_version = "3.7.12";
  meta.date_saved = "1711664163784";
  EXPECT_EQ(write_savedata(meta),
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
            "<data version=\"1\">\n"
            "  <version>1.2 &lt;beta&gt; &amp; more</version>\n"
            "  <extra1/>\n"
            "  <extra2/>\n"
            "  <VassalVersion>3.7.12</VassalVersion>\n"
            "  <dateSaved>1711664163784</dateSaved>\n"
            "</data>\n");

  meta.description = "turn 3";
  meta.extra1 = "x";
  const std::string windows = write_savedata(meta, "\r\n");
  EXPECT_NE(windows.find("  <extra1>x</extra1>\r\n"), std::string::npos);
  EXPECT_NE(windows.find("  <dateSaved>1711664163784</dateSaved>\r\n  <description>turn 3</description>\r\n</data>\r\n"),
            std::string::npos);
}

TEST(Metadata, WrittenSavedataParsesBack) {
  Metadata meta;
  meta.version = "4.1.2";
  meta.vassal_version = "3.7.12";
  meta.date_saved = "1";
  meta.description = "a & b";
  const Metadata back = parse_metadata(write_savedata(meta), "savedata");
  EXPECT_EQ(back.version, meta.version);
  EXPECT_EQ(back.vassal_version, meta.vassal_version);
  EXPECT_EQ(back.description, meta.description);
}

TEST(Metadata, ParsesVassalVersions) {
  auto check = [](const std::string& text, int major, int minor, bool known) {
    const VassalVersion v = parse_vassal_version(text);
    EXPECT_EQ(v.known, known) << text;
    if (known) {
      EXPECT_EQ(v.major, major) << text;
      EXPECT_EQ(v.minor, minor) << text;
    }
  };
  check("3.7.12", 3, 7, true);
  check("3.2.17", 3, 2, true);
  check("3", 3, 0, true);
  check("3.5.0-SNAPSHOT-bugfix-554-a8f2c3033", 3, 5, true);  // corpus test-predefined-setups.vmod
  check(" 3.6.6 ", 3, 6, true);
  check("${vassal.version}", 0, 0, false);  // corpus BrentEaston+vsql placeholder
  check("", 0, 0, false);
  check("garbage", 0, 0, false);
  check("-3.1", 0, 0, false);
}

// Every corpus savedata must match the JDK transformer layout seen there: the prolog (with
// standalone="no" from the JDK 9+ builds VASSAL 3.3+ bundles), <data version="1">, 2-space
// indented children in VASSAL's order, one consistent line ending and a final newline.
TEST(Metadata, CorpusSavedataHasTheTransformerLayout) {
  ADJUTANT_REQUIRE_CORPUS();
  const std::vector<std::string> order = {"version", "extra1", "extra2", "VassalVersion", "dateSaved",
                                          "description"};
  const std::regex child(R"(  <(\w+)(/>|>[^<]*</\1>))");
  int checked = 0;
  for (const auto& path : testing::corpus_files({".vsav", ".vlog"})) {
    const Archive archive = Archive::open(path.string());
    const auto savedata = archive.read("savedata");
    if (!savedata) continue;
    const std::string nl = savedata->find("\r\n") != std::string::npos ? "\r\n" : "\n";
    std::vector<std::string> lines;
    for (size_t start = 0; start < savedata->size();) {
      const size_t end = savedata->find(nl, start);
      ASSERT_NE(end, std::string::npos) << path << ": no final line end";
      lines.push_back(savedata->substr(start, end - start));
      start = end + nl.size();
    }
    ASSERT_GE(lines.size(), 3u) << path;
    EXPECT_TRUE(lines.front() == R"(<?xml version="1.0" encoding="UTF-8" standalone="no"?>)" ||
                lines.front() == R"(<?xml version="1.0" encoding="UTF-8"?>)")
        << path;
    EXPECT_EQ(lines[1], R"(<data version="1">)") << path;
    EXPECT_EQ(lines.back(), "</data>") << path;
    size_t next_allowed = 0;
    for (size_t i = 2; i + 1 < lines.size(); ++i) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(lines[i], m, child)) << path << " line " << i + 1 << ": " << lines[i];
      const auto at = std::find(order.begin() + static_cast<long>(next_allowed), order.end(), m[1].str());
      ASSERT_NE(at, order.end()) << path << ": " << m[1] << " out of order";
      next_allowed = static_cast<size_t>(at - order.begin()) + 1;
    }
    // The VASSAL 3.7 writer's output fits the same pattern.
    const Metadata meta = parse_metadata(*savedata, "savedata");
    const std::string rewritten = write_savedata(meta, nl);
    EXPECT_EQ(rewritten.substr(0, rewritten.find(nl)), R"(<?xml version="1.0" encoding="UTF-8" standalone="no"?>)");
    ++checked;
  }
  EXPECT_GT(checked, 40);
}

// The one corpus savedata written by VASSAL 3.7 (ragnarok-start.vsav, 3.7.9 on Windows) is
// reproduced byte for byte.
TEST(Metadata, ReproducesVassal37SavedataFromCorpus) {
  ADJUTANT_REQUIRE_CORPUS();
  const auto path = testing::corpus_dir() / "jzedwards+vassal-hex-n-counters-template" / "ragnarok" /
                    "vassal" / "ragnarok-start.vsav";
  if (!std::filesystem::exists(path)) ADJUTANT_SHARED_MISSING(path << " not in this corpus");
  const std::string original = Archive::open(path.string()).read_required("savedata");
  EXPECT_EQ(write_savedata(parse_metadata(original, "savedata"), "\r\n"), original);
}

}  // namespace
}  // namespace adjutant::vmod
