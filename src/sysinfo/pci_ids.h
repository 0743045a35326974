#pragma once
// Names from Debian's pci.ids, looked up by id. The file is 1.3 MB and a text
// names a handful of its ids: only the names asked for are kept, read in one
// pass over the file for each batch of ids not asked for before.
#include <cstdint>
#include <string>
#include <vector>

namespace speedlab::sysinfo {

// What a key names: a vendor (its id), a device (vendor << 16 | device) or a
// device class (class << 8 | subclass, and class << 8 | 0xff for the class).
enum class PciKind : uint64_t { vendor = 1, device = 2, device_class = 3 };
constexpr uint64_t pci_key(PciKind kind, unsigned id) {
    return static_cast<uint64_t>(kind) << 32 | id;
}

// The names of KEYS in the file at PATH, in their order; "" where the file
// names none (or cannot be read). Thread-safe; each key is read once per
// path and process.
std::vector<std::string> pci_names(const std::string& path, const std::vector<uint64_t>& keys);

}  // namespace speedlab::sysinfo
