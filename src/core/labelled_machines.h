#pragma once
// Machines given a label, each machine and label made once: the runs of a text
// share their machine, and labelling them one by one would copy it for each.
#include <map>
#include <string>
#include <utility>

#include "core/machine.h"
#include "core/shared.h"

namespace speedlab {

class LabelledMachines {
  public:
    Shared<Machine> get(const Shared<Machine>& machine, std::string label) {
        auto [it, fresh] = made_.try_emplace({&*machine, label}, machine, machine);
        if (fresh) it->second.second.edit().label = std::move(label);
        return it->second.second;
    }

  private:
    // Keyed by the machine's address, which it keeps (held here) from naming another.
    std::map<std::pair<const Machine*, std::string>, std::pair<Shared<Machine>, Shared<Machine>>>
        made_;
};

}  // namespace speedlab
