public import Foundation
internal import Waymark

/// The server documents' last good answers, one file per server URL in a folder.
///
/// A file holds the URL it belongs to, the answer's ETag and the document, so the three always
/// change together: a first line, a JSON object with `url` and `etag`, then the document's bytes as
/// the server sent them. The document is not put inside JSON: escaped again, a 5 MB answer could
/// make a 10 MB file, over the limit of the files the cache reads (docs/performance.md, "Reading
/// JSON at the size cap, and many URLs (issue 31)"). A file of the older form, the document as a
/// string inside one JSON object, is still read. Files are written atomically: to a
/// temporary file in the same folder, then renamed over the old one; a write that dies halfway
/// leaves the old file whole.
///
/// A process that dies between writing a temporary file and renaming it leaves the temporary file
/// behind. Such files are named `.path-configuration-<hash>.json.<UUID>.tmp`, so the cache can tell
/// them from anything else in the folder: every write (and ``PathConfigurationLoader/load()``)
/// removes this cache's temporary files that are more than a minute old. A younger one may belong
/// to a write in progress in another process; it is left for a later write.
public struct PathConfigurationCache: Sendable {
    /// One cached answer.
    public struct Entry: Hashable, Sendable {
        /// The server URL, in full.
        public let url: URL
        /// The ETag the server sent with it, if any.
        public let etag: String?
        /// The document, as the server sent it.
        public let document: Data

        /// Creates an entry.
        public init(url: URL, etag: String?, document: Data) {
            self.url = url
            self.etag = etag
            self.document = document
        }
    }

    /// The folder the files live in.
    public let directory: URL
    /// Writes a temporary file (tests replace it to simulate a full disk).
    private let writer: @Sendable (Data, URL) throws -> Void

    /// A cache in `directory` (created when first written).
    public init(directory: URL) {
        self.init(directory: directory, writer: { data, url in try data.write(to: url) })
    }

    /// A cache whose temporary files are written by `writer`: for tests that simulate a full disk
    /// or a crash, which must leave the previous cache file whole.
    public init(directory: URL, writer: @escaping @Sendable (Data, URL) throws -> Void) {
        self.directory = directory
        self.writer = writer
    }

    /// The default folder, of this app alone: `<caches>/<bundle identifier>/Waymark/PathConfiguration`.
    ///
    /// On macOS an app outside the sandbox shares `~/Library/Caches` with every other app of the
    /// user, so a folder without the app's name would hand one app's cached documents (and ETags) to
    /// another that also uses Waymark. Apple's guidance is a subfolder named by the bundle
    /// identifier; inside a sandbox (iOS, and sandboxed macOS apps) it costs one folder level. A
    /// process with no bundle identifier (a command-line tool, a Linux server) uses its process name.
    public static var defaultDirectory: URL {
        defaultDirectory(
            caches: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory,
            bundleIdentifier: Bundle.main.bundleIdentifier,
            processName: ProcessInfo.processInfo.processName)
    }

