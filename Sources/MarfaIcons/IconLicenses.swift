import Foundation

extension LucideIconSet {
    /// Lucide's ISC licence, which travels with the artwork this package ships.
    public static var licenseText: String {
        Bundle.module.url(forResource: "lucide-ISC", withExtension: "txt", subdirectory: "LICENSES")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }
}
