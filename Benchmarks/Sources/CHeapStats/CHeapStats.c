#include "CHeapStats.h"
#include <stdlib.h>  // defines __GLIBC__ on glibc systems
#if defined(__GLIBC__)
#include <malloc.h>
// Small blocks live in malloc's arenas (uordblks); blocks above the mmap threshold (128 KiB by
// default), such as a large table's arrays, are mapped separately (hblkhd).
size_t waymark_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t waymark_heap_bytes_in_use(void) { return 0; }
#endif
