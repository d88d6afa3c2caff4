// Where the shared corpus and spec live for tests: ../shared beside the checkout, or the paths
// in ADJUTANT_CORPUS / ADJUTANT_SPEC. Tests that need them skip, saying where they looked, except
// where ADJUTANT_REQUIRE_SHARED is set (CI, which always has ../shared): there they fail.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::testing {

inline std::filesystem::path shared_path(const char* env_name, const char* below_shared) {
  if (const char* env = std::getenv(env_name); env && *env) return env;
  return std::filesystem::path(ADJUTANT_SOURCE_DIR) / ".." / "shared" / below_shared;
}

inline bool shared_required() {
  const char* v = std::getenv("ADJUTANT_REQUIRE_SHARED");
  return v != nullptr && *v != '\0' && std::string_view(v) != "0";
}

inline std::filesystem::path corpus_dir() { return shared_path("ADJUTANT_CORPUS", "corpus"); }
inline std::filesystem::path spec_dir() { return shared_path("ADJUTANT_SPEC", "spec"); }

// Every regular file below the corpus whose name ends with one of `suffixes`, sorted.
inline std::vector<std::filesystem::path> corpus_files(const std::vector<std::string>& suffixes) {
  std::vector<std::filesystem::path> found;
  if (!std::filesystem::is_directory(corpus_dir())) return found;
  for (const auto& e : std::filesystem::recursive_directory_iterator(corpus_dir())) {
    if (!e.is_regular_file()) continue;
    const std::string name = e.path().filename().string();
    for (const auto& s : suffixes) {
      if (name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
        found.push_back(e.path());
        break;
      }
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace adjutant::testing

// Shared data the current test needs is missing: it skips with the reason (`why` is streamed), or
// fails where the data is required.
#define ADJUTANT_SHARED_MISSING(why)                                                              \
  do {                                                                                             \
    if (::adjutant::testing::shared_required()) {                                                  \
      FAIL() << why << " (ADJUTANT_REQUIRE_SHARED is set: the shared data must be there)";         \
    } else {                                                                                       \
      GTEST_SKIP() << why;                                                                         \
    }                                                                                              \
  } while (0)

#define ADJUTANT_REQUIRE_CORPUS()                                                                 \
  do {                                                                                             \
    if (!std::filesystem::is_directory(::adjutant::testing::corpus_dir()))                         \
      ADJUTANT_SHARED_MISSING("corpus not found at " << ::adjutant::testing::corpus_dir()          \
                              << " (set ADJUTANT_CORPUS to its path)");                            \
  } while (0)
