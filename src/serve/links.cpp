#include "serve/links.h"

#include <cctype>

#include "serve/url.h"
#include "store/content_key.h"

namespace speedlab::serve {

Links Links::live() {
    Links l;
    l.root_ = "/";
    return l;
}

Links Links::published(int depth) {
    Links l;
    l.published_ = true;
    for (int i = 0; i < depth; ++i) l.root_ += "../";
    return l;
}

std::string Links::runs(const Params& view, int64_t page) const {
    if (published_)
        return root_ + (page <= 1 ? "index.html" : "runs-" + std::to_string(page) + ".html");
    Params q = view;
    if (page > 1) q.emplace_back("page", std::to_string(page));
    return root_ + query_string(q);
}

std::string Links::run(int64_t id) const {
    return root_ + "run/" + std::to_string(id) + (published_ ? ".html" : "");
}

std::string Links::reference() const {
    return root_ + (published_ ? "reference.html" : "reference");
}

std::string Links::machines() const {
    return root_ + (published_ ? "machines.html" : "machines");
}

std::string Links::machine(const std::string& name) const {
    if (published_) return root_ + "machine/" + machine_file(name);
    return root_ + "machine/" + url_encode(name);
}

std::string Links::compare(const std::vector<int64_t>& ids, int64_t base) const {
    if (published_) return {};
    std::string runs;
    for (auto id : ids) runs += (runs.empty() ? "" : ",") + std::to_string(id);
    return root_ + "compare" + query_string({{"runs", runs}, {"base", std::to_string(base)}});
}

std::string Links::favicon() const {
    return root_ + "favicon.ico";
}

namespace {
// 16 hex digits of the name's sha256: two long names sharing a prefix differ here.
std::string short_hash(const std::string& name) {
    return store::sha256_hex(name).substr(0, 16);
}
}  // namespace

std::string machine_file(const std::string& name) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    size_t cut = 0;  // the longest whole prefix within kMachineFilePrefix
    for (char c : name) {
        auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '.' || c == '-') {
            out += c;
        } else {
            out += '_';
            out += kHex[u >> 4];
            out += kHex[u & 15];
        }
        if (out.size() <= kMachineFilePrefix) cut = out.size();
    }
    if (out.size() > kMachineFileWhole) out = out.substr(0, cut) + "~" + short_hash(name);
    if (out.empty() || out[0] == '.') out = "_" + out;  // never "" nor a hidden or ".." file
    return out + ".html";
}

}  // namespace speedlab::serve
