// core's compact value types: what a run holds thousands of, kept small
// without changing what its readers see.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "core/labelled_machines.h"
#include "core/machine.h"
#include "core/maybe.h"
#include "core/name.h"
#include "core/raw_text.h"
#include "core/shared.h"
#include "core/shared_pool.h"
#include "parse/cells.h"
#include "parse/line_starts.h"
#include "parse/speed_parser.h"

namespace speedlab {
namespace {

TEST(Name, OneCopyPerTextComparedAndPrintedAsText) {
    std::string built = std::string("aes-128") + "-cbc";
    Name a("aes-128-cbc"), b(built), c("md5");
    EXPECT_EQ(&a.str(), &b.str());  // interned: the same copy
    EXPECT_TRUE(a == b);
    EXPECT_FALSE(a == c);
    EXPECT_TRUE(a == "aes-128-cbc");
    EXPECT_TRUE(a == std::string("aes-128-cbc"));
    EXPECT_LT(a, c);  // ordered by text, not by address
    EXPECT_EQ(fmt::format("[{:>5}]", c), "[  md5]");
    EXPECT_EQ(a + "@16", "aes-128-cbc@16");
    EXPECT_TRUE(Name().empty());
    EXPECT_EQ(Name(), Name(""));
}

TEST(Maybe, NoneIsNoFigureButEveryFigureIsAValue) {
    Maybe<double> none, zero(0.0), nan(std::numeric_limits<double>::quiet_NaN());
    EXPECT_FALSE(none.has_value());
    EXPECT_TRUE(zero.has_value());
    EXPECT_TRUE(nan.has_value());  // a computed NaN stays a value
    EXPECT_TRUE(std::isnan(*nan));
    EXPECT_EQ(none.value_or(-1), -1);
    EXPECT_THROW((void)none.value(), std::bad_optional_access);
    std::optional<double> back = zero;
    EXPECT_EQ(back, 0.0);
    Maybe<int64_t> count = std::optional<int64_t>(42), empty = std::nullopt;
    EXPECT_EQ(*count, 42);
    EXPECT_FALSE(empty);
    EXPECT_TRUE(Maybe<int64_t>() == empty);
    EXPECT_FALSE(count == empty);
    count.reset();
    EXPECT_FALSE(count.has_value());
    EXPECT_EQ(sizeof(Maybe<double>), sizeof(double));
}

TEST(RawText, SpansOfOneTextShareItAndGrowWhenTheyFollow) {
    auto whole = std::make_shared<const std::string>("line 1\nline 2\nline 3\n");
    RawText first(whole, 0, 7), second(whole, 7, 14), third(whole, 14, 21);
    EXPECT_EQ(first.view(), "line 1\n");
    RawText grown = first;
    grown.append(second);  // follows it: the span grows
    EXPECT_EQ(grown.view(), "line 1\nline 2\n");
    EXPECT_EQ(grown.view().data(), whole->data());  // no copy
    RawText apart = first;
    apart.append(third);  // does not follow: copied
    EXPECT_EQ(apart.view(), "line 1\nline 3\n");
    EXPECT_NE(apart.view().data(), whole->data());
    EXPECT_EQ(RawText("line 1\n"), first);  // equal by text
    EXPECT_TRUE(RawText().empty());
}

TEST(Shared, CopiesShareUntilOneIsChanged) {
    Machine m;
    m.cpu_name = "Pentium 75 - 200";
    Shared<Machine> a(m), b = a;
    EXPECT_EQ(&*a, &*b);
    b.edit().label = "tilia";
    EXPECT_NE(&*a, &*b);
    EXPECT_EQ(a->label, "");
    EXPECT_EQ(b->label, "tilia");
    EXPECT_EQ(b->cpu_name, "Pentium 75 - 200");
    Shared<Machine> blank1, blank2;
    EXPECT_EQ(&*blank1, &*blank2);  // one blank for all
    EXPECT_TRUE(blank1->empty());
}

TEST(Shared, MadeFromWhatMakesAValueAndEqualByValue) {
    Shared<std::string> a = "not used", b = a, c = std::string("not used"), d = "used";
    EXPECT_EQ(*a, "not used");
    EXPECT_EQ(&*a, &*b);
    EXPECT_NE(&*a, &*c);
    EXPECT_EQ(a, c);  // equal text, two copies
    EXPECT_NE(a, d);
}

// Every value hashes alike here, so equal values are told apart by ==.
struct OneHash {
    size_t operator()(const Machine&) const { return 1; }
};

TEST(SharedPool, EqualValuesOneCopyOthersTheirOwn) {
    SharedPool<Machine, OneHash> pool;
    Machine p75, p3;
    p75.cpu_name = "Pentium 75 - 200";
    p3.cpu_name = "Pentium III (Coppermine)";
    Machine again = p75;
    Shared<Machine> a = pool.get(p75), b = pool.get(p3), c = pool.get(again);
    EXPECT_EQ(&*a, &*c);
    EXPECT_NE(&*a, &*b);
    EXPECT_EQ(b->cpu_name, "Pentium III (Coppermine)");
    again.cpu_flags.push_back("fpu");  // one fact more: another machine
    EXPECT_NE(&*pool.get(again), &*a);
    EXPECT_EQ(MachineHash{}(p75), MachineHash{}(Machine(p75)));
}

TEST(LabelledMachines, OneCopyPerMachineAndLabel) {
    Machine m;
    m.cpu_name = "Pentium 75 - 200";
    Shared<Machine> text_machine(m), other(m);
    LabelledMachines labelled;
    Shared<Machine> a = labelled.get(text_machine, "tilia"),
                    b = labelled.get(text_machine, "tilia");
    EXPECT_EQ(&*a, &*b);
    EXPECT_EQ(a->label, "tilia");
    EXPECT_EQ(a->cpu_name, "Pentium 75 - 200");
    EXPECT_EQ(text_machine->label, "");  // the machine labelled is not changed
    EXPECT_NE(&*labelled.get(text_machine, "pcem"), &*a);
    EXPECT_NE(&*labelled.get(other, "tilia"), &*a);  // an equal machine is another key
}

TEST(LineStarts, AnyLineForwardOrBackFromTheLastAskedFor) {
    const std::string_view text = "one\ntwo\n\nfour\n";
    parse::LineStarts starts(text);
    EXPECT_EQ(starts(2), 4u);
    EXPECT_EQ(starts(4), 9u);
    EXPECT_EQ(starts(1), 0u);           // back to the first
    EXPECT_EQ(starts(3), 8u);           // the empty line
    EXPECT_EQ(starts(5), text.size());  // after the last newline
    EXPECT_EQ(starts(6), std::string_view::npos);
    EXPECT_EQ(starts(0), std::string_view::npos);
    EXPECT_EQ(starts(2), 4u);
    parse::LineStarts unended("a\nb");
    EXPECT_EQ(unended(2), 2u);
    EXPECT_EQ(unended(3), std::string_view::npos);
}

TEST(ParseValues, ALineAndADiagnosticAreSmall) {
    EXPECT_EQ(sizeof(parse::CleanLine), 16u);
    EXPECT_EQ(sizeof(parse::Diagnostic), 24u);
    const std::string text = "a line\n";
    parse::CleanLine line(7, std::string_view(text).substr(2, 4));
    EXPECT_EQ(line.line, 7u);
    EXPECT_EQ(line.text(), "line");
    EXPECT_EQ(line.text().data(), text.data() + 2);  // a view, not a copy
}

// A table repeated in one text: rows naming the same machine share one copy.
TEST(ParseValues, RowsNamingOneMachineShareIt) {
    std::string table =
        "OpenSSL results from two machines\n\n"
        "| Machine | OpenSSL | MD5 8192 bytes |\n"
        "|---|---|---|\n"
        "| tilia | 0.9.6b | 6075.73k |\n"
        "| pcem | 0.9.6b | 6242.30k |\n\n";
    auto parsed = parse::parse_speed_text(table + table, "t.md");
    ASSERT_EQ(parsed.runs.size(), 4u);
    EXPECT_EQ(parsed.runs[0].machine->label, "tilia");
    EXPECT_EQ(parsed.runs[1].machine->label, "pcem");
    EXPECT_EQ(&*parsed.runs[0].machine, &*parsed.runs[2].machine);
    EXPECT_EQ(&*parsed.runs[1].machine, &*parsed.runs[3].machine);
    EXPECT_NE(&*parsed.runs[0].machine, &*parsed.runs[1].machine);
}

// Runs under one heading share the machine it names; another heading has its own.
TEST(ParseValues, RunsUnderOneHeadingShareItsMachine) {
    auto run = [](const std::string& heading) {
        return heading +
               "\nOpenSSL 1.1.1w  11 Sep 2023\n"
               "The 'numbers' are in 1000s of bytes per second processed.\n"
               "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
               "md5              1000.00k     2433.45k    4516.95k    5745.32k     6242.30k\n\n";
    };
    auto parsed = parse::parse_speed_text(run("tilia") + run("tilia") + run("pcem"), "t.txt");
    ASSERT_EQ(parsed.runs.size(), 3u);
    EXPECT_EQ(parsed.runs[0].machine->label, "tilia");
    EXPECT_EQ(parsed.runs[2].machine->label, "pcem");
    EXPECT_EQ(&*parsed.runs[0].machine, &*parsed.runs[1].machine);
    EXPECT_NE(&*parsed.runs[0].machine, &*parsed.runs[2].machine);
}

// One machine described before each of its runs: the runs share one copy.
TEST(ParseValues, OneMachineDescribedTwiceIsOneCopy) {
    std::string run =
        "processor\t: 0\n"
        "vendor_id\t: GenuineIntel\n"
        "cpu family\t: 5\n"
        "model\t\t: 2\n"
        "model name\t: Pentium 75 - 200\n"
        "bogomips\t: 29.90\n\n"
        "OpenSSL 0.9.6b [engine] 9 Jul 2001\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes\n"
        "md5              1000.00k     2433.45k    4516.95k    5745.32k     6242.30k\n\n";
    auto parsed = parse::parse_speed_text(run + run, "t.txt");
    ASSERT_EQ(parsed.runs.size(), 2u);
    EXPECT_EQ(parsed.runs[0].machine->cpu_name, "Pentium 75 - 200");
    EXPECT_EQ(&*parsed.runs[0].machine, &*parsed.runs[1].machine);
}

TEST(Cells, DecimalStepIsWhatPowGives) {
    for (size_t k = 0; k < 30; ++k)
        EXPECT_EQ(parse::decimal_step(k), std::pow(10.0, -static_cast<double>(k))) << k;
    EXPECT_EQ(parse::number("469.71")->step, 0.01);
    EXPECT_EQ(parse::number("20.6")->step, 0.1);
    EXPECT_EQ(parse::number("3871")->step, 1);
}

}  // namespace
}  // namespace speedlab
