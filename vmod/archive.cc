#include "vmod/archive.h"

#include <fcntl.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string_view>

#include "vmod/format_error.h"
#include "vmod/metadata.h"

namespace adjutant::vmod {
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kRatioCheckMinBytes = 1ull << 20;  // small entries may compress arbitrarily well
constexpr uint64_t kReadChunkBytes = 1ull << 20;
constexpr int kBuildFileScanLines = 10;                 // as VASSAL's MetaDataFactory
constexpr std::string_view kSavedGame = "savedGame";

[[noreturn]] void fail(const std::string& file, const std::string& entry, const std::string& message) {
  throw ArchiveError(message, Place{file, entry, {}});
}

std::string errno_text(int err) { return std::strerror(err); }

// Why an entry name could escape the folder it is extracted into; empty when the name is safe.
std::string unsafe_name_reason(std::string_view name) {
  if (name.empty()) return "empty entry name";
  if (name.find('\0') != std::string_view::npos) return "entry name contains a NUL byte";
  if (name.front() == '/' || name.front() == '\\') return "absolute entry name";
  if (name.size() >= 2 && name[1] == ':' && std::isalpha(static_cast<unsigned char>(name[0])))
    return "entry name starts with a drive letter";
  size_t start = 0;
  while (start <= name.size()) {
    const size_t end = std::min(name.find_first_of("/\\", start), name.size());
    if (name.substr(start, end - start) == "..") return "entry name contains a '..' component";
    start = end + 1;
  }
  return {};
}

void check_entry_name(const std::string& file, const std::string& name) {
  if (const std::string reason = unsafe_name_reason(name); !reason.empty())
    fail(file, name, "refusing hostile archive: " + reason);
}

// Adds up declared sizes and refuses the archive as soon as one is beyond the limits.
class LimitGuard {
 public:
  LimitGuard(const std::string& file, const ArchiveLimits& limits) : file_(file), limits_(limits) {}

  void check_count(uint64_t entries) const {
    if (entries > limits_.max_entries)
      fail(file_, {}, "refusing hostile archive: " + std::to_string(entries) + " entries (limit " +
                          std::to_string(limits_.max_entries) + ")");
  }

  // `compressed_bytes` is nullopt when unknown (folders, plain files).
  void add(const std::string& entry, uint64_t bytes, std::optional<uint64_t> compressed_bytes) {
    if (bytes > limits_.max_entry_bytes)
      fail(file_, entry, "refusing hostile archive: entry of " + std::to_string(bytes) +
                             " bytes (limit " + std::to_string(limits_.max_entry_bytes) + ")");
    total_ += bytes;
    if (total_ > limits_.max_total_bytes)
      fail(file_, entry, "refusing hostile archive: more than " +
                             std::to_string(limits_.max_total_bytes) + " bytes uncompressed in total");
    if (!compressed_bytes) return;
    if (beyond_ratio(bytes, *compressed_bytes))
      fail(file_, entry, "refusing hostile archive: compression ratio of " + std::to_string(bytes) +
                             " to " + std::to_string(*compressed_bytes) + " bytes is beyond " + ratio_text());
    // Many small entries that each compress well are a zip bomb too.
    total_compressed_ += *compressed_bytes;
    if (beyond_ratio(total_, total_compressed_))
      fail(file_, {}, "refusing hostile archive: compression ratio of " + std::to_string(total_) + " to " +
                          std::to_string(total_compressed_) + " bytes over all entries is beyond " + ratio_text());
  }

 private:
  bool beyond_ratio(uint64_t bytes, uint64_t compressed) const {
    return bytes > kRatioCheckMinBytes && static_cast<double>(bytes) > limits_.max_ratio * static_cast<double>(compressed);
  }
  std::string ratio_text() const { return std::to_string(static_cast<int64_t>(limits_.max_ratio)); }

