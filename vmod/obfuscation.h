// The `!VCSK` obfuscation VASSAL wraps around a save's or log's `savedGame` entry.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "vmod/archive.h"

namespace adjutant::vmod {

inline constexpr std::string_view kObfuscationHeader = "!VCSK";

// True when `bytes` starts with the `!VCSK` header.
bool is_obfuscated(std::string_view bytes);

// The plaintext of a `savedGame` entry: decoded when it starts with `!VCSK` (hex digits of either
// case), returned unchanged otherwise (VASSAL accepts plain saves). Throws ObfuscationError naming
// the offset of an odd or non-hex digit, and for other `!VC..` headers such as `!VCSS`.
std::string deobfuscate(std::string_view bytes);

// deobfuscate() of bytes that arrive in chunks, so that the hex (twice the text) is never held
// whole: `total_bytes` is how many will come (an odd body is refused before any digit is read, as
// deobfuscate() refuses it). feed() throws what deobfuscate() would, at the same offset. As an
// Archive::EntryDecoder, a save's entry is decoded while it is decompressed.
class Deobfuscator : public Archive::EntryDecoder {
 public:
  explicit Deobfuscator(uint64_t total_bytes);
  void feed(std::string_view chunk) override;
  std::string finish() override;

 private:
  enum class State { kHead, kPlain, kBody };
  void decide();
  char decoded_pair(char high_digit, char low_digit, uint64_t offset) const;

  uint64_t total_;
  State state_ = State::kHead;
  std::string head_;  // the header and key, until decided
  std::string text_;   // a body's text is sized at once and filled
  size_t written_ = 0;
  uint8_t key_ = 0;
  uint64_t offset_ = 0;  // of the next byte fed
  char pending_ = 0;     // a digit whose pair ends in the next chunk
  bool has_pending_ = false;
};

// `!VCSK`, the key as two lowercase hex digits, then two lowercase hex digits per byte of
// `plaintext` XOR key. Without a key, a random one is drawn, as VASSAL does for every save.
std::string obfuscate(std::string_view plaintext, std::optional<uint8_t> key = std::nullopt);

// The key of an obfuscated text (nullopt for plain text).
std::optional<uint8_t> obfuscation_key(std::string_view bytes);

}  // namespace adjutant::vmod
