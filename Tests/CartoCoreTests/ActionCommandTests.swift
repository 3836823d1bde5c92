import CartoCore
import Foundation
import XCTest

/// The one action vocabulary as it is persisted (snapshots in crawl checkpoints, model.json, scripts).
final class ActionCommandTests: XCTestCase {
    func testWordsRoundTripAndOldCheckpointsStillRead() throws {
        let all = try JSONDecoder().decode([ActionCommand].self, from: JSONEncoder().encode(ActionCommand.allCases))
        XCTAssertEqual(all, ActionCommand.allCases)
        XCTAssertEqual(String(decoding: try JSONEncoder().encode([ActionCommand.setValue]), as: UTF8.self), #"["setValue"]"#)
        // A crawl folder written before the vocabulary was one called it `adjust`: `--resume` still reads it.
        let element = try JSONDecoder().decode(UIElement.self, from: Data(#"{"role":"slider","platformType":"input","enabled":true,"visible":true,"selected":false,"actions":["adjust"],"children":[]}"#.utf8))
        XCTAssertEqual(element.actions, [.setValue])
        XCTAssertThrowsError(try JSONDecoder().decode([ActionCommand].self, from: Data(#"["jump"]"#.utf8)))
        XCTAssertEqual(ActionCommand.allCases.filter(\.needsTarget), [.tap, .doubleTap, .longPress, .type, .submit, .setValue])
        XCTAssertEqual(ActionCommand.allCases.compactMap(\.argument), ["text", "value", "direction"])
    }
}
