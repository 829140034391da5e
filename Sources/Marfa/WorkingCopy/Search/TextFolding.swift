import Foundation

/// Text compared as the search index compares it: case and diacritics folded ("Café" is "cafe").
enum TextFolding {
    /// `text` in lower case without diacritics.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
