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

    /// xsd:decimal with at most 7 decimals (1 cm), no exponent, no trailing zeros.
    static func format(_ v: Double) -> String {
        let scaled = Int64((abs(v) * 10_000_000).rounded())
        var fraction = scaled % 10_000_000
        var text = (v < 0 && scaled != 0 ? "-" : "") + String(scaled / 10_000_000)
        guard fraction != 0 else { return text }
        var digits = 7
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let f = String(fraction)
        text += "." + String(repeating: "0", count: digits - f.count) + f
        return text
    }
}
