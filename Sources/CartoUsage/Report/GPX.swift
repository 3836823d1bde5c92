import CartoCore
import Foundation

/// GPX 1.1 (https://www.topografix.com/GPX/1/1/): one track with one segment per session.
public enum GPX {
    public struct Point: Sendable, Equatable {
        public var lat: Double
        public var lon: Double
        public var elevation: Double?
        /// Milliseconds since 1970.
        public var time: Double
    }

    public static func document(name: String, points: [Point]) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="carto \(CartoVersion.current)" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata><name>\(Markup.html(name))</name>\(points.first.map { "<time>\(ReportTime.iso($0.time))</time>" } ?? "")</metadata>
          <trk>
            <name>\(Markup.html(name))</name>
            <trkseg>

        """
        for p in points {
            out += "      <trkpt lat=\"\(format(p.lat))\" lon=\"\(format(p.lon))\">"
            if let e = p.elevation { out += "<ele>\(format(e))</ele>" }
            out += "<time>\(ReportTime.iso(p.time))</time></trkpt>\n"
        }
        out += "    </trkseg>\n  </trk>\n</gpx>\n"
        return out
    }

    private static func format(_ v: Double) -> String { String(format: "%.7f", v).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression) }
}
