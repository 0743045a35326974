// Texts about another program's benchmark: their tables hold that program's
// figures, though shaped like openssl's (an algorithm down, sizes across).
// And a text's statement that another program produced some columns of a
// table ("`client/sigbench.c`: ML-DSA and ECDSA sign/verify through the EVP
// API"): those columns are no openssl figures.
#include <array>
#include <cctype>
#include <set>
#include <string_view>

#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

bool names_other_benchmark(std::string_view text) {
    // Each a command or library that prints its own cipher and digest
    // benchmarks (the corpus's negatives hold their outputs). No fork of
    // openssl: a text naming one is about openssl (read_hand_tables).
    static constexpr std::array<std::string_view, 15> kOthers = {
        "go test",     "cargo bench", "bssl speed", "wolfcrypt",        "wolfssl",
        "mbedtls",     "mbed tls",    "cryptsetup", "hashcat",          "libsodium",
        "botan speed", "crypto++",    "cryptopp",   "nettle-benchmark", "gnutls-cli --benchmark"};
    for (std::string_view other : kOthers)
        if (mentions(text, other)) return true;
    return false;
}

namespace {

// "sign/s", "verify/s", "keygen/s", "encaps/s", "decaps/s": a rate column's
// operation; nullopt for any other header ("signature", a size in bytes).
std::optional<Operation> rate_operation(std::string_view h) {
    if (h.size() < 5 || h.find("/s") == std::string_view::npos) return std::nullopt;
    std::string l = lower_ascii(h);
    if (l.starts_with("sign")) return Operation::sign;
    if (l.starts_with("verif")) return Operation::verify;
    if (l.starts_with("keygen")) return Operation::keygen;
    if (l.starts_with("encap")) return Operation::encaps;
    if (l.starts_with("decap")) return Operation::decaps;
    return std::nullopt;
}

// Whether a word is a program's own source file ("client/sigbench.c", "bench.rs").
bool source_file(std::string_view w) {
    for (std::string_view ext : {".c", ".cc", ".cpp", ".rs", ".go", ".py"})
        if (w.size() > ext.size() + 1 && w.ends_with(ext)) return true;
    return false;
}

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' ||
           c == '-';
}

// Whether a word of `t` (as stated_operations splits it) is a source file:
// from each '.' to its word's end, no word copied (prose has many dots).
bool names_source_file(std::string_view t) {
    for (size_t dot = t.find('.'); dot != std::string_view::npos; dot = t.find('.', dot + 1)) {
        size_t end = dot + 1, start = dot;
        while (end < t.size() && word_char(t[end])) ++end;
        if (end - dot > 4) continue;  // longer than ".cpp"
        while (start > 0 && word_char(t[start - 1])) --start;
        std::string tail = lower_ascii(t.substr(start, end - start));
        if (source_file(tail)) return true;
    }
    return false;
}

// The operations line `t` says a program of its own or an API call timed:
// empty unless it names one ("sigbench.c", "EVP API", "EVP_PKEY", "liboqs").
std::set<Operation> stated_operations(std::string_view t) {
    std::set<Operation> ops;
    if (t.find('.') == std::string_view::npos && !mentions(t, "evp") && !mentions(t, "liboqs"))
        return ops;  // the byte test: no file name, no API
    bool program = mentions(t, "evp api") || mentions(t, "evp_pkey") || mentions(t, "liboqs");
    // Most lines near a table name neither: their words are not read.
    if (!program && !names_source_file(t)) return ops;
    std::string word;
    auto end_word = [&] {
        std::string w = lower_ascii(word);
        word.clear();
        program = program || source_file(w);
        for (size_t at = 0; at <= w.size();) {  // "sign/verify": each part its word
            size_t stop = w.find_first_of("/.", at);
            std::string_view part(w.data() + at,
                                  (stop == std::string::npos ? w.size() : stop) - at);
            if (part == "sign" || part == "signing") ops.insert(Operation::sign);
            if (part == "verify" || part == "verification") ops.insert(Operation::verify);
            if (part == "keygen") ops.insert(Operation::keygen);
            if (part == "encaps") ops.insert(Operation::encaps);
            if (part == "decaps") ops.insert(Operation::decaps);
            if (stop == std::string::npos) break;
            at = stop + 1;
        }
    };
    for (char c : t) {
        if (word_char(c))
            word += c;
        else if (!word.empty())
            end_word();
    }
    if (!word.empty()) end_word();
    if (!program) ops.clear();
    return ops;
}

}  // namespace

std::optional<Grid> without_other_program_columns(const Grid& t,
                                                  const std::vector<CleanLine>& lines) {
    std::vector<std::pair<size_t, Operation>> columns;
    for (size_t k = 1; k < t.row(0).size(); ++k)
        if (auto op = rate_operation(t.text(0, k))) columns.emplace_back(k, *op);
    if (columns.empty()) return std::nullopt;
    std::set<Operation> others;
    const size_t from = t.first > 20 ? t.first - 20 : 0;
    for (size_t i = from; i < lines.size() && i < t.end + 40; ++i)
        if (i < t.first || i >= t.end)
            for (Operation op : stated_operations(lines[i].text())) others.insert(op);
    std::vector<bool> drop(t.row(0).size());
    bool any = false;
    for (auto [k, op] : columns) any = (drop[k] = others.count(op) > 0) || any;
    if (!any) return std::nullopt;
    Rows rows;
    for (const auto& row : t.rows()) {
        std::vector<std::string> kept;
        for (size_t k = 0; k < row.size(); ++k)
            if (k >= drop.size() || !drop[k]) kept.push_back(row[k]);
        rows.push_back(std::move(kept));
    }
    return Grid(t.first, t.end, std::move(rows), t.row_lines());
}

}  // namespace speedlab::parse
