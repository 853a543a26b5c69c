# vecadd for Ventus (乘影): what the Ventus OpenCL compiler (the THU-DSP-LAB LLVM, -O1, with crt0.o
# and libworkitem linked, text at 0x80000000) made of vecadd.cl, as the reference test vector
# verilog-top/tc_vecadd holds it: the listing of its object.dump turned back into source (labels
# for branch targets; local labels that repeat across the linked objects numbered _1, _2). It
# assembles to the reference's bytes. The kernel's ABI (seed 003): crt0's _start sets up the
# stacks, reads the kernel entry and argument buffer from the metadata buffer at CSR_KNL (0x803)
# and calls vecadd with a0 = the argument buffer.
#
#   build/wavesim as --isa ventus examples/ventus/vecadd.s -o vecadd.elf
#   build/wavesim run --isa ventus vecadd.elf --kernel vecadd --global 256 --local 64 \
#       --arg buf:examples/ventus/a.bin --arg buf:examples/ventus/b.bin --arg zeros:1024 --dump 2:c.bin
#
# (make ventus-example does this and compares c.bin with expected-c.bin, which Python computed.)

    .globl _start
_start:
    auipc gp, 4
    addi gp, gp, -2040
    li t4, 32
    vsetvli t4, t4, e32, m1, ta, ma
    lui t4, 2
    csrrs t4, mstatus, t4
    li t4, 0
    csrr t1, 2053
    csrr t2, 2054
    li t3, 1024
    mul t1, t1, t3
    add sp, t1, t2
    li tp, 0
.Lpcrel_hi1_1:
    auipc a0, 3
    addi a0, a0, -44
.Lpcrel_hi2_1:
    auipc a2, 3
    addi a2, a2, -52
    beq a0, a2, .Ltmp0
.Ltmp1:
    sw zero, 0(a0)
    addi a0, a0, 4
    bltu a0, a2, .Ltmp1
.Ltmp0:
    csrr t0, 2051
    lw t1, 0(t0)
    lw a0, 4(t0)
    lw t2, 48(t0)
    lw t3, 52(t0)
.Lpcrel_hi3:
    auipc t4, 3
    addi t4, t4, -104
.Lpcrel_hi4:
    auipc t5, 3
    addi t5, t5, -108
    sw t2, 0(t4)
    sw t3, 0(t5)
.Lpcrel_hi5:
    auipc t6, 0
    addi t6, t6, 24
    csrw mtvec, t6
    jalr t1
    endprg x0, x0, x0
    j spike_end

    .globl spike_end
spike_end:
    li t1, 1
.Lpcrel_hi6:
    auipc t0, 1
    addi t0, t0, -156
    sw t1, 0(t0)

    .globl vecadd
vecadd:
    addi sp, sp, 16
    sw ra, 0(sp)
    lw t0, 8(a0)
    sw t0, -12(sp)
    lw t0, 4(a0)
    sw t0, -8(sp)
    lw t0, 0(a0)
    sw t0, -4(sp)
    vmv.v.x v0, zero
    jal _Z13get_global_idj
    vsll.vi v0, v0, 2
    lw t1, -4(sp)
    vadd.vx v1, v0, t1
    vlw12.v v1, 0(v1)
    lw t0, -8(sp)
    vadd.vx v2, v0, t0
    vlw12.v v2, 0(v2)
    vfadd.vv v1, v1, v2
    lw t0, -12(sp)
    vadd.vx v0, v0, t0
    vsw12.v v1, 0(v0)
    lw ra, 0(sp)
    addi sp, sp, -16
    ret

    .globl _Z13get_global_idj
_Z13get_global_idj:
    addi sp, sp, 4
    sw ra, 0(sp)
    li t0, 2
    vmv.v.x v1, t0
.Lpcrel_hi0:
    auipc t1, 0
    setrpc zero, t1, 76
    vbeq v0, v1, .LBB0_4
    li t0, 1
    vmv.v.x v1, t0
.Lpcrel_hi1_2:
    auipc t1, 0
    setrpc zero, t1, 56
    vbeq v0, v1, .LBB0_5
    vmv.v.x v1, zero
.Lpcrel_hi2_2:
    auipc t1, 0
    setrpc zero, t1, 40
    vbne v0, v1, .LBB0_6
    jal __builtin_riscv_global_id_x
    j .LBB0_7
.LBB0_4:
    jal __builtin_riscv_global_id_z
    j .LBB0_7
.LBB0_5:
    jal __builtin_riscv_global_id_y
    j .LBB0_7
.LBB0_6:
    vmv.v.x v0, zero
.LBB0_7:
    join zero, zero, 0
    lw ra, 0(sp)
    addi sp, sp, -4
    ret

    .globl __builtin_riscv_workitem_linear_id
__builtin_riscv_workitem_linear_id:
    csrr a0, 2051
    csrr t1, 2048
    vid.v v2
    vadd.vx v0, v2, t1
    ret

    .globl __builtin_riscv_global_linear_id
__builtin_riscv_global_linear_id:
    addi sp, sp, 4
    sw ra, 0(sp)
    csrr a3, 2051
    lw t0, 8(a3)
    jal __builtin_riscv_global_id_x
    lw t4, 36(a3)
    vsub.vx v5, v0, t4
    li t5, 1
    beq t0, t5, .GLR
.GL_2DIM:
    jal __builtin_riscv_global_id_y
    lw t6, 12(a3)
    lw t5, 16(a3)
    vsub.vx v6, v0, t5
    vmul.vx v6, v6, t6
    vadd.vv v5, v5, v6
    li t5, 2
    beq t0, t5, .GLR
