import Foundation

/// Basic shapes and curves as outline segments (cubic curves only).
enum Outlines {
    /// The cubic control distance that draws a quarter circle of radius 1.
    static let kappa = 0.5522847498307936

    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> [IconPathSegment] {
        guard rx > 0, ry > 0 else { return [] }
        let kx = rx * kappa
        let ky = ry * kappa
        func p(_ x: Double, _ y: Double) -> IconPoint { IconPoint(x: cx + x, y: cy + y) }
        return [
            .move(p(rx, 0)),
            .curve(to: p(0, ry), control1: p(rx, ky), control2: p(kx, ry)),
            .curve(to: p(-rx, 0), control1: p(-kx, ry), control2: p(-rx, ky)),
            .curve(to: p(0, -ry), control1: p(-rx, -ky), control2: p(-kx, -ry)),
            .curve(to: p(rx, 0), control1: p(kx, -ry), control2: p(rx, -ky)),
            .close,
        ]
    }

    static func rectangle(
        x: Double, y: Double, width: Double, height: Double, rx: Double, ry: Double
    )
        -> [IconPathSegment]
    {
        guard width > 0, height > 0 else { return [] }
        let rx = min(max(rx, 0), width / 2)
        let ry = min(max(ry, 0), height / 2)
        func p(_ px: Double, _ py: Double) -> IconPoint { IconPoint(x: px, y: py) }
        guard rx > 0, ry > 0 else {
            return [
                .move(p(x, y)), .line(p(x + width, y)), .line(p(x + width, y + height)), .line(p(x, y + height)),
                .close,
            ]
        }
        let kx = rx * kappa
        let ky = ry * kappa
        let right = x + width
        let bottom = y + height
        return [
            .move(p(x + rx, y)),
            .line(p(right - rx, y)),
            .curve(to: p(right, y + ry), control1: p(right - rx + kx, y), control2: p(right, y + ry - ky)),
            .line(p(right, bottom - ry)),
            .curve(
                to: p(right - rx, bottom), control1: p(right, bottom - ry + ky), control2: p(right - rx + kx, bottom)),
            .line(p(x + rx, bottom)),
            .curve(to: p(x, bottom - ry), control1: p(x + rx - kx, bottom), control2: p(x, bottom - ry + ky)),
            .line(p(x, y + ry)),
            .curve(to: p(x + rx, y), control1: p(x, y + ry - ky), control2: p(x + rx - kx, y)),
            .close,
        ]
    }

    static func quadratic(from start: IconPoint, control: IconPoint, to end: IconPoint) -> IconPathSegment {
        .curve(
            to: end,
            control1: IconPoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)),
            control2: IconPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y)))
    }

    /// An elliptical arc as cubic curves of at most a quarter turn each, by the endpoint-to-centre
    /// conversion of SVG 1.1 (appendix F.6.5), with radii scaled up when too small to reach the end.
    static func arc(
        from start: IconPoint, to end: IconPoint, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool
    ) -> [IconPathSegment] {
        if start == end { return [] }
        var rx = abs(rx)
        var ry = abs(ry)
        guard rx > 0, ry > 0 else { return [.line(end)] }
        let phi = rotation * .pi / 180
        let cosPhi = cos(phi)
        let sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2
        let dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator == 0 ? 0 : (max(numerator, 0) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2

        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }

        let pieces = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let handle = 4 / 3 * tan(step / 4)
        func onEllipse(_ t: Double) -> (point: IconPoint, derivative: IconPoint) {
            let (cosT, sinT) = (cos(t), sin(t))
            let point = IconPoint(
                x: cx + rx * cosT * cosPhi - ry * sinT * sinPhi, y: cy + rx * cosT * sinPhi + ry * sinT * cosPhi)
            let derivative = IconPoint(
                x: -rx * sinT * cosPhi - ry * cosT * sinPhi, y: -rx * sinT * sinPhi + ry * cosT * cosPhi)
            return (point, derivative)
        }
        var segments: [IconPathSegment] = []
        var t = theta1
        var from = onEllipse(t)
        for index in 0..<pieces {
            t += step
            var to = onEllipse(t)
            if index == pieces - 1 { to.point = end }
            segments.append(
                .curve(
                    to: to.point,
                    control1: IconPoint(
                        x: from.point.x + handle * from.derivative.x, y: from.point.y + handle * from.derivative.y),
                    control2: IconPoint(
                        x: to.point.x - handle * to.derivative.x, y: to.point.y - handle * to.derivative.y)))
            from = to
        }
        return segments
    }
}
