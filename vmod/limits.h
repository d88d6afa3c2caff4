// The caps that keep hostile or broken files from hanging Adjutant or exhausting its memory. Each
// is far beyond what VASSAL writes; docs/formats.md ("Limits") gives the reason for each number.
#pragma once

#include <cstddef>
#include <cstdint>

namespace adjutant::vmod::limits {

// Commands nested inside commands (ESC levels and LOG steps) in a savedGame text.
inline constexpr size_t kMaxCommandDepth = 200;
// One command record (a chat line, a piece's AddPiece, a module's own record), in bytes.
inline constexpr size_t kMaxRecordBytes = size_t{16} << 20;
// Pieces and stacks added in one game.
inline constexpr size_t kMaxPieces = 500000;
// Traits in one piece, as written and after its prototypes are expanded.
inline constexpr size_t kMaxTraits = 2000;
// Prototypes used inside prototypes, one within the next.
inline constexpr size_t kMaxPrototypeNesting = 100;

// Archives: one entry and all entries together (uncompressed, as declared and as read), entries,
// and the compression ratio of a zip bomb (for entries, and for the whole archive, over 1 MiB).
inline constexpr uint64_t kMaxEntryBytes = uint64_t{256} << 20;
inline constexpr uint64_t kMaxTotalBytes = uint64_t{2048} << 20;
inline constexpr uint64_t kMaxEntries = 200000;
inline constexpr double kMaxCompressionRatio = 500.0;

// Pixels of one board image decoded for drawing or palette sampling (3 bytes each in memory).
inline constexpr uint64_t kMaxImagePixels = 120'000'000;

// A companion file (TOML), in bytes. Board sizes, hex counts and elevations have their own bounds
// (core/hexes/terrain.h).
inline constexpr uint64_t kMaxCompanionBytes = uint64_t{16} << 20;

}  // namespace adjutant::vmod::limits
