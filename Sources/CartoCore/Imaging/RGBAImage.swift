import Foundation

/// An 8-bit RGBA picture in memory, with the little drawing reports need (blend a colour into a pixel, lines,
/// discs, scaling) and PNG in and out. Straight (not premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0, 0)) {
        precondition(width > 0 && height > 0, "an image needs a size")
        self.width = width; self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != RGBA(0, 0, 0, 0) { for i in 0..<(width * height) { set(i, fill) } }
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
    }

    @inline(__always) private mutating func set(_ i: Int, _ c: RGBA) {
        pixels[i * 4] = c.r; pixels[i * 4 + 1] = c.g; pixels[i * 4 + 2] = c.b; pixels[i * 4 + 3] = c.a
    }

    public subscript(x: Int, y: Int) -> RGBA {
        get { let i = (y * width + x) * 4; return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) }
        set { set(y * width + x, newValue) }
    }

    /// Paints `colour` over the pixel with its alpha times `coverage` (source-over).
    @inline(__always) public mutating func blend(x: Int, y: Int, _ colour: RGBA, coverage: Double = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let a = Double(colour.a) / 255 * min(max(coverage, 0), 1)
        guard a > 0 else { return }
        let i = (y * width + x) * 4
        let da = Double(pixels[i + 3]) / 255
        let oa = a + da * (1 - a)
        func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(min(255, max(0, ((Double(s) * a + Double(d) * da * (1 - a)) / oa).rounded())))
        }
        pixels[i] = mix(colour.r, pixels[i]); pixels[i + 1] = mix(colour.g, pixels[i + 1]); pixels[i + 2] = mix(colour.b, pixels[i + 2])
        pixels[i + 3] = UInt8(min(255, (oa * 255).rounded()))
    }

    /// Draws `other` over this image (source-over), top-left at (x, y).
    public mutating func draw(_ other: RGBAImage, atX x0: Int = 0, y y0: Int = 0) {
        for y in 0..<other.height { for x in 0..<other.width { blend(x: x0 + x, y: y0 + y, other[x, y]) } }
    }

    /// A filled disc with a soft (anti-aliased) edge.
    public mutating func fillDisc(centerX cx: Double, centerY cy: Double, radius r: Double, _ colour: RGBA) {
        let x0 = Int((cx - r - 1).rounded(.down)), x1 = Int((cx + r + 1).rounded(.up))
        let y0 = Int((cy - r - 1).rounded(.down)), y1 = Int((cy + r + 1).rounded(.up))
        for y in max(0, y0)...max(0, min(height - 1, y1)) {
            for x in max(0, x0)...max(0, min(width - 1, x1)) {
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                blend(x: x, y: y, colour, coverage: r + 0.5 - d)
            }
        }
    }

    /// A polyline `thickness` wide with round caps and joins, anti-aliased: each pixel near the path is painted
    /// once, by its distance to the nearest segment (so joins do not darken).
    public mutating func drawPolyline(_ points: [(x: Double, y: Double)], thickness: Double, _ colour: RGBA) {
        guard let first = points.first else { return }
        let r = thickness / 2
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        let x0 = max(0, Int(minX - r - 1)), x1 = min(width - 1, Int(maxX + r + 1))
        let y0 = max(0, Int(minY - r - 1)), y1 = min(height - 1, Int(maxY + r + 1))
        guard x0 <= x1, y0 <= y1 else { return }
        let segments = points.count == 1 ? [(first, first)] : Array(zip(points, points.dropFirst()))
        for y in y0...y1 {
            let py = Double(y) + 0.5
            for x in x0...x1 {
                let px = Double(x) + 0.5
                var best = Double.infinity
                for (a, b) in segments {
                    let dx = b.x - a.x, dy = b.y - a.y
                    let lengthSquared = dx * dx + dy * dy
                    let t = lengthSquared == 0 ? 0 : min(1, max(0, ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared))
                    let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                    best = min(best, ex * ex + ey * ey)
                }
                let coverage = r + 0.5 - best.squareRoot()
                if coverage > 0 { blend(x: x, y: y, colour, coverage: coverage) }
            }
        }
    }

    /// Scaled to `width`×`height` by area averaging (for shrinking 2× screenshots to points).
    public func scaled(width w: Int, height h: Int) -> RGBAImage {
        guard w != width || h != height else { return self }
        var out = RGBAImage(width: w, height: h)
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        for y in 0..<h {
            let ys = Int(Double(y) * sy), ye = max(ys + 1, min(height, Int(Double(y + 1) * sy)))
            for x in 0..<w {
                let xs = Int(Double(x) * sx), xe = max(xs + 1, min(width, Int(Double(x + 1) * sx)))
                var sum = (0, 0, 0, 0), n = 0
                for yy in ys..<min(ye, height) {
                    for xx in xs..<min(xe, width) {
                        let i = (yy * width + xx) * 4
                        sum.0 += Int(pixels[i]); sum.1 += Int(pixels[i + 1]); sum.2 += Int(pixels[i + 2]); sum.3 += Int(pixels[i + 3]); n += 1
                    }
                }
                n = max(n, 1)
                out[x, y] = RGBA(UInt8(sum.0 / n), UInt8(sum.1 / n), UInt8(sum.2 / n), UInt8(sum.3 / n))
            }
        }
        return out
    }
}

public struct RGBA: Sendable, Hashable {
    public var r, g, b, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// A heat colour for `t` in 0…1: transparent blue → cyan → green → yellow → red, more opaque as it gets hotter.
    public static func heat(_ t: Double) -> RGBA {
        let t = min(max(t, 0), 1)
        let stops: [(Double, (Double, Double, Double))] = [(0, (0, 0, 255)), (0.25, (0, 255, 255)), (0.5, (0, 255, 0)), (0.75, (255, 255, 0)), (1, (255, 0, 0))]
        var i = 0
        while i < stops.count - 2, t > stops[i + 1].0 { i += 1 }
        let (t0, c0) = stops[i], (t1, c1) = stops[i + 1]
        let f = (t - t0) / (t1 - t0)
        func lerp(_ a: Double, _ b: Double) -> UInt8 { UInt8((a + (b - a) * f).rounded()) }
        return RGBA(lerp(c0.0, c1.0), lerp(c0.1, c1.1), lerp(c0.2, c1.2), UInt8((90 + 130 * t).rounded()))
    }
}
