/* The YAML subset LLVM writes for code-object metadata (.amdgpu_metadata blocks), converted to
   MessagePack for the NT_AMDGPU_METADATA note. */
#ifndef WAVESIM_R3_YAML_H
#define WAVESIM_R3_YAML_H

#include <stddef.h>
#include <stdint.h>

#include "common/msgpack.h"

/* Block mappings, block sequences ("- "), plain and quoted scalars; integers, true/false and
   strings. Map keys come out sorted and a key without a value as an empty array, as llvm-mc-19
   writes them. Returns 0, or -1 with a message naming the line. */
int r3_yaml_to_msgpack(const char *yaml, msgpack_writer *out, char *err, size_t errsize);

/* The top level llvm-mc-19's HSA metadata verifier requires of the converted note: a map with
   amdhsa.version (two integers), amdhsa.kernels (an array) and, when present, amdhsa.printf (an
   array of strings). The kernels' own entries are not checked. Returns 0, or -1 with a message. */
int r3_yaml_check_hsa(const uint8_t *mp, size_t len, char *err, size_t errsize);

#endif
