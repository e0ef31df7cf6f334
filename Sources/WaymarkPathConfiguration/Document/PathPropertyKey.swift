/// The property keys Hotwire Native gives a meaning to, on either platform: the one list that the
/// typed accessors of ``PathProperties`` read and the load-time checks (`PropertyCheck`) check.
///
/// `PropertyCheck` decides how each key is checked in an exhaustive `switch`, so a key added here
/// cannot go unchecked.
enum PathPropertyKey: String, CaseIterable, Sendable {
    // In the order their warnings are reported.
    case context
    case presentation
    case modalStyle = "modal_style"
    case queryStringPresentation = "query_string_presentation"
    case pullToRefreshEnabled = "pull_to_refresh_enabled"
    case modalDismissGestureEnabled = "modal_dismiss_gesture_enabled"
    case animated
    case historicalLocation = "historical_location"
    case viewController = "view_controller"
    case title
    case uri
    case fallbackURI = "fallback_uri"

    /// Every key's spelling.
    static let spellings = Set(allCases.map(\.rawValue))

    /// What a true-or-false key reads as when it is missing or not a boolean, on `platform`; `nil`
    /// for a key that is not true or false.
    func defaultFlag(on platform: PathConfiguration.Platform) -> Bool? {
        switch self {
        case .pullToRefreshEnabled: platform == .iOS
        case .modalDismissGestureEnabled, .animated: true
        case .historicalLocation: false
        case .context, .presentation, .modalStyle, .queryStringPresentation, .viewController, .title, .uri,
            .fallbackURI:
            nil
        }
    }
}
