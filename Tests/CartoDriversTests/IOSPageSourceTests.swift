import CartoCore
import CartoDrivers
import Foundation
import XCTest

final class IOSPageSourceTests: XCTestCase {
    /// Our own fixture in WDA's format: a navigation bar, a table with cells, a text field, a switch, an alert.
    static let loginScreen = """
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT>
          <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">
              <XCUIElementTypeNavigationBar type="XCUIElementTypeNavigationBar" name="Sign in" enabled="true" visible="true" accessible="false" x="0" y="47" width="390" height="44" index="0">
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="Back" label="Back" enabled="true" visible="true" accessible="true" x="0" y="47" width="80" height="44" index="0"/>
                <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Sign in" name="Sign in" label="Sign in" enabled="true" visible="true" accessible="true" x="160" y="58" width="70" height="21" index="1"/>
              </XCUIElementTypeNavigationBar>
              <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="Email" name="email" label="" enabled="true" visible="true" accessible="true" x="20" y="120" width="350" height="44" index="1"/>
              <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" name="password" enabled="true" visible="true" accessible="true" x="20" y="180" width="350" height="44" index="2"/>
              <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" value="1" name="remember" label="Remember me" enabled="true" visible="true" accessible="true" x="20" y="240" width="51" height="31" index="3"/>
              <XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" accessible="false" x="0" y="300" width="390" height="400" index="4">
                <XCUIElementTypeCell type="XCUIElementTypeCell" name="row-0" label="Terms" enabled="true" visible="true" selected="true" accessible="true" x="0" y="300" width="390" height="44" index="0"/>
                <XCUIElementTypeCell type="XCUIElementTypeCell" name="row-1" label="Privacy" enabled="false" visible="false" accessible="true" x="0" y="900" width="390" height="44" index="1"/>
              </XCUIElementTypeTable>
            </XCUIElementTypeWindow>
          </XCUIElementTypeApplication>
        </AppiumAUT>
        """

    func testParsesRolesAttributesAndContext() throws {
        let snapshot = try IOSPageSource.parse(Data(Self.loginScreen.utf8))
        XCTAssertEqual(snapshot.context, ScreenContext(title: "Sign in", container: "navigationBar:Sign in"))
        XCTAssertEqual(snapshot.root.role, .application)
        let elements = snapshot.elements
        XCTAssertEqual(elements.count, 11, "the <AppiumAUT> wrapper is not an element")
        let byID = Dictionary(elements.compactMap { e in e.identifier.map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byID["email"]?.role, .textField)
        XCTAssertEqual(byID["email"]?.value, "Email")
        XCTAssertEqual(byID["email"]?.actions, [.tap, .type])
        XCTAssertEqual(byID["password"]?.role, .secureTextField)
        XCTAssertEqual(byID["remember"]?.role, .toggle)
        XCTAssertEqual(byID["remember"]?.label, "Remember me")
        XCTAssertEqual(byID["row-0"]?.selected, true)
        XCTAssertEqual(byID["row-1"]?.enabled, false)
        XCTAssertEqual(byID["row-1"]?.visible, false)
        XCTAssertEqual(byID["Back"]?.frame, UIFrame(x: 0, y: 47, width: 80, height: 44))
        XCTAssertEqual(elements.first { $0.role == .table }?.actions, [.scroll, .swipe])
    }

    func testMalformedXMLIsAnInputErrorWithTheLine() {
        let broken = Data("<AppiumAUT>\n<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\">\n<XCUIElementTypeButton name=\"a\">\n</AppiumAUT>".utf8)
        XCTAssertThrowsError(try IOSPageSource.parse(broken, source: "login.xml")) { error in
            let e = error as? CartoError
            XCTAssertEqual(e?.status, .inputError)
            XCTAssertTrue(e?.message.hasPrefix("login.xml:") ?? false, e?.message ?? "")
        }
        XCTAssertThrowsError(try IOSPageSource.parse(Data("<html><body/></html>".utf8), source: "page.html"))
    }

    // MARK: - Real dumps from public repositories (../shared/fixtures/ios-page-sources)

    static var sharedFixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/fixtures/ios-page-sources")
    }

    private func shared(_ name: String) throws -> UISnapshot {
        let url = Self.sharedFixtures.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("../shared/fixtures/ios-page-sources is absent: the real-dump tier needs the shared folder beside the project")
        }
        return try IOSPageSource.parse(Data(contentsOf: url), source: name)
    }

    func testRealAppiumDumpWithWrapper() throws {
        let s = try shared("theapp_home_ios_headspin.xml")
        XCTAssertEqual(s.elements.count, 26, "27 elements including the <AppiumAUT> wrapper")
        XCTAssertEqual(s.context.title, "The App")
        XCTAssertEqual(s.root.label, "TheApp")
        XCTAssertTrue(s.elements.contains { $0.role == .navigationBar })
    }

    func testRealReserializedSettingsDumps() throws {
        let top = try shared("settings_top_ios_shirates.xml")
        XCTAssertEqual(top.elements.count, 93, "94 elements including the <AppiumAUT> wrapper")
        XCTAssertEqual(top.root.frame?.width, 390)
        XCTAssertGreaterThan(top.elements.filter { $0.role == .cell }.count, 10)
        let accessibility = try shared("settings_accessibility_ios_shirates.xml")
        XCTAssertEqual(accessibility.elements.count, 60, "61 including the wrapper")
        XCTAssertEqual(accessibility.root.frame?.width, 375)
        XCTAssertNotEqual(top.context, accessibility.context, "two screens of one app have different contexts")
    }

    func testRealWDADumpWithoutWrapperAndInvisibleWindows() throws {
        let s = try shared("yilutongxing_wda_crifan.xml")
        XCTAssertEqual(s.elements.count, 13)
        XCTAssertEqual(s.root.label, "益路同行")
        let windows = s.elements.filter { $0.role == .window }
        XCTAssertEqual(windows.count, 5)
        XCTAssertTrue(windows.contains { !$0.visible })
        XCTAssertTrue(windows.contains { $0.frame?.isEmpty == true }, "the 0x0 window")
        XCTAssertTrue(s.elements.contains { $0.role == .statusBar && !$0.visible })
    }
}
