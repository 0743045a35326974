#include "parse/line_facts.h"

#include "parse/system_text.h"

namespace speedlab::parse {

uint8_t line_hints(LineFacts facts) {
    constexpr uint64_t kInf = LineFacts::needs("inf"), kNan = LineFacts::needs("nan"),
                       kBit = LineFacts::needs("bit"),
                       kCommand = LineFacts::needs_any_case("openssl speed");
    uint8_t hints = 0;
    if (facts.digit()) hints |= kMayHoldDigit | kMayHoldFigure;
    if (facts.may_hold(kInf) || facts.may_hold(kNan)) hints |= kMayHoldFigure;
    if (facts.may_hold('+')) hints |= kMayHoldPlus;
    if (facts.may_mention(kCommand)) hints |= kMayNameCommand;
    if (facts.may_hold(kBit)) hints |= kMayHoldBits;
    if (may_name_machine(facts)) hints |= kMayNameMachine;
    return hints;
}

}  // namespace speedlab::parse