  const std::string& file_;
  const ArchiveLimits& limits_;
  uint64_t total_ = 0;
  uint64_t total_compressed_ = 0;
};

struct Contents {
  std::vector<std::string> names;
  std::map<std::string, std::string> data;
  ContentKind plain_kind = ContentKind::kUnknown;  // a bare file's, read from its bytes as they came
};

bool is_wanted(const Archive::EntryFilter& wanted, const std::string& name) { return !wanted || wanted(name); }

std::unique_ptr<Archive::EntryDecoder> decoder_of(const Archive::EntryDecoders& decoders, const std::string& name,
                                                  uint64_t bytes) {
  return decoders ? decoders(name, bytes) : nullptr;
}

// Runs a step of decoding entry `entry`, its errors located in the file and entry.
void decoding(const std::string& file, const std::string& entry, const std::function<void()>& step) {
  try {
    step();
  } catch (FormatError& e) {
    e.locate(file, entry);
    throw;
  }
}

// An entry read whole, then decoded when it has a decoder.
std::string decode_whole(std::string bytes, const Archive::EntryDecoders& decoders, const std::string& file,
                         const std::string& entry) {
  auto decoder = decoder_of(decoders, entry, bytes.size());
  if (!decoder) return bytes;
  decoding(file, entry, [&] {
    decoder->feed(bytes);
    bytes = decoder->finish();
  });
  return bytes;
}

std::string read_whole_file(const std::string& file, const fs::path& path, uint64_t size) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(file, {}, "cannot open " + path.string() + ": " + errno_text(errno));
  std::string bytes(size, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (static_cast<uint64_t>(in.gcount()) != size) fail(file, {}, "cannot read " + path.string());
  return bytes;
}

// True when the bytes start like a zip: a local file header or an empty archive's end record.
bool is_zip_signature(std::string_view head) {
  const std::string_view m = head.substr(0, 4);
  return m == std::string_view("PK\x03\x04", 4) || m == std::string_view("PK\x05\x06", 4);
}

bool has_zip_signature(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) fail(file, {}, "cannot open: " + errno_text(errno));
  std::array<char, 4> magic{};
  in.read(magic.data(), magic.size());
  return is_zip_signature(std::string_view(magic.data(), static_cast<size_t>(in.gcount())));
}

// ---- zip ----

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct ZipFileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using ZipPtr = std::unique_ptr<zip_t, ZipCloser>;
using ZipFilePtr = std::unique_ptr<zip_file_t, ZipFileCloser>;

std::string libzip_error_text(int code) {
  zip_error_t error;
  zip_error_init_with_code(&error, code);
  std::string text = zip_error_strerror(&error);
  zip_error_fini(&error);
  return text;
}

[[noreturn]] void fail_corrupt_zip(const std::string& file, const std::string& reason) {
  fail(file, {}, "truncated or corrupt zip archive (" + reason + ")");
}

ZipPtr open_zip(const std::string& file) {
  int code = 0;
  zip_t* z = zip_open(file.c_str(), ZIP_RDONLY, &code);
  if (!z) fail_corrupt_zip(file, libzip_error_text(code));
  return ZipPtr(z);
}

// A zip read from `bytes`, which must outlive it.
ZipPtr open_zip_bytes(const std::string& bytes, const std::string& file) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  zip_t* z = source ? zip_open_from_source(source, ZIP_RDONLY, &error) : nullptr;
  if (!z) {
    if (source) zip_source_free(source);
    const std::string reason = zip_error_strerror(&error);
    zip_error_fini(&error);
    fail_corrupt_zip(file, reason);
  }
  zip_error_fini(&error);
  return ZipPtr(z);  // the archive owns the source now
}

// Every entry's stat, with names and declared sizes checked before anything is decompressed.
std::vector<zip_stat_t> stat_zip_entries(zip_t* z, const std::string& file, const ArchiveLimits& limits) {
  const zip_int64_t count = zip_get_num_entries(z, 0);
  LimitGuard guard(file, limits);
  guard.check_count(static_cast<uint64_t>(count));
  std::vector<zip_stat_t> stats(static_cast<size_t>(count));
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t& st = stats[static_cast<size_t>(i)];
    zip_stat_init(&st);
    if (zip_stat_index(z, static_cast<zip_uint64_t>(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME) ||
        !(st.valid & ZIP_STAT_SIZE) || !(st.valid & ZIP_STAT_COMP_SIZE))
      fail(file, {}, "corrupt zip: cannot read the header of entry #" + std::to_string(i) + " (" +
                         zip_strerror(z) + ")");
    check_entry_name(file, st.name);
    guard.add(st.name, st.size, st.comp_size);
  }
  return stats;
}

