// Kernels that misbehave on purpose, for the runtime's error tests: an endless loop, an illegal
// instruction word, a store far outside any buffer, a load that runs past the end of the buffer
// it starts in (after a load from that buffer, which the wave remembers: r3_wave.memo), a trap,
// an instruction wavesim does not implement, reads of the LDS-direct source gfx11 lacks, a kernel
// asking for more LDS than a small device has, and a jump 4 GiB past the code
// (its low 32 bits land back on the code: a truncated PC would loop instead of faulting).
    .text
    .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
    .amdhsa_code_object_version 5
    .globl forever
    .p2align 8
forever:
    s_branch forever
    .globl illegal
    .p2align 8
illegal:
    .long 0xffffffff
    s_endpgm
    .globl wild
    .p2align 8
wild:
    s_load_b64 s[2:3], s[0:1], 0x0
    v_mov_b32 v1, 42
    s_waitcnt lgkmcnt(0)
    s_add_u32 s2, s2, 0x100000
    s_addc_u32 s3, s3, 0
    global_store_b32 v0, v1, s[2:3]
    s_endpgm
    .globl straddle
    .p2align 8
straddle:
    s_load_b64 s[2:3], s[0:1], 0x0
    v_mov_b32 v0, 0
    s_waitcnt lgkmcnt(0)
    global_load_b32 v1, v0, s[2:3]
    global_load_b64 v[2:3], v0, s[2:3] offset:12
    s_waitcnt vmcnt(0)
    s_endpgm
    .globl dsatomic
    .p2align 8
dsatomic:
    v_mov_b32 v0, 6
    v_mov_b32 v1, 1
    ds_add_rtn_u32 v2, v0, v1
    s_waitcnt lgkmcnt(0)
    s_endpgm
    .globl trap
    .p2align 8
trap:
    s_trap 2
    s_endpgm
    .globl unimplemented
    .p2align 8
unimplemented:
    s_subvector_loop_begin s0, unimplemented
    s_endpgm
// source code 254, LDS direct, which gfx11 lacks: in a VOP1 (v_mov_b32 v0, src_lds_direct, as words:
// llvm-mc-19 refuses the text), in a SOP1 (s_mov_b32 s0, src_lds_direct) and as a VOPD SRC0, the one
// place llvm-mc-19 takes it
    .globl ldsdirect
    .p2align 8
ldsdirect:
    .long 0x7e0002fe
    s_endpgm
    .globl ldsdirects
    .p2align 8
ldsdirects:
    .long 0xbe8000fe
    s_endpgm
    .globl ldsdirectd
    .p2align 8
ldsdirectd:
    v_dual_mov_b32 v0, lds_direct :: v_dual_mov_b32 v1, 1
    s_endpgm
    .globl greedy
    .p2align 8
greedy:
    s_endpgm
    .globl farjump
    .p2align 8
farjump:
    s_getpc_b64 s[2:3]
    s_add_u32 s3, s3, 1
    s_setpc_b64 s[2:3]
    s_endpgm

    .rodata
    .p2align 6
    .amdhsa_kernel forever
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 1
        .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel illegal
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 1
        .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel wild
        .amdhsa_next_free_vgpr 2
        .amdhsa_next_free_sgpr 4
        .amdhsa_user_sgpr_kernarg_segment_ptr 1
        .amdhsa_kernarg_size 8
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel straddle
        .amdhsa_next_free_vgpr 4
        .amdhsa_next_free_sgpr 4
        .amdhsa_user_sgpr_kernarg_segment_ptr 1
        .amdhsa_kernarg_size 8
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel dsatomic
        .amdhsa_next_free_vgpr 4
        .amdhsa_next_free_sgpr 1
        .amdhsa_group_segment_fixed_size 64
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel trap
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 1
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel unimplemented
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 1
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel ldsdirect
        .amdhsa_next_free_vgpr 2
        .amdhsa_next_free_sgpr 1
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel ldsdirects
        .amdhsa_next_free_vgpr 2
        .amdhsa_next_free_sgpr 1
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel ldsdirectd
        .amdhsa_next_free_vgpr 2
        .amdhsa_next_free_sgpr 1
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel greedy
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 1
        .amdhsa_group_segment_fixed_size 32768
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel farjump
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 4
    .end_amdhsa_kernel

    .amdgpu_metadata
---
amdhsa.kernels:
  - .args:           []
    .kernarg_segment_size: 0
    .name:           forever
    .symbol:         forever.kd
    .wavefront_size: 32
  - .args:           []
    .kernarg_segment_size: 0
    .name:           illegal
    .symbol:         illegal.kd
    .wavefront_size: 32
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .kernarg_segment_size: 8
    .name:           wild
    .symbol:         wild.kd
    .wavefront_size: 32
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .kernarg_segment_size: 8
    .name:           straddle
    .symbol:         straddle.kd
    .wavefront_size: 32
  - .args:           []
    .group_segment_fixed_size: 64
    .kernarg_segment_size: 0
    .name:           dsatomic
    .symbol:         dsatomic.kd
    .wavefront_size: 32
  - .args:           []
    .kernarg_segment_size: 0
    .name:           trap
    .symbol:         trap.kd
    .wavefront_size: 32
  - .args:           []
    .kernarg_segment_size: 0
    .name:           unimplemented
    .symbol:         unimplemented.kd
    .wavefront_size: 32
  - .args:           []
    .kernarg_segment_size: 0
    .name:           ldsdirect
    .symbol:         ldsdirect.kd
    .wavefront_size: 32
  - .args:           []
    .kernarg_segment_size: 0
    .name:           ldsdirects
    .symbol:         ldsdirects.kd
    .wavefront_size: 32
  - .args:           []
    .kernarg_segment_size: 0
    .name:           ldsdirectd
    .symbol:         ldsdirectd.kd
    .wavefront_size: 32
  - .args:           []
    .group_segment_fixed_size: 32768
    .kernarg_segment_size: 0
    .name:           greedy
    .symbol:         greedy.kd
    .wavefront_size: 32
  - .args:           []
    .kernarg_segment_size: 0
    .name:           farjump
    .symbol:         farjump.kd
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
    .end_amdgpu_metadata
