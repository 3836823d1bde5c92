import CartoArch
import CartoCore
import XCTest

/// Mutates realistic sources (deleting, duplicating and swapping tokens, truncating, injecting bytes) and
/// checks the whole pipeline never crashes and always returns a report. Deterministic: a fixed seed.
final class FuzzTests: XCTestCase {
    static let seedSources = [
        CategorisationTests.app,
        SuppressionAndBaselineTests.source,
        """
        import SwiftUI
        @main struct ShopApp: App { var body: some Scene { WindowGroup { RootView() } } }
        struct RootView: View { @StateObject var model = RootModel() ; var body: some View { List(model.items, id: \\.self) { Text($0) } } }
        final class RootModel: ObservableObject { @Published var items: [String] = [] ; func load() async throws -> [String] { [] } }
        extension RootModel { typealias Item = String ; enum State<T> where T: Hashable { case idle, loaded([T]) } }
        protocol P { associatedtype A: Hashable ; subscript(_ i: Int) -> A { get } }
        """,
    ]

    func testMutatedSourcesNeverCrash() throws {
        var rng = SplitMix64(seed: 0xC0FFEE)
        let tokens = ["{", "}", "(", ")", "<", ">", ":", ".", "class", "extension", "protocol", "where", "@", "#if", "\"", "/*", "\\", "?", "!", "->", "in", "=", ",", "enum", "case", "init"]
        for round in 0..<40 {
            var files: [String: String] = [:]
            for (i, seed) in Self.seedSources.enumerated() {
                var chars = Array(seed)
                for _ in 0..<Int.random(in: 1...12, using: &rng) {
                    guard !chars.isEmpty else { break }
                    let p = Int.random(in: 0..<chars.count, using: &rng)
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0: chars.remove(at: p)
                    case 1: chars.insert(contentsOf: Array(tokens.randomElement(using: &rng)!), at: p)
                    case 2: let q = Int.random(in: 0..<chars.count, using: &rng); chars.swapAt(p, q)
                    case 3: chars = Array(chars[..<p])
                    default: chars.insert(contentsOf: chars[p..<min(chars.count, p + 40)], at: p)
                    }
                }
                files["R\(round)/F\(i).swift"] = String(chars)
            }
            let report = try TestCodebase(files).analyze()
            XCTAssertGreaterThanOrEqual(report.metrics.components, 0)
            XCTAssertEqual(report.metrics.components, report.components.count)
        }
    }
}