// The most an entry's compressed bytes can inflate to: stored as is, deflate at most 1032:1; other
// methods are read chunk by chunk.
uint64_t plausible_size(const zip_stat_t& st) {
  constexpr uint64_t kDeflateMaxRatio = 1032;
  if (!(st.valid & ZIP_STAT_COMP_SIZE) || !(st.valid & ZIP_STAT_COMP_METHOD)) return kReadChunkBytes;
  if (st.comp_method == ZIP_CM_STORE) return st.comp_size;
  if (st.comp_method == ZIP_CM_DEFLATE) return st.comp_size * kDeflateMaxRatio + kReadChunkBytes;
  return kReadChunkBytes;
}

// Decompresses one entry into exactly its declared size; a longer or shorter stream, or a CRC
// mismatch (reported by libzip at end of stream), is an error.
// With a decoder, the bytes go to it a chunk at a time and what it makes of them is returned.
std::string read_zip_entry(zip_t* z, const zip_stat_t& st, const std::string& file, Archive::EntryDecoder* decoder) {
  ZipFilePtr entry(zip_fopen_index(z, st.index, 0));
  if (!entry) fail(file, st.name, std::string("cannot open entry: ") + zip_strerror(z));
  // The declared size is only a claim: memory is reserved for no more than the compressed bytes can
  // hold, and grows beyond that only with the data that actually arrives.
  std::string bytes;
  if (!decoder) bytes.reserve(static_cast<size_t>(std::min<uint64_t>(st.size, plausible_size(st))));
  for (uint64_t have = 0; have < st.size;) {
    const uint64_t want = std::min<uint64_t>(kReadChunkBytes, st.size - have);
    const size_t at = decoder ? 0 : bytes.size();
    bytes.resize(at + static_cast<size_t>(want));
    const zip_int64_t got = zip_fread(entry.get(), bytes.data() + at, want);
    if (got < 0) fail(file, st.name, std::string("corrupt entry data: ") + zip_file_strerror(entry.get()));
    if (got == 0)
      fail(file, st.name, "entry data ends after " + std::to_string(have) + " of " +
                              std::to_string(st.size) + " declared bytes (offset " + std::to_string(have) + ")");
    bytes.resize(at + static_cast<size_t>(got));
    have += static_cast<uint64_t>(got);
    if (decoder) decoding(file, st.name, [&] { decoder->feed(bytes); });
  }
  char extra = 0;
  const zip_int64_t beyond = zip_fread(entry.get(), &extra, 1);
  if (beyond < 0) fail(file, st.name, std::string("corrupt entry data: ") + zip_file_strerror(entry.get()));
  if (beyond > 0)
    fail(file, st.name, "entry data is longer than its declared " + std::to_string(st.size) + " bytes");
  if (decoder) decoding(file, st.name, [&] { bytes = decoder->finish(); });
  return bytes;
}

bool is_directory_entry(const std::string& name) { return !name.empty() && name.back() == '/'; }

Contents load_zip(zip_t* z, const std::string& file, const ArchiveLimits& limits, const Archive::EntryFilter& wanted,
                  const Archive::EntryDecoders& decoders) {
  Contents contents;
  for (const zip_stat_t& st : stat_zip_entries(z, file, limits)) {
    const std::string name = st.name;
    if (!is_wanted(wanted, name)) continue;
    contents.names.push_back(name);
    if (contents.data.count(name)) continue;  // the first entry of a repeated name wins
    if (is_directory_entry(name)) {
      contents.data[name] = std::string();
      continue;
    }
    const auto decoder = decoder_of(decoders, name, st.size);
    contents.data[name] = read_zip_entry(z, st, file, decoder.get());
  }
  return contents;
}

