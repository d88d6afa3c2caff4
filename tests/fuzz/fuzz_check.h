// What every fuzz target shares: the input as text, and a property check that fails the run.
// A documented refusal (FormatError and its kinds) is a correct answer to hostile input; anything
// else that escapes a target (another exception, a sanitizer report, a failed check) is a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace adjutant::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Prints the property that failed and aborts, which libFuzzer reports as a crash with its input.
[[noreturn]] inline void property_failed(const char* property, const char* file, int line, const std::string& detail) {
  std::fprintf(stderr, "%s:%d: property failed: %s\n%s\n", file, line, property, detail.c_str());
  std::abort();
}

}  // namespace adjutant::fuzz

#define FUZZ_CHECK(condition, detail)                                                   \
  do {                                                                                  \
    if (!(condition)) ::adjutant::fuzz::property_failed(#condition, __FILE__, __LINE__, (detail)); \
  } while (0)
