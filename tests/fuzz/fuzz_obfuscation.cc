// The `!VCSK` obfuscation (vmod/obfuscation.h): any bytes deobfuscate or are refused with an
// ObfuscationError; what deobfuscates obfuscates back to the same text (hex digits in lower case);
// and any bytes, obfuscated under a key drawn from the input, deobfuscate to themselves.
#include <string>

#include "fuzz_check.h"
#include "vmod/format_error.h"
#include "vmod/obfuscation.h"

using namespace adjutant::vmod;

namespace {

std::string lower_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes = adjutant::fuzz::as_text(data, size);

  try {
    const std::string plain = deobfuscate(bytes);
    const std::optional<uint8_t> key = obfuscation_key(bytes);
    FUZZ_CHECK(key.has_value() == is_obfuscated(bytes), "a key for a text that is not obfuscated, or none for one that is");
    if (key) {
      FUZZ_CHECK(obfuscate(plain, key) == std::string(kObfuscationHeader) + lower_case(bytes.substr(kObfuscationHeader.size())),
                 "deobfuscated text does not obfuscate back under its key");
    } else {
      FUZZ_CHECK(plain == bytes, "a text that is not obfuscated came back changed");
    }
  } catch (const ObfuscationError&) {
    // refused, as documented
  }

  const uint8_t key = size > 0 ? data[0] : 0;
  const std::string hidden = obfuscate(bytes, key);
  FUZZ_CHECK(is_obfuscated(hidden) && obfuscation_key(hidden) == key, "obfuscate wrote no readable key");
  FUZZ_CHECK(deobfuscate(hidden) == bytes, "obfuscate then deobfuscate changed the text");
  return 0;
}
