import CartoArch
import XCTest

/// The bundled example app: the README walks through exactly these findings.
final class ExampleAppTests: XCTestCase {
    static var exampleRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/ShopApp").path
    }

    func testExampleAppLayersAndDeliberateViolations() throws {
        let report = try ArchitectureAnalyzer().analyze(path: Self.exampleRoot)
        let layer = Dictionary(uniqueKeysWithValues: report.components.map { ($0.qualifiedName, $0.layer) })
        XCTAssertEqual(layer["AppDelegate"], "controller")
        XCTAssertEqual(layer["SceneDelegate"], "controller")
        XCTAssertEqual(layer["AppCoordinator"], "controller")
        XCTAssertEqual(layer["CartDataSource"], "controller")
        XCTAssertEqual(layer["ProductListViewControllerDelegate"], "model", "a protocol is not a controller by what it is")
        XCTAssertEqual(layer["ProductCell"], "view")
        XCTAssertEqual(layer["SettingsView"], "view")
        XCTAssertEqual(layer["PriceTagView"], "view")
        XCTAssertEqual(layer["SettingsViewModel"], "model")
        XCTAssertEqual(layer["Cart"], "model")
        XCTAssertEqual(layer["Product.Rating"], "model")

        let found = Set(report.violations.map { "\($0.rule) \($0.from) -> \($0.to)" })
        XCTAssertTrue(found.contains("view-isolation ProductCell -> Product"))
        XCTAssertTrue(found.contains("model-isolation Cart -> CartViewController"))
        XCTAssertTrue(found.contains("model-isolation PriceFormatter -> PriceTagView"))
        XCTAssertTrue(found.contains("view-controller-coordinator ProductDetailViewController -> AppCoordinator"))
        XCTAssertFalse(found.contains("view-isolation RatingView -> Product.Rating"), "suppressed inline")
        XCTAssertFalse(found.contains("view-isolation SettingsView -> SettingsViewModel"), "a SwiftUI view holding its view model, even in an MVC app")
        XCTAssertFalse(found.contains { $0.hasPrefix("view-controller-coordinator ProductListViewController") }, "delegate protocols are the fix, not a violation")
        XCTAssertFalse(found.contains { $0.hasPrefix("model-isolation ProductListViewControllerDelegate") },
                       "a delegate protocol naming its view controller in its methods is the pattern, not a violation")
        XCTAssertEqual(report.metrics.delegateInterfaceDependencies, 3, "the protocol's three methods name ProductListViewController")
        XCTAssertEqual(report.metrics.suppressedViolations, 1)
        XCTAssertEqual(report.diagnostics, [])
    }
}
