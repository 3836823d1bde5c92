import CartoCore
import CartoModel
import Foundation

/// Smoke-test results as JUnit XML (CI systems show them as tests): one test case per explored state, failing
/// with each failure found there and the events that reproduce it.
public enum JUnitReport {
    public static func render(_ model: CrawlModel) -> String {
        let cases = model.states.map { s -> JUnitXML.Case in
            var c = JUnitXML.Case(classname: "crawl", name: "\(s.id) \(s.title) (\(s.context))")
            let failures = model.failures.filter { $0.state == s.id }
            if !failures.isEmpty {
                let details = failures.map { f in
                    (f.location.map { $0 + "\n" } ?? "") + "Reproduce from the start:\n" + f.path.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
                }.joined(separator: "\n\n")
                c.failure = (failures[0].kind, failures.map(\.message).joined(separator: "; "), details)
            }
            return c
        }
        return JUnitXML(suite: "carto crawl \(model.app.start)", seconds: model.stats.durationSeconds, cases: cases).render()
    }

    public static func write(_ model: CrawlModel, to path: String) throws {
        do { try render(model).write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CartoError("\(path): cannot write the JUnit report (\(error.localizedDescription))")
        }
    }
}
