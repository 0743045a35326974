// A run's facts, listed once for every page: each fact's wording, the clock at
// the precision it needs, and markup escaped where it is built.
#include "report/run_facts.h"

#include <gtest/gtest.h>

#include "cli_support.h"
#include "report/html_builder.h"
#include "report/machine_text.h"

namespace speedlab::report {
namespace {

TEST(RunFacts, ClockKeepsAtMostThreeDecimalsAndNoTrailingZeros) {
    const struct {
        const char* name;
        double mhz;
        const char* want;
    } cases[] = {{"whole", 75.0, "75"},
                 {"cpuinfo", 866.412, "866.412"},
                 {"one decimal", 451.5, "451.5"},
                 {"rounded", 1999.99951, "2000"},
                 {"ten", 10.0, "10"}};
    for (const auto& c : cases) EXPECT_EQ(mhz_text(c.mhz), c.want) << c.name;
}

Run pcem_run() {
    Run r;
    r.source = "imported";
    r.source_file = "seed000.txt";
    r.version = "OpenSSL 0.9.6b";
    r.compiler = "gcc -O3";
    r.options = "bn(32,32)";
    Machine& m = r.machine.edit();
    m.label = "PCem";
    m.cpu_name = "Pentium 75 - 200";
    m.cpu_mhz = 75.0;
    m.kind = MachineKind::emulated;
    m.emulator = "PCem";
    return r;
}

TEST(RunFacts, EveryKnownFactOnceInPageOrderAndNoUnknownOne) {
    std::vector<std::pair<std::string, std::string>> got;
    for (const auto& f : run_facts(pcem_run())) got.emplace_back(f.name, f.value);
    const std::vector<std::pair<std::string, std::string>> want{
        {"source", "imported from seed000.txt"},
        {"measured", "unknown"},
        {"benchmark", "OpenSSL 0.9.6b"},
        {"machine", "PCem"},
        {"CPU", "Pentium 75 - 200"},
        {"MHz", "75"},
        {"kind", "emulated (PCem)"},
        {"build", "gcc -O3; bn(32,32)"}};
    EXPECT_EQ(got, want);
}

TEST(RunFacts, PickedFactsKeepTheirOrderAndAnEmptyValue) {
    auto got = pick_facts(pcem_run(), {FactId::kernel, FactId::mhz, FactId::platform});
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0].name, "kernel");
    EXPECT_EQ(got[0].value, "");
    EXPECT_EQ(got[1].value, "75");
    EXPECT_EQ(got[2].value, "") << "native, or named by the emulator already";
}

TEST(HtmlBuilder, TextAndAttributesAreEscapedOnceAndTrustedMarkupIsNot) {
    Html h;
    h.open("td", {{"title", "a \"b\" <c>"}})
        .text("x < y & z")
        .add(Html::trusted("<br>"))
        .add(link_to("/run?x=1&y=2", "<run>"))
        .close("td");
    EXPECT_EQ(h.str(),
              "<td title=\"a &quot;b&quot; &lt;c&gt;\">x &lt; y &amp; z<br>"
              "<a href=\"/run?x=1&amp;y=2\">&lt;run&gt;</a></td>");
}

TEST(HtmlBuilder, AnEmptyElementClosesItselfAsSvgWritesIt) {
    EXPECT_EQ(Html().empty("line", {{"x1", "1.5"}, {"class", "a\"b"}}).str(),
              "<line x1=\"1.5\" class=\"a&quot;b\"/>");
}

TEST(HtmlBuilder, ABooleanAttributeIsWrittenBareAndOnlyWhenGiven) {
    EXPECT_EQ(Html().open("option", {{"value", "a<b"}}, "selected").str(),
              "<option value=\"a&lt;b\" selected>");
    EXPECT_EQ(Html().open("option", {{"value", "x"}}, "").str(), "<option value=\"x\">");
}

}  // namespace
}  // namespace speedlab::report

namespace speedlab::testing {
namespace {
// show words the clock as the pages do: "800 MHz", where it printed "800.000 MHz".
TEST_F(Cli, ShowWordsTheClockAsRunFactsDo) {
    std::string text = read_fixture("seed004-athlon-p3.txt");
    text.replace(text.find("799.658"), 7, "800.000");
    auto path = (dir / "athlon.txt").string();
    std::ofstream(path) << text;
    ASSERT_EQ(run("import " + path).code, 0);
    auto shown = run("show 1").out;
    EXPECT_NE(
        shown.find("machine: AMD Athlon(tm) processor / AMD Athlon(tm) processor at 800 MHz\n"),
        std::string::npos)
        << shown;
}
}  // namespace
}  // namespace speedlab::testing

namespace speedlab::report {
namespace {

// sysinfo prints a machine's facts as the pages word them (run_facts), its
// clock too: 75 MHz, not 75.000.
TEST(RunFacts, SysinfoWordsAMachinesFactsAsThePagesDo) {
    Machine m;
    m.label = "PCem";
    m.distribution = "Red Hat Linux 7.3";
    m.cpu_count = 1;
    m.cpu_mhz = 75.0;
    m.memory_kb = 70192;
    m.installed_kb = 73728;
    m.kind = MachineKind::emulated;
    m.emulator = "PCem";
    std::string text = machine_text(m);
    for (FactId id :
         {FactId::distribution, FactId::cores, FactId::mhz, FactId::memory, FactId::kind})
        EXPECT_NE(text.find(" " + machine_fact(m, id) + "\n"), std::string::npos)
            << machine_fact(m, id) << "\n"
            << text;
    EXPECT_NE(text.find("MHz:      75\n"), std::string::npos) << text;
    EXPECT_NE(text.find("memory:   70192 kB usable, 73728 kB installed (72 MiB)\n"),
              std::string::npos)
        << text;
}

}  // namespace
}  // namespace speedlab::report
