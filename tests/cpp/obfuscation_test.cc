#include "vmod/obfuscation.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

// The message of the ObfuscationError that `bytes` raises; fails the test when none is raised.
std::string obfuscation_error_of(std::string_view bytes) {
  try {
    deobfuscate(bytes);
  } catch (const ObfuscationError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ObfuscationError for " << bytes;
  return {};
}

TEST(Obfuscation, FixedKeyIsReproducibleAndLowercase) {
  // 'b' ^ 0x2a = 0x48, 'e' ^ 0x2a = 0x4f, ESC ^ 0x2a = 0x31, 0xff ^ 0x2a = 0xd5
  EXPECT_EQ(obfuscate("be\x1b\xff", 0x2a), "!VCSK2a484f31d5");
  EXPECT_EQ(obfuscate("", 0x00), "!VCSK00");
}

TEST(Obfuscation, RoundTripWithEveryByteValue) {
  std::string all_bytes;
  for (int b = 0; b < 256; ++b) all_bytes += static_cast<char>(b);
  for (int key : {0x00, 0x27, 0xb5, 0xff}) {
    const std::string wrapped = obfuscate(all_bytes, static_cast<uint8_t>(key));
    EXPECT_TRUE(is_obfuscated(wrapped));
    EXPECT_EQ(obfuscation_key(wrapped), key);
    EXPECT_EQ(deobfuscate(wrapped), all_bytes);
  }
}

TEST(Obfuscation, RandomKeyStillRoundTrips) {
  const std::string text = "begin_save\x1b" "end_save";
  const std::string wrapped = obfuscate(text);
  ASSERT_TRUE(obfuscation_key(wrapped).has_value());
  EXPECT_EQ(deobfuscate(wrapped), text);
}

TEST(Obfuscation, HexDigitsOfEitherCase) {
  // The 2007 TLD logs use uppercase digits, some with mixed-case keys.
  EXPECT_EQ(deobfuscate("!VCSK2A484F31D5"), "be\x1b\xff");
  EXPECT_EQ(deobfuscate("!VCSK2a484F31d5"), "be\x1b\xff");
  EXPECT_EQ(obfuscation_key("!VCSKB5"), 0xb5);
}

TEST(Obfuscation, PlainTextPassesThroughUnchanged) {
  const std::string plain = "begin_save\x1b\\\x1b+/1/piece;;;a.png;A/null;0;0\x1b" "end_save";
  EXPECT_FALSE(is_obfuscated(plain));
  EXPECT_EQ(deobfuscate(plain), plain);
  EXPECT_EQ(deobfuscate(""), "");
  EXPECT_EQ(deobfuscate("!VC"), "!VC");  // too short to be any header
  EXPECT_EQ(obfuscation_key(plain), std::nullopt);
}

TEST(Obfuscation, OddTrailingDigitNamesItsOffset) {
  const std::string message = obfuscation_error_of("!VCSK2a484");
  EXPECT_NE(message.find("odd trailing hex digit"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 9"), std::string::npos) << message;
}

TEST(Obfuscation, NonHexCharacterNamesItsOffset) {
  std::string message = obfuscation_error_of("!VCSK2a48g4");
  EXPECT_NE(message.find("non-hex character 'g'"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 9"), std::string::npos) << message;

  message = obfuscation_error_of("!VCSK2a4\n4f");  // the first digit of a pair is bad
  EXPECT_NE(message.find("byte 0x0a"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 8"), std::string::npos) << message;

  message = obfuscation_error_of("!VCSK2a4f\n");  // a trailing newline is not tolerated either
  EXPECT_NE(message.find("offset 9"), std::string::npos) << message;
}

TEST(Obfuscation, BadOrMissingKeyNamesItsOffset) {
  std::string message = obfuscation_error_of("!VCSKz1");
  EXPECT_NE(message.find("non-hex character 'z'"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 5"), std::string::npos) << message;

  message = obfuscation_error_of("!VCSK1");
  EXPECT_NE(message.find("key"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 6"), std::string::npos) << message;
  EXPECT_THROW(obfuscation_key("!VCSK"), ObfuscationError);
}

TEST(Obfuscation, OtherVcHeadersAreUnsupported) {
  // `!VCSS` is what legacy module `info` files start with.
  std::string message = obfuscation_error_of("!VCSS162400110100");
  EXPECT_NE(message.find("unsupported obfuscation header !VCSS"), std::string::npos) << message;
  EXPECT_NE(message.find("offset 0"), std::string::npos) << message;
  message = obfuscation_error_of("!VCxy");
  EXPECT_NE(message.find("unsupported obfuscation header !VCxy"), std::string::npos) << message;
}

TEST(Obfuscation, ErrorCarriesThePosition) {
  try {
    deobfuscate("!VCSK00zz");
    FAIL() << "no error";
  } catch (const ObfuscationError& e) {
    EXPECT_EQ(e.place().position, "offset 7");
    EXPECT_TRUE(e.place().file.empty());  // the archive layer fills file and entry in
  }
}

// What a Deobfuscator makes of `bytes` fed in chunks of `chunk` bytes: the text, or "error: " and
// the ObfuscationError's message.
std::string fed_in_chunks(std::string_view bytes, size_t chunk) {
  try {
    Deobfuscator deobfuscator(bytes.size());
    for (size_t at = 0; at < bytes.size(); at += chunk) deobfuscator.feed(bytes.substr(at, chunk));
    return deobfuscator.finish();
  } catch (const ObfuscationError& e) {
    return std::string("error: ") + e.what();
  }
}

std::string whole(std::string_view bytes) {
  try {
    return deobfuscate(bytes);
  } catch (const ObfuscationError& e) {
    return std::string("error: ") + e.what();
  }
}

// Fed in chunks of any size, the same text or the same error at the same offset as all at once:
// pairs and the header split across chunks, plain text, bad digits, odd bodies, other headers.
TEST(Obfuscation, ChunksOfAnySizeGiveWhatTheWholeGives) {
  std::string every_byte;
  for (int b = 0; b < 256; ++b) every_byte.push_back(static_cast<char>(b));
  const std::vector<std::string> inputs = {
      obfuscate(every_byte, 0x5c), obfuscate("begin_save", 0x00), "!VCSK00", "begin_save\x1b" "end_save", "",
      "!VC", "!VCS", "!VCSK", "!VCSK1", "!VCSKz1", "!VCSK2a484", "!VCSK2a48g4", "!VCSK2a4\n4f", "!VCSK2a4f\n",
      "!VCSS162400110100", "!VCxy", "!VCSK2A484F31D5"};
  for (const std::string& input : inputs) {
    const std::string expected = whole(input);
    for (size_t chunk = 1; chunk <= input.size() + 1; ++chunk)
      ASSERT_EQ(fed_in_chunks(input, chunk), expected) << "input " << input.substr(0, 20) << ", chunks of " << chunk;
  }
  EXPECT_EQ(fed_in_chunks(obfuscate(every_byte, 0x5c), 3), every_byte);
  EXPECT_NE(fed_in_chunks("!VCSK2a48g4", 1).find("offset 9"), std::string::npos);
}

// A log the size of TLD's largest savedGame must decode in a few milliseconds (a lookup table, no
// per-character allocation). The bound is generous so slow or instrumented builds still pass.
TEST(Obfuscation, LargeEntryDecodesQuickly) {
  const std::string plain(1'400'000, 'x');
  const std::string wrapped = obfuscate(plain, 0x27);
  const auto start = std::chrono::steady_clock::now();
  const std::string decoded = deobfuscate(wrapped);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(decoded, plain);
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(), 250);
}

}  // namespace
}  // namespace adjutant::vmod
