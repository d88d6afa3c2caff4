// Search workspaces lent per thread: a search borrows one for its run and gives it back, so its
// arrays are allocated once per thread rather than once per search. A zone model written in Python
// may start another search while one is running, hence a pool rather than a single workspace.
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace adjutant::core {

template <class Workspace>
class Lease {
 public:
  Lease() {
    auto& free = pool();
    if (free.empty()) {
      work_ = std::make_unique<Workspace>();
    } else {
      work_ = std::move(free.back());
      free.pop_back();
    }
  }
  ~Lease() { pool().push_back(std::move(work_)); }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Workspace& operator*() { return *work_; }

 private:
  static std::vector<std::unique_ptr<Workspace>>& pool() {
    thread_local std::vector<std::unique_ptr<Workspace>> free;
    return free;
  }
  std::unique_ptr<Workspace> work_;
};

}  // namespace adjutant::core
