#include "vmod/archive.h"

#include <gtest/gtest.h>
#include <zip.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "corpus.h"
#include "temp_dir.h"
#include "vmod/format_error.h"
#include "vmod/obfuscation.h"

namespace adjutant::vmod {
namespace {

namespace fs = std::filesystem;

using testing::TempDir;

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct RawEntry {
  std::string name;
  std::string data;
  bool deflate = true;
};

// Builds a zip with libzip directly, so names our own writer refuses (hostile ones) can be made.
void make_zip(const std::string& path, const std::vector<RawEntry>& entries) {
  int code = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
  ASSERT_NE(z, nullptr) << "zip_open " << code;
  for (const RawEntry& e : entries) {
    zip_source_t* source = zip_source_buffer(z, e.data.data(), e.data.size(), 0);
    const zip_int64_t index = zip_file_add(z, e.name.c_str(), source, ZIP_FL_ENC_UTF_8);
    ASSERT_GE(index, 0) << zip_strerror(z);
    zip_set_file_compression(z, static_cast<zip_uint64_t>(index), e.deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0);
  }
  ASSERT_EQ(zip_close(z), 0);
}

// The ArchiveError message that opening `path` raises; fails the test when none is raised.
std::string open_error(const std::string& path, const ArchiveLimits& limits = {}) {
  try {
    Archive::open(path, limits);
  } catch (const ArchiveError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ArchiveError for " << path;
  return {};
}

bool contains_text(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// ---------------------------------------------------------------- reading zips

TEST(Archive, ReadsDeflatedAndStoredEntriesInOrder) {
  TempDir dir;
  const std::string path = dir.file("game.vsav");
  make_zip(path, {{"savedGame", obfuscate("begin_save", 0x11), true},
                  {"savedata", "<data/>", false},
                  {"images/a b.png", std::string(5000, '\x01'), true}});
  const Archive archive = Archive::open(path);
  EXPECT_EQ(archive.kind(), ArchiveKind::kZip);
  EXPECT_EQ(archive.entries(), (std::vector<std::string>{"savedGame", "savedata", "images/a b.png"}));
  EXPECT_EQ(deobfuscate(archive.read_required("savedGame")), "begin_save");
  EXPECT_EQ(archive.read("savedata"), "<data/>");
  EXPECT_EQ(archive.read("images/a b.png")->size(), 5000u);
  EXPECT_FALSE(archive.read("moduledata").has_value());
  EXPECT_EQ(archive.content_kind(), ContentKind::kSave);
}

TEST(Archive, ReadRequiredNamesFileAndEntry) {
  TempDir dir;
  const std::string path = dir.file("module.vmod");
  make_zip(path, {{"buildFile.xml", "<x/>"}});
  try {
    Archive::open(path).read_required("savedGame");
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(e.place().file, path);
    EXPECT_EQ(e.place().entry, "savedGame");
    EXPECT_TRUE(contains_text(e.what(), "no entry savedGame in " + path)) << e.what();
  }
}

TEST(Archive, FirstOfRepeatedNamesWins) {
  TempDir dir;
  const std::string path = dir.file("dup.vsav");
  make_zip(path, {{"savedGame", "first", false}, {"savedGamX", "second", false}});
  // Rename the second entry to a duplicate in place: names are not covered by the CRC.
  std::string bytes = read_bytes(path);
  for (size_t at; (at = bytes.find("savedGamX")) != std::string::npos;) bytes[at + 8] = 'e';
  write_bytes(path, bytes);

  const Archive archive = Archive::open(path);
  EXPECT_EQ(archive.entries(), (std::vector<std::string>{"savedGame", "savedGame"}));
  EXPECT_EQ(archive.read("savedGame"), "first");
}

TEST(Archive, MissingFileIsReported) {
  TempDir dir;
  const std::string message = open_error(dir.file("nothing.vsav"));
  EXPECT_TRUE(contains_text(message, "no such file")) << message;
  EXPECT_TRUE(contains_text(message, dir.file("nothing.vsav"))) << message;
  if (fs::exists("/dev/null")) {
    EXPECT_TRUE(contains_text(open_error("/dev/null"), "not a file or folder"));
  }
}

TEST(Archive, TruncatedZipIsReported) {
  TempDir dir;
  const std::string good = dir.file("good.vmod");
  make_zip(good, {{"buildFile.xml", std::string(20000, 'a') + "b"}, {"moduledata", "<data/>"}});
  const std::string bytes = read_bytes(good);
  for (size_t keep : {bytes.size() / 2, bytes.size() - 10, size_t{30}}) {
    const std::string cut = dir.file("cut.vmod");
    write_bytes(cut, bytes.substr(0, keep));
    const std::string message = open_error(cut);
    EXPECT_TRUE(contains_text(message, "truncated or corrupt zip")) << message;
    EXPECT_TRUE(contains_text(message, cut)) << message;
  }
}

TEST(Archive, CorruptEntryDataIsReportedWithTheEntry) {
  TempDir dir;
  const std::string path = dir.file("bad.vsav");
  make_zip(path, {{"savedGame", "begin_save-payload-to-damage", false}});
  std::string bytes = read_bytes(path);
  bytes[bytes.find("payload")] = 'P';  // the stored data no longer matches its CRC
  write_bytes(path, bytes);
  try {
    Archive::open(path);
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(e.place().entry, "savedGame");
    EXPECT_TRUE(contains_text(e.what(), "corrupt entry data")) << e.what();
  }
}

// ---------------------------------------------------------------- hostile zips

TEST(Archive, RefusesPathTraversalAndAbsoluteNames) {
  TempDir dir;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"../evil", "'..' component"},        {"images/../../evil", "'..' component"},
      {"a/..", "'..' component"},           {"..\\evil", "'..' component"},
      {"/etc/passwd", "absolute entry name"}, {"\\windows\\evil", "absolute entry name"},
      {"C:/evil", "drive letter"},          {"c:evil", "drive letter"},
  };
  for (const auto& [name, reason] : cases) {
    const std::string path = dir.file("hostile.vmod");
    make_zip(path, {{"buildFile.xml", "<x/>"}, {name, "x"}});
    const std::string message = open_error(path);
    EXPECT_TRUE(contains_text(message, "refusing hostile archive")) << name << ": " << message;
    EXPECT_TRUE(contains_text(message, reason)) << name << ": " << message;
    EXPECT_TRUE(contains_text(message, "[" + name + "]")) << name << ": " << message;
  }
  // Names that merely contain dots are fine.
  const std::string path = dir.file("dots.vmod");
  make_zip(path, {{"images/a..b.png", "x"}, {"..hidden", "y"}, {"x/.../y", "z"}});
  EXPECT_EQ(Archive::open(path).entries().size(), 3u);
}

TEST(Archive, RefusesCompressionBombsBeforeReading) {
  TempDir dir;
  const std::string path = dir.file("bomb.vsav");
  make_zip(path, {{"savedGame", std::string(2u << 20, '\0')}});  // 2 MiB of zeros: ratio ~1000

  ArchiveLimits limits;
  limits.max_ratio = 50;
  std::string message = open_error(path, limits);
  EXPECT_TRUE(contains_text(message, "compression ratio")) << message;
  EXPECT_TRUE(contains_text(message, "[savedGame]")) << message;

  // Entries up to 1 MiB are exempt from the ratio check.
  const std::string small = dir.file("small.vsav");
  make_zip(small, {{"savedGame", std::string(1u << 20, '\0')}});
  EXPECT_NO_THROW(Archive::open(small, limits));
}

TEST(Archive, RefusesEntriesBeyondSizeAndCountLimits) {
  TempDir dir;
  const std::string path = dir.file("big.vmod");
  make_zip(path, {{"a", std::string(3000, 'a')}, {"b", std::string(3000, 'b')}, {"c", "c"}});

  ArchiveLimits entry_limit;
  entry_limit.max_entry_bytes = 2000;
  std::string message = open_error(path, entry_limit);
  EXPECT_TRUE(contains_text(message, "entry of 3000 bytes (limit 2000)")) << message;

  ArchiveLimits total_limit;
  total_limit.max_total_bytes = 5000;
  message = open_error(path, total_limit);
  EXPECT_TRUE(contains_text(message, "bytes uncompressed in total")) << message;
  EXPECT_TRUE(contains_text(message, "[b]")) << message;

  ArchiveLimits count_limit;
  count_limit.max_entries = 2;
  message = open_error(path, count_limit);
  EXPECT_TRUE(contains_text(message, "3 entries (limit 2)")) << message;

  // Folders and bare files obey the same limits.
  const std::string bare = dir.file("bare.sav");
  write_bytes(bare, std::string(3000, 'x'));
  EXPECT_TRUE(contains_text(open_error(bare, entry_limit), "limit 2000"));
}

// ---------------------------------------------------------------- folders and bare text

TEST(Archive, OpensAnExtractedModuleFolder) {
  TempDir dir;
  fs::create_directories(dir.path() / "mod" / "images" / "sub");
  write_bytes(dir.file("mod/buildFile.xml"), "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule/>\n");
  write_bytes(dir.file("mod/moduledata"), "<data version=\"1\"><VassalVersion>3.7.1</VassalVersion></data>");
  write_bytes(dir.file("mod/images/sub/c.png"), "png");
  write_bytes(dir.file("mod/images/a.png"), "a");

  const Archive archive = Archive::open(dir.file("mod"));
  EXPECT_EQ(archive.kind(), ArchiveKind::kFolder);
  EXPECT_EQ(archive.entries(),
            (std::vector<std::string>{"buildFile.xml", "images/a.png", "images/sub/c.png", "moduledata"}));
  EXPECT_EQ(archive.read("images/sub/c.png"), "png");
  EXPECT_EQ(archive.content_kind(), ContentKind::kModule);
  EXPECT_EQ(archive.build_file_name(), "buildFile.xml");
}

TEST(Archive, ServesABareTextFileAsSavedGame) {
  TempDir dir;
  const std::string plain = dir.file("scenario.sav");
  write_bytes(plain, "begin_save\x1b" "end_save");
  Archive archive = Archive::open(plain);
  EXPECT_EQ(archive.kind(), ArchiveKind::kPlainText);
  EXPECT_EQ(archive.entries(), std::vector<std::string>{"savedGame"});
  EXPECT_EQ(archive.read_required("savedGame"), "begin_save\x1b" "end_save");
  EXPECT_EQ(archive.content_kind(), ContentKind::kSave);

  const std::string wrapped = dir.file("wrapped");  // extension-less, obfuscated
  write_bytes(wrapped, obfuscate("begin_save", 0x42));
  EXPECT_EQ(deobfuscate(Archive::open(wrapped).read_required("savedGame")), "begin_save");

  const std::string empty = dir.file("empty");
  write_bytes(empty, "");
  EXPECT_EQ(Archive::open(empty).read_required("savedGame"), "");
}

// A decoder for "savedGame" that keeps the chunks it was fed, joined by '|'.
class ChunkRecorder : public Archive::EntryDecoder {
 public:
  explicit ChunkRecorder(uint64_t bytes) : expected_(bytes) {}
  void feed(std::string_view chunk) override { seen_ += (seen_.empty() ? "" : "|") + std::to_string(chunk.size()); }
  std::string finish() override { return "declared " + std::to_string(expected_) + ": " + seen_; }

