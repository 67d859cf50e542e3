#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes the C heap has handed out and not had back, over every arena (glibc's mallinfo2):
/// what `otk edit` measures the undo stack's memory with. Swift's Glibc module leaves malloc.h out.
size_t otk_heap_allocated_bytes(void);

#endif
