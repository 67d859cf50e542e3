#include "CHeapStatistics.h"
#include <malloc.h>

size_t otk_heap_allocated_bytes(void) {
    return mallinfo2().uordblks;
}

int otk_heap_defer_trimming(size_t mmap_threshold, size_t trim_threshold) {
    return mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold) && mallopt(M_TRIM_THRESHOLD, (int)trim_threshold);
}

int otk_heap_release_free_memory(void) {
    return malloc_trim(0);
}
