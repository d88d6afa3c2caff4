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

std::string offset_text(uint64_t offset) { return "offset " + std::to_string(offset); }

// How an offending byte reads in a message: printable ASCII as itself, anything else in hex.
std::string describe_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7F) return std::string("'") + c + "'";
  return "byte 0x" + std::string{kLowerHexDigits[u >> 4], kLowerHexDigits[u & 0xF]};
}

[[noreturn]] void throw_not_hex(char digit, uint64_t offset) {
  throw ObfuscationError("non-hex character " + describe_byte(digit) + " in !VCSK text", Place{{}, {}, offset_text(offset)});
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
  if ((high | low) > 15) {
    const size_t offset = high == kNotHex ? kKeyOffset : kKeyOffset + 1;
    throw_not_hex(bytes[offset], offset);
  }
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

Deobfuscator::Deobfuscator(uint64_t total_bytes) : total_(total_bytes) {}

void Deobfuscator::feed(std::string_view chunk) {
  if (state_ == State::kHead) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(total_, kBodyOffset)) - std::min(head_.size(), kBodyOffset);
    const size_t take = std::min(want, chunk.size());
    head_.append(chunk.substr(0, take));
    offset_ += take;
    chunk.remove_prefix(take);
    if (head_.size() < std::min<uint64_t>(total_, kBodyOffset)) return;
    decide();
  }
  if (state_ == State::kPlain) {
    text_.append(chunk);
    offset_ += chunk.size();
    return;
  }
  if (has_pending_ && !chunk.empty()) {
    text_[written_++] = decoded_pair(pending_, chunk[0], offset_ - 1);
    has_pending_ = false;
    chunk.remove_prefix(1);
    ++offset_;
  }
  const size_t pairs = std::min(chunk.size() / 2, text_.size() - written_);
  char* out = text_.data() + written_;
  for (size_t i = 0; i < pairs; ++i) out[i] = decoded_pair(chunk[2 * i], chunk[2 * i + 1], offset_ + 2 * i);
  written_ += pairs;
  offset_ += 2 * pairs;
  if (chunk.size() % 2) {
    pending_ = chunk.back();
    has_pending_ = true;
    ++offset_;
  }
}

// The header read (the first bytes, all of them for a text shorter than a header and key): plain
// text, refused as another `!VC..` encoding, or `!VCSK` with its key and a body of whole pairs.
void Deobfuscator::decide() {
  if (!is_obfuscated(head_)) {
    if (has_other_vc_header(head_))
      throw ObfuscationError("unsupported obfuscation header " + printable_header(head_), Place{{}, {}, offset_text(0)});
    state_ = State::kPlain;
    text_.reserve(static_cast<size_t>(total_));
    text_.append(head_);
    return;
  }
  key_ = read_key(head_);
  if ((total_ - kBodyOffset) % 2 != 0)
    throw ObfuscationError("odd trailing hex digit in !VCSK text", Place{{}, {}, offset_text(total_ - 1)});
  state_ = State::kBody;
  text_.resize(static_cast<size_t>((total_ - kBodyOffset) / 2));
}

char Deobfuscator::decoded_pair(char high_digit, char low_digit, uint64_t offset) const {
  const uint8_t high = hex_value(high_digit);
  const uint8_t low = hex_value(low_digit);
  // Both values are <= 15 for hex digits, so one OR catches a kNotHex in either.
  if ((high | low) > 15) {
    if (high == kNotHex) throw_not_hex(high_digit, offset);
    throw_not_hex(low_digit, offset + 1);
  }
  return static_cast<char>((high << 4 | low) ^ key_);
}

std::string Deobfuscator::finish() {
  if (state_ == State::kHead) decide();
  if (state_ == State::kBody) text_.resize(written_);  // all of it, unless fewer bytes came than were declared
  return std::move(text_);
}

std::string deobfuscate(std::string_view bytes) {
  Deobfuscator deobfuscator(bytes.size());
  deobfuscator.feed(bytes);
  return deobfuscator.finish();
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
