import CartoArch
import CartoCore
import Foundation
import XCTest

/// Modules from SwiftPM manifests and Xcode projects, and what `carto arch` does with them.
final class ModuleManifestTests: XCTestCase {
    func testPackageManifestTargetsProductsAndDependencies() throws {
        let manifest = try SwiftPackageManifest.parse("""
            // swift-tools-version: 5.9
            import PackageDescription
            let shared: [Target.Dependency] = ["Storage"]
            let package = Package(
                name: "Shop",
                products: [.library(name: "ShopKit", targets: ["UI", "Storage"])],
                dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.0.0")],
                targets: [
                    .target(name: "Storage", dependencies: [.product(name: "Logging", package: "swift-log")], exclude: ["Fixtures"]),
                    .target(name: "UI", dependencies: ["Storage", .target(name: "Design", condition: .when(platforms: [.iOS]))], path: "App/UI"),
                    .target(name: "Design", sources: ["Colors", "Fonts"]),
                    .testTarget(name: "UITests", dependencies: [.byName(name: "UI")]),
                    .executableTarget(name: computedName()),
                ]
            )
            """, file: "Modules/Shop/Package.swift")
        XCTAssertEqual(manifest.name, "Shop")
        XCTAssertEqual(manifest.folder, "Modules/Shop")
        XCTAssertEqual(manifest.targets.map(\.name), ["Storage", "UI", "Design", "UITests"])
        XCTAssertEqual(manifest.targets.map(\.kind), [.library, .library, .library, .test])
        XCTAssertEqual(manifest.targets[0].dependencies, [.product(name: "Logging", package: "swift-log")])
        XCTAssertEqual(manifest.targets[0].exclude, ["Fixtures"])
        XCTAssertEqual(manifest.targets[1].dependencies, [.byName("Storage"), .target("Design")])
        XCTAssertEqual(manifest.targets[1].path, "App/UI")
        XCTAssertEqual(manifest.targets[3].dependencies, [.byName("UI")])
        XCTAssertEqual(manifest.products, [.init(name: "ShopKit", targets: ["UI", "Storage"])])
        XCTAssertEqual(manifest.skipped.count, 1, "the computed target name is reported")
        XCTAssertEqual(manifest.skipped.first?.line, 13)
    }

    func testMalformedPackageManifestNamesTheFileAndLine() {
        XCTAssertThrowsError(try SwiftPackageManifest.parse("let package = Package(\n  name: \"X\",\n  targets: [.target(name: \"A\"\n", file: "Sub/Package.swift")) { error in
            let e = error as? CartoError
            XCTAssertEqual(e?.status, .inputError)
            XCTAssertTrue(e?.message.hasPrefix("Sub/Package.swift:") ?? false, e?.message ?? "")
        }
        XCTAssertThrowsError(try SwiftPackageManifest.parse("let x = 1\n", file: "Package.swift")) { error in
            XCTAssertTrue((error as? CartoError)?.message.contains("no `Package(name: …)`") ?? false, "\(error)")
        }
    }