// ---- folder and plain file ----

Contents load_folder(const std::string& file, const ArchiveLimits& limits, const Archive::EntryFilter& wanted,
                     const Archive::EntryDecoders& decoders) {
  std::vector<std::pair<std::string, fs::path>> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(file, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    files.emplace_back(fs::relative(it->path(), file).generic_string(), it->path());
    if (files.size() > limits.max_entries) break;
  }
  if (ec) fail(file, {}, "cannot list folder: " + ec.message());
  std::sort(files.begin(), files.end());

  LimitGuard guard(file, limits);
  guard.check_count(files.size());
  for (const auto& [name, path] : files) guard.add(name, fs::file_size(path), std::nullopt);

  Contents contents;
  for (const auto& [name, path] : files) {
    if (!is_wanted(wanted, name)) continue;
    contents.names.push_back(name);
    contents.data[name] = decode_whole(read_whole_file(file, path, fs::file_size(path)), decoders, file, name);
  }
  return contents;
}

ContentKind plain_content_kind(std::string_view text);

// A bare savedGame text, served as the single entry "savedGame"; decoded only when it reads as a save.
Contents plain_contents(std::string bytes, const Archive::EntryDecoders& decoders, const std::string& file) {
  Contents contents;
  contents.plain_kind = plain_content_kind(bytes);
  if (contents.plain_kind == ContentKind::kSave) bytes = decode_whole(std::move(bytes), decoders, file, std::string(kSavedGame));
  contents.names.emplace_back(kSavedGame);
  contents.data.emplace(std::string(kSavedGame), std::move(bytes));
  return contents;
}

// The filter does not apply: the file's text is all there is, and what it holds is read from it.
Contents load_plain_file(const std::string& file, const ArchiveLimits& limits, const Archive::EntryDecoders& decoders) {
  const uint64_t size = fs::file_size(file);
  LimitGuard(file, limits).add(std::string(kSavedGame), size, std::nullopt);
  return plain_contents(read_whole_file(file, file, size), decoders, file);
}

// ---- content detection ----

// MetaDataFactory's fallback: the first lines of the buildFile name the root element's class.
// Like Java's indexOf(..) > 0, a match at the very start of a line does not count.
ContentKind kind_from_build_file_head(std::string_view text) {
  size_t start = 0;
  for (int line = 0; line < kBuildFileScanLines && start < text.size(); ++line) {
    size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view s = text.substr(start, end - start);
    auto found_after_start = [&](std::string_view what) {
      const size_t at = s.find(what);
      return at != std::string_view::npos && at > 0;
    };
    if (found_after_start("VASSAL.launch.BasicModule") || found_after_start("VASSAL.build.GameModule"))
      return ContentKind::kModule;
    if (found_after_start("VASSAL.build.module.ModuleExtension")) return ContentKind::kExtension;
    start = end + ((end + 1 < text.size() && text[end] == '\r' && text[end + 1] == '\n') ? 2 : 1);
  }
  return ContentKind::kUnknown;
}

// A bare file that is no zip: a save's text when it starts as VASSAL writes one (obfuscated, or the
// plain command text, which always begins with begin_save), a bare buildFile when it is XML whose
// first lines name a module or extension root, anything else unknown.
ContentKind plain_content_kind(std::string_view text) {
  if (text.starts_with("!VCSK") || text.starts_with("begin_save")) return ContentKind::kSave;
  const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first == std::string_view::npos || text[first] != '<') return ContentKind::kUnknown;
  return kind_from_build_file_head(text);
}

bool looks_like_text(std::string_view bytes) {
  const std::string_view head = bytes.substr(0, 4096);
  for (const char c : head) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0 || (u < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f')) return false;
  }
  return true;
}

