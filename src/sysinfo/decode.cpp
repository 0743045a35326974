#include "sysinfo/decode.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "sysinfo/fields.h"
#include "sysinfo/pci_ids.h"

namespace speedlab::sysinfo {

using detail::number;
using detail::split_words;

namespace {

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

std::string squash_spaces(std::string_view s) {
    std::string out;
    bool space = false;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

// Keys of /proc/cpuinfo across kernel eras, longest first where one is a
// prefix of another ("model name" before "model", "fpu_exception" before "fpu").
constexpr std::array<std::string_view, 33> kCpuinfoKeys{"processor",
                                                        "vendor_id",
                                                        "cpu family",
                                                        "model name",
                                                        "model",
                                                        "stepping",
                                                        "cpu MHz",
                                                        "cache size",
                                                        "fdiv_bug",
                                                        "hlt_bug",
                                                        "sep_bug",
                                                        "f00f_bug",
                                                        "coma_bug",
                                                        "fpu_exception",
                                                        "fpu",
                                                        "cpuid level",
                                                        "wp",
                                                        "flags",
                                                        "bogomips",
                                                        "clflush size",
                                                        "microcode",
                                                        "physical id",
                                                        "siblings",
                                                        "core id",
                                                        "cpu cores",
                                                        "apicid",
                                                        "initial apicid",
                                                        "bugs",
                                                        "address sizes",
                                                        "power management",
                                                        "cache_alignment",
                                                        "TLB size",
                                                        "BogoMIPS"};

bool is_word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Finds "key :" occurrences in order; the value runs up to the next key.
std::vector<std::pair<std::string, std::string>> cpuinfo_fields(std::string_view text) {
    std::vector<std::pair<size_t, std::pair<std::string_view, size_t>>>
        hits;  // pos, key, value start
    for (size_t i = 0; i < text.size(); ++i) {
        if (i > 0 && is_word_char(text[i - 1])) continue;
        for (auto key : kCpuinfoKeys) {
            // The first byte first: a flags line is a hundred words, none a key.
            if (text[i] != key.front() || text.compare(i, key.size(), key) != 0) continue;
            size_t j = i + key.size();
            while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
            if (j < text.size() && text[j] == ':') {
                hits.push_back({i, {key, j + 1}});
                i = j;
                break;
            }
        }
    }
    std::vector<std::pair<std::string, std::string>> out;
    for (size_t h = 0; h < hits.size(); ++h) {
        size_t end = h + 1 < hits.size() ? hits[h + 1].first : text.size();
        size_t start = hits[h].second.second;
        out.emplace_back(std::string(hits[h].second.first),
                         squash_spaces(text.substr(start, end - start)));
    }
    return out;
}

}  // namespace

bool decode_cpuinfo(std::string_view text, Machine& mc) {
    bool found = false;
    int processors = 0;
    for (const auto& [key, value] : cpuinfo_fields(text)) {
        if (key == "processor") {
            ++processors;
            if (processors > 1) continue;
        }
        if (processors > 1) continue;  // facts of the first CPU; the count covers the rest
        if (key == "vendor_id")
            mc.cpu_vendor = value, found = true;
        else if (key == "cpu family")
            mc.cpu_family = number<int>(value), found = true;
        else if (key == "model")
            mc.cpu_model = number<int>(value);
        else if (key == "model name")
            mc.cpu_name = value, found = true;
        else if (key == "stepping")
            mc.cpu_stepping = number<int>(value);
        else if (key == "cpu MHz")
            mc.cpu_mhz = number<double>(value);
        else if (key == "cache size")
            mc.cpu_cache = value;
        else if (key == "flags")
            mc.cpu_flags = split_words(value);
        else if (key == "bogomips" || key == "BogoMIPS")
            mc.bogomips = number<double>(value);
        else if (key.size() > 4 && key.substr(key.size() - 4) == "_bug" && value == "yes")
            mc.cpu_bugs.push_back(key);
        else if (key == "bugs")
            for (auto& b : split_words(value)) mc.cpu_bugs.push_back(b);
    }
    if (processors > 0) mc.cpu_count = processors;
    if (mc.cpu_family && mc.cpu_model)
        mc.cpu_core = cpu_core_name(mc.cpu_vendor, *mc.cpu_family, *mc.cpu_model);
    return found;
}

bool decode_meminfo(std::string_view text, Machine& mc) {
    auto pos = text.find("MemTotal:");
    if (pos != std::string_view::npos) {
        auto rest = text.substr(pos + 9);
        if (auto kb = number<long long>(rest.substr(0, rest.find("kB")))) {
            mc.memory_kb = kb;
            return true;
        }
    }
    // 2.0/2.2 layout: "Mem:  71876608 58888192 ..." in bytes.
    pos = text.find("Mem:");
    if (pos != std::string_view::npos) {
        auto words = split_words(text.substr(pos + 4, 40));
        if (!words.empty())
            if (auto bytes = number<long long>(words[0])) {
                mc.memory_kb = *bytes / 1024;
                return true;
            }
    }
    return false;
}

namespace {
// The number that follows MARK in the line, then the unit letter "k" or " kB".
std::optional<long long> kilobytes_after(std::string_view line, std::string_view mark) {
    auto p = line.find(mark);
    if (p == std::string_view::npos) return std::nullopt;
    auto rest = line.substr(p + mark.size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    long long kb = 0;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), kb);
    if (ec != std::errc{} || kb <= 0) return std::nullopt;
    std::string_view unit = rest.substr(static_cast<size_t>(end - rest.data()));
    if (unit.substr(0, 1) != "k" && unit.substr(0, 3) != " kB") return std::nullopt;
    return kb;
}
}  // namespace

std::optional<long long> decode_swap_line(std::string_view line) {
    if (auto kb = kilobytes_after(line, "SwapTotal:")) return kb;
    return kilobytes_after(line, "Adding Swap:");
}

std::optional<long long> decode_kernel_memory_line(std::string_view line) {
    auto p = line.find("Memory: ");
    if (p == std::string_view::npos) return std::nullopt;
    auto slash = line.find('/', p);
    if (slash == std::string_view::npos || slash > p + 24 ||
        line.find(" available", slash) == std::string_view::npos)
        return std::nullopt;
    return kilobytes_after(line.substr(slash), "/");
}

bool decode_uname(std::string_view line, Machine& mc) {
    auto words = split_words(line);
    auto it = std::find_if(words.begin(), words.end(), [](const std::string& w) {
        return w == "Linux" || w == "FreeBSD" || w == "OpenBSD" || w == "NetBSD" || w == "Darwin";
    });
    if (it == words.end() || words.end() - it < 3) return false;
    mc.uname = squash_spaces(line.substr(line.find(*it)));
    mc.hostname = *(it + 1);
    mc.kernel_release = *(it + 2);
    // The machine field: the word that looks like an architecture, near the end.
    for (auto w = words.rbegin(); w != std::make_reverse_iterator(it + 3); ++w) {
        static constexpr std::array<std::string_view, 9> archs{
            "i386", "i486", "i586", "i686", "x86_64", "aarch64", "armv7l", "ppc", "sparc64"};
        if (std::find(archs.begin(), archs.end(), *w) != archs.end()) {
            mc.architecture = *w;
            break;
        }
    }
    return true;
}

std::optional<double> decode_bogomips_line(std::string_view line) {
    auto pos = line.find("Calibrating delay loop");
    if (pos == std::string_view::npos) return std::nullopt;
    auto end = line.find("BogoMIPS", pos);
    if (end == std::string_view::npos) return std::nullopt;
    auto words = split_words(line.substr(pos, end - pos));
    if (words.empty()) return std::nullopt;
    return number<double>(words.back());
}

std::vector<PciDevice> decode_pci_devices(std::string_view text) {
    // Each record: 4-hex bus/devfn, 8-hex vendor+device, hex IRQ, then 7 base
    // addresses (2.2) or 7 addresses and 7 sizes (2.4+), all hex.
    auto words = split_words(text);
    auto is_hex = [](const std::string& w, size_t len) {
        return w.size() == len && std::all_of(w.begin(), w.end(), [](char c) {
                   return std::isxdigit(static_cast<unsigned char>(c));
               });
    };
    std::vector<PciDevice> out;
    for (size_t i = 0; i + 2 < words.size();) {
        if (!(is_hex(words[i], 4) && is_hex(words[i + 1], 8) && words[i + 2].size() <= 2 &&
              is_hex(words[i + 2], words[i + 2].size()))) {
            ++i;
            continue;
        }
        PciDevice d;
        unsigned devfn = static_cast<unsigned>(std::stoul(words[i], nullptr, 16));
        unsigned bus = devfn >> 8, dev = (devfn & 0xff) >> 3, fn = devfn & 7;
        char slot[16];
        std::snprintf(slot, sizeof slot, "%02x:%02x.%x", bus, dev, fn);
        d.slot = slot;
        unsigned long ids = std::stoul(words[i + 1], nullptr, 16);
        d.vendor_id = static_cast<unsigned>(ids >> 16);
        d.device_id = static_cast<unsigned>(ids & 0xffff);
        int irq = std::stoi(words[i + 2], nullptr, 16);
        if (irq) d.irq = irq;
        size_t j = i + 3;
        for (; j < words.size() && is_hex(words[j], 8) && j < i + 3 + 14; ++j) {
            if (j < i + 3 + 7) {
                unsigned long long bar = std::stoull(words[j], nullptr, 16);
                if (bar) d.bars.push_back(bar);
            }
        }
        out.push_back(std::move(d));
        i = j;
    }
    return out;
}

std::vector<PciDevice> decode_lspci(std::string_view text) {
    // Slots like "00:07.1" start each record; the record runs to the next slot.
    std::vector<size_t> starts;
    auto is_slot_at = [&](size_t i) {
        if (i + 7 > text.size()) return false;
        auto hx = [&](size_t k) { return std::isxdigit(static_cast<unsigned char>(text[k])) != 0; };
        return hx(i) && hx(i + 1) && text[i + 2] == ':' && hx(i + 3) && hx(i + 4) &&
               text[i + 5] == '.' && std::isdigit(static_cast<unsigned char>(text[i + 6])) &&
               (i == 0 || std::isspace(static_cast<unsigned char>(text[i - 1]))) &&
               (i + 7 == text.size() || text[i + 7] == ' ');
    };
    for (size_t i = 0; i < text.size(); ++i)
        if (is_slot_at(i)) starts.push_back(i);
    std::vector<PciDevice> out;
    for (size_t k = 0; k < starts.size(); ++k) {
        size_t end = k + 1 < starts.size() ? starts[k + 1] : text.size();
        std::string record = squash_spaces(text.substr(starts[k], end - starts[k]));
        auto colon = record.find(": ", 7);
        if (colon == std::string::npos) continue;
        PciDevice d;
        d.slot = record.substr(0, 7);
        d.class_name = trim(record.substr(8, colon - 8));
        d.device_name = trim(record.substr(colon + 2));
        out.push_back(std::move(d));
    }
    return out;
}

std::string cpu_core_name(std::string_view vendor, int family, int model) {
    struct Core {
        std::string_view vendor;
        int family, model;
        std::string_view name;
    };
    static constexpr std::array<Core, 28> cores{{
        {"GenuineIntel", 4, 0, "i486DX"},
        {"GenuineIntel", 4, 1, "i486DX"},
        {"GenuineIntel", 4, 2, "i486SX"},
        {"GenuineIntel", 4, 3, "i486DX2"},
        {"GenuineIntel", 4, 8, "i486DX4"},
        {"GenuineIntel", 5, 1, "P5 Pentium"},
        {"GenuineIntel", 5, 2, "P54C Pentium"},
        {"GenuineIntel", 5, 4, "P55C Pentium MMX"},
        {"GenuineIntel", 5, 7, "P54CS Pentium"},
        {"GenuineIntel", 5, 8, "Tillamook Pentium MMX"},
        {"GenuineIntel", 6, 1, "Pentium Pro"},
        {"GenuineIntel", 6, 3, "Klamath Pentium II"},
        {"GenuineIntel", 6, 5, "Deschutes Pentium II"},
        {"GenuineIntel", 6, 6, "Mendocino Celeron"},
        {"GenuineIntel", 6, 7, "Katmai Pentium III"},
        {"GenuineIntel", 6, 8, "Coppermine Pentium III"},
        {"GenuineIntel", 6, 11, "Tualatin Pentium III"},
        {"GenuineIntel", 6, 9, "Banias Pentium M"},
        {"GenuineIntel", 6, 13, "Dothan Pentium M"},
        {"GenuineIntel", 15, 2, "Northwood Pentium 4"},
        {"AuthenticAMD", 5, 0, "K5 SSA/5"},
        {"AuthenticAMD", 5, 6, "K6"},
        {"AuthenticAMD", 5, 8, "K6-2"},
        {"AuthenticAMD", 5, 9, "K6-III"},
        {"AuthenticAMD", 6, 1, "K7 Argon Athlon"},
        {"AuthenticAMD", 6, 2, "K75 Pluto Athlon"},
        {"AuthenticAMD", 6, 4, "Thunderbird Athlon"},
        {"AuthenticAMD", 6, 6, "Palomino Athlon"},
    }};
    for (const auto& c : cores)
        if (c.vendor == vendor && c.family == family && c.model == model)
            return std::string(c.name);
    return {};
}

std::string pci_class_name(unsigned class_code, const std::string& path) {
    auto names = pci_names(path, {pci_key(PciKind::device_class, class_code & 0xffff),
                                  pci_key(PciKind::device_class, (class_code & 0xff00) | 0xff)});
    return names[0].empty() ? names[1] : names[0];
}

std::vector<PciDevice> decode_proc_pci(std::string_view text) {
    std::vector<PciDevice> out;
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) {
        std::string t = trim(line);
        unsigned bus = 0, dev = 0, fn = 0;
        if (std::sscanf(t.c_str(), "Bus %u, device %u, function %u:", &bus, &dev, &fn) == 3) {
            PciDevice d;
            char slot[16];
            std::snprintf(slot, sizeof slot, "%02x:%02x.%x", bus, dev, fn);
            d.slot = slot;
            out.push_back(std::move(d));
            continue;
        }
        if (out.empty()) continue;
        PciDevice& d = out.back();
        int irq = 0;
        if (std::sscanf(t.c_str(), "IRQ %d.", &irq) == 1) {
            d.irq = irq;
        } else if (d.class_name.empty()) {
            auto colon = t.find(": ");
            if (colon == std::string::npos) continue;
            d.class_name = t.substr(0, colon);
            std::string name = t.substr(colon + 2);
            if (auto rev = name.rfind(" (rev"); rev != std::string::npos) name.erase(rev);
            if (!name.empty() && name.back() == '.') name.pop_back();
            d.device_name = name;
        }
    }
    return out;
}