    /// A project in Xcode's own format: groups with `<group>` and `SOURCE_ROOT` paths, a file compiled by two
    /// targets, an Xcode 16 synchronized folder with a membership exception, a target dependency and a package product.
    static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                A1 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* AppDelegate.swift */; };
                A2 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2; };
                A3 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2; };
                A4 = {isa = PBXBuildFile; fileRef = F3; };
                A5 = {isa = PBXBuildFile; fileRef = F4; };
                F1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Shared.swift; sourceTree = "<group>"; };
                F3 = {isa = PBXFileReference; path = Widget/Widget.swift; sourceTree = SOURCE_ROOT; };
                F4 = {isa = PBXFileReference; path = Info.plist; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = (G1, G2, S1); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = (F1, F4); path = App; sourceTree = "<group>"; };
                G2 = {isa = PBXGroup; children = (F2); name = Shared; path = "App/../Common"; sourceTree = "<group>"; };
                S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1); path = Features; sourceTree = "<group>"; };
                E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Legacy/Old.swift); target = T1; };
                P1 = {isa = PBXSourcesBuildPhase; files = (A1, A2, A5); };
                P2 = {isa = PBXSourcesBuildPhase; files = (A3, A4); };
                D1 = {isa = PBXTargetDependency; target = T2; };
                K1 = {isa = XCSwiftPackageProductDependency; productName = Storage; };
                K2 = {isa = XCSwiftPackageProductDependency; productName = Alamofire; };
                T1 = {isa = PBXNativeTarget; buildPhases = (P1); dependencies = (D1); fileSystemSynchronizedGroups = (S1); name = Shop; packageProductDependencies = (K1, K2); productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildPhases = (P2); dependencies = (); name = "Shop Widget"; productType = "com.apple.product-type.app-extension"; };
                R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, T2); };
            };
            rootObject = R0;
        }
        """

    func testXcodeProjectTargetsAndTheirSwiftFiles() throws {
        let project = try XcodeProject.parse(Data(Self.project.utf8), file: "iOS/Shop.xcodeproj/project.pbxproj")
        XCTAssertEqual(project.targets.map(\.name), ["Shop", "Shop Widget"])
        XCTAssertEqual(project.targets.map(\.kind), [.application, .appExtension])
        XCTAssertEqual(project.targets[0].files, ["iOS/App/AppDelegate.swift", "iOS/Common/Shared.swift"], "no Info.plist, paths through groups")
        XCTAssertEqual(project.targets[1].files, ["iOS/Common/Shared.swift", "iOS/Widget/Widget.swift"])
        XCTAssertEqual(project.targets[0].folders, ["iOS/Features"])
        XCTAssertEqual(project.targets[0].excluded, ["iOS/Features/Legacy/Old.swift"])
        XCTAssertEqual(project.targets[0].dependencies, ["Shop Widget"])
        XCTAssertEqual(project.targets[0].packageProducts, ["Storage", "Alamofire"])
    }

    func testMalformedXcodeProjectNamesTheFile() {
        for text in ["{ objects = { A = (B, ; }", "{ archiveVersion = 1; }"] {
            XCTAssertThrowsError(try XcodeProject.parse(Data(text.utf8), file: "Shop.xcodeproj/project.pbxproj")) { error in
                let e = error as? CartoError
                XCTAssertEqual(e?.status, .inputError)
                XCTAssertTrue(e?.message.hasPrefix("Shop.xcodeproj/project.pbxproj: not a valid Xcode project") ?? false, e?.message ?? "")
            }
        }
    }
}

final class ModuleAnalysisTests: XCTestCase {
    /// A package with Storage and UI, where both declare `Item`, and an Xcode app using the package's product.
    private func shop() throws -> TestCodebase {
        try TestCodebase([
            "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "ShopKit",
                    products: [.library(name: "ShopKit", targets: ["UI"]), .library(name: "Storage", targets: ["Storage"])],
                    targets: [
                        .target(name: "Storage"),
                        .target(name: "UI", dependencies: ["Storage"]),
                    ])
                """,
            "Sources/Storage/Item.swift": "public struct Item { let id: Int }\npublic final class Database { var items: [Item] = []; var screen: ItemCell? }\n",
            "Sources/UI/Item.swift": "struct Item { let title: String }\n",
            "Sources/UI/ItemCell.swift": "import UIKit\nimport Storage\npublic final class ItemCell: UIView { var item: Item?; var stored: Storage.Item? }\n",
            "iOS/Shop.xcodeproj/project.pbxproj": ModuleManifestTests.project,
            "iOS/App/AppDelegate.swift": "import UIKit\nimport ShopKit\nfinal class AppDelegate: UIResponder, UIApplicationDelegate { let cell = ItemCell() }\n",
            "iOS/Common/Shared.swift": "struct Shared {}\n",
            "Scripts/Tool.swift": "struct Tool {}\n",
        ])
    }

    func testEveryComponentCarriesItsModule() throws {
        let report = try shop().analyze()
        let modules = Dictionary(uniqueKeysWithValues: report.components.map { ($0.id, $0.module) })
        XCTAssertEqual(modules["Database"], "Storage")
        XCTAssertEqual(modules["ItemCell"], "UI")
        XCTAssertEqual(modules["AppDelegate"], "Shop")
        XCTAssertEqual(modules["Shared"], "Shop", "a file two targets compile belongs to the first")
        XCTAssertEqual(modules["Tool"], (report.root as NSString).lastPathComponent, "no manifest covers it: the analysed folder's name")
        let shop = try XCTUnwrap(report.modules.first { $0.name == "Shop" })
        XCTAssertEqual(shop.origin, .xcodeProject)
        XCTAssertEqual(shop.dependencies, ["Shop Widget", "Storage"], "Storage is a product of the package in the same codebase")
        XCTAssertEqual(shop.externalDependencies, ["Alamofire"])
        XCTAssertEqual(report.modules.first { $0.name == "UI" }?.dependencies, ["Storage"])
    }

    func testSameNamedTypesResolveWithinTheirModuleAndModuleQualifiedNamesResolve() throws {
        let report = try shop().analyze()
        XCTAssertEqual(report.dependencies(from: "ItemCell", to: "Item (Sources/UI/Item.swift)").map(\.kind), [.property],
                       "unqualified Item in UI is UI's own")
        XCTAssertEqual(report.dependencies(from: "ItemCell", to: "Item (Sources/Storage/Item.swift)").map(\.kind), [.property],
                       "Storage.Item is Storage's, though UI declares an Item too")
        XCTAssertEqual(report.dependencies(from: "Database", to: "Item (Sources/Storage/Item.swift)").count, 1)
    }

    func testForbiddenModuleDependencyIsReportedWithBothModules() throws {
        let codebase = try shop()
        try codebase.write(".carto.yml", "moduleRules:\n  forbidden:\n    - from: Storage\n      to: UI\n")
        let report = try codebase.analyze()
        let violations = report.violations.filter { $0.rule == "module-dependency" }
        XCTAssertEqual(violations.map(\.from), ["Database"])
        XCTAssertEqual(violations.first?.message, "'Database' (module Storage) depends on 'ItemCell' (module UI) (property type): Storage must not depend on UI")
        XCTAssertTrue(report.rules.contains { $0.id == "module-dependency" })

        try codebase.write(".carto.yml", "moduleRules:\n  forbidden:\n    - from: UI\n      to: \"*\"\n")
        XCTAssertEqual(try codebase.analyze().violations.filter { $0.rule == "module-dependency" }.map(\.to), ["Item (Sources/Storage/Item.swift)"])
    }

    func testLayersPerModule() throws {
        let codebase = try shop()
        try codebase.write(".carto.yml", "layers:\n  - name: storage\n    modules: [Storage]\n  - name: view\n    modules: [UI]\n    namePattern: Item$\n")
        let report = try codebase.analyze()
        XCTAssertEqual(report.components.first { $0.id == "Database" }?.layer, "storage")
        XCTAssertEqual(report.components.first { $0.id == "Item (Sources/Storage/Item.swift)" }?.layer, "storage")
        XCTAssertEqual(report.components.first { $0.id == "Item (Sources/UI/Item.swift)" }?.layer, "view", "the pattern applies in UI")
        XCTAssertNotEqual(report.components.first { $0.id == "Shared" }?.layer, "storage")
    }

    func testUnknownModuleInConfigurationIsAnInputError() throws {
        let codebase = try shop()
        try codebase.write(".carto.yml", "moduleRules:\n  forbidden:\n    - from: Storge\n      to: UI\n")
        XCTAssertThrowsError(try codebase.analyze()) { error in
            let e = error as? CartoError
            XCTAssertEqual(e?.status, .inputError)
            XCTAssertTrue(e?.message.contains("names module 'Storge', which this codebase does not have") ?? false, e?.message ?? "")
            XCTAssertTrue(e?.message.contains("Storage") ?? false)
        }
    }

    func testMalformedManifestInTheCodebaseStopsTheAnalysisNamingIt() throws {
        let codebase = try TestCodebase(["App/Main.swift": "struct Main {}\n", "Kit/Package.swift": "let package = Package(name: \"Kit\", targets: [\n"])
        XCTAssertThrowsError(try codebase.analyze()) { error in
            XCTAssertTrue((error as? CartoError)?.message.hasPrefix("Kit/Package.swift:") ?? false, "\(error)")
        }
        try codebase.write(".carto.yml", "exclude: [Kit]\n")
        XCTAssertEqual(try codebase.analyze().components.map(\.name), ["Main"], "excluding the folder is the way out the message names")
    }

    func testConfiguredModulesAndTheFolderConvention() throws {
        let codebase = try TestCodebase([
            "Sources/Networking/Client.swift": "struct Client {}\n",
            "Legacy/Old.swift": "struct Old {}\n",
            ".carto.yml": "modules:\n  - name: LegacyKit\n    paths: [Legacy/]\n",
        ])
        let report = try codebase.analyze()
        XCTAssertEqual(report.components.first { $0.name == "Client" }?.module, "Networking", "SwiftPM's folder convention without a manifest")
        XCTAssertEqual(report.components.first { $0.name == "Old" }?.module, "LegacyKit")
    }

    /// An MVC app whose SwiftUI module holds its models: the module gets its own style and rules, the app keeps MVC's.
    func testEachModuleIsCheckedByItsOwnStyle() throws {
        var files: [String: String] = [
            "Package.swift": """
                import PackageDescription
                let package = Package(name: "App", targets: [.target(name: "Legacy"), .target(name: "Settings")])
                """,
            "Sources/Legacy/Account.swift": "struct Account { let name: String }\n",
        ]
        for i in 0..<6 {
            files["Sources/Legacy/Screen\(i).swift"] = "import UIKit\nfinal class Screen\(i)ViewController: UIViewController {}\nfinal class Row\(i): UIView { var account: Account? }\n"
            files["Sources/Settings/Setting\(i).swift"] = "import SwiftUI\nstruct Option\(i) { let on: Bool }\nstruct Setting\(i)View: View { let option: Option\(i); var body: some View { Text(\"x\") } }\n"
        }
        let report = try TestCodebase(files).analyze()
        XCTAssertEqual(report.architecture.style, .mvc)
        let settings = try module("Settings", in: report)
        XCTAssertEqual(settings.style, .swiftui)
        XCTAssertFalse(settings.inherited)
        let isolation = report.violations.filter { $0.rule == "view-isolation" }
        XCTAssertEqual(Set(isolation.map(\.from)), Set((0..<6).map { "Row\($0)" }), "MVC's rule holds in Legacy, not in the SwiftUI module")
    }

    /// AltStore: a widget target of two SwiftUI views beside a UIKit MVC app is SwiftUI, not MVC by inheritance;
    /// a small UIKit module still inherits.
    func testASmallModuleOfSwiftUIViewsOnlyIsSwiftUI() throws {
        var files: [String: String] = [
            "Package.swift": """
                import PackageDescription
                let package = Package(name: "App", targets: [.target(name: "App"), .target(name: "Widget"), .target(name: "Share")])
                """,
            "Sources/Widget/WidgetView.swift": "import SwiftUI\nstruct AppEntry { let name: String }\nstruct WidgetView: View { let entry: AppEntry; var body: some View { Text(entry.name) } }\n",
            "Sources/Share/ShareViewController.swift": "import UIKit\nstruct Link { let url: String }\nfinal class ShareViewController: UIViewController { var link: Link? }\nfinal class LinkRow: UIView { var link: Link? }\n",
        ]
        for i in 0..<6 {
            files["Sources/App/Screen\(i).swift"] = "import UIKit\nfinal class Screen\(i)ViewController: UIViewController {}\n"
        }
        let report = try TestCodebase(files).analyze()
        XCTAssertEqual(report.architecture.style, .mvc)
        let widget = try module("Widget", in: report)
        XCTAssertEqual(widget.style, .swiftui)
        XCTAssertFalse(widget.inherited)
        let share = try module("Share", in: report)
        XCTAssertTrue(share.inherited)
        XCTAssertEqual(report.violations.filter { $0.rule == "view-isolation" }.map(\.from), ["LinkRow"])
    }

    /// One module's detected architecture; fails the test when the report has no such module.
    private func module(_ name: String, in report: ArchitectureReport) throws -> ModuleArchitecture {
        try XCTUnwrap(report.architecture.modules.first { $0.module == name }, "no module \(name) in the report")
    }
}

