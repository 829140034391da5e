import MarfaIcons
import Testing

@Suite struct IconGeometryTests {
    private func geometry(_ body: String, style: IconArtwork.Style = .stroke) -> IconGeometry {
        IconGeometry(style: style, body: body)
    }

    private func endPoints(_ segments: [IconPathSegment]) -> [IconPoint] {
        segments.compactMap { segment in
            switch segment {
            case .move(let point), .line(let point): return point
            case .curve(let end, _, _): return end
            case .close: return nil
            }
        }
    }

    private func p(_ x: Double, _ y: Double) -> IconPoint { IconPoint(x: x, y: y) }

    @Test func pathCommandsAbsoluteAndRelative() throws {
        let shape = try #require(geometry(#"<path d="M2 3h4v2H1V0l1 1 2-1zm1 1L5 5" />"#).shapes.first)
        #expect(
            endPoints(shape.segments) == [
                p(2, 3), p(6, 3), p(6, 5), p(1, 5), p(1, 0), p(2, 1), p(4, 0), p(3, 4), p(5, 5),
            ])
        #expect(shape.segments.contains(.close))
        #expect(shape.isStroked && !shape.isFilled)
    }

    @Test func numbersWithoutSeparators() throws {
        let shape = try #require(geometry(#"<path d="M1.5.5-2-3e1L0,0" />"#).shapes.first)
        #expect(endPoints(shape.segments) == [p(1.5, 0.5), p(-2, -30), p(0, 0)])
    }

    @Test func arcsWithPackedFlagsEndWhereAsked() throws {
        // "a1 1 0 011 1": flags 0 and 1 written together with the next number.
        let shape = try #require(geometry(#"<path d="M10 10a1 1 0 011 1A5 5 0 1 0 20 10" />"#).shapes.first)
        let ends = endPoints(shape.segments)
        #expect(ends.first == p(10, 10))
        #expect(ends.contains(p(11, 11)))
        #expect(ends.last == p(20, 10))
        // The large arc of radius 5 between (11,11) and (20,10) turns more than a half circle: several pieces.
        #expect(shape.segments.count >= 5)
    }

    @Test func arcPointsLieOnTheCircle() throws {
        let shape = try #require(geometry(#"<path d="M2 12A10 10 0 0 1 22 12" />"#).shapes.first)
        for point in endPoints(shape.segments) {
            let distance = ((point.x - 12) * (point.x - 12) + (point.y - 12) * (point.y - 12)).squareRoot()
            #expect(abs(distance - 10) < 1e-9)
        }
    }

    @Test func smoothAndQuadraticCurves() throws {
        let shape = try #require(geometry(#"<path d="M0 0C1 2 3 2 4 0S7 -2 8 0Q10 2 12 0T16 0" />"#).shapes.first)
        guard case .curve(_, let reflected, _) = shape.segments[2] else {
            Issue.record("not a curve")
            return
        }
        #expect(reflected == p(5, -2))
        guard case .curve(let end, let control1, _) = shape.segments[3] else {
            Issue.record("not a curve")
            return
        }
        #expect(end == p(12, 0))
        #expect(abs(control1.x - 28.0 / 3) < 1e-9 && abs(control1.y - 4.0 / 3) < 1e-9)  // start + ⅔ (control − start)
        #expect(endPoints(shape.segments).last == p(16, 0))
    }

    @Test func basicShapes() {
        let shapes = geometry(
            #"<circle cx="12" cy="12" r="3" fill="currentColor" /><rect width="18" height="10" x="3" y="4" rx="2" /><line x1="1" y1="2" x2="3" y2="4" /><polygon points="1,1 5,1 3,4" /><ellipse cx="5" cy="5" rx="2" ry="1" /><rect width="0" height="4" />"#
        ).shapes
        #expect(shapes.count == 5)  // the empty rectangle draws nothing
        #expect(shapes[0].isFilled && shapes[0].isStroked)
        #expect(endPoints(shapes[0].segments).first == p(15, 12))
        #expect(endPoints(shapes[1].segments).first == p(5, 4))
        #expect(endPoints(shapes[2].segments) == [p(1, 2), p(3, 4)])
        #expect(endPoints(shapes[3].segments) == [p(1, 1), p(5, 1), p(3, 4)] && shapes[3].segments.last == .close)
        #expect(endPoints(shapes[4].segments).first == p(7, 5))
    }

    @Test func brandMarksAreFilledNotStroked() {
        BrandRegistration.ensure()
        let shapes = IconArtwork.resolve("simple-icons:github").geometry.shapes
        #expect(shapes.count == 1)
        #expect(shapes.allSatisfy { $0.isFilled && !$0.isStroked })
    }

    @Test func everyPinnedIconHasShapesInsideTheCanvas() {
        BrandRegistration.ensure()
        var empty: [String] = []
        var outside: [String] = []
        for id in IconSets.ids {
            let shapes = IconArtwork.resolve(id).geometry.shapes
            if shapes.isEmpty { empty.append(id) }
            let points = shapes.flatMap { endPoints($0.segments) }
            if points.contains(where: { $0.x < -1 || $0.x > 25 || $0.y < -1 || $0.y > 25 }) { outside.append(id) }
        }
        #expect(empty.isEmpty)
        #expect(outside.isEmpty)
    }
}