// What a file that is no VASSAL container holds, for the message that refuses it.
std::string describe_foreign_bytes(std::string_view bytes) {
  if (bytes.empty()) return "an empty file";
  if (bytes.starts_with("\x89PNG")) return "a PNG image";
  if (bytes.starts_with("\xFF\xD8\xFF")) return "a JPEG image";
  if (bytes.starts_with("GIF8")) return "a GIF image";
  if (bytes.starts_with("%PDF")) return "a PDF document";
  if (!looks_like_text(bytes)) return "binary data";
  const size_t first = bytes.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first != std::string_view::npos && bytes[first] == '<') return "XML that is no VASSAL buildFile";
  return "text that is no VASSAL file";
}

// ---- writing ----

// A uniquely named file beside the target; removed again unless committed.
class TempFile {
 public:
  explicit TempFile(const std::string& target) : target_(target) {
    const fs::path target_path(target);
    const fs::path dir = target_path.has_parent_path() ? target_path.parent_path() : fs::path(".");
    std::random_device random;
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
      path_ = (dir / ("." + target_path.filename().string() + ".tmp-" + std::to_string(random()))).string();
      fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd_ < 0 && errno != EEXIST)
        fail(target, {}, "cannot create a temporary file in " + dir.string() + ": " + errno_text(errno));
    }
    if (fd_ < 0) fail(target, {}, "cannot find a free temporary file name in " + dir.string());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(path_.c_str());
  }

  void write_all(std::string_view data) {
    while (!data.empty()) {
      const ssize_t wrote = ::write(fd_, data.data(), data.size());
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote < 0) fail(target_, {}, "cannot write " + path_ + ": " + errno_text(errno));
      data.remove_prefix(static_cast<size_t>(wrote));
    }
    if (::fsync(fd_) != 0) fail(target_, {}, "cannot flush " + path_ + ": " + errno_text(errno));
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(target_, {}, "cannot close " + path_ + ": " + errno_text(errno));
  }

  // Moves the file into place. Without `overwrite`, link() refuses atomically when the target
  // appeared meanwhile; filesystems without hard links fall back to a checked rename().
  void commit(bool overwrite) {
    if (!overwrite) {
      if (::link(path_.c_str(), target_.c_str()) == 0) {
        committed_ = false;  // the temporary name still exists and must go
        return;
      }
      if (errno == EEXIST) fail(target_, {}, "refusing to overwrite an existing file");
      if (fs::exists(target_)) fail(target_, {}, "refusing to overwrite an existing file");
    }
    if (::rename(path_.c_str(), target_.c_str()) != 0)
      fail(target_, {}, "cannot move " + path_ + " into place: " + errno_text(errno));
    committed_ = true;
  }

 private:
  std::string target_;
  std::string path_;
  int fd_ = -1;
  bool committed_ = false;
};

struct ZipSourceFree {
  void operator()(zip_source_t* s) const { zip_source_free(s); }
};
using ZipSourcePtr = std::unique_ptr<zip_source_t, ZipSourceFree>;

// An archive with no entries: just the end-of-central-directory record (libzip writes nothing).
std::string empty_zip() { return std::string("PK\x05\x06", 4) + std::string(18, '\0'); }

void add_zip_entry(zip_t* z, const ZipEntry& entry, const std::string& file) {
  if (is_directory_entry(entry.name) && entry.data.empty()) {
    if (zip_dir_add(z, entry.name.c_str(), ZIP_FL_ENC_UTF_8) < 0)
      fail(file, entry.name, std::string("cannot add folder entry: ") + zip_strerror(z));
    return;
  }
  zip_source_t* source = zip_source_buffer(z, entry.data.data(), entry.data.size(), 0);
  if (!source) fail(file, entry.name, std::string("cannot add entry: ") + zip_strerror(z));
  const zip_int64_t index = zip_file_add(z, entry.name.c_str(), source, ZIP_FL_ENC_UTF_8);
  if (index < 0) {
    zip_source_free(source);
    fail(file, entry.name, std::string("cannot add entry: ") + zip_strerror(z));
  }
  const zip_int32_t method = entry.deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE;
  if (zip_set_file_compression(z, static_cast<zip_uint64_t>(index), method, 0) != 0)
    fail(file, entry.name, std::string("cannot set compression: ") + zip_strerror(z));
}

