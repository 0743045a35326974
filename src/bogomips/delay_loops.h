#pragma once
// The historic i386 delay loops of Linux, in x86 assembly so no compiler can
// change them (Linux: include/asm-i386/delay.h up to 2.0, arch/i386/lib/delay.c
// from 2.2 on).
#include <cstdint>

namespace speedlab::bogomips {

// 1.x / 2.0 up to 2.0.30: `DEC EAX; JNS` on a 4-byte boundary; runs loops+1 passes.
void delay_plain(uint32_t loops);
// 2.0.31+, 2.1.125+, 2.2, 2.4 without TSC: JMP to an aligned JMP to an aligned `DEC EAX; JNS`.
void delay_aligned(uint32_t loops);
// 2.2.15pre11+ and 2.4 with a TSC: spin until the TSC's low 32 bits advanced by `loops`.
void delay_tsc(uint32_t loops);

uint64_t read_tsc();

}  // namespace speedlab::bogomips
