import CartoCore
import Foundation

/// Location fixes per session, written as GPX 1.1 tracks (`gpx/<session>.gpx`).
final class LocationAnalysis: UsageAnalysis {
    private var tracks: [(session: String, points: [GPX.Point])] = []
    private var current: [GPX.Point] = []
    private var session = ""

    func begin(session: UsageSession) { self.session = session.id; current = [] }

    func consume(_ e: UsageEvent) {
        guard e.name == "carto.location", let lat = e.lat, let lon = e.lon, (-90...90).contains(lat), (-180...180).contains(lon) else { return }
        current.append(GPX.Point(lat: lat, lon: lon, elevation: e.alt, time: e.ts))
    }

    func endSession() { if !current.isEmpty { tracks.append((session, current)) } }

    func contribute(to report: inout UsageReport, context: UsageReportContext) throws {
        for track in tracks {
            let file = "gpx/\(FileNames.safe(track.session)).gpx"
            if let folder = context.outputFolder {
                let url = folder.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(GPX.document(name: track.session, points: track.points).utf8).write(to: url, options: .atomic)
            }
            report.locations.append(.init(session: track.session, points: track.points.count, file: file))
        }
    }
}

enum FileNames {
    /// A name safe as one path component on every file system.
    static func safe(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        var out = String(name.map { allowed.contains($0) ? $0 : "_" })
        if out.hasPrefix(".") { out = "_" + out.dropFirst() }
        return out.isEmpty ? "_" : String(out.prefix(100))
    }
}
