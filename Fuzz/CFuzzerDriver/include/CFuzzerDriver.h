// libFuzzer's driver, called from a fuzz target's own `main` (libclang_rt.fuzzer_no_main).
// A SwiftPM executable links its `main` under a name of its own, so the fuzz targets start the
// driver themselves instead of linking libFuzzer's `main`.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the process's arguments, calling `callback` once per input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
