// PieceSlots and SetupStacks as scripts see them: the module's definitions plus the Python Module
// holding them, whose prototypes give a slot's piece its name and properties. Shared by the
// module and geometry bindings.
#pragma once

#include <vector>

#include "bindings.h"
#include "vmod/module.h"

namespace adjutant::bindings {

struct SlotView {
  const vmod::PieceSlotSpec* spec = nullptr;
  py::object module;  // the Python Module that `spec` points into
};

struct SetupStackView {
  const vmod::SetupStackSpec* spec = nullptr;
  const vmod::MapSpec* map = nullptr;
  py::object module;
};

// The at-start stacks of one map of a Python Module object.
std::vector<SetupStackView> setup_stack_views(const py::object& module, const vmod::MapSpec& map);
// The Python Module a Python Module or Game object stands for (a game's: the one it was opened with).
py::object module_object(const py::object& module_or_game);

}  // namespace adjutant::bindings