.GL_3DIM:
    jal __builtin_riscv_global_id_z
    lw t6, 12(a3)
    lw t1, 16(a3)
    lw t5, 44(a3)
    vsub.vx v6, v0, t5
    vmul.vx v6, v6, t6
    vmul.vx v6, v6, t1
    vadd.vv v5, v5, v6
.GLR:
    vadd.vx v0, v5, zero
    lw ra, 0(sp)
    addi sp, sp, -4
    ret

    .globl __builtin_riscv_workgroup_id_x
__builtin_riscv_workgroup_id_x:
    csrr a0, 2056
    vmv.v.x v0, a0
    ret

    .globl __builtin_riscv_workgroup_id_y
__builtin_riscv_workgroup_id_y:
    csrr a0, 2057
    vmv.v.x v0, a0
    ret

    .globl __builtin_riscv_workgroup_id_z
__builtin_riscv_workgroup_id_z:
    csrr a0, 2058
    vmv.v.x v0, a0
    ret

    .globl __builtin_riscv_workitem_id_x
__builtin_riscv_workitem_id_x:
    csrr a0, 2051
    lw t0, 8(a0)
    csrr t1, 2048
    vid.v v2
    vadd.vx v0, v2, t1
    li t2, 1
    beq t0, t2, .WIXR
    lw t3, 24(a0)
    vremu.vx v0, v0, t3
.WIXR:
    ret

    .globl __builtin_riscv_workitem_id_y
__builtin_riscv_workitem_id_y:
    csrr a0, 2051
    lw t0, 8(a0)
    csrr t1, 2048
    vid.v v2
    vadd.vx v0, v2, t1
    lw t3, 24(a0)
    li t2, 3
    beq t0, t2, .WIY3
.WIY2:
    vdivu.vx v0, v0, t3
    ret
.WIY3:
    lw t4, 28(a0)
    mul t4, t4, t3
    vremu.vx v0, v0, t4
    vdivu.vx v0, v0, t3
    ret

    .globl __builtin_riscv_workitem_id_z
__builtin_riscv_workitem_id_z:
    csrr a0, 2051
    csrr t1, 2048
    vid.v v2
    vadd.vx v0, v2, t1
    lw t3, 24(a0)
    lw t4, 28(a0)
    mul t4, t4, t3
    vdivu.vx v0, v0, t4
    ret

    .globl __builtin_riscv_global_id_x
__builtin_riscv_global_id_x:
    addi sp, sp, 4
    sw ra, 0(sp)
    jal __builtin_riscv_workitem_id_x
    csrr a0, 2051
    csrr t1, 2056
    lw t3, 24(a0)
    mul t6, t1, t3
    vadd.vx v0, v0, t6
    lw ra, 0(sp)
    addi sp, sp, -4
    ret

    .globl __builtin_riscv_global_id_y
__builtin_riscv_global_id_y:
    addi sp, sp, 4
    sw ra, 0(sp)
    jal __builtin_riscv_workitem_id_y
    csrr t1, 2057
    lw t2, 28(a0)
    mul t3, t1, t2
    vadd.vx v0, v0, t3
    lw ra, 0(sp)
    addi sp, sp, -4
    ret

    .globl __builtin_riscv_global_id_z
__builtin_riscv_global_id_z:
    addi sp, sp, 4
    sw ra, 0(sp)
    jal __builtin_riscv_workitem_id_z
    csrr a0, 2051
    csrr t1, 2058
    lw t2, 32(a0)
    mul t2, t2, t1
    vadd.vx v0, v0, t2
    lw ra, 0(sp)
    addi sp, sp, -4
    ret

    .globl __builtin_riscv_local_size_x
__builtin_riscv_local_size_x:
    csrr a0, 2051
    lw t0, 24(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_local_size_y
__builtin_riscv_local_size_y:
    csrr a0, 2051
    lw t0, 28(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_local_size_z
__builtin_riscv_local_size_z:
    csrr a0, 2051
    lw t0, 32(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_global_size_x
__builtin_riscv_global_size_x:
    csrr a0, 2051
    lw t0, 12(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_global_size_y
__builtin_riscv_global_size_y:
    csrr a0, 2051
    lw t0, 16(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_global_size_z
__builtin_riscv_global_size_z:
    csrr a0, 2051
    lw t0, 20(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_global_offset_x
__builtin_riscv_global_offset_x:
    csrr a0, 2051
    lw t0, 36(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_global_offset_y
__builtin_riscv_global_offset_y:
    csrr a0, 2051
    lw t0, 40(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_global_offset_z
__builtin_riscv_global_offset_z:
    csrr a0, 2051
    lw t0, 44(a0)
    vmv.v.x v0, t0
    ret

    .globl __builtin_riscv_num_groups_x
__builtin_riscv_num_groups_x:
    csrr a0, 2051
    lw t1, 12(a0)
    lw t0, 24(a0)
    divu t1, t1, t0
    vmv.v.x v0, t1
    ret

    .globl __builtin_riscv_num_groups_y
__builtin_riscv_num_groups_y:
    csrr a0, 2051
    lw t1, 16(a0)
    lw t0, 28(a0)
    divu t1, t1, t0
    vmv.v.x v0, t1
    ret

    .globl __builtin_riscv_num_groups_z
__builtin_riscv_num_groups_z:
    csrr a0, 2051
    lw t1, 20(a0)
    lw t2, 32(a0)
    divu t1, t1, t2
    vmv.v.x v0, t1
    ret

    .globl __builtin_riscv_work_dim
__builtin_riscv_work_dim:
    csrr a0, 2051
    lw t0, 8(a0)
    vmv.v.x v0, t0
    ret
