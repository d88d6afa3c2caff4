#include "vmod/obfuscation.h"

#include <array>
#include <random>

#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

constexpr size_t kKeyOffset = kObfuscationHeader.size();
constexpr size_t kBodyOffset = kKeyOffset + 2;
constexpr uint8_t kNotHex = 0xFF;

constexpr std::array<uint8_t, 256> make_hex_values() {
  std::array<uint8_t, 256> values{};
  for (auto& v : values) v = kNotHex;
  for (int c = '0'; c <= '9'; ++c) values[c] = static_cast<uint8_t>(c - '0');
  for (int c = 'a'; c <= 'f'; ++c) values[c] = static_cast<uint8_t>(c - 'a' + 10);
  for (int c = 'A'; c <= 'F'; ++c) values[c] = static_cast<uint8_t>(c - 'A' + 10);
  return values;
}

constexpr std::array<uint8_t, 256> kHexValue = make_hex_values();
constexpr char kLowerHexDigits[] = "0123456789abcdef";

uint8_t hex_value(char c) { return kHexValue[static_cast<unsigned char>(c)]; }

std::string offset_text(size_t offset) { return "offset " + std::to_string(offset); }

// How an offending byte reads in a message: printable ASCII as itself, anything else in hex.
std::string describe_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7F) return std::string("'") + c + "'";
  return "byte 0x" + std::string{kLowerHexDigits[u >> 4], kLowerHexDigits[u & 0xF]};
}

[[noreturn]] void throw_not_hex(std::string_view bytes, size_t offset) {
  throw ObfuscationError("non-hex character " + describe_byte(bytes[offset]) + " in !VCSK text",
                         Place{{}, {}, offset_text(offset)});
}

// The offset of the first non-hex digit in the pair starting at `offset`.
size_t bad_digit_in_pair(std::string_view bytes, size_t offset) {
  return hex_value(bytes[offset]) == kNotHex ? offset : offset + 1;
}

// `!VC` followed by two more bytes that are not `SK`: some other VASSAL encoding (e.g. `!VCSS`
// in legacy module `info` files) that no VASSAL save reader accepts.
bool has_other_vc_header(std::string_view bytes) {
  return bytes.size() >= kObfuscationHeader.size() && bytes.substr(0, 3) == "!VC" &&
         !is_obfuscated(bytes);
}

std::string printable_header(std::string_view bytes) {
  std::string shown;
  for (char c : bytes.substr(0, kObfuscationHeader.size())) {
    const auto u = static_cast<unsigned char>(c);
    shown += (u >= 0x20 && u < 0x7F) ? std::string(1, c) : describe_byte(c);
  }
  return shown;
}

uint8_t read_key(std::string_view bytes) {
  if (bytes.size() < kBodyOffset)
    throw ObfuscationError("!VCSK text ends inside its two-digit key",
                           Place{{}, {}, offset_text(bytes.size())});
  const uint8_t high = hex_value(bytes[kKeyOffset]);
  const uint8_t low = hex_value(bytes[kKeyOffset + 1]);
  if ((high | low) > 15)
    throw_not_hex(bytes, bad_digit_in_pair(bytes, kKeyOffset));
  return static_cast<uint8_t>(high << 4 | low);
}

uint8_t draw_random_key() {
  std::random_device device;
  return static_cast<uint8_t>(device() & 0xFF);
}

}  // namespace

bool is_obfuscated(std::string_view bytes) { return bytes.starts_with(kObfuscationHeader); }

std::optional<uint8_t> obfuscation_key(std::string_view bytes) {
  if (!is_obfuscated(bytes)) return std::nullopt;
  return read_key(bytes);
}

namespace {

// Checks the header and the body's length; the key, or nullopt for plain text.
std::optional<uint8_t> checked_key(std::string_view bytes) {
  if (!is_obfuscated(bytes)) {
    if (has_other_vc_header(bytes))
      throw ObfuscationError("unsupported obfuscation header " + printable_header(bytes),
                             Place{{}, {}, offset_text(0)});
    return std::nullopt;
  }
  const uint8_t key = read_key(bytes);
  if ((bytes.size() - kBodyOffset) % 2 != 0)
    throw ObfuscationError("odd trailing hex digit in !VCSK text",
                           Place{{}, {}, offset_text(bytes.size() - 1)});
  return key;
}

// Writes the plaintext of the hex body of `bytes` to `plain`, which may be `bytes`' own buffer:
// byte i is written at i, after its digits at kBodyOffset + 2i were read.
void decode_body(std::string_view bytes, uint8_t key, char* plain) {
  const std::string_view digits = bytes.substr(kBodyOffset);
  for (size_t i = 0; i < digits.size() / 2; ++i) {
    const uint8_t high = hex_value(digits[2 * i]);
    const uint8_t low = hex_value(digits[2 * i + 1]);
    // Both values are <= 15 for hex digits, so one OR catches a kNotHex in either.
    if ((high | low) > 15) throw_not_hex(bytes, bad_digit_in_pair(bytes, kBodyOffset + 2 * i));
    plain[i] = static_cast<char>((high << 4 | low) ^ key);
  }
}

}  // namespace

std::string deobfuscate(std::string_view bytes) {
  const std::optional<uint8_t> key = checked_key(bytes);
  if (!key) return std::string(bytes);
  std::string plain((bytes.size() - kBodyOffset) / 2, '\0');
  decode_body(bytes, *key, plain.data());
  return plain;
}

std::string deobfuscate_in_place(std::string bytes) {
  const std::optional<uint8_t> key = checked_key(bytes);
  if (!key) return bytes;
  const size_t size = (bytes.size() - kBodyOffset) / 2;
  // A digit that is not hex is reported from the untouched text: check before overwriting it.
  for (size_t i = kBodyOffset; i < bytes.size(); i += 2) {
    if ((hex_value(bytes[i]) | hex_value(bytes[i + 1])) > 15) throw_not_hex(bytes, bad_digit_in_pair(bytes, i));
  }
  decode_body(bytes, *key, bytes.data());
  bytes.resize(size);
  bytes.shrink_to_fit();
  return bytes;
}

std::string obfuscate(std::string_view plaintext, std::optional<uint8_t> key) {
  const uint8_t k = key ? *key : draw_random_key();
  std::string out(kBodyOffset + 2 * plaintext.size(), '\0');
  out.replace(0, kKeyOffset, kObfuscationHeader);
  out[kKeyOffset] = kLowerHexDigits[k >> 4];
  out[kKeyOffset + 1] = kLowerHexDigits[k & 0xF];
  char* digit = out.data() + kBodyOffset;
  for (char c : plaintext) {
    const auto b = static_cast<uint8_t>(static_cast<uint8_t>(c) ^ k);
    *digit++ = kLowerHexDigits[b >> 4];
    *digit++ = kLowerHexDigits[b & 0xF];
  }
  return out;
}

}  // namespace adjutant::vmod
