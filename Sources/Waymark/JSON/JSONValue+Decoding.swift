extension JSONValue {
    /// The deepest nesting of arrays and objects that ``init(from:)`` reads: 512, the limit of the
    /// reader behind route files and path configurations.
    public static let maximumDecodingDepth = 512

    /// The kinds of JSON value, in the order ``init(from:)`` tries them when nothing predicts one.
    private enum Kind: CaseIterable {
        case null, bool, number, string, array, object
    }

    /// A key of any object.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// An array or object being read: its container, its members so far, and the kind of its last
    /// member (the guess for the next one). A class, so that the containers (whose position moves
    /// as members are read) and the members are changed in place on the stack.
    private final class Frame {
        var unkeyed: (any UnkeyedDecodingContainer)?
        let keyed: KeyedDecodingContainer<MemberKey>?
        let keys: [MemberKey]
        var next = 0
        var items: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        var last: Kind

        init(unkeyed: any UnkeyedDecodingContainer) {
            self.unkeyed = unkeyed
            keyed = nil
            keys = []
            last = .array
            if let count = unkeyed.count { items.reserveCapacity(count) }
        }

        init(keyed: KeyedDecodingContainer<MemberKey>) {
            unkeyed = nil
            self.keyed = keyed
            keys = keyed.allKeys
            last = .object
            members.reserveCapacity(keys.count)
        }

        var isArray: Bool { unkeyed != nil }

        /// Where the next member is, or `nil` when every member is read.
        func nextPlace() -> Place? {
            if isArray { return unkeyed?.isAtEnd == false ? .element(self) : nil }
            guard next < keys.count else { return nil }
            next += 1
            return .member(self, keys[next - 1])
        }

        /// Adds the member just read: to the items of an array, or under its key in an object.
        func add(_ value: JSONValue) {
            if isArray {
                items.append(value)
            } else {
                members[keys[next - 1].stringValue] = value
            }
        }
    }

    /// Where the value being read is: the decoder's own value, an object's member, or an array's
    /// next element.
    private enum Place {
        case top(any Decoder)
        case member(Frame, MemberKey)
        case element(Frame)

        var isElement: Bool {
            if case .element = self { return true }
            return false
        }
    }

    /// What one try gives: a finished value, or an array or object to read the members of.
    private enum Read {
        case value(JSONValue)
        case opened(Frame)
    }

    /// ``init(from:)``, adding to `work` one per try and, for each failed try, the depth it failed
    /// at (what the decoder's error costs it: a coding path that long): the count that tests
    /// follow across sizes and depths to show decoding stays linear.
    static func decode(from decoder: any Decoder, work: inout Int) throws -> JSONValue {
        let first = try read(.top(decoder), guess: nil, depth: 0, work: &work)
        guard case .opened(let root) = first.read else {
            if case .value(let value) = first.read { return value }
            return .null
        }
        var stack = [root]
        // The kind each member name last had: objects in an array tend to share their shape.
        var kindByKey: [String: Kind] = [:]
        while let frame = stack.last {
            guard let place = frame.nextPlace() else {
                // Every member is read: the container is done, and is a member of the one below.
                stack.removeLast()
                let finished: JSONValue = frame.isArray ? .array(frame.items) : .object(frame.members)
                guard let parent = stack.last else { return finished }
                parent.add(finished)
                continue
            }
            var guess = frame.last
            if case .member(_, let key) = place, let known = kindByKey[key.stringValue] { guess = known }
            let (read, kind) = try Self.read(place, guess: guess, depth: stack.count, work: &work)
            // A null says nothing about its siblings.
            if kind != .null {
                frame.last = kind
                if case .member(_, let key) = place, kindByKey[key.stringValue] != kind {
                    kindByKey[key.stringValue] = kind
                }
            }
            switch read {
            case .value(let value):
                frame.add(value)
            case .opened(let child):
                if stack.count >= maximumDecodingDepth {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: codingPath(of: place, read: true),
                            debugDescription:
                                "arrays and objects nest deeper than \(maximumDecodingDepth) levels, the most a "
                                + "JSONValue reads"))
                }
                stack.append(child)
            }
        }
        return .null
    }

    /// Reads the value at `place`: null first (asking costs no error), then `guess`, then the other
    /// kinds in ``Kind`` order.
    ///
    /// An array's element is tried in place as anything but an object (a failed try leaves the
    /// array's position where it was: `UnkeyedDecodingContainer` moves on only after a successful
    /// decode). An object takes two reads (see ``attempt(_:at:)``), which in place would move past
    /// it, so an element that may be one gets a decoder of its own first, where reads repeat.
    private static func read(_ place: Place, guess: Kind?, depth: Int, work: inout Int) throws -> (
        read: Read, kind: Kind
    ) {
        work += 1
        if isNull(place) { return (.value(.null), .null) }
        let order = [guess].compactMap { $0 } + Kind.allCases.filter { $0 != guess && $0 != .null }
        var place = place
        decode: if case .element(let frame) = place {
            // In place, every kind but an object; then the element's own decoder, for an object and
            // for whatever was not tried yet (an object guessed first is tried there first).
            var tried: [Kind] = []
            for kind in order where kind != .null && kind != .object {
                if guess == .object { break }
                work += 1
                if let read = try attempt(kind, at: place) { return (read, kind) }
                work += depth
                tried.append(kind)
            }
            guard let decoder = try frame.unkeyed?.superDecoder() else { break decode }
            work += 1
            place = .top(decoder)
            for kind in order where kind != .null && !tried.contains(kind) {
                work += 1
                if let read = try attempt(kind, at: place) { return (read, kind) }
                work += depth
            }
        } else {
            for kind in order where kind != .null {
                work += 1
                if let read = try attempt(kind, at: place) { return (read, kind) }
                work += depth
            }
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath(of: place),
                debugDescription: "the value is none of null, a Boolean, a number, a string, an array or an object"))
    }

    private static func isNull(_ place: Place) -> Bool {
        switch place {
        case .top(let decoder): return (try? decoder.singleValueContainer().decodeNil()) ?? false
        case .member(let frame, let key): return (try? frame.keyed?.decodeNil(forKey: key)) ?? false
        // decodeNil moves past the element only when it is null.
        case .element(let frame): return (try? frame.unkeyed?.decodeNil()) ?? false
        }
    }

    /// One try: the value at `place` as `kind`, or `nil` when it is not one. A failed try leaves
    /// an array's position where it was (`UnkeyedDecodingContainer` moves on only after a
    /// successful decode).
    private static func attempt(_ kind: Kind, at place: Place) throws -> Read? {
        switch kind {
        case .null: return isNull(place) ? .value(.null) : nil
        case .bool:
            return try scalar(Bool.self, at: place, cause: "a value that cannot be read").map { .value(.bool($0)) }
        case .number:
            let cause =
                "a number out of range (beyond ±1.8e308, the limit of a 64-bit floating-point number) or malformed"
            return try scalar(Double.self, at: place, cause: cause).map { .value(.number($0)) }
        case .string:
            let cause = "a string that is not valid UTF-8 or malformed"
            return try scalar(String.self, at: place, cause: cause).map { .value(.string($0)) }
        case .array:
            let container: (any UnkeyedDecodingContainer)?
            switch place {
            case .top(let decoder): container = try? decoder.unkeyedContainer()
            case .member(let frame, let key): container = try? frame.keyed?.nestedUnkeyedContainer(forKey: key)
            case .element(let frame): container = try? frame.unkeyed?.nestedUnkeyedContainer()
            }
            return container.map { .opened(Frame(unkeyed: $0)) }
        case .object:
            let container: KeyedDecodingContainer<MemberKey>?
            switch place {
            case .top(let decoder): container = try? decoder.container(keyedBy: MemberKey.self)
            case .member(let frame, let key):
                container = try? frame.keyed?.nestedContainer(keyedBy: MemberKey.self, forKey: key)
            case .element: container = nil
            }
            guard let container else { return nil }
            // A key strategy (JSONDecoder's convertFromSnakeCase) renames the keys of keyed
            // containers, but not those of a `[String: …]` dictionary, and a JSONValue keeps its
            // keys as written (`modal_style` stays `modal_style`). The keys of a dictionary of
            // placeholders show whether they were renamed; if they were, this object is read the
            // way a dictionary is, which keeps them (one call deeper per renamed object).
            guard let written = scalar([String: Placeholder].self, at: place) else { return nil }
            let frame = Frame(keyed: container)
            if written.count == frame.keys.count, frame.keys.allSatisfy({ written[$0.stringValue] != nil }) {
                return .opened(frame)
            }
            return scalar([String: JSONValue].self, at: place).map { .value(.object($0)) }
        }
    }

    /// Stands for any value, and reads none of it: decoded only for the keys around it.
    private struct Placeholder: Decodable {
        init(from decoder: any Decoder) {}
    }

    private static func scalar<T: Decodable>(_ type: T.Type, at place: Place) -> T? {
        switch place {
        case .top(let decoder): return try? decoder.singleValueContainer().decode(type)
        case .member(let frame, let key): return try? frame.keyed?.decode(type, forKey: key)
        case .element(let frame): return try? frame.unkeyed?.decode(type)
        }
    }

    /// A scalar try that tells "another kind" (`nil`) from "this kind, but unreadable": a type
    /// mismatch at the value itself moves on to the next kind; any other failure is the real cause
    /// and is thrown with its coding path (Foundation's `JSONDecoder` reads numbers and strings
    /// lazily and throws its own error for `1e400` or invalid UTF-8, which a `try?` turned into a
    /// misleading "the value is none of …").
    private static func scalar<T: Decodable>(_ type: T.Type, at place: Place, cause: String) throws -> T? {
        do {
            switch place {
            case .top(let decoder): return try decoder.singleValueContainer().decode(type)
            case .member(let frame, let key): return try frame.keyed?.decode(type, forKey: key)
            case .element(let frame): return try frame.unkeyed?.decode(type)
            }
        } catch DecodingError.typeMismatch(_, let context)
            where context.codingPath.count == codingPath(of: place).count
        {
            return nil
        } catch DecodingError.valueNotFound {
            return nil
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath(of: place), debugDescription: "\(cause): \(error)", underlyingError: error)
            )
        }
    }

    /// The coding path of the value at `place`, for an error: computed only when one is thrown, as
    /// it is as long as the value is deep. Once an element is `read`, its array has moved past it.
    private static func codingPath(of place: Place, read: Bool = false) -> [any CodingKey] {
        switch place {
        case .top(let decoder): return decoder.codingPath
        case .member(let frame, let key): return (frame.keyed?.codingPath ?? []) + [key]
        case .element(let frame):
            let index = (frame.unkeyed?.currentIndex ?? 0) - (read ? 1 : 0)
            return (frame.unkeyed?.codingPath ?? []) + [ElementKey(intValue: index)]
        }
    }

    /// An array index in a coding path.
    private struct ElementKey: CodingKey {
        var intValue: Int?
        var stringValue: String { intValue.map { "Index \($0)" } ?? "" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}
