// A small gfx1100 scalar kernel body: sums 1..10 in s4 with a counted loop.
// `make demo` assembles it, disassembles the bytes back and checks the round trip.
    .text
    .globl scalar_loop
scalar_loop:
    s_load_b64 s[0:1], s[0:1], 0x10        // kernarg pointer + 16
    s_mov_b32 s2, 10                        // loop counter
    s_mov_b32 s4, 0                         // sum
    s_waitcnt lgkmcnt(0)
loop:
    s_add_u32 s4, s4, s2
    s_sub_u32 s2, s2, 1
    s_cmp_lg_u32 s2, 0
    s_cbranch_scc1 loop
    s_mul_i32 s5, s4, 0x12345               // a literal operand
    s_getreg_b32 s6, hwreg(HW_REG_MODE, 0, 4)
    s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_2)
    s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
    s_endpgm
