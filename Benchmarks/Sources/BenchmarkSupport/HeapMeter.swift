import CHeapStats

/// Bytes of heap in use, to measure what a built table keeps (glibc's `mallinfo2`; 0 elsewhere).
public enum HeapMeter {
    public static func bytesInUse() -> Int {
        Int(waymark_heap_bytes_in_use())
    }
}
