/// One element of artwork markup: its name and attributes.
struct SVGElement {
    var name: String
    var attributes: [String: String]

    func number(_ key: String) -> Double { attributes[key].flatMap { Double($0) } ?? 0 }

    /// The element as an outline on the canvas; empty for an element that draws nothing.
    func outline() -> [IconPathSegment] {
        switch name {
        case "path": return SVGPathData.parse(attributes["d"] ?? "")
        case "circle":
            let r = number("r")
            return Outlines.ellipse(cx: number("cx"), cy: number("cy"), rx: r, ry: r)
        case "ellipse": return Outlines.ellipse(cx: number("cx"), cy: number("cy"), rx: number("rx"), ry: number("ry"))
        case "rect":
            var rx = attributes["rx"].flatMap { Double($0) }
            var ry = attributes["ry"].flatMap { Double($0) }
            rx = rx ?? ry
            ry = ry ?? rx
            return Outlines.rectangle(
                x: number("x"), y: number("y"), width: number("width"), height: number("height"),
                rx: rx ?? 0, ry: ry ?? 0)
        case "line":
            return [
                .move(IconPoint(x: number("x1"), y: number("y1"))), .line(IconPoint(x: number("x2"), y: number("y2"))),
            ]
        case "polyline", "polygon":
            var scanner = NumberScanner(attributes["points"] ?? "")
            var points: [IconPoint] = []
            while let x = scanner.number(), let y = scanner.number() { points.append(IconPoint(x: x, y: y)) }
            guard let first = points.first else { return [] }
            let segments = [IconPathSegment.move(first)] + points.dropFirst().map { .line($0) }
            return name == "polygon" ? segments + [.close] : segments
        default: return []
        }
    }
}

/// A small reader for the flat markup the icon files hold: elements with quoted attributes, no nesting
/// that matters (a `<title>`'s text is skipped).
enum SVGElements {
    static func parse(_ markup: String) -> [SVGElement] {
        var elements: [SVGElement] = []
        var rest = markup[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[..<close]
            rest = rest[rest.index(after: close)...]
            guard let first = tag.first, first.isLetter else { continue }  // closing tags, comments
            let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" })
            elements.append(SVGElement(name: name, attributes: attributes(in: tag.dropFirst(name.count))))
        }
        return elements
    }

    private static func attributes(in text: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingCharacters(in: " \t\n/")
            rest = rest[rest.index(after: equals)...]
            guard let quote = rest.first(where: { $0 == "\"" || $0 == "'" }),
                let start = rest.firstIndex(of: quote)
            else { break }
            let valueStart = rest.index(after: start)
            guard let end = rest[valueStart...].firstIndex(of: quote) else { break }
            attributes[key] = String(rest[valueStart..<end])
            rest = rest[rest.index(after: end)...]
        }
        return attributes
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