 private:
  uint64_t expected_;
  std::string seen_;
};

Archive::EntryDecoders recorded_saved_game() {
  return [](const std::string& name, uint64_t bytes) -> std::unique_ptr<Archive::EntryDecoder> {
    if (name != "savedGame") return nullptr;
    return std::make_unique<ChunkRecorder>(bytes);
  };
}

// An entry with a decoder is handed to it a chunk (1 MiB) at a time as it is decompressed, and the
// archive keeps what the decoder makes of it; other entries are kept as read.
TEST(Archive, DecodersGetAnEntryInChunksAsItIsRead) {
  TempDir dir;
  const std::string path = dir.file("big.vsav");
  const std::string big((1u << 20) * 2 + 5, 'a');
  make_zip(path, {{"savedGame", big, false}, {"savedata", "<data/>"}});  // stored: no ratio to refuse
  const Archive archive = Archive::open(path, {}, nullptr, recorded_saved_game());
  EXPECT_EQ(archive.read_required("savedGame"), "declared 2097157: 1048576|1048576|5");
  EXPECT_EQ(archive.read_required("savedata"), "<data/>");
  const Archive in_memory = Archive::from_bytes(read_bytes(path), "held.vsav", {}, recorded_saved_game());
  EXPECT_EQ(in_memory.read_required("savedGame"), "declared 2097157: 1048576|1048576|5");
}

// A save's hex decoded as it is read: the text kept; a bad digit named with the file, the entry
// and its offset in the entry. A bare file is decoded only when it reads as a save.
TEST(Archive, ASavedGameIsDeobfuscatedAsItIsRead) {
  TempDir dir;
  const auto deobfuscating = [](const std::string& name, uint64_t bytes) -> std::unique_ptr<Archive::EntryDecoder> {
    return name == "savedGame" ? std::make_unique<Deobfuscator>(bytes) : nullptr;
  };
  std::string text = "begin_save";
  text += std::string((1u << 20) + 3, 'x');
  const std::string good = dir.file("good.vsav");
  make_zip(good, {{"savedGame", obfuscate(text, 0x11), false}});
  EXPECT_EQ(Archive::open(good, {}, nullptr, deobfuscating).read_required("savedGame"), text);

  std::string hex = obfuscate(text, 0x11);
  hex[(1u << 20) + 1] = 'q';  // a digit in the second chunk
  const std::string bad = dir.file("bad.vsav");
  make_zip(bad, {{"savedGame", hex, false}});
  try {
    Archive::open(bad, {}, nullptr, deobfuscating);
    FAIL() << "no error";
  } catch (const ObfuscationError& e) {
    EXPECT_EQ(e.place().file, bad);
    EXPECT_EQ(e.place().entry, "savedGame");
    EXPECT_EQ(e.place().position, "offset " + std::to_string((1u << 20) + 1));
  }

  const std::string bare = dir.file("bare.sav");
  write_bytes(bare, obfuscate("begin_save", 0x42));
  const Archive bare_archive = Archive::open(bare, {}, nullptr, deobfuscating);
  EXPECT_EQ(bare_archive.read_required("savedGame"), "begin_save");
  EXPECT_EQ(bare_archive.content_kind(), ContentKind::kSave);
  const std::string info = dir.file("info");
  write_bytes(info, "!VCSS162400110100");
  const Archive info_archive = Archive::open(info, {}, nullptr, deobfuscating);
  EXPECT_EQ(info_archive.read_required("savedGame"), "!VCSS162400110100");
  EXPECT_EQ(info_archive.content_kind(), ContentKind::kUnknown);
}

// ---------------------------------------------------------------- in memory, and only some entries

// The ArchiveError message that reading `bytes` as `name` raises; fails the test when none is raised.
std::string from_bytes_error(const std::string& bytes, const std::string& name, const ArchiveLimits& limits = {}) {
  try {
    Archive::from_bytes(bytes, name, limits);
  } catch (const ArchiveError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ArchiveError for " << name;
  return {};
}

TEST(Archive, FromBytesReadsAZipHeldInMemory) {
  TempDir dir;
  const std::string path = dir.file("setup.vsav");
  make_zip(path, {{"savedGame", obfuscate("begin_save", 0x11), true}, {"savedata", "<data/>", false}});
  const Archive archive = Archive::from_bytes(read_bytes(path), "mod.vmod/setup.vsav");
  EXPECT_EQ(archive.kind(), ArchiveKind::kZip);
  EXPECT_EQ(archive.path(), "mod.vmod/setup.vsav");
  EXPECT_EQ(archive.entries(), (std::vector<std::string>{"savedGame", "savedata"}));
  EXPECT_EQ(deobfuscate(archive.read_required("savedGame")), "begin_save");
  EXPECT_EQ(archive.content_kind(), ContentKind::kSave);
}

TEST(Archive, FromBytesServesBareTextAsSavedGame) {
  const Archive archive = Archive::from_bytes("begin_save\x1b" "end_save", "old.sav");
  EXPECT_EQ(archive.kind(), ArchiveKind::kPlainText);
  EXPECT_EQ(archive.read("savedGame"), "begin_save\x1b" "end_save");
}

TEST(Archive, FromBytesRefusesWhatOpenRefuses) {
  TempDir dir;
  const std::string good = dir.file("good.vsav");
  make_zip(good, {{"savedGame", std::string(20000, 'a') + "b"}, {"savedata", "<data/>"}});
  const std::string bytes = read_bytes(good);
  for (size_t keep : {bytes.size() / 2, bytes.size() - 10, size_t{30}}) {
    const std::string message = from_bytes_error(bytes.substr(0, keep), "mod.vmod/cut.vsav");
    EXPECT_TRUE(contains_text(message, "truncated or corrupt zip")) << message;
    EXPECT_TRUE(contains_text(message, "mod.vmod/cut.vsav")) << message;
  }

  const std::string hostile = dir.file("hostile.vsav");
  make_zip(hostile, {{"savedGame", "x"}, {"../evil", "x"}});
  std::string message = from_bytes_error(read_bytes(hostile), "mod.vmod/hostile.vsav");
  EXPECT_TRUE(contains_text(message, "mod.vmod/hostile.vsav [../evil]")) << message;
  EXPECT_TRUE(contains_text(message, "'..' component")) << message;

  const std::string bomb = dir.file("bomb.vsav");
  make_zip(bomb, {{"savedGame", std::string(2u << 20, '\0')}});
  ArchiveLimits limits;
  limits.max_ratio = 50;
  message = from_bytes_error(read_bytes(bomb), "bomb", limits);
  EXPECT_TRUE(contains_text(message, "compression ratio")) << message;
  limits.max_entry_bytes = 10;
  EXPECT_TRUE(contains_text(from_bytes_error("plain text save", "bare", limits), "limit 10"));
}

TEST(Archive, AFilterReadsOnlyTheWantedEntriesButChecksThemAll) {
  TempDir dir;
  const std::string path = dir.file("module.vmod");
  make_zip(path, {{"buildFile.xml", "<x/>"}, {"images/a.png", "png"}, {"setup.vsav", "zip"}});
  const auto only_setup = [](const std::string& name) { return name == "setup.vsav"; };
  const Archive archive = Archive::open(path, {}, only_setup);
  EXPECT_EQ(archive.entries(), (std::vector<std::string>{"setup.vsav"}));
  EXPECT_EQ(archive.read("setup.vsav"), "zip");
  EXPECT_FALSE(archive.contains("buildFile.xml"));

  fs::create_directories(dir.path() / "mod");
  write_bytes(dir.file("mod/buildFile.xml"), "<x/>");
  write_bytes(dir.file("mod/setup.vsav"), "zip");
  EXPECT_EQ(Archive::open(dir.file("mod"), {}, only_setup).entries(), (std::vector<std::string>{"setup.vsav"}));

  make_zip(path, {{"setup.vsav", "zip"}, {"../evil", "x"}});
  try {
    Archive::open(path, {}, only_setup);
    ADD_FAILURE() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_TRUE(contains_text(e.what(), "refusing hostile archive")) << e.what();
  }
}

// ---------------------------------------------------------------- content kind and buildFile name

Archive zip_with(TempDir& dir, const std::vector<RawEntry>& entries) {
  const std::string path = dir.file("probe.zip");
  make_zip(path, entries);
  return Archive::open(path);
}

TEST(Archive, ContentKindFollowsMetaDataFactory) {
  TempDir dir;
  EXPECT_EQ(zip_with(dir, {{"savedGame", "x"}, {"buildFile.xml", "<x/>"}}).content_kind(), ContentKind::kSave);
  EXPECT_EQ(zip_with(dir, {{"buildFile", "<x/>"}, {"extensiondata", "<data/>"}, {"moduledata", "<data/>"}})
                .content_kind(),
            ContentKind::kExtension);
  EXPECT_EQ(zip_with(dir, {{"buildFile.xml", "<x/>"}, {"moduledata", "<data/>"}}).content_kind(),
            ContentKind::kModule);
  EXPECT_EQ(zip_with(dir, {{"moduledata", "<data/>"}}).content_kind(), ContentKind::kUnknown);

  const std::string prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n";
  EXPECT_EQ(zip_with(dir, {{"buildFile", prolog + "<VASSAL.launch.BasicModule name=\"x\">\r\n"}}).content_kind(),
            ContentKind::kModule);
  EXPECT_EQ(zip_with(dir, {{"buildFile", prolog + "<VASSAL.build.GameModule>"}}).content_kind(), ContentKind::kModule);
  EXPECT_EQ(zip_with(dir, {{"buildFile.xml", "<VASSAL.build.module.ModuleExtension module=\"m\">\n"}})
                .content_kind(),
            ContentKind::kExtension);
  // Only the first 10 lines are scanned.
  EXPECT_EQ(zip_with(dir, {{"buildFile", std::string(10, '\n') + "<VASSAL.build.GameModule>"}}).content_kind(),
            ContentKind::kUnknown);
  EXPECT_EQ(zip_with(dir, {{"buildFile", "<other/>"}}).content_kind(), ContentKind::kUnknown);
}

std::string moduledata_for(const std::string& vassal_version) {
  return "<?xml version=\"1.0\"?>\n<data version=\"1\">\n  <VassalVersion>" + vassal_version +
         "</VassalVersion>\n</data>\n";
}

TEST(Archive, BuildFileNameFollowsTheRecordedVersion) {
  TempDir dir;
  const RawEntry xml{"buildFile.xml", "<x/>"}, legacy{"buildFile", "<x/>"};
  EXPECT_EQ(zip_with(dir, {xml, legacy, {"moduledata", moduledata_for("3.4.5")}}).build_file_name(), "buildFile");
  EXPECT_EQ(zip_with(dir, {xml, legacy, {"moduledata", moduledata_for("2.9.8")}}).build_file_name(), "buildFile");
  EXPECT_EQ(zip_with(dir, {xml, {"moduledata", moduledata_for("3.4.5")}}).build_file_name(), "buildFile.xml");
  EXPECT_EQ(zip_with(dir, {xml, legacy, {"moduledata", moduledata_for("3.5.0")}}).build_file_name(), "buildFile.xml");
  EXPECT_EQ(zip_with(dir, {xml, legacy, {"moduledata", moduledata_for("${vassal.version}")}}).build_file_name(),
            "buildFile.xml");
  EXPECT_EQ(zip_with(dir, {xml, legacy, {"moduledata", "<data><broken"}}).build_file_name(), "buildFile.xml");
  EXPECT_EQ(zip_with(dir, {legacy}).build_file_name(), "buildFile");
  EXPECT_EQ(zip_with(dir, {legacy, {"moduledata", moduledata_for("3.7.12")}}).build_file_name(), "buildFile");
  EXPECT_EQ(zip_with(dir, {{"moduledata", moduledata_for("3.4.5")}}).build_file_name(), std::nullopt);
}

// ---------------------------------------------------------------- atomic writing

TEST(AtomicWrite, WritesAZipThatReadsBack) {
  TempDir dir;
  const std::string path = dir.file("out.vsav");
  const std::string big(200000, 'z');
  write_zip_atomically(path, {{"savedGame", obfuscate("begin_save", 1), true},
                              {"savedata", "<data/>", false},
                              {"images/", "", true},
                              {"images/big", big, true}});
  const Archive archive = Archive::open(path);
  EXPECT_EQ(archive.entries(), (std::vector<std::string>{"savedGame", "savedata", "images/", "images/big"}));
  EXPECT_EQ(archive.read("images/big"), big);
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"out.vsav"});