/// The OpenStep property-list reader behind `XcodeProject` (Foundation's was ~10× slower on Linux).
final class OpenStepPropertyListTests: XCTestCase {
    func testValuesCommentsEscapesAndData() throws {
        let text = """
            // !$*UTF8*$!
            {
                /* Begin PBXFileReference section */
                A1 /* a.swift */ = {isa = PBXFileReference; path = "My \\"App\\"/a b.swift"; sourceTree = "<group>"; };
                list = (x, "y z", <0a1b>, );
                empty = ();
                path = ../Shared/./File.swift;
            }
            """
        let plist = try OpenStepPropertyList.parse(Array(text.utf8))
        XCTAssertEqual(plist["A1"]?["path"]?.string, "My \"App\"/a b.swift")
        XCTAssertEqual(plist["A1"]?["sourceTree"]?.string, "<group>")
        XCTAssertEqual(plist["list"]?.strings, ["x", "y z", "<0a1b>"])
        XCTAssertEqual(plist["empty"], .array([]))
        XCTAssertEqual(plist["path"]?.string, "../Shared/./File.swift")
    }

    func testErrorsNameTheLine() {
        for (text, line, message) in [("{\n a = (b,\n c\n", 4, "expected ')' to end an array"),
                                      ("{\n a = b\n}", 3, "expected ';' after the value of 'a'"),
                                      ("{ a = \"open\n}", 2, "unterminated quoted string"),
                                      ("{ a = b; } trailing", 1, "unexpected text after the top-level value")] {
            XCTAssertThrowsError(try OpenStepPropertyList.parse(Array(text.utf8))) { error in
                XCTAssertEqual(error as? OpenStepPropertyList.SyntaxError, .init(message: message, line: line), text)
            }
        }
    }
}
