// Load speed of the file layer on the largest real inputs (targets on this machine:
// the 1.2 MB-of-text TLD log into a full game state under 40 ms; the Paths of Glory buildFile
// into a module model under 40 ms). Also the corpus's largest save and largest buildFile
// (Fire on Fields 2). Reports MB/s of text and pieces/s.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "vmod/archive.h"
#include "vmod/command.h"
#include "vmod/game.h"
#include "vmod/module.h"
#include "vmod/obfuscation.h"

namespace {

namespace fs = std::filesystem;
using namespace adjutant::vmod;

fs::path corpus() {
  if (const char* env = std::getenv("ADJUTANT_CORPUS"); env && *env) return env;
  return fs::path(ADJUTANT_SOURCE_DIR) / ".." / "shared" / "corpus";
}

const fs::path kTldLog = corpus() / "uckelman+tld-mod" / "game" / "0606-1.log";
const fs::path kPogBuildFile = corpus() / "Cattlesquat+PathsOfGlory" / "buildFile.xml";
const fs::path kPogSave = corpus() / "Cattlesquat+PathsOfGlory" / "Historical10-8.vsav";
const fs::path kFof2BuildFile = corpus() / "tomo9878+FOF2" / "buildFile.xml";

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool require(benchmark::State& state, const fs::path& path) {
  if (fs::exists(path)) return true;
  state.SkipWithError(("corpus file not found: " + path.string()).c_str());
  return false;
}

void BM_DecodeTldLogCommands(benchmark::State& state) {
  if (!require(state, kTldLog)) return;
  const std::string text = deobfuscate(Archive::open(kTldLog).read_required("savedGame"));
  for (auto _ : state) benchmark::DoNotOptimize(CommandTree::decode(text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void load_game_text(benchmark::State& state, const fs::path& path) {
  if (!require(state, path)) return;
  const std::string text = deobfuscate(Archive::open(path).read_required("savedGame"));
  size_t pieces = 0;
  for (auto _ : state) {
    Game game = Game::from_text(text, path.string());
    pieces = game.pieces().size();
    benchmark::DoNotOptimize(pieces);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
  state.counters["pieces"] = static_cast<double>(pieces);
  state.counters["pieces/s"] = benchmark::Counter(static_cast<double>(pieces * state.iterations()), benchmark::Counter::kIsRate);
}

void BM_LoadTldLogIntoGameState(benchmark::State& state) { load_game_text(state, kTldLog); }
void BM_LoadPathsOfGlorySaveIntoGameState(benchmark::State& state) { load_game_text(state, kPogSave); }

void BM_OpenTldLogFromDisk(benchmark::State& state) {
  if (!require(state, kTldLog)) return;
  for (auto _ : state) benchmark::DoNotOptimize(Game::open(kTldLog.string()));
}

void parse_build_file_text(benchmark::State& state, const fs::path& path) {
  if (!require(state, path)) return;
  const std::string xml = read_file(path);
  size_t definitions = 0;
  for (auto _ : state) {
    Module module = parse_build_file(xml, path.string());
    definitions = module.piece_slots.size() + module.prototypes.size();
    for (const MapSpec& map : module.maps)
      for (const SetupStackSpec& stack : map.setup_stacks) definitions += stack.slots.size();
    benchmark::DoNotOptimize(definitions);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * xml.size()));
  state.counters["pieces"] = static_cast<double>(definitions);  // slots, prototypes, at-start pieces
  state.counters["pieces/s"] =
      benchmark::Counter(static_cast<double>(definitions * state.iterations()), benchmark::Counter::kIsRate);
}

void BM_ParsePathsOfGloryBuildFile(benchmark::State& state) { parse_build_file_text(state, kPogBuildFile); }
void BM_ParseFof2BuildFile(benchmark::State& state) { parse_build_file_text(state, kFof2BuildFile); }

BENCHMARK(BM_DecodeTldLogCommands)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadTldLogIntoGameState)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OpenTldLogFromDisk)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadPathsOfGlorySaveIntoGameState)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParsePathsOfGloryBuildFile)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseFof2BuildFile)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
