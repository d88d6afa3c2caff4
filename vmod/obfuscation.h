// The `!VCSK` obfuscation VASSAL wraps around a save's or log's `savedGame` entry.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace adjutant::vmod {

inline constexpr std::string_view kObfuscationHeader = "!VCSK";

// True when `bytes` starts with the `!VCSK` header.
bool is_obfuscated(std::string_view bytes);

// The plaintext of a `savedGame` entry: decoded when it starts with `!VCSK` (hex digits of either
// case), returned unchanged otherwise (VASSAL accepts plain saves). Throws ObfuscationError naming
// the offset of an odd or non-hex digit, and for other `!VC..` headers such as `!VCSS`.
std::string deobfuscate(std::string_view bytes);
// The same, decoded within `bytes`' own buffer (a log's text is large; this never holds both).
std::string deobfuscate_in_place(std::string bytes);

// `!VCSK`, the key as two lowercase hex digits, then two lowercase hex digits per byte of
// `plaintext` XOR key. Without a key, a random one is drawn, as VASSAL does for every save.
std::string obfuscate(std::string_view plaintext, std::optional<uint8_t> key = std::nullopt);

// The key of an obfuscated text (nullopt for plain text).
std::optional<uint8_t> obfuscation_key(std::string_view bytes);

}  // namespace adjutant::vmod