  int code = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_RDONLY, &code);
  ASSERT_NE(z, nullptr);
  zip_stat_t st;
  ASSERT_EQ(zip_stat(z, "savedata", 0, &st), 0);
  EXPECT_EQ(st.comp_method, ZIP_CM_STORE);
  ASSERT_EQ(zip_stat(z, "images/big", 0, &st), 0);
  EXPECT_EQ(st.comp_method, ZIP_CM_DEFLATE);
  EXPECT_LT(st.comp_size, 10000u);
  zip_discard(z);
}

TEST(AtomicWrite, RefusesToOverwriteAndLeavesNoTemporaryFiles) {
  TempDir dir;
  const std::string path = dir.file("keep.vsav");
  write_bytes(path, "original");
  try {
    write_zip_atomically(path, {{"savedGame", "new", true}});
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_TRUE(contains_text(e.what(), "refusing to overwrite")) << e.what();
    EXPECT_TRUE(contains_text(e.what(), path)) << e.what();
  }
  EXPECT_THROW(write_file_atomically(path, "new"), ArchiveError);
  EXPECT_EQ(read_bytes(path), "original");
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"keep.vsav"});

  write_file_atomically(path, "replaced", /*overwrite=*/true);
  EXPECT_EQ(read_bytes(path), "replaced");
  write_zip_atomically(path, {{"savedGame", "zipped", true}}, /*overwrite=*/true);
  EXPECT_EQ(Archive::open(path).read("savedGame"), "zipped");
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"keep.vsav"});
}

