#!/bin/sh
# Installs what `make bench` compares against: PoCL (OpenCL on the CPU) and the OpenCL headers and
# loader, plus clang-19 to compile the kernels. Debian 12; run as root.
set -e
need=
for p in clang-19 lld-19 pocl-opencl-icd ocl-icd-opencl-dev; do
    dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$need" ]; then
    apt-get update
    apt-get install -y $need
fi
