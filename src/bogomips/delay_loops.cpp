#include "bogomips/delay_loops.h"

#if !defined(__x86_64__) && !defined(__i386__)
#error "the BogoMips delay loops are x86 code"
#endif

// Each loop is a file-scope assembly function: no inlining, no optimisation,
// and the alignment the kernel of its era used.
asm(R"(
    .text
    .globl speedlab_delay_plain
    .type speedlab_delay_plain, @function
    .p2align 4
speedlab_delay_plain:
    movl %edi, %eax
    .p2align 2, 0x90
1:  decl %eax
    jns 1b
    ret
    .size speedlab_delay_plain, .-speedlab_delay_plain

    .globl speedlab_delay_aligned
    .type speedlab_delay_aligned, @function
    .p2align 4
speedlab_delay_aligned:
    movl %edi, %eax
    jmp 2f
    .p2align 4, 0x90
2:  jmp 3f
    .p2align 4, 0x90
3:  decl %eax
    jns 3b
    ret
    .size speedlab_delay_aligned, .-speedlab_delay_aligned
)");

extern "C" void speedlab_delay_plain(uint32_t loops);
extern "C" void speedlab_delay_aligned(uint32_t loops);

namespace speedlab::bogomips {

void delay_plain(uint32_t loops) {
    speedlab_delay_plain(loops);
}
void delay_aligned(uint32_t loops) {
    speedlab_delay_aligned(loops);
}

uint64_t read_tsc() {
    uint32_t lo, hi;
    asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return uint64_t{hi} << 32 | lo;
}

void delay_tsc(uint32_t loops) {
    // As 2.2/2.4: unsigned 32-bit difference, so wraparound is harmless; no PAUSE.
    uint32_t start = static_cast<uint32_t>(read_tsc());
    while (static_cast<uint32_t>(read_tsc()) - start < loops) {
    }
}

}  // namespace speedlab::bogomips
