// The declaration in include/CFuzzerDriver.h is all this module holds; libFuzzer defines it.
#include "CFuzzerDriver.h"
