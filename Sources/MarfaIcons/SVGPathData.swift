/// Reads SVG path data (`M`, `L`, `H`, `V`, `C`, `S`, `Q`, `T`, `A`, `Z`, absolute and relative) into
/// outline segments. Stops at the first thing it cannot read and keeps what came before, as SVG renderers do.
enum SVGPathData {
    static func parse(_ data: String) -> [IconPathSegment] {
        var pen = Pen(scanner: NumberScanner(data))
        var command: UInt8 = 0
        while let next = pen.scanner.peek() {
            if isLetter(next) {
                command = next
                pen.scanner.advance()
            } else if command == 0 || command | 0x20 == UInt8(ascii: "z") {
                break
            }
            guard let repeated = pen.draw(command) else { break }
            command = repeated
        }
        return pen.segments
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") && byte != UInt8(ascii: "e")
            && byte != UInt8(ascii: "E")
    }

    /// Where the path has got to, and what it has drawn.
    private struct Pen {
        var scanner: NumberScanner
        var segments: [IconPathSegment] = []
        var current = IconPoint(x: 0, y: 0)
        var subpathStart = IconPoint(x: 0, y: 0)
        /// The last curve's second control point, which a smooth curve (`S`, `T`) mirrors.
        var lastCubicControl: IconPoint?
        var lastQuadraticControl: IconPoint?

        /// Reads one command's numbers and draws it; answers the command more numbers after it
        /// repeat (a move's are lines), nil when its numbers can't be read.
        mutating func draw(_ command: UInt8) -> UInt8? {
            let relative = command >= UInt8(ascii: "a")
            var cubicControl: IconPoint?
            var quadraticControl: IconPoint?
            var repeated = command
            switch command | 0x20 {
            case UInt8(ascii: "m"):
                guard let to = point(relative) else { return nil }
                current = to
                subpathStart = to
                segments.append(.move(to))
                repeated = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"):
                guard line(command | 0x20, relative: relative) else { return nil }
            case UInt8(ascii: "c"), UInt8(ascii: "s"):
                guard let control = cubic(smooth: command | 0x20 == UInt8(ascii: "s"), relative: relative) else {
                    return nil
                }
                cubicControl = control
            case UInt8(ascii: "q"), UInt8(ascii: "t"):
                guard let control = quadratic(smooth: command | 0x20 == UInt8(ascii: "t"), relative: relative)
                else { return nil }
                quadraticControl = control
            case UInt8(ascii: "a"):
                guard arc(relative: relative) else { return nil }
            case UInt8(ascii: "z"):
                segments.append(.close)
                current = subpathStart
            default:
                return nil
            }
            lastCubicControl = cubicControl
            lastQuadraticControl = quadraticControl
            return repeated
        }

        /// The next two numbers as a point, relative to the current one or not.
        private mutating func point(_ relative: Bool) -> IconPoint? {
            guard let x = scanner.number(), let y = scanner.number() else { return nil }
            return relative ? IconPoint(x: current.x + x, y: current.y + y) : IconPoint(x: x, y: y)
        }

        /// `current` mirrored about `control`: a smooth curve's first control point.
        private func mirrored(_ control: IconPoint?) -> IconPoint {
            control.map { IconPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
        }

        /// `L`, `H` or `V` (given in lowercase).
        private mutating func line(_ kind: UInt8, relative: Bool) -> Bool {
            let to: IconPoint
            switch kind {
            case UInt8(ascii: "h"):
                guard let x = scanner.number() else { return false }
                to = IconPoint(x: relative ? current.x + x : x, y: current.y)
            case UInt8(ascii: "v"):
                guard let y = scanner.number() else { return false }
                to = IconPoint(x: current.x, y: relative ? current.y + y : y)
            default:
                guard let point = point(relative) else { return false }
                to = point
            }
            current = to
            segments.append(.line(to))
            return true
        }

        /// `C`, or `S` when `smooth`; answers the second control point.
        private mutating func cubic(smooth: Bool, relative: Bool) -> IconPoint? {
            guard let control1 = smooth ? mirrored(lastCubicControl) : point(relative),
                let control2 = point(relative), let end = point(relative)
            else { return nil }
            segments.append(.curve(to: end, control1: control1, control2: control2))
            current = end
            return control2
        }

        /// `Q`, or `T` when `smooth`; answers the control point.
        private mutating func quadratic(smooth: Bool, relative: Bool) -> IconPoint? {
            guard let control = smooth ? mirrored(lastQuadraticControl) : point(relative), let end = point(relative)
            else { return nil }
            segments.append(Outlines.quadratic(from: current, control: control, to: end))
            current = end
            return control
        }

        private mutating func arc(relative: Bool) -> Bool {
            guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number(),
                let large = scanner.flag(), let sweep = scanner.flag(), let end = point(relative)
            else { return false }
            segments += Outlines.arc(
                from: current, to: end, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
            current = end
            return true
        }
    }
}
