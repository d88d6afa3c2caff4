// The one error type of the file layer: what went wrong and where (file, entry, position).
#pragma once

#include <stdexcept>
#include <string>

namespace adjutant::vmod {

// Where in the user's files a problem sits. Empty parts are unknown; outer layers fill them in
// as the error travels up (a codec knows the offset, the archive reader knows file and entry).
struct Place {
  std::string file;      // path as the user gave it
  std::string entry;     // archive entry, e.g. "savedGame" or "buildFile.xml"
  std::string position;  // "offset 1234", "line 12", "command 7 (AddPiece)", ...
};

class FormatError : public std::runtime_error {
 public:
  explicit FormatError(const std::string& message, Place place = {});

  const std::string& message() const { return message_; }
  const Place& place() const { return place_; }
  const char* what() const noexcept override { return text_.c_str(); }

  // Fills in the parts of the place that are still unknown; used while rethrowing.
  void locate(const std::string& file, const std::string& entry = {});
  void set_position_if_empty(const std::string& position);

 private:
  void render();

  std::string message_;
  Place place_;
  std::string text_;
};

// Subclasses say which layer refused the input; each maps to a Python exception of the same name.
class ArchiveError : public FormatError { using FormatError::FormatError; };
class ObfuscationError : public FormatError { using FormatError::FormatError; };
class CommandError : public FormatError { using FormatError::FormatError; };
class BuildFileError : public FormatError { using FormatError::FormatError; };
class PieceError : public FormatError { using FormatError::FormatError; };
class GameStateError : public FormatError { using FormatError::FormatError; };
class CompanionError : public FormatError { using FormatError::FormatError; };

}  // namespace adjutant::vmod
