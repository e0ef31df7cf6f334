/// Text written into the HTML pages the tool makes (`links --html`, `report --html`).
enum HTMLText {
    /// `text` safe in an element or a quoted attribute: `&`, `<`, `>`, `"` and `'` as entities.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
