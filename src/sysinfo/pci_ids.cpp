// pci.ids read for the ids asked for only: a map of the whole file (about
// 40,000 names) was 2 MB of an import's peak memory and 30M instructions.
#include "sysinfo/pci_ids.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "core/text.h"

namespace speedlab::sysinfo {

namespace {

struct Known {
    std::unordered_set<uint64_t> asked;              // looked for, found or not
    std::unordered_map<uint64_t, std::string> name;  // of those found
};

// The whole file, read at once: a line at a time through a stream cost as
// much as the rest of a short text's import.
std::string whole_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream all;
    if (in) all << in.rdbuf();
    return std::move(all).str();
}

// One pass over the file: the names of WANTED, the last line naming a key
// winning as it always did. A malformed vendor or device line names nothing;
// the devices of a vendor no key names are passed over unread.
void read_names(const std::string& path, const std::unordered_set<uint64_t>& wanted,
                std::unordered_map<uint64_t, std::string>& out) {
    std::unordered_set<unsigned> vendors;  // of the devices wanted
    for (uint64_t k : wanted)
        if (k >> 32 == static_cast<uint64_t>(PciKind::device))
            vendors.insert((k & 0xffffffff) >> 16);
    const std::string file = whole_file(path);
    unsigned vendor = 0, klass = 0;
    bool classes = false;
    auto keep = [&](PciKind kind, unsigned id, std::string_view name) {
        if (wanted.count(pci_key(kind, id))) out[pci_key(kind, id)] = trimmed(name);
    };
    for (size_t at = 0, end; at < file.size(); at = end + 1) {
        end = std::min(file.find('\n', at), file.size());
        std::string_view line(file.data() + at, end - at);
        if (line.empty() || line[0] == '#') continue;
        if (line[0] == 'C' && line.size() > 5 && line[1] == ' ') {  // device classes follow
            classes = true;
            klass = static_cast<unsigned>(
                std::strtoul(std::string(line.substr(2, 2)).c_str(), nullptr, 16));
            keep(PciKind::device_class, klass << 8 | 0xff, line.substr(4));
            continue;
        }
        if (classes) {
            if (line.size() > 4 && line[0] == '\t' && line[1] != '\t') {
                unsigned sub = static_cast<unsigned>(
                    std::strtoul(std::string(line.substr(1, 2)).c_str(), nullptr, 16));
                keep(PciKind::device_class, klass << 8 | sub, line.substr(3));
            }
            continue;
        }
        if (line[0] == '\t' && !vendors.count(vendor)) continue;
        try {
            if (line[0] != '\t' && line.size() > 6) {
                vendor =
                    static_cast<unsigned>(std::stoul(std::string(line.substr(0, 4)), nullptr, 16));
                keep(PciKind::vendor, vendor, line.substr(4));
            } else if (line.size() > 7 && line[0] == '\t' && line[1] != '\t') {
                unsigned device =
                    static_cast<unsigned>(std::stoul(std::string(line.substr(1, 4)), nullptr, 16));
                keep(PciKind::device, vendor << 16 | device, line.substr(5));
            }
        } catch (const std::exception&) {
            // a malformed line names nothing
        }
    }
}

}  // namespace

std::vector<std::string> pci_names(const std::string& path, const std::vector<uint64_t>& keys) {
    static std::mutex mutex;
    static std::map<std::string, Known> by_path;
    std::lock_guard lock(mutex);
    Known& known = by_path[path];
    std::unordered_set<uint64_t> fresh;
    for (uint64_t k : keys)
        if (!known.asked.count(k)) fresh.insert(k);
    if (!fresh.empty()) {
        read_names(path, fresh, known.name);
        known.asked.insert(fresh.begin(), fresh.end());
    }
    std::vector<std::string> out;
    out.reserve(keys.size());
    for (uint64_t k : keys) {
        auto it = known.name.find(k);
        out.push_back(it == known.name.end() ? std::string() : it->second);
    }
    return out;
}

}  // namespace speedlab::sysinfo
