import CartoDrivers
@testable import CartoExplore
import CartoModel
import Foundation
import XCTest

/// The one crawl settings type: stored as it is in model.json and the checkpoint, and read back from what earlier
/// versions wrote.
final class CrawlSettingsTests: XCTestCase {
    func testSettingsRoundTripAsAFlatObject() throws {
        var settings = CrawlSettings(platform: .web, start: "http://127.0.0.1:3000/")
        settings.wait = .fixed(milliseconds: 250)
        settings.maxEvents = 300
        settings.maxTimeSeconds = 12.5
        settings.block = ["label:Log ?out"]
        settings.weights.threshold = 60
        settings.saturation = 0
        settings.seed = UInt64.max
        let data = try JSONEncoder().encode(settings)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["wait"] as? String, "fixed:250", "the wait as --wait takes it")
        XCTAssertEqual(object["maxTimeSeconds"] as? Double, 12.5)
        XCTAssertEqual(object["strategy"] as? String, "dfs", "defaults are written too")
        XCTAssertEqual(try JSONDecoder().decode(CrawlSettings.self, from: data), settings)
    }

    func testWhatEarlierVersionsWroteLoadsWithDefaultsForTheRest() throws {
        // model.json before the settings were one type: nine keys.
        let model = #"{"strategy":"bfs","wait":"idle:16:5000","rows":"all","abstraction":"paper","weights":{"container":0.8,"title":0.8,"elementCount":0.8,"type":0.7,"hidden":0.7,"enabled":0.7,"target":0.7,"action":0.7,"threshold":70},"maxEvents":150,"maxTimeSeconds":30}"#
        let fromModel = try JSONDecoder().decode(CrawlSettings.self, from: Data(model.utf8))
        XCTAssertEqual(fromModel.strategy, .breadthFirst)
        XCTAssertEqual(fromModel.rows, .all)
        XCTAssertEqual(fromModel.abstraction, .paper)
        XCTAssertEqual(fromModel.maxTimeSeconds, 30)
        XCTAssertEqual(fromModel.saturation, 60, "a key not written takes its default")
        XCTAssertTrue(fromModel.screenshots)
        // A checkpoint of an earlier version: `maxTime`, optional fields left out, weights partly given.
        let checkpoint = #"{"platform":"ios","start":"com.example.App","bundleID":"com.example.App","maxTime":12,"screenshots":false,"weights":{"threshold":60},"desktop":null}"#
        let fromCheckpoint = try JSONDecoder().decode(CrawlSettings.self, from: Data(checkpoint.utf8))
        XCTAssertEqual(fromCheckpoint.platform, .ios)
        XCTAssertEqual(fromCheckpoint.maxTimeSeconds, 12)
        XCTAssertFalse(fromCheckpoint.screenshots)
        XCTAssertEqual(fromCheckpoint.weights.threshold, 60)
        XCTAssertEqual(fromCheckpoint.weights.container, 0.8)
        XCTAssertFalse(fromCheckpoint.desktop)
        XCTAssertEqual(fromCheckpoint.wait, .standard)
        XCTAssertThrowsError(try JSONDecoder().decode(CrawlSettings.self, from: Data(#"{"wait":"sometimes"}"#.utf8)))
    }

    func testTheConfigurationCompilesTheSettingsOnce() throws {
        var settings = CrawlSettings(platform: .web, start: "http://127.0.0.1/")
        settings.block = ["label:Log ?out"]
        settings.inputs = ["id:^email$=ann@example.org"]
        settings.only = ["css:#main"]
        let configuration = try CrawlConfiguration(settings: settings)
        XCTAssertEqual(configuration.blocklist.patterns.map(\.description), ["label:Log ?out"])
        XCTAssertEqual(configuration.inputs.fields.map(\.values), [["ann@example.org"]])
        XCTAssertEqual(configuration.only.map(\.description), ["css:#main"])
        XCTAssertEqual(configuration.abstraction, .screen)
        for (change, message) in [({ (s: inout CrawlSettings) in s.block = ["shape:round"] }, "--block shape:round"),
                                  ({ $0.inputs = ["id:email"] }, "--input id:email"),
                                  ({ $0.only = ["css:["] }, "--only css:["),
                                  ({ $0.browsers = 65 }, "--browsers 65")] as [((inout CrawlSettings) -> Void, String)] {
            var bad = settings
            change(&bad)
            XCTAssertThrowsError(try CrawlConfiguration(settings: bad)) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
    }
}
