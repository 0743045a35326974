#pragma once
// The machine the prose introducing a table or a run names ("on an Intel(R)
// Core(TM) i7-2760QM CPU @ 2.40GHz:", "on the development laptop (an Intel
// Core Ultra X7 358H with AES-NI ...)", "on a RISC-V virtual machine", "run
// on Xuantie-qemu v8.2.94"), where no heading, caption or cell names one.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/machine.h"
#include "parse/clean_line.h"

namespace speedlab::parse {

// The machine a sentence names: an emulator (a word naming QEMU) emulated, a
// virtual machine ("RISC-V virtual machine") virtual, else a CPU by its
// maker or family ("Intel", "Xeon", "Cortex-A72") with its clock ("@
// 2.40GHz", "at 2.80 GHz"); its label the CPU without trademarks, "CPU"
// and clock ("Intel Core i7-2760QM"). Empty when the sentence names none.
Machine sentence_machine(std::string_view sentence);

// The machine the paragraphs above line `first` name (the nearest two, up
// to 12 lines back, past fences, commands, headings and table rows; a
// paragraph's lines joined, so a name wrapped over two lines is whole).
Machine stated_machine(const std::vector<CleanLine>& lines, size_t first);

// Facts of `stated` a machine lacks: its name, kind, emulator, CPU and
// clock, and why (evidence). `m` unchanged where it has its own.
void add_stated(Machine& m, const Machine& stated);

}  // namespace speedlab::parse