TEST(AtomicWrite, FailuresCleanUpAfterThemselves) {
  TempDir dir;
  EXPECT_THROW(write_file_atomically(dir.file("no/such/dir/x"), "x"), ArchiveError);
  EXPECT_THROW(write_zip_atomically(dir.file("dup.vsav"), {{"a", "1", true}, {"a", "2", true}}), ArchiveError);
  EXPECT_THROW(write_zip_atomically(dir.file("evil.vsav"), {{"../a", "1", true}}), ArchiveError);
  EXPECT_THROW(write_file_atomically(dir.path().string(), "x", true), ArchiveError);  // a folder
  EXPECT_TRUE(dir.listing().empty());
}

TEST(AtomicWrite, EmptyZipIsValid) {
  TempDir dir;
  write_zip_atomically(dir.file("empty.zip"), {});
  const Archive archive = Archive::open(dir.file("empty.zip"));
  EXPECT_EQ(archive.kind(), ArchiveKind::kZip);
  EXPECT_TRUE(archive.entries().empty());
}

// ---------------------------------------------------------------- the shared corpus

fs::path corpus_file(const std::string& relative) { return testing::corpus_dir() / relative; }

bool has_uppercase_hex(const std::string& obfuscated) {
  return obfuscated.find_first_of("ABCDEF", 7) != std::string::npos;
}

