package import Foundation

/// Reads a file from outside the app's control (a route file, a path configuration, a cache file)
/// that must be a regular file of at most `limit` bytes. One reader for every such file, in the core
/// target so that every module and the command-line tool use it.
///
/// `Data(contentsOf:)` reads whatever the path names until it ends: `/dev/zero` or `/dev/urandom`
/// never end (Foundation gives up with a misleading "no permission" error after filling memory), a
/// named pipe blocks until something writes to it, and a huge file is read whole. So the file is
/// opened without blocking, checked with `fstat(2)` on the open descriptor (the object that is read,
/// not whatever the path names a moment later) and read in chunks that stop past the limit (the file
/// may grow after the check).
package enum BoundedFileRead {
    /// The largest file read when no other limit is given: the path-configuration loader's default
    /// `maximumBodySize`, so a file and a server answer are held to the same size, well above a large
    /// route file (measured: docs/performance.md, "Measurements behind the matcher's design").
    package static let defaultLimit = 5_000_000

    /// Why a file was not read, in words for a message: `it is a character device, not a regular file`.
    package struct Failure: Error, Equatable, Sendable {
        package var reason: String
    }

    package static func contents(of url: URL, limit: Int = defaultLimit) throws(Failure) -> Data {
        // O_NONBLOCK: opening a named pipe must not wait for a writer; it changes nothing for a
        // regular file. O_CLOEXEC: the descriptor never leaks into a process the app starts.
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: describe(errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(reason: describe(errno: errno)) }
        // `st_mode` is UInt16 on Darwin and UInt32 on Linux, `S_IFMT` an Int32 or a mode_t: compare
        // them as UInt32, which holds every file-type bit.
        let type = UInt32(truncatingIfNeeded: status.st_mode) & UInt32(truncatingIfNeeded: S_IFMT)
        guard type == UInt32(truncatingIfNeeded: S_IFREG) else {
            throw Failure(reason: "it is \(describe(fileType: type)), not a regular file")
        }
        guard Int64(status.st_size) <= Int64(limit) else {
            throw Failure(reason: "it is \(status.st_size) bytes, over the limit of \(limit)")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: describe(errno: errno))
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit {
                throw Failure(reason: "it grew past the limit of \(limit) bytes while it was read")
            }
        }
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "it does not exist"
        case EACCES, EPERM: return "no permission to read it"
        case ENOTDIR: return "a folder on its path is not a folder"
        case ELOOP: return "its path has too many symbolic links (a loop?)"
        default: return String(cString: strerror(code))
        }
    }

    private static func describe(fileType: UInt32) -> String {
        switch fileType {
        case UInt32(truncatingIfNeeded: S_IFDIR): return "a folder"
        case UInt32(truncatingIfNeeded: S_IFCHR): return "a character device"
        case UInt32(truncatingIfNeeded: S_IFBLK): return "a block device"
        case UInt32(truncatingIfNeeded: S_IFIFO): return "a named pipe"
        case UInt32(truncatingIfNeeded: S_IFSOCK): return "a socket"
        default: return "a special file"
        }
    }
}
