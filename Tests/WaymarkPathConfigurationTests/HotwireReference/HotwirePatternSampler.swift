/// Makes a few paths that a path-configuration pattern probably matches, to look up in a corpus
/// document: a simple, deterministic reading of the pattern, not a regex engine.
///
/// Anchors (`^`, `$`, `\b`, …) and lookarounds are dropped; `\d`, `[0-9]` and other digit classes
/// give `1`; `.` gives `x`; `\w` gives `a`; a negated class gives `a`, or `abc` when repeated
/// (`[^/]+`); another class gives `1` if it holds digits, else `a` if it holds letters, else its
/// first character; escaped characters (`\/`, `\.`, `\?`) are themselves; `?`, `*` and `+` keep
/// one copy of what they repeat, `{n,m}` keeps `n` (at least one, at most 16); a group gives its first
/// alternative, and each top-level alternative gives its own path (three at most). A result that
/// does not start with `/` gets one. Paths that come out odd are still useful inputs.
enum HotwirePatternSampler {
    static func paths(for pattern: String) -> [String] {
        var reader = Reader(characters: Array(pattern))
        let alternatives = reader.alternatives()
        var paths: [String] = []
        for alternative in alternatives.prefix(3) {
            let path = alternative.hasPrefix("/") ? alternative : "/" + alternative
            if !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    private struct Reader {
        let characters: [Character]
        var position = 0

        var atEnd: Bool { position >= characters.count }
        var current: Character? { atEnd ? nil : characters[position] }

        func peek(_ offset: Int) -> Character? {
            position + offset < characters.count ? characters[position + offset] : nil
        }

        /// Alternatives up to a closing `)` (not consumed) or the end.
        mutating func alternatives() -> [String] {
            var found = [sequence()]
            while current == "|" {
                position += 1
                found.append(sequence())
            }
            return found
        }

        /// Atoms up to `|`, `)` or the end.
        mutating func sequence() -> String {
            var text = ""
            while let character = current, character != "|", character != ")" {
                let (atom, repeatable) = self.atom()
                text += quantified(atom, repeatable: repeatable)
            }
            return text
        }

        /// The sample of one atom, and what a `+` or `*` after it repeats (`abc` for a negated
        /// class, else the atom).
        mutating func atom() -> (String, repeated: String) {
            guard let character = current else { return ("", "") }
            position += 1
            switch character {
            case "^", "$": return ("", "")
            case ".": return ("x", "x")
            case "(": return group()
            case "[": return characterClass()
            case "\\": return escape()
            default: return (String(character), String(character))
            }
        }

        mutating func group() -> (String, repeated: String) {
            var lookaround = false
            if current == "?" {
                position += 1
                switch current {
                case ":": position += 1
                case "=", "!":
                    lookaround = true
                    position += 1
                case "<":
                    if peek(1) == "=" || peek(1) == "!" {
                        lookaround = true
                        position += 2
                    } else {
                        // A named group: (?<name>…).
                        while let character = current, character != ">" { position += 1 }
                        position += 1
                    }
                default:
                    // Inline flags: (?i) or (?i:…).
                    while let character = current, character != ")", character != ":" { position += 1 }
                    if current == ")" {
                        position += 1
                        return ("", "")
                    }
                    position += 1
                }
            }
            let first = alternatives().first ?? ""
            if current == ")" { position += 1 }
            return lookaround ? ("", "") : (first, first)
        }

        mutating func characterClass() -> (String, repeated: String) {
            var negated = false
            if current == "^" {
                negated = true
                position += 1
            }
            var members: [Character] = []
            var ranges: [ClosedRange<Character>] = []
            var first = true
            while let character = current, character != "]" || first {
                first = false
                position += 1
                var member = character
                if character == "\\", let escaped = current {
                    position += 1
                    switch escaped {
                    case "d": ranges.append("0"..."9")
                    case "w":
                        ranges.append("a"..."z")
                        ranges.append("0"..."9")
                    case "s": members.append(" ")
                    default: members.append(escaped)
                    }
                    continue
                }
                if current == "-", let upper = peek(1), upper != "]" {
                    position += 2
                    if member <= upper { ranges.append(member...upper) }
                    continue
                }
                if character == "[" { member = "[" }
                members.append(member)
            }
            if current == "]" { position += 1 }
            func contains(_ candidate: Character) -> Bool {
                members.contains(candidate) || ranges.contains { $0.contains(candidate) }
            }
            if negated {
                let allowed = "abcxyz1_".filter { !contains($0) }
                let one = allowed.first.map(String.init) ?? "a"
                return (one, String(allowed.prefix(3)).isEmpty ? one : String(allowed.prefix(3)))
            }
            let one: String
            if contains("1") {
                one = "1"
            } else if contains("a") {
                one = "a"
            } else {
                one = ranges.first.map { String($0.lowerBound) } ?? members.first.map(String.init) ?? ""
            }
            return (one, one)
        }

        mutating func escape() -> (String, repeated: String) {
            guard let character = current else { return ("\\", "\\") }
            position += 1
            switch character {
            case "d": return ("1", "1")
            case "w", "D", "S": return ("a", "a")
            case "W": return ("-", "-")
            case "s": return (" ", " ")
            case "b", "B", "A", "z", "Z", "G", "n", "r", "t", "f": return ("", "")
            case "Q":
                var text = ""
                while let next = current, !(next == "\\" && peek(1) == "E") {
                    text.append(next)
                    position += 1
                }
                position += 2
                return (text, text)
            default:
                if character.isNumber { return ("", "") }  // a backreference
                return (String(character), String(character))
            }
        }

        /// The atom with the quantifier that follows it, if any, applied.
        mutating func quantified(_ atom: String, repeatable: String) -> String {
            guard let character = current else { return atom }
            var text = atom
            switch character {
            case "?":
                position += 1
            case "*", "+":
                position += 1
                text = repeatable
            case "{":
                var end = position + 1
                var digits = ""
                while end < characters.count, characters[end].isNumber {
                    digits.append(characters[end])
                    end += 1
                }
                guard !digits.isEmpty, end < characters.count, characters[end] == "," || characters[end] == "}"
                else { return atom }  // a literal '{'
                while end < characters.count, characters[end] != "}" { end += 1 }
                position = end + 1
                let count = min(max(Int(digits) ?? 1, 1), 16)
                text = String(repeating: atom, count: count)
            default:
                return atom
            }
            // A lazy or possessive suffix.
            if current == "?" || current == "+" { position += 1 }
            return text
        }
    }
}