std::string read_source_bytes(zip_source_t* source, const std::string& file) {
  if (zip_source_open(source) != 0) fail(file, {}, "cannot read the zip built in memory");
  zip_source_seek(source, 0, SEEK_END);
  const zip_int64_t size = zip_source_tell(source);
  zip_source_seek(source, 0, SEEK_SET);
  std::string bytes(size > 0 ? static_cast<size_t>(size) : 0, '\0');
  const zip_int64_t got = zip_source_read(source, bytes.data(), bytes.size());
  zip_source_close(source);
  if (size < 0 || got != size) fail(file, {}, "cannot read the zip built in memory");
  return bytes;
}

// The complete zip file for `entries`, built in memory so the target is written in one go.
std::string build_zip(const std::vector<ZipEntry>& entries, const std::string& file) {
  if (entries.empty()) return empty_zip();
  std::set<std::string> seen;
  for (const ZipEntry& e : entries) {
    check_entry_name(file, e.name);
    if (!seen.insert(e.name).second) fail(file, e.name, "duplicate entry name");
  }
  zip_error_t error;
  zip_error_init(&error);
  ZipSourcePtr buffer(zip_source_buffer_create(nullptr, 0, 0, &error));
  if (!buffer) fail(file, {}, std::string("cannot create zip buffer: ") + zip_error_strerror(&error));
  zip_t* z = zip_open_from_source(buffer.get(), ZIP_TRUNCATE, &error);
  if (!z) fail(file, {}, std::string("cannot create zip: ") + zip_error_strerror(&error));
  zip_source_keep(buffer.get());  // the archive releases its reference on close; we read after
  ZipPtr archive(z);
  for (const ZipEntry& e : entries) add_zip_entry(z, e, file);
  if (zip_close(z) != 0) fail(file, {}, std::string("cannot write zip: ") + zip_strerror(z));
  archive.release();  // zip_close freed it
  return read_source_bytes(buffer.get(), file);
}

void refuse_existing(const std::string& path, bool overwrite) {
  if (fs::is_directory(path)) fail(path, {}, "is a folder, not a file");
  if (!overwrite && fs::exists(path)) fail(path, {}, "refusing to overwrite an existing file");
}

}  // namespace

Archive Archive::open(const std::string& path, const ArchiveLimits& limits) { return open(path, limits, nullptr); }

Archive Archive::open(const std::string& path, const ArchiveLimits& limits, const EntryFilter& wanted) {
  return open(path, limits, wanted, nullptr);
}

Archive Archive::open(const std::string& path, const ArchiveLimits& limits, const EntryFilter& wanted,
                      const EntryDecoders& decoders) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) fail(path, {}, "no such file");

  Contents contents;
  Archive archive;
  archive.path_ = path;
  if (!fs::is_directory(status) && !fs::is_regular_file(status)) fail(path, {}, "not a file or folder");
  if (fs::is_directory(status)) {
    archive.kind_ = ArchiveKind::kFolder;
    contents = load_folder(path, limits, wanted, decoders);
  } else if (has_zip_signature(path)) {
    archive.kind_ = ArchiveKind::kZip;
    contents = load_zip(open_zip(path).get(), path, limits, wanted, decoders);
  } else {
    archive.kind_ = ArchiveKind::kPlainText;
    contents = load_plain_file(path, limits, decoders);
  }
  archive.names_ = std::move(contents.names);
  archive.data_ = std::move(contents.data);
  archive.plain_kind_ = contents.plain_kind;
  return archive;
}

Archive Archive::from_bytes(const std::string& bytes, const std::string& name, const ArchiveLimits& limits,
                            const EntryDecoders& decoders) {
  Contents contents;
  Archive archive;
  archive.path_ = name;
  if (is_zip_signature(bytes)) {
    archive.kind_ = ArchiveKind::kZip;
    contents = load_zip(open_zip_bytes(bytes, name).get(), name, limits, nullptr, decoders);
  } else {
    archive.kind_ = ArchiveKind::kPlainText;
    LimitGuard(name, limits).add(std::string(kSavedGame), bytes.size(), std::nullopt);
    contents = plain_contents(bytes, decoders, name);
  }
  archive.names_ = std::move(contents.names);
  archive.data_ = std::move(contents.data);
  archive.plain_kind_ = contents.plain_kind;
  return archive;
}