bool decode_dmesg_line(std::string_view line, Machine& mc) {
    // Devices only emulators and hypervisors present, as their dmesg names them.
    static constexpr std::array<std::array<std::string_view, 3>, 9> marks{{
        {"PCemHD", "PCem", "emulated"},
        {"PCemCD", "PCem", "emulated"},
        {"86BoxHD", "86Box", "emulated"},
        {"86BoxCD", "86Box", "emulated"},
        {"BOCHS", "Bochs", "emulated"},
        {"QEMU HARDDISK", "QEMU", "emulated"},
        {"QEMU DVD-ROM", "QEMU", "emulated"},
        {"VBOX HARDDISK", "VirtualBox", "virtual"},
        {"VMware Virtual", "VMware", "virtual"},
    }};
    bool said = false;
    for (const auto& [mark, name, kind] : marks) {
        if (line.find(mark) == std::string_view::npos) continue;
        mc.kind = kind == "emulated" ? MachineKind::emulated : MachineKind::virtual_machine;
        mc.emulator = std::string(name);
        std::string ev =
            "the text names a device of " + std::string(name) + ": " + std::string(mark);
        if (std::find(mc.evidence.begin(), mc.evidence.end(), ev) == mc.evidence.end())
            mc.evidence.push_back(ev);
        said = true;
    }
    if (said) return true;
    // A view, not a copy: this runs on every line of an imported text.
    std::string_view t = line;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    if (auto p = t.find("Linux version "); p != std::string_view::npos) {
        auto words = split_words(t.substr(p + 14));
        if (!words.empty() && std::isdigit(static_cast<unsigned char>(words[0][0]))) {
            if (mc.kernel_release.empty()) mc.kernel_release = words[0];
            // A release file, where the text has one, says it better.
            if (auto d = distribution_of_kernel_compiler(t); d && mc.distribution.empty())
                mc.distribution = std::move(*d);
            return true;
        }
    }
    double mhz = 0;
    if (t.find("Detected ") != std::string_view::npos) {  // sscanf only where it can match
        std::string z(t);
        if (std::sscanf(z.c_str(), "Detected %lf MHz processor", &mhz) == 1 ||
            std::sscanf(z.c_str(), "tsc: Detected %lf MHz processor", &mhz) == 1) {
            if (!mc.cpu_mhz) mc.cpu_mhz = mhz;
            return true;
        }
    }
    if (t.find("F0 0F bug") != std::string_view::npos) {
        if (std::find(mc.cpu_bugs.begin(), mc.cpu_bugs.end(), "f00f_bug") == mc.cpu_bugs.end())
            mc.cpu_bugs.push_back("f00f_bug");
        return true;
    }
    if (t.rfind("Hypervisor detected: ", 0) == 0) {
        if (mc.kind == MachineKind::unknown || mc.kind == MachineKind::physical)
            mc.kind = MachineKind::virtual_machine;
        mc.evidence.push_back("dmesg: " + std::string(t));
        return true;
    }
    if (t.rfind("CPU: ", 0) == 0 && t.find(" stepping ") != std::string_view::npos &&
        t.find("caps") == std::string_view::npos) {
        if (mc.cpu_name.empty()) mc.cpu_name = std::string(t.substr(5, t.find(" stepping ") - 5));
        return true;
    }
    return false;
}

