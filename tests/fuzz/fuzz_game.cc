// A game applied from a savedGame text (vmod/game.h): any text loads or is refused with a
// FormatError; a loaded game gives its text back as its log, whole (a container of pieces is
// unescaped within the text while it is read, and must be put back byte for byte); going to the
// start of a log and back to its end gives the same position and the same save.
#include <string>

#include "fuzz_check.h"
#include "game_position.h"
#include "vmod/format_error.h"
#include "vmod/game.h"

using namespace adjutant::vmod;

using adjutant::testing::position_text;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(adjutant::fuzz::as_text(data, size));
  try {
    Game game = Game::from_text(text, "fuzz.vlog");
    FUZZ_CHECK(game.log_text() == text, "the log's text is not the text read");
    if (!game.is_log()) return 0;
    const std::string at_end = position_text(game);
    const std::string saved = game.save_text();
    game.seek(0);
    game.seek(game.step_count());
    FUZZ_CHECK(position_text(game) == at_end, "back at the end, the position differs");
    FUZZ_CHECK(game.save_text() == saved, "back at the end, the save differs");
    game.step_back();
    FUZZ_CHECK(game.log_text() == text, "after a step back, the log's text is not the text read");
  } catch (const FormatError&) {
    return 0;  // refused, as documented
  }
  return 0;
}
