import CartoCore
import Foundation

/// Touch heatmaps and gesture paths per screen, drawn over the screen's latest screenshot: where people tap,
/// where they swipe, and (in magenta) where they tried gestures nothing handled.
final class HeatmapAnalysis: UsageAnalysis {
    struct Screen {
        var width = 0.0, height = 0.0
        var taps: [(Double, Double)] = []
        var unrecognised: [(Double, Double)] = []
        var paths: [[(x: Double, y: Double)]] = []
        var screenshot: (file: String, ts: Double)?
    }
    private(set) var screens: [String: Screen] = [:]
    private var size: (Double, Double) = (390, 844)
    /// Paths drawn per screen: beyond a few hundred, more white lines only thicken the same strokes.
    private static let maxPaths = 300

    func begin(session: UsageSession) { size = (session.screenWidth ?? 390, session.screenHeight ?? 844) }

    func consume(_ e: UsageEvent) {
        switch e.name {
        case "app.screen.click", "carto.gesture":
            guard let x = e.x, let y = e.y else { return }
            let key = e.screen ?? "unnamed"
            // In place: copying a screen's arrays out and back per event made this pass quadratic.
            let fresh = Screen(width: size.0, height: size.1)
            if e.recognised == false { screens[key, default: fresh].unrecognised.append((x, y)) } else { screens[key, default: fresh].taps.append((x, y)) }
            if e.path != nil, (screens[key]?.paths.count ?? 0) < Self.maxPaths {
                let points = e.points
                if points.count >= 2 { screens[key, default: fresh].paths.append(points) }
            }
        case "carto.screenshot":
            guard let file = e.file, let screen = e.screen else { return }
            let current = screens[screen]?.screenshot
            if current == nil || current!.ts < e.ts, FileManager.default.fileExists(atPath: file) {
                screens[screen, default: Screen(width: size.0, height: size.1)].screenshot = (file, e.ts)
            }
        default: break
        }
    }

    func endSession() {}

    func contribute(to report: inout UsageReport, context: UsageReportContext) throws {
        guard context.options.heatmaps else { return }
        let names = screens.keys.sorted().filter { name in
            let s = screens[name]!
            return !s.taps.isEmpty || !s.unrecognised.isEmpty || !s.paths.isEmpty
        }
        var used = Set<String>()
        var files: [String] = []
        for name in names {
            var base = FileNames.safe(name)
            while !used.insert(base.lowercased()).inserted { base += "_" }
            files.append("heatmaps/\(base).png")
        }
        if let folder = context.outputFolder, !names.isEmpty {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("heatmaps"), withIntermediateDirectories: true)
            // One picture per screen, rendered on every core.
            let screens = names.map { self.screens[$0]! }
            let errors = ErrorBox(), files = files
            DispatchQueue.concurrentPerform(iterations: names.count) { i in
                do { try PNG.encode(try HeatmapRenderer.render(screen: screens[i])).write(to: folder.appendingPathComponent(files[i]), options: .atomic) }
                catch { errors.record(error) }
            }
            if let error = errors.first { throw error }
        }
        for (name, file) in zip(names, files) {
            let s = screens[name]!
            report.heatmaps.append(.init(screen: name, file: file, touches: s.taps.count + s.unrecognised.count, paths: s.paths.count,
                                         screenshot: s.screenshot?.file))
        }
    }
}

/// The first error of parallel work.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Error] = []
    func record(_ e: Error) { lock.withLock { errors.append(e) } }
    var first: Error? { lock.withLock { errors.first } }
}

/// Draws one screen's heatmap: screenshot (or a neutral background) at point size, dimmed; touch density in heat
/// colours (a blurred count grid, so a million touches cost the same as a thousand); gesture paths as lines.
enum HeatmapRenderer {
    static func render(screen s: HeatmapAnalysis.Screen) throws -> RGBAImage {
        let width = max(1, min(2_000, Int(s.width.rounded()))), height = max(1, min(4_000, Int(s.height.rounded())))
        var image = RGBAImage(width: width, height: height, fill: RGBA(48, 48, 52))
        if let shot = s.screenshot, let picture = try? PNG.read(URL(fileURLWithPath: shot.file)) {
            image = picture.scaled(width: width, height: height)
            // Dim the screenshot so the heat reads on light and dark screens alike.
            image.draw(RGBAImage(width: width, height: height, fill: RGBA(0, 0, 0, 110)))
        }
        let grid = density(s.taps, width: width, height: height, radius: max(6, Double(width) / 30))
        if let top = grid.max(), top > 0 {
            for y in 0..<height {
                for x in 0..<width {
                    let v = grid[y * width + x] / top
                    if v > 0.02 { image.blend(x: x, y: y, RGBA.heat(v)) }
                }
            }
        }
        for path in s.paths {
            image.drawPolyline(path, thickness: 3, RGBA(255, 255, 255, 170))
            if let end = path.last { image.fillDisc(centerX: end.x, centerY: end.y, radius: 4, RGBA(255, 255, 255, 220)) }
        }
        for (x, y) in s.unrecognised.prefix(5_000) {
            image.fillDisc(centerX: x, centerY: y, radius: 7, RGBA(255, 0, 200, 200))
        }
        return image
    }

    /// Counts per pixel, blurred with three box passes each way (close to a Gaussian of `radius`).
    static func density(_ points: [(Double, Double)], width: Int, height: Int, radius: Double) -> [Double] {
        var grid = [Double](repeating: 0, count: width * height)
        for (x, y) in points {
            let xi = Int(x), yi = Int(y)
            guard xi >= 0, yi >= 0, xi < width, yi < height else { continue }
            grid[yi * width + xi] += 1
        }
        let r = max(1, Int(radius / 2))
        var scratch = grid
        for _ in 0..<3 {
            boxBlur(&grid, &scratch, count: height, length: width, stride: 1, step: width, radius: r)
            boxBlur(&grid, &scratch, count: width, length: height, stride: width, step: 1, radius: r)
        }
        return grid
    }

    /// A running-sum box blur along `count` lines of `length` samples.
    private static func boxBlur(_ data: inout [Double], _ scratch: inout [Double], count: Int, length: Int, stride: Int, step: Int, radius: Int) {
        let norm = 1 / Double(2 * radius + 1)
        for line in 0..<count {
            let base = line * step
            var sum = 0.0
            for i in 0...min(radius, length - 1) { sum += data[base + i * stride] }
            for i in 0..<length {
                scratch[base + i * stride] = sum * norm
                let add = i + radius + 1, remove = i - radius
                if add < length { sum += data[base + add * stride] }
                if remove >= 0 { sum -= data[base + remove * stride] }
            }
        }
        swap(&data, &scratch)
    }
}
