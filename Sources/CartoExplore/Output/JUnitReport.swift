import CartoCore
import Foundation

/// Smoke-test results as JUnit XML (CI systems show them as tests): one test case per explored state, failing
/// with each failure found there and the events that reproduce it.
public enum JUnitReport {
    public static func render(_ model: CrawlModel) -> String {
        let h = Markup.html
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failing = Set(model.failures.map(\.state))
        out += "<testsuites><testsuite name=\"carto crawl \(h(model.app.start))\" tests=\"\(model.states.count)\" failures=\"\(failing.count)\" errors=\"0\" time=\"\(model.stats.durationSeconds)\">\n"
        for s in model.states {
            let name = "\(s.id) \(s.title) (\(s.context))"
            let failures = model.failures.filter { $0.state == s.id }
            if failures.isEmpty {
                out += "  <testcase classname=\"crawl\" name=\"\(h(name))\"/>\n"
                continue
            }
            out += "  <testcase classname=\"crawl\" name=\"\(h(name))\">\n"
            for f in failures {
                let steps = f.path.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
                out += "    <failure type=\"\(h(f.kind))\" message=\"\(h(f.message))\">\(h((f.location.map { $0 + "\n" } ?? "") + "Reproduce from the start:\n" + steps))</failure>\n"
            }
            out += "  </testcase>\n"
        }
        out += "</testsuite></testsuites>\n"
        return out
    }

    public static func write(_ model: CrawlModel, to path: String) throws {
        do { try render(model).write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CartoError("\(path): cannot write the JUnit report (\(error.localizedDescription))")
        }
    }
}