// Every module, extension, save and log opens; every savedGame deobfuscates to a save's text.
TEST(Corpus, EveryContainerOpensAndEverySaveDecodes) {
  ADJUTANT_REQUIRE_CORPUS();
  const auto files = testing::corpus_files({".vmod", ".vmdx", ".mdx", ".vsav", ".vlog", ".log", ".sav"});
  ASSERT_FALSE(files.empty());
  int saves = 0, modules = 0;
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const Archive archive = Archive::open(path.string());
    const std::string ext = path.extension().string();
    if (ext == ".vmod" || ext == ".vmdx" || ext == ".mdx") {
      EXPECT_NE(archive.content_kind(), ContentKind::kUnknown);
      EXPECT_TRUE(archive.build_file_name().has_value());
      ++modules;
      continue;
    }
    EXPECT_EQ(archive.content_kind(), ContentKind::kSave);
    const std::string text = deobfuscate(archive.read_required("savedGame"));
    EXPECT_TRUE(text.starts_with("begin_save\x1b")) << text.substr(0, 40);
    ++saves;
  }
  EXPECT_GT(saves, 80);
  EXPECT_GE(modules, 4);
}

// TLD's scenario_5.sav (in scenarios/ and tmp/) is not a zip: a bare, un-obfuscated savedGame.
TEST(Corpus, TldScenario5IsABarePlainSave) {
  ADJUTANT_REQUIRE_CORPUS();
  for (const char* rel : {"uckelman+tld-mod/scenarios/scenario_5.sav", "uckelman+tld-mod/tmp/scenario_5.sav"}) {
    if (!fs::exists(corpus_file(rel))) continue;
    const Archive archive = Archive::open(corpus_file(rel).string());
    EXPECT_EQ(archive.kind(), ArchiveKind::kPlainText) << rel;
    const std::string raw = archive.read_required("savedGame");
    EXPECT_FALSE(is_obfuscated(raw)) << rel;
    EXPECT_TRUE(deobfuscate(raw).starts_with("begin_save\x1b" "CHECK\t")) << rel;
  }
}

