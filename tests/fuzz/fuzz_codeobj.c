/* libFuzzer harness for code objects through dispatch: any bytes loaded as an HSA code object
   (ELF, metadata note, kernel descriptors, predecoding), then each kernel launched once with
   arguments made from its metadata and a tiny instruction budget, so descriptor fields, the
   kernarg layout and hidden arguments reach the dispatcher and the first instructions run. */
#include <stdint.h>
#include <string.h>

#include "wavesim/wavesim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ws_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = 1;
    opt.max_instructions = 2000;
    ws_device *dev = ws_device_create(&opt);
    if (!dev)
        return 0;
    char err[600];
    ws_program *prog = ws_program_load(dev, data, size, err, sizeof err);
    for (int k = 0; prog && k < ws_kernel_count(prog) && k < 4; k++) {
        const char *name = ws_kernel_name(prog, k);
        int n = ws_kernel_arg_count(prog, name);
        ws_arg args[16];
        if (n < 0 || n > 16)
            continue;
        for (int i = 0; i < n; i++) {
            ws_arg_info info;
            ws_kernel_arg(prog, name, i, &info);
            if (info.kind == WS_ARG_BUFFER)
                args[i] = (ws_arg){WS_ARG_BUFFER, ws_alloc(dev, 256), 8, NULL};
            else if (info.kind == WS_ARG_LOCAL)
                args[i] = (ws_arg){WS_ARG_LOCAL, 0, 64, NULL};
            else
                args[i] = (ws_arg){WS_ARG_VALUE, 7, info.size == 8 ? 8u : 4u, NULL};
        }
        ws_dims dims = {{64, 1, 1}, {32, 1, 1}, {0, 0, 0}, 1};
        ws_stats st;
        ws_launch(dev, prog, name, &dims, args, n, &st, err, sizeof err);
    }
    ws_program_free(prog);
    ws_device_destroy(dev);
    return 0;
}
