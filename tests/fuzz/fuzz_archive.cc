// Containers from bytes (vmod/archive.h, Archive::from_bytes, as a save stored inside a module is
// read): a zip, or else a bare savedGame text. The bytes are read or refused with an ArchiveError
// (or a BuildFileError for broken metadata XML) under the default limits users get; a read
// archive answers every question about its entries.
#include <string>

#include "fuzz_check.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"

using namespace adjutant::vmod;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(adjutant::fuzz::as_text(data, size));
  try {
    const Archive archive = Archive::from_bytes(bytes, "fuzz.vsav");
    for (const std::string& name : archive.entries()) {
      FUZZ_CHECK(archive.contains(name) == archive.read(name).has_value(), "entry " + name + " listed but not readable");
    }
    (void)archive.content_kind();
    if (const auto build_file = archive.build_file_name()) {
      FUZZ_CHECK(archive.contains(*build_file), "build_file_name names an absent entry " + *build_file);
    }
    if (archive.kind() == ArchiveKind::kPlainText) {
      FUZZ_CHECK(archive.read("savedGame") == bytes, "a bare text is not served whole as savedGame");
    }
  } catch (const FormatError&) {
    // refused, as documented
  }
  return 0;
}
