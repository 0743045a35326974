#pragma once
// Stage 3 of import for `openssl speed -mr` records (+DT, +R, +H, +F...):
// what each record measured, read through the one tag table (core/mr_tags.h).
// Where a run starts and ends stays with the assembler (speed_parser).
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "core/measurement.h"
#include "parse/classify.h"
#include "parse/run_builder.h"

namespace speedlab::parse {

class MrRecords {
  public:
    // A run starts: its records have not said which numbering they use.
    void start_run() { numbers_32_ = false, announced_.clear(); }
    // The records that follow are a -multi child's ("Got: ... from N"):
    // per-process samples, not the table.
    void from_child(bool child) { child_ = child; }

    // +DT/+DTP announce a figure, +R/+Rn give its count and seconds; false for
    // records that are neither (+DN).
    bool progress(RunBuilder& b, std::string_view tag, const std::vector<std::string_view>& f);
    // +H sets the block sizes, +F.. records are the summary table's figures;
    // true when the record was one of figures.
    bool summary(RunBuilder& b, std::string_view tag, const std::vector<std::string_view>& f,
                 std::vector<int64_t>& sizes);

  private:
    Progress result(const Run& run, std::string_view tag, const std::vector<std::string_view>& f);
    void announce_key(const std::vector<std::string_view>& f);
    void throughput(RunBuilder& b, const std::vector<std::string_view>& f,
                    std::vector<int64_t>& sizes);
    void public_key(RunBuilder& b, std::string_view tag, const std::vector<std::string_view>& f);
    void put(RunBuilder& b, const std::string& id, Operation op, std::optional<Number> n,
             bool seconds_per_op) const;

    int64_t pending_len_ = 0;  // +DT's block size, for the +R after it
    // Under -multi the children's +DT and +R interleave: each +R answers the
    // oldest +DT not yet answered.
    std::deque<int64_t> announced_;
    std::string pending_key_;  // +DTP's algorithm ("rsa2048"), for the +Rn after it
    Operation pending_op_ = Operation::sign;
    bool child_ = false;
    bool numbers_32_ = false;  // +R numbers of 3.2+ (RSA encrypt/decrypt are R3/R4)
};

// "OpenSSL 3.2.1 ...", "OpenSSL 4.0.0": a version whose +R records have 3.2's numbers.
bool numbers_of_32(std::string_view version);

}  // namespace speedlab::parse
