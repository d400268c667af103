#include "shared_memory.h"
