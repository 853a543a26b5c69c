// Found by fuzz_as (tests/fuzz), minimised: a key without a value followed by a key at the same
// indent made the YAML reader run past its line table (SIGSEGV). Must fail cleanly: such a key is
// an empty sequence now (as llvm-mc-19 reads it), and the metadata lacks amdhsa.version, which
// llvm-mc-19 also refuses ("invalid HSA metadata").
	.amdhsa_kernel saxpy
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 16
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
	.end_amdgpu_metadata
