/// Reads SVG path data (`M`, `L`, `H`, `V`, `C`, `S`, `Q`, `T`, `A`, `Z`, absolute and relative) into
/// outline segments. Stops at the first thing it cannot read and keeps what came before, as SVG renderers do.
enum SVGPathData {
    static func parse(_ data: String) -> [IconPathSegment] {
        var scanner = NumberScanner(data)
        var segments: [IconPathSegment] = []
        var current = IconPoint(x: 0, y: 0)
        var subpathStart = current
        var lastCubicControl: IconPoint?
        var lastQuadraticControl: IconPoint?
        var command: UInt8 = 0

        func point(_ x: Double, _ y: Double, relative: Bool) -> IconPoint {
            relative ? IconPoint(x: current.x + x, y: current.y + y) : IconPoint(x: x, y: y)
        }

        while let next = scanner.peek() {
            if isLetter(next) {
                command = next
                scanner.advance()
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                break
            }
            let relative = command >= UInt8(ascii: "a")
            var cubicControl: IconPoint?
            var quadraticControl: IconPoint?
            switch command | 0x20 {
            case UInt8(ascii: "m"):
                guard let x = scanner.number(), let y = scanner.number() else { return segments }
                current = point(x, y, relative: relative)
                subpathStart = current
                segments.append(.move(current))
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")  // further pairs are lines
            case UInt8(ascii: "l"):
                guard let x = scanner.number(), let y = scanner.number() else { return segments }
                current = point(x, y, relative: relative)
                segments.append(.line(current))
            case UInt8(ascii: "h"):
                guard let x = scanner.number() else { return segments }
                current = IconPoint(x: relative ? current.x + x : x, y: current.y)
                segments.append(.line(current))
            case UInt8(ascii: "v"):
                guard let y = scanner.number() else { return segments }
                current = IconPoint(x: current.x, y: relative ? current.y + y : y)
                segments.append(.line(current))
            case UInt8(ascii: "c"), UInt8(ascii: "s"):
                let smooth = command | 0x20 == UInt8(ascii: "s")
                var control1 =
                    lastCubicControl.map { IconPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                if !smooth {
                    guard let x1 = scanner.number(), let y1 = scanner.number() else { return segments }
                    control1 = point(x1, y1, relative: relative)
                }
                guard let x2 = scanner.number(), let y2 = scanner.number(), let x = scanner.number(),
                    let y = scanner.number()
                else { return segments }
                let control2 = point(x2, y2, relative: relative)
                let end = point(x, y, relative: relative)
                segments.append(.curve(to: end, control1: control1, control2: control2))
                cubicControl = control2
                current = end
            case UInt8(ascii: "q"), UInt8(ascii: "t"):
                var control =
                    lastQuadraticControl.map { IconPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                if command | 0x20 == UInt8(ascii: "q") {
                    guard let x1 = scanner.number(), let y1 = scanner.number() else { return segments }
                    control = point(x1, y1, relative: relative)
                }
                guard let x = scanner.number(), let y = scanner.number() else { return segments }
                let end = point(x, y, relative: relative)
                segments.append(Outlines.quadratic(from: current, control: control, to: end))
                quadraticControl = control
                current = end
            case UInt8(ascii: "a"):
                guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number(),
                    let large = scanner.flag(), let sweep = scanner.flag(), let x = scanner.number(),
                    let y = scanner.number()
                else { return segments }
                let end = point(x, y, relative: relative)
                segments += Outlines.arc(
                    from: current, to: end, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
                current = end
            case UInt8(ascii: "z"):
                segments.append(.close)
                current = subpathStart
            default:
                return segments
            }
            lastCubicControl = cubicControl
            lastQuadraticControl = quadraticControl
        }
        return segments
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") && byte != UInt8(ascii: "e")
            && byte != UInt8(ascii: "E")
    }
}