// The 2007 TLD logs (VASSAL 2.9.8) use uppercase hex digits in about half of the files.
TEST(Corpus, TldUppercaseHexDecodes) {
  ADJUTANT_REQUIRE_CORPUS();
  const fs::path log = corpus_file("uckelman+tld-mod/game/0606-1.log");
  if (!fs::exists(log)) ADJUTANT_SHARED_MISSING(log << " not in this corpus");
  const std::string raw = Archive::open(log.string()).read_required("savedGame");
  EXPECT_EQ(raw.size(), 2438511u);
  EXPECT_EQ(obfuscation_key(raw), 0x27);
  EXPECT_TRUE(has_uppercase_hex(raw));
  EXPECT_EQ(deobfuscate(raw).size(), 1219252u);  // spec §2

  int uppercase = 0, lowercase = 0;
  for (const auto& path : testing::corpus_files({".log"})) {
    const std::string bytes = Archive::open(path.string()).read_required("savedGame");
    (has_uppercase_hex(bytes) ? uppercase : lowercase)++;
  }
  EXPECT_GT(uppercase, 0);
  EXPECT_GT(lowercase, 0);
}

// Legacy module `info` files start with `!VCSS`, an encoding no save reader accepts.
TEST(Corpus, InfoFilesHaveTheUnsupportedVcssHeader) {
  ADJUTANT_REQUIRE_CORPUS();
  int seen = 0;
  for (const char* rel : {"uckelman+tld-mod/tmp/info", "Cattlesquat+ForThePeople/info",
                          "riverwanderer+ccnapoleonics/dist/info", "BrentEaston+vsql/dist/info"}) {
    if (!fs::exists(corpus_file(rel))) continue;
    const Archive archive = Archive::open(corpus_file(rel).string());
    EXPECT_EQ(archive.kind(), ArchiveKind::kPlainText) << rel;
    try {
      deobfuscate(archive.read_required("savedGame"));
      ADD_FAILURE() << rel << " decoded";
    } catch (const ObfuscationError& e) {
      EXPECT_TRUE(contains_text(e.what(), "unsupported obfuscation header !VCSS")) << e.what();
    }
    ++seen;
  }
  EXPECT_GT(seen, 0);
}