    /// The default folder under `caches` for an app with this bundle identifier (or, without one, this
    /// process name). The name becomes one folder: every character but ASCII letters, digits, `.`,
    /// `-` and `_` becomes `_`, and a name of only dots (or none) becomes `_`, so no name leaves
    /// `caches`.
    public static func defaultDirectory(caches: URL, bundleIdentifier: String?, processName: String) -> URL {
        let raw = bundleIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? processName
        var name = String(
            String.UnicodeScalarView(
                raw.unicodeScalars.map { scalar in
                    scalar.isASCII
                        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                            || "._-".unicodeScalars.contains(scalar))
                        ? scalar : "_"
                }))
        if name.allSatisfy({ $0 == "." }) { name = "_" + name }
        return caches.appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent("Waymark/PathConfiguration", isDirectory: true)
    }

    /// The file for a server URL: a 64-bit FNV-1a hash of the full URL string.
    public func fileURL(for url: URL) -> URL {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let name = String(hash, radix: 16)
        return directory.appendingPathComponent(
            Self.filePrefix + "\(String(repeating: "0", count: 16 - name.count))\(name).json")
    }

    /// The longest first line (the URL and the ETag as JSON) a file may have: a file is at most
    /// this and the document's size limit. An ETag that would make it longer is not kept.
    static let maximumHeaderSize = 65_536

    /// The cached answer for a URL, `nil` when there is none, or why the file cannot be used.
    ///
    /// - Parameters:
    ///   - url: The server's URL.
    ///   - maximumDocumentSize: The largest document read (the loader's `maximumBodySize`): the
    ///     file may be that and its first line long.
    public func read(_ url: URL, maximumDocumentSize: Int = 5_000_000) -> Result<Entry?, CacheProblem> {
        let file = fileURL(for: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return .success(nil) }
        let data: Data
        do {
            data = try BoundedFileRead.contents(of: file, limit: maximumDocumentSize + Self.maximumHeaderSize)
        } catch {
            return .failure(CacheProblem(file: file, reason: "the file cannot be read: \(error.reason)"))
        }
        let corrupt = CacheProblem(file: file, reason: "the file is not a Waymark cache entry (corrupt or truncated)")
        // The first line, or (a file of the older form, on one line) the whole file.
        let headerEnd = data.firstIndex(of: 0x0A) ?? data.endIndex
        guard case .object(let header)? = try? JSONParser.parse(data[data.startIndex..<headerEnd]),
            case .string(let stored)? = header["url"]
        else { return .failure(corrupt) }
        let document: Data
        if headerEnd < data.endIndex {
            document = data[(headerEnd + 1)...]
        } else if case .string(let text)? = header["document"] {
            document = Data(text.utf8)
        } else {
            return .failure(corrupt)
        }
        guard stored == url.absoluteString else {
            return .failure(
                CacheProblem(file: file, reason: "the file belongs to \(stored), not \(url.absoluteString)"))
        }
        return .success(Entry(url: url, etag: header["etag"]?.stringValue, document: Data(document)))
    }

    /// Writes an answer: to a temporary file, then renamed over the old one. Temporary files that
    /// earlier writes left behind (more than a minute old) are removed first.
    ///
    /// - Parameters:
    ///   - entry: The server's URL, its ETag and the document.
    ///   - interruption: For tests: runs after the temporary file is written and before the
    ///     rename; throwing from it stands for a process that dies there.
    public func write(_ entry: Entry, interruption: () throws -> Void = {}) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        removeStaleTemporaryFiles()
        // JSON text on one line: every line break in a string is escaped.
        var header = JSONValue.object(["url": .string(entry.url.absoluteString)])
        if let etag = entry.etag {
            let withETag = JSONValue.object(["url": .string(entry.url.absoluteString), "etag": .string(etag)])
            if withETag.jsonText().utf8.count < Self.maximumHeaderSize { header = withETag }
        }
        var data = Data(header.jsonText().utf8)
        data.append(0x0A)
        data.append(entry.document)
        let target = fileURL(for: entry.url)
        // `.path-configuration-<hash>.json.<UUID>.tmp`: starts with `temporaryPrefix`, ends with
        // `temporarySuffix`, so a leftover is recognised as this cache's.
        let temporary = directory.appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString)\(Self.temporarySuffix)")
        do {
            try writer(data, temporary)
            try interruption()
            // rename(2) replaces the target in one step: readers see the old file or the new one.
            guard rename(temporary.path, target.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Every cache file's name starts with this.
    static let filePrefix = "path-configuration-"
    /// Every temporary file's name starts with this and ends with ``temporarySuffix``: a dot (hidden),
    /// then the name of the file it will replace.
    static let temporaryPrefix = "." + filePrefix
    static let temporarySuffix = ".tmp"
    /// A temporary file older than this is left over from a write whose process died: no write of a
    /// document (at most a few megabytes) takes a minute, and removing the file of a write that does
    /// only makes that write fail (`cacheNotWritten`), never damages a cache file.
    static let staleTemporaryFileAge: TimeInterval = 60

    /// Removes the temporary files of this cache that are older than ``staleTemporaryFileAge``.
    /// Errors are ignored: a file that cannot be removed now is tried again at the next write.
    func removeStaleTemporaryFiles(now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) && name.hasSuffix(Self.temporarySuffix) {
            let file = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                let modified = attributes[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > Self.staleTemporaryFileAge
            else { continue }
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// Why a cache file was not used.
    public struct CacheProblem: Error, Hashable, Sendable {
        /// The file.
        public let file: URL
        /// Why.
        public let reason: String
    }
}
