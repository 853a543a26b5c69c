/* The YAML subset LLVM writes for code-object metadata (.amdgpu_metadata blocks), converted to
   MessagePack for the NT_AMDGPU_METADATA note. */
#ifndef WAVESIM_R3_YAML_H
#define WAVESIM_R3_YAML_H

#include <stddef.h>

#include "common/msgpack.h"

/* Block mappings, block sequences ("- "), plain and quoted scalars; integers, true/false and
   strings. Returns 0, or -1 with a message naming the line. */
int r3_yaml_to_msgpack(const char *yaml, msgpack_writer *out, char *err, size_t errsize);

#endif
