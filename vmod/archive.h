// Reading VASSAL's containers: modules (.vmod/.vmdx), saves and logs (.vsav/.vlog and the legacy
// .sav/.log or extension-less names), an extracted module folder, or a bare savedGame text; and
// writing a new zip atomically.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vmod/limits.h"

namespace adjutant::vmod {

// Limits that refuse hostile archives (zip bombs, huge entries) with an ArchiveError; the defaults
// are vmod/limits.h's, explained in docs/formats.md ("Limits").
struct ArchiveLimits {
  uint64_t max_entry_bytes = limits::kMaxEntryBytes;  // one entry, uncompressed
  uint64_t max_total_bytes = limits::kMaxTotalBytes;  // all entries, uncompressed
  uint64_t max_entries = limits::kMaxEntries;
  double max_ratio = limits::kMaxCompressionRatio;    // uncompressed / compressed, for entries and in
                                                      // total, once over 1 MiB
};

enum class ArchiveKind { kZip, kFolder, kPlainText };

// What a container holds, decided as VASSAL's MetaDataFactory does (spec §1).
enum class ContentKind { kModule, kExtension, kSave, kUnknown };

class Archive {
 public:
  // Opens a zip, a folder (an extracted module), or a plain file that is not a zip (a bare
  // savedGame text, plain or `!VCSK`, served as the single entry "savedGame").
  // Throws ArchiveError naming the file: missing, unreadable, truncated/corrupt zip, entry names
  // with ".." or an absolute path, sizes or ratios beyond the limits.
  static Archive open(const std::string& path, const ArchiveLimits& limits = {});
  // Like open(), with every entry's name and size checked, but only the entries `wanted` accepts
  // are read; the archive then holds just those (entries(), contains(), read()).
  using EntryFilter = std::function<bool(const std::string& name)>;
  static Archive open(const std::string& path, const ArchiveLimits& limits, const EntryFilter& wanted);
  // Turns an entry's bytes into what the archive keeps of it, fed chunk by chunk as they are read
  // (a save's `!VCSK` savedGame is kept decoded and its hex never held whole).
  class EntryDecoder {
   public:
    virtual ~EntryDecoder() = default;
    virtual void feed(std::string_view chunk) = 0;
    virtual std::string finish() = 0;
  };
  // The decoder of entry `name` of `bytes` bytes, or nullptr to keep the entry as read. A bare
  // file's text is decoded only when it reads as a save's (content_kind()).
  using EntryDecoders = std::function<std::unique_ptr<EntryDecoder>(const std::string& name, uint64_t bytes)>;
  static Archive open(const std::string& path, const ArchiveLimits& limits, const EntryFilter& wanted,
                      const EntryDecoders& decoders);
  // A container held in memory, such as a save stored inside a module: a zip, else (like a plain
  // file) a bare savedGame text. `name` stands for it in errors. Same checks as open().
  static Archive from_bytes(const std::string& bytes, const std::string& name, const ArchiveLimits& limits = {},
                            const EntryDecoders& decoders = nullptr);

  const std::string& path() const { return path_; }
  ArchiveKind kind() const { return kind_; }
  // Entry names in archive order (folders: sorted relative paths with '/').
  const std::vector<std::string>& entries() const { return names_; }
  bool contains(const std::string& name) const;
  // The bytes of an entry (the first entry of exactly that name); nullopt when absent.
  std::optional<std::string> read(const std::string& name) const;
  // Like read(), but throws ArchiveError naming the file and entry when absent.
  std::string read_required(const std::string& name) const;
  // Like read_required(), moving the bytes out: the archive then holds the entry empty.
  std::string take_required(const std::string& name);

  // For a plain file: kSave when it starts as a save's text does (`!VCSK` or `begin_save`), kModule
  // or kExtension for XML whose first lines name that root (a bare buildFile), else kUnknown.
  ContentKind content_kind() const;
  // What the container holds, for messages: "a zip archive holding a module (buildFile)",
  // "an empty file", "a PNG image", "text that is no VASSAL file", ...
  std::string describe() const;
  // Throws ArchiveError naming the file and what it holds unless content_kind() is kSave.
  void require_save() const;
  // "buildFile.xml" or "buildFile", chosen as VASSAL does: by the recorded VASSAL version when
  // moduledata gives one (<3.5 reads buildFile), else buildFile.xml first; nullopt if neither.
  std::optional<std::string> build_file_name() const;

 private:
  std::string path_;
  ArchiveKind kind_ = ArchiveKind::kZip;
  std::vector<std::string> names_;
  std::map<std::string, std::string> data_;  // entry -> bytes, read eagerly (after the checks)
  ContentKind plain_kind_ = ContentKind::kUnknown;  // a bare file's, from its bytes as read
};

struct ZipEntry {
  std::string name;
  std::string data;
  bool deflate = true;
};

// The bytes of a zip holding `entries`, for a zip kept inside another (a predefined set-up saved in
// a module); `name` stands for it in errors (duplicate or unsafe entry names).
std::string zip_bytes(const std::vector<ZipEntry>& entries, const std::string& name);

// Writes `entries` as a new zip at `path`: into a temporary file beside it, then renamed into
// place. Refuses (ArchiveError) when `path` already exists unless `overwrite`, and never touches
// the file any input was read from.
void write_zip_atomically(const std::string& path, const std::vector<ZipEntry>& entries, bool overwrite = false);

// Writes text to a new file atomically, with the same rules as write_zip_atomically.
void write_file_atomically(const std::string& path, const std::string& data, bool overwrite = false);

}  // namespace adjutant::vmod
