#include "CHeapStatistics.h"
#include <malloc.h>

size_t otk_heap_allocated_bytes(void) {
    return mallinfo2().uordblks;
}
