// The savedGame command tree (vmod/command.h): any text decodes or is refused with a CommandError,
// and, as command.h promises, a decoded tree encodes back to the same text, byte for byte.
#include <string>

#include "fuzz_check.h"
#include "vmod/command.h"
#include "vmod/format_error.h"

using namespace adjutant::vmod;

namespace {

size_t count_records(const Command& command) {
  size_t n = 1;
  (void)record_name(command.record);
  if (const auto* log = std::get_if<LogEntry>(&command.record)) n += count_records(*log->command);
  for (const Command& child : command.children) n += count_records(child);
  return n;
}

// The first byte where two texts part, for the report.
std::string parting(const std::string& expected, const std::string& got) {
  size_t i = 0;
  while (i < expected.size() && i < got.size() && expected[i] == got[i]) ++i;
  return "input " + std::to_string(expected.size()) + " bytes, encoded " + std::to_string(got.size()) +
         " bytes, first difference at byte " + std::to_string(i);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(adjutant::fuzz::as_text(data, size));
  CommandTree tree;
  try {
    tree = CommandTree::decode(text);
  } catch (const CommandError&) {
    return 0;  // refused, as documented
  }
  FUZZ_CHECK(count_records(tree.root) >= 1, "an empty tree");
  const std::string encoded = tree.encode();
  FUZZ_CHECK(encoded == text, parting(text, encoded));
  return 0;
}
