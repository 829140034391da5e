/// An opaque sRGB colour to tint an icon with, written into SVG as `#RRGGBB`.
public struct IconColor: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0 to 255.
    public var red: UInt8
    /// The green component, 0 to 255.
    public var green: UInt8
    /// The blue component, 0 to 255.
    public var blue: UInt8

    /// The colour of the given sRGB components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `#RRGGBB` or `RRGGBB` (either case); nil for anything else.
    public init?(hex: some StringProtocol) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : hex[...]
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#RRGGBB`, upper case.
    public var hex: String {
        "#"
            + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    public var description: String { hex }

    /// Black, `#000000`.
    public static let black = IconColor(red: 0, green: 0, blue: 0)
    /// White, `#FFFFFF`.
    public static let white = IconColor(red: 255, green: 255, blue: 255)
}
