import CartoProbe
import Foundation
import XCTest
@testable import CartoUsage

/// A temporary folder removed at the end of the test.
final class TempFolder {
    let url: URL
    init() {
        url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("carto-usage-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// Writes a session with a hand-controlled clock: `at(seconds)` sets the time, then log calls use it.
final class ScriptedSession: @unchecked Sendable {
    final class Box: @unchecked Sendable { var value = 0.0 }
    let start: Double
    let logger: InteractionLogger
    private let box: Box

    init(folder: URL, id: String, user: String = "u1", consent: Bool = true, start: Double = 1_700_000_000_000,
         options: InteractionLogger.Options = .init(), width: Double = 100, height: Double = 200) throws {
        self.start = start
        let box = Box()
        box.value = start
        self.box = box
        logger = try InteractionLogger(directory: folder, session: id,
                                       info: .init(user: user, app: "test-app", platform: "ios", screenWidth: width, screenHeight: height, consent: consent),
                                       options: options, clock: { box.value })
    }

    /// Sets the clock to `seconds` after the session's start and returns the logger.
    func at(_ seconds: Double) -> InteractionLogger { box.value = start + seconds * 1000; return logger }
}

func readLines(_ url: URL) -> [[String: Any]] {
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
}
