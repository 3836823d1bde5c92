import Foundation

/// JUnit XML, the test-report format CI systems read: one suite of test cases, each passed, failed or skipped.
/// Shared by `carto crawl --junit` and `carto replay --junit`.
public struct JUnitXML: Sendable {
    public struct Case: Sendable {
        public var classname: String
        public var name: String
        public var seconds: Double?
        public var failure: (type: String, message: String, details: String)?
        public var skipped: String?
        /// Attachments in the convention Jenkins and GitLab read (`[[ATTACHMENT|path]]` in system-out).
        public var attachments: [String] = []
        public init(classname: String, name: String, seconds: Double? = nil) { self.classname = classname; self.name = name; self.seconds = seconds }
    }

    public var suite: String
    public var seconds: Double
    public var cases: [Case]
    public init(suite: String, seconds: Double, cases: [Case]) { self.suite = suite; self.seconds = seconds; self.cases = cases }

    public func render() -> String {
        let h = Markup.html
        let failures = cases.filter { $0.failure != nil }.count, skipped = cases.filter { $0.skipped != nil }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites><testsuite name=\"\(h(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds)\">\n"
        for c in cases {
            let time = c.seconds.map { " time=\"\(String(format: "%.3f", $0))\"" } ?? ""
            let open = "  <testcase classname=\"\(h(c.classname))\" name=\"\(h(c.name))\"\(time)"
            guard c.failure != nil || c.skipped != nil || !c.attachments.isEmpty else { out += open + "/>\n"; continue }
            out += open + ">\n"
            if let f = c.failure { out += "    <failure type=\"\(h(f.type))\" message=\"\(h(f.message))\">\(h(f.details))</failure>\n" }
            if let s = c.skipped { out += "    <skipped message=\"\(h(s))\"/>\n" }
            if !c.attachments.isEmpty { out += "    <system-out>\(c.attachments.map { "[[ATTACHMENT|\(h($0))]]" }.joined(separator: "\n"))</system-out>\n" }
            out += "  </testcase>\n"
        }
        out += "</testsuite></testsuites>\n"
        return out
    }

    public func write(to path: String) throws {
        do { try render().write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CartoError("\(path): cannot write the JUnit report (\(error.localizedDescription))")
        }
    }
}
