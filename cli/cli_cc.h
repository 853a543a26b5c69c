/* `wavesim cc`: compiles OpenCL C for wavesim with clang-19 and the embedded builtin library. */
#ifndef WAVESIM_CLI_CC_H
#define WAVESIM_CLI_CC_H

/* Runs the subcommand (argv[0] is "wavesim", argv[1] "cc"); returns the exit status. */
int cli_cc_main(int argc, char **argv);

#endif
