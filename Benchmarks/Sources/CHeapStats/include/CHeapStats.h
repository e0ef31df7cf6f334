#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H
#include <stddef.h>

/// Bytes of heap in use by malloc (glibc's mallinfo2().uordblks), or 0 where it is not available.
size_t waymark_heap_bytes_in_use(void);

#endif
