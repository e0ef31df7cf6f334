/// Which Hotwire Native a corpus document is for, and so which reference it is checked against.
enum HotwirePlatform: String, Hashable, Sendable, CaseIterable {
    case iOS
    case android = "Android"
}
