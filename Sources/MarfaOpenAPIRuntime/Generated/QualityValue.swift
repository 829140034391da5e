import Foundation

/// How much a client prefers one media type of `Accept` over another: a number from 0 to 1 with at most
/// three decimals, written `q=0.500`; 1 is the default and is not written.
public struct QualityValue: Sendable, Hashable {
    /// The value in thousandths, so two values compare exactly.
    private let thousandths: UInt16

    /// The quality of `doubleValue`, kept to three decimals.
    ///
    /// - Precondition: `doubleValue` is from 0 to 1.
    public init(doubleValue: Double) {
        precondition((0...1).contains(doubleValue), "A quality value is from 0 to 1, not \(doubleValue)")
        thousandths = UInt16((doubleValue * 1000).rounded())
    }

    /// The quality as a number from 0 to 1.
    public var doubleValue: Double { Double(thousandths) / 1000 }

    /// Whether the quality is 1, which `Accept` leaves unwritten.
    public var isDefault: Bool { thousandths == 1000 }
}

extension QualityValue: RawRepresentable {
    /// The quality written as `0.500`, or nil for text that is no number from 0 to 1.
    public init?(rawValue: String) {
        guard let value = Double(rawValue.trimmingSpaces), (0...1).contains(value) else {
            return nil
        }
        self.init(doubleValue: value)
    }

    /// The quality with three decimals: `1.000`, `0.500`.
    public var rawValue: String {
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension QualityValue: ExpressibleByIntegerLiteral {
    /// The quality 0 or 1.
    ///
    /// - Precondition: `value` is 0 or 1.
    public init(integerLiteral value: UInt16) {
        precondition(value <= 1, "A quality value is from 0 to 1, not \(value)")
        thousandths = value * 1000
    }
}

extension QualityValue: ExpressibleByFloatLiteral {
    /// The quality of a literal such as `0.5`.
    ///
    /// - Precondition: `value` is from 0 to 1.
    public init(floatLiteral value: Double) { self.init(doubleValue: value) }
}
