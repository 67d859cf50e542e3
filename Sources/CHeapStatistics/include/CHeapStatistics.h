#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes the C heap has handed out and not had back, over every arena (glibc's mallinfo2):
/// what `otk edit` measures the undo stack's memory with. Swift's Glibc module leaves malloc.h out.
size_t otk_heap_allocated_bytes(void);

/// Sets glibc's thresholds (mallopt): allocations of `mmap_threshold` bytes or more get their
/// own mapping, and free memory at the top of the heap goes back to the kernel only when it
/// reaches `trim_threshold` bytes. Returns nonzero on success.
int otk_heap_defer_trimming(size_t mmap_threshold, size_t trim_threshold);

/// Gives the heap's free memory back to the kernel now (malloc_trim). Returns nonzero when
/// some was released.
int otk_heap_release_free_memory(void);

#endif