// Some saves carry only savedGame (no savedata/moduledata); some list savedata first.
TEST(Corpus, SavesWithoutMetadataOrInOtherOrder) {
  ADJUTANT_REQUIRE_CORPUS();
  const fs::path bare = corpus_file("Cattlesquat+PathsOfGlory/Historical10-8.vsav");
  if (fs::exists(bare)) {
    EXPECT_EQ(Archive::open(bare.string()).entries(), std::vector<std::string>{"savedGame"});
  }
  const fs::path reordered = corpus_file("SzieberthAdam+rorpbvm/etc/vmod/testsave.vsav");
  if (fs::exists(reordered)) {
    EXPECT_EQ(Archive::open(reordered.string()).entries(),
              (std::vector<std::string>{"savedata", "savedGame", "moduledata"}));
  }
}

TEST(Corpus, ModulesAndExtensionsAreRecognised) {
  ADJUTANT_REQUIRE_CORPUS();
  struct Expect {
    const char* rel;
    ContentKind kind;
    const char* build_file;
  };
  const Expect cases[] = {
      // mixed STORED/DEFLATE entries, extensiondata, VASSAL 3.1.17
      {"pacman-ghost+vasl-templates/vasl_templates/webapp/tests/fixtures/vasl-extensions/real/kgs-v1.1.mdx",
       ContentKind::kExtension, "buildFile"},
      // a folder entry "images/", 3.1.15
      {"SzieberthAdam+rorpbvm/etc/vmod/saror006.vmod", ContentKind::kModule, "buildFile"},
      {"jzedwards+vassal-hex-n-counters-template/jzhex-n-counters-template-v12-379.vmod", ContentKind::kModule,
       "buildFile.xml"},
      // VassalVersion "3.5.0-SNAPSHOT-bugfix-554-a8f2c3033"
      {"vassalengine+vassal/@d472e2ce0/vassal-app/src/test/resources/test-predefined-setups.vmod",
       ContentKind::kModule, "buildFile.xml"},
      // folders: extension by extensiondata; extension and module by scanning the buildFile
      {"npe9+CID-extension", ContentKind::kExtension, "buildFile"},
      {"jrvjrv+StateCounterExt/dist", ContentKind::kExtension, "buildFile"},
      {"uckelman+tld-mod/tmp", ContentKind::kModule, "buildFile"},
      // legacy 3.4.5 folder: moduledata below 3.5 picks buildFile
      {"Cattlesquat+ForThePeople/@dd4abb86c", ContentKind::kModule, "buildFile"},
  };
  for (const Expect& e : cases) {
    if (!fs::exists(corpus_file(e.rel))) continue;
    const Archive archive = Archive::open(corpus_file(e.rel).string());
    EXPECT_EQ(archive.content_kind(), e.kind) << e.rel;
    EXPECT_EQ(archive.build_file_name(), e.build_file) << e.rel;
  }
}

}  // namespace
}  // namespace adjutant::vmod
