/* The Ventus (`--isa ventus`) forms of `wavesim dis` and `run` (`as` serves both ISAs in wavesim.c). */
#ifndef WAVESIM_CLI_VENTUS_H
#define WAVESIM_CLI_VENTUS_H

/* 1 when the arguments select the Ventus ISA. */
int cli_ventus_selected(int argc, char **argv);

/* Runs subcommand argv[1] for Ventus; returns the exit status. */
int cli_ventus_main(int argc, char **argv);

#endif