bool Archive::contains(const std::string& name) const { return data_.count(name) > 0; }

std::optional<std::string> Archive::read(const std::string& name) const {
  const auto it = data_.find(name);
  if (it == data_.end()) return std::nullopt;
  return it->second;
}

std::string Archive::read_required(const std::string& name) const {
  const auto it = data_.find(name);
  if (it == data_.end()) fail(path_, name, "no entry " + name + " in " + path_);
  return it->second;
}

std::string Archive::take_required(const std::string& name) {
  const auto it = data_.find(name);
  if (it == data_.end()) fail(path_, name, "no entry " + name + " in " + path_);
  return std::move(it->second);
}

ContentKind Archive::content_kind() const {
  if (kind_ == ArchiveKind::kPlainText) return plain_kind_;
  if (contains(std::string(kSavedGame))) return ContentKind::kSave;
  const char* build_file = contains("buildFile.xml") ? "buildFile.xml"
                           : contains("buildFile")   ? "buildFile"
                                                     : nullptr;
  if (!build_file) return ContentKind::kUnknown;
  if (contains("extensiondata")) return ContentKind::kExtension;
  if (contains("moduledata")) return ContentKind::kModule;
  return kind_from_build_file_head(data_.at(build_file));
}

std::string Archive::describe() const {
  if (kind_ == ArchiveKind::kPlainText) {
    switch (content_kind()) {
      case ContentKind::kSave: return "a save's text";
      case ContentKind::kModule: return "a bare buildFile";
      case ContentKind::kExtension: return "a bare extension buildFile";
      case ContentKind::kUnknown: break;
    }
    return describe_foreign_bytes(data_.empty() ? std::string_view() : std::string_view(data_.begin()->second));
  }
  const std::string container = kind_ == ArchiveKind::kZip ? "a zip archive" : "a folder";
  switch (content_kind()) {
    case ContentKind::kSave: return container + " holding a save or log (savedGame)";
    case ContentKind::kModule: return container + " holding a module (buildFile)";
    case ContentKind::kExtension: return container + " holding a module extension";
    case ContentKind::kUnknown: break;
  }
  return container + " with neither a savedGame nor a buildFile.xml or buildFile entry";
}

void Archive::require_save() const {
  if (content_kind() == ContentKind::kSave) return;
  fail(path_, {}, "not a VASSAL save or log: " + describe() +
                      "; expected a .vsav or .vlog (a zip with a savedGame entry) or a save's text starting with "
                      "!VCSK or begin_save");
}

std::optional<std::string> Archive::build_file_name() const {
  const bool has_xml = contains("buildFile.xml");
  const bool has_legacy = contains("buildFile");
  if (!has_xml && !has_legacy) return std::nullopt;
  bool written_before_3_5 = false;
  if (const auto moduledata = read("moduledata")) {
    try {
      const VassalVersion v = parse_vassal_version(parse_metadata(*moduledata, "moduledata").vassal_version);
      written_before_3_5 = v.known && (v.major < 3 || (v.major == 3 && v.minor < 5));
    } catch (const BuildFileError&) {
      // unreadable metadata says nothing about the version; fall through to the tolerant order
    }
  }
  if (written_before_3_5 && has_legacy) return "buildFile";
  return has_xml ? "buildFile.xml" : "buildFile";
}

std::string zip_bytes(const std::vector<ZipEntry>& entries, const std::string& name) { return build_zip(entries, name); }

void write_file_atomically(const std::string& path, const std::string& data, bool overwrite) {
  refuse_existing(path, overwrite);
  TempFile temp(path);
  temp.write_all(data);
  temp.commit(overwrite);
}

void write_zip_atomically(const std::string& path, const std::vector<ZipEntry>& entries, bool overwrite) {
  refuse_existing(path, overwrite);
  write_file_atomically(path, build_zip(entries, path), overwrite);
}

}  // namespace adjutant::vmod