namespace {
// "Intel Corp. 82371FB PIIX": an old kernel's name starts with the vendor's
// short name, a word or two ending in "Corp.", "Inc." or "Ltd.".
std::string without_vendor_prefix(const std::string& name) {
    for (std::string_view end : {"Corp. ", "Inc. ", "Ltd. ", "Co. "}) {
        auto p = name.find(end);
        if (p != std::string::npos && p < 30) return name.substr(p + end.size());
    }
    return name;
}
}  // namespace

void name_pci_devices(std::vector<PciDevice>& devices, const std::string& path) {
    std::vector<uint64_t> keys;  // each named device's vendor, then its device
    for (const auto& d : devices) {
        if (d.vendor_id == 0 && d.device_id == 0) continue;
        keys.push_back(pci_key(PciKind::vendor, d.vendor_id));
        keys.push_back(pci_key(PciKind::device, d.vendor_id << 16 | d.device_id));
    }
    if (keys.empty()) return;
    auto names = pci_names(path, keys);
    size_t k = 0;
    for (auto& d : devices) {
        if (d.vendor_id == 0 && d.device_id == 0) continue;
        const std::string &vendor = names[k], &device = names[k + 1];
        k += 2;
        // pci.ids wins over what an old kernel printed ("Intel Corp. 430FX ..."),
        // which would otherwise repeat the vendor.
        if (!vendor.empty()) d.vendor_name = vendor;
        if (!device.empty())
            d.device_name = device;
        else if (!vendor.empty())
            d.device_name = without_vendor_prefix(d.device_name);
    }
}

}  // namespace speedlab::sysinfo
