#include "parse/mr_records.h"

#include <charconv>
#include <cmath>

#include "core/algorithm.h"
#include "core/algorithm_families.h"
#include "core/algorithm_registry.h"
#include "core/curve.h"
#include "core/mr_tags.h"
#include "core/text.h"
#include "parse/cells.h"

namespace speedlab::parse {

namespace {

// "+R15:{count}:{algname}:{secs}" .. "+R20": a 3.2+ KEM (keygen, encaps,
// decaps) or signature (keygen, sign, verify) test, named as its table names it.
Progress table_result(const MrResult& r, const std::vector<std::string_view>& f) {
    Progress p;
    if (f.size() != 4 || f[2].empty()) return p;
    p.kind = Progress::Kind::figure;
    p.id = table_algorithm(r.family == "kem" ? TableKind::kem : TableKind::signature, f[2]);
    p.op = r.op;
    p.source = std::string(f[2]);
    return p;
}

}  // namespace

bool numbers_of_32(std::string_view version) {
    if (!starts_with(version, "OpenSSL ")) return false;
    int major = 0, minor = 0;
    auto [p, ec] = std::from_chars(version.data() + 8, version.data() + version.size(), major);
    if (ec != std::errc{}) return false;
    if (p < version.data() + version.size() && *p == '.')
        std::from_chars(p + 1, version.data() + version.size(), minor);
    return major > 3 || (major == 3 && minor >= 2);
}

bool MrRecords::progress(RunBuilder& b, std::string_view tag,
                         const std::vector<std::string_view>& f) {
    auto record = mr_record(tag);
    bool children = b.multi() && !child_;  // the children's own records, interleaved
    if (record == MrRecord::announce && f.size() >= 4) {
        pending_len_ = integer(f[3]).value_or(0);
        if (children) announced_.push_back(pending_len_);
    } else if (record == MrRecord::result && f.size() >= 4) {
        auto count = integer(f[1]);
        auto secs = number(f[3]);
        int64_t len = pending_len_;
        if (children && !announced_.empty()) len = announced_.front(), announced_.pop_front();
        if (count && *count > 0 && secs && secs->value > 0 && len > 0) {
            Progress p;
            p.kind = Progress::Kind::figure;
            p.id = canonical_symmetric_id(f[2]);
            p.bytes = len;
            p.count = *count;
            p.seconds = secs->value;
            p.source = std::string(f[2]);
            if (children)
                b.add_child_progress(p);
            else
                b.add_progress(p);
        }
    } else if (record == MrRecord::announce_key && f.size() >= 5) {
        announce_key(f);
    } else if (record == MrRecord::numbered_result && f.size() >= 4) {
        auto count = integer(f[1]);
        auto secs = number(f.back());
        Progress p = result(b.run(), tag, f);
        if (p.kind != Progress::Kind::started && count && *count > 0 && secs && secs->value > 0) {
            p.count = *count;
            p.seconds = secs->value;
            if (p.kind == Progress::Kind::figure)
                b.add_progress(p);
            else if (!child_)  // a child's count is not the table's
                b.pend_curve(p);
        }
        pending_key_.clear();
    } else {
        return false;
    }
    return true;
}

// "+DTP:2048:private:rsa:10": the +Rn after it measures that key.
void MrRecords::announce_key(const std::vector<std::string_view>& f) {
    std::string alg = lower_ascii(f[3]), op = lower_ascii(f[2]);
    pending_key_.clear();
    // 3.2+ names RSA's operations in the record ("rsa sign"): its +R numbers moved.
    if (starts_with(alg, std::string(kRsaFamily) + " ")) numbers_32_ = true;
    if (starts_with(alg, kRsaFamily)) {
        pending_key_ = std::string(kRsaFamily) + std::string(f[1]);
        pending_op_ = contains(alg, "decrypt")   ? Operation::decrypt
                      : contains(alg, "encrypt") ? Operation::encrypt
                      : op == "private"          ? Operation::sign
                                                 : Operation::verify;
    } else if (alg == kDsaFamily) {
        pending_key_ = alg + std::string(f[1]);
        pending_op_ = op == "verify" ? Operation::verify : Operation::sign;
    }
}

// What a "+Rn:count:bits[:name]:seconds" record measured: the registry's
// numbering of its era says it; the +DTP before it only adds RSA encrypt/decrypt.
Progress MrRecords::result(const Run& run, std::string_view tag,
                           const std::vector<std::string_view>& f) {
    int n = 0;
    std::from_chars(tag.data() + 2, tag.data() + tag.size(), n);
    const MrResult* r = mr_result(n, numbers_32_ || numbers_of_32(run.version));
    if (!r) return {};
    if (r->family == "kem" || r->family == "signature") return table_result(*r, f);
    auto bits = integer(f[2]);
    if (!bits || *bits <= 0) return {};
    Progress p;
    p.kind = Progress::Kind::figure;
    p.bits = *bits;
    p.op = r->op;
    std::string b = std::to_string(*bits);
    if (r->family == kRsaFamily || r->family == kDsaFamily || r->family == kFfdhFamily) {
        p.id = std::string(r->family) + b;
        bool sign_or_verify = p.op == Operation::sign || p.op == Operation::verify;
        if (r->family == kRsaFamily && sign_or_verify && pending_key_ == p.id &&
            (pending_op_ == Operation::encrypt || pending_op_ == Operation::decrypt))
            p.op = pending_op_;
    } else if (r->family == kEddsaFamily || r->family == kSm2Family) {
        std::string name = f.size() >= 5 ? lower_ascii(f[3]) : std::string();
        if (name.empty()) return {};
        p.id = r->family == kSm2Family ? std::string(kSm2Family) : name;
    } else {  // ecdsa, ecdh: the record names no curve, only its bits
        p.kind = Progress::Kind::curve;
        p.family = r->family;
    }
    return p;
}

bool MrRecords::summary(RunBuilder& b, std::string_view tag, const std::vector<std::string_view>& f,
                        std::vector<int64_t>& sizes) {
    auto record = mr_record(tag);
    if (record == MrRecord::header) {
        sizes.clear();
        for (size_t k = 1; k < f.size(); ++k)
            if (auto n = integer(f[k])) sizes.push_back(*n);
        return false;
    }
    if (record == MrRecord::throughput) {
        if (f.size() < 4) return false;
        throughput(b, f, sizes);
        return true;
    }
    if (f.size() < 5) return false;
    public_key(b, tag, f);
    return true;
}

void MrRecords::throughput(RunBuilder& b, const std::vector<std::string_view>& f,
                           std::vector<int64_t>& sizes) {
    if (sizes.empty()) sizes = default_block_sizes(f.size() - 3, b.run().version);
    std::string name(f[2]);
    for (size_t k = 3; k < f.size() && k - 3 < sizes.size(); ++k) {
        auto n = number(f[k]);
        if (!n || !(n->value > 0) || !std::isfinite(n->value)) continue;  // "nan", "inf"
        b.add_table(table_figure(canonical_symmetric_id(name), Operation::throughput, sizes[k - 3],
                                 n->value, n->step, name));
    }
}

void MrRecords::put(RunBuilder& b, const std::string& id, Operation op, std::optional<Number> n,
                    bool seconds_per_op) const {
    if (!n || n->value <= 0 || !std::isfinite(n->value)) return;
    Measurement m;
    m.algorithm = id;
    m.operation = op;
    m.value = seconds_per_op ? 1 / n->value : n->value;
    m.printed_step = seconds_per_op ? 0 : n->step;
    std::string family(id == kSm2Family ? kSm2Family : curve_family(id));
    if (!family.empty() && !child_)
        b.add_curve_table(std::move(m), family, curve_bits(id));
    else
        b.add_table(std::move(m));
}

void MrRecords::public_key(RunBuilder& b, std::string_view tag,
                           const std::vector<std::string_view>& f) {
    auto idx = integer(f[1]);
    auto bits = integer(f[2]);
    if (!idx || !bits) return;
    auto record = mr_record(tag);
    if (record == MrRecord::rsa || record == MrRecord::dsa) {
        std::string id = key_size_id(mr_key_family(*record), *bits);
        auto s = number(f[3]), v = number(f[4]);
        // Seconds per op up to 1.1.0, later ops per second. A version that does
        // not say: RSA signs slower than it verifies (even 0.1/s on a Pentium);
        // DSA has no such order, but takes well under a second.
        bool rsa = record == MrRecord::rsa;
        bool seconds =
            key_records_in_seconds(b.run().version)
                .value_or(s && v && (rsa ? s->value > v->value : s->value < 1 && v->value < 1));
        put(b, id, Operation::sign, s, seconds);
        put(b, id, Operation::verify, v, seconds);
        if (f.size() >= 7) {
            put(b, id, Operation::encrypt, number(f[5]), false);
            put(b, id, Operation::decrypt, number(f[6]), false);
        }
    } else if (record == MrRecord::ecdsa) {
        auto s = number(f[3]), v = number(f[4]);
        bool seconds = key_records_in_seconds(b.run().version)
                           .value_or(s && v && s->value < 1 && v->value < 1);
        std::string id = curve_key_id(kEcdsaFamily, *bits, *idx);
        put(b, id, Operation::sign, s, seconds);
        put(b, id, Operation::verify, v, seconds);
    } else if (record == MrRecord::ecdh) {
        // One field is ops/s, the other s/op; their order flipped in 1.1.1.
        auto x = number(f[3]), y = number(f[4]);
        if (x && y)
            put(b, curve_key_id(kEcdhFamily, *bits, *idx), Operation::derive,
                x->value >= y->value ? x : y, false);
    } else if ((record == MrRecord::eddsa || record == MrRecord::sm2) && f.size() >= 6) {
        std::string id = record == MrRecord::sm2 ? std::string(kSm2Family) : lower_ascii(f[3]);
        put(b, id, Operation::sign, number(f[4]), false);
        put(b, id, Operation::verify, number(f[5]), false);
    } else if (record == MrRecord::ffdh) {
        put(b, std::string(kFfdhFamily) + std::to_string(*bits), Operation::derive, number(f[3]),
            false);
    } else {
        b.skip(std::string(tag) + " records carry no algorithm name; not stored");
    }
}

}  // namespace speedlab::parse
