import CartoArch
import XCTest

final class DetectionTests: XCTestCase {
    func testFindsEveryKindOfComponentWithQualifiedNames() throws {
        let doc = try TestCodebase(source: """
            class A {}
            struct B { enum Inner { case x } }
            enum C {}
            protocol D {}
            actor E {}
            extension B.Inner { struct Deep {} }
            """).detect()
        let byName = Dictionary(uniqueKeysWithValues: doc.components.map { ($0.qualifiedName, $0) })
        XCTAssertEqual(byName["A"]?.kind, .class)
        XCTAssertEqual(byName["B"]?.kind, .struct)
        XCTAssertEqual(byName["C"]?.kind, .enum)
        XCTAssertEqual(byName["D"]?.kind, .protocol)
        XCTAssertEqual(byName["E"]?.kind, .actor)
        XCTAssertEqual(byName["B.Inner"]?.name, "Inner")
        XCTAssertEqual(byName["B.Inner.Deep"]?.kind, .struct)
        XCTAssertEqual(doc.components.count, 7, "extensions are merged, not components")
    }

    func testMergesExtensionsAcrossFilesWithConformancesAndMembers() throws {
        let doc = try TestCodebase([
            "A/Model.swift": "struct Model {\n    var id: Int\n}\n",
            "B/Model+Codable.swift": "import Foundation\nextension Model: Codable, Hashable {\n    var title: String { \"\" }\n    func save(to url: URL) throws -> Bool { true }\n}\n",
        ]).detect()
        let model = try XCTUnwrap(doc.components.first { $0.name == "Model" })
        XCTAssertEqual(model.inheritance.map(\.name), ["Codable", "Hashable"])
        XCTAssertEqual(model.inheritance.first?.file, "B/Model+Codable.swift")
        XCTAssertEqual(model.extensions, [ExtensionSite(file: "B/Model+Codable.swift", line: 2)])
        XCTAssertEqual(model.properties.map(\.name), ["id", "title"])
        XCTAssertEqual(model.properties.first?.type, "Int")
        XCTAssertEqual(model.properties.last?.isComputed, true)
        let save = try XCTUnwrap(model.methods.first { $0.name == "save" })
        XCTAssertEqual(save.parameters, [ParameterInfo(label: "to", name: "url", type: "URL")])
        XCTAssertEqual(save.returnType, "Bool")
        XCTAssertEqual(model.file, "A/Model.swift")
        XCTAssertEqual(model.line, 1)
    }

    func testRecordsMembersTypesAndInferredPropertyTypes() throws {
        let doc = try TestCodebase(source: """
            final class Screen {
                static let shared = Screen()
                private let service = Service()
                var items: [Item] = []
                lazy var formatter: Formatter = Formatter()
                init(service: Service) {}
                func load(_ id: Int, completion: @escaping (Result<[Item], Error>) -> Void) {}
                subscript(index: Int) -> Item { items[index] }
            }
            final class Service {}
            struct Item {}
            final class Formatter {}
            """).detect()
        let screen = try XCTUnwrap(doc.components.first { $0.name == "Screen" })
        XCTAssertEqual(screen.properties.map(\.name), ["shared", "service", "items", "formatter"])
        XCTAssertEqual(screen.properties.map(\.type), ["Screen", "Service", "[Item]", "Formatter"])
        XCTAssertEqual(screen.properties.first?.isStatic, true)
        XCTAssertEqual(screen.methods.map(\.name), ["init", "load", "subscript"])
        XCTAssertEqual(screen.methods[1].parameters.map(\.label), [nil, "completion"])
        XCTAssertEqual(screen.methods[2].returnType, "Item")
        XCTAssertEqual(screen.size, 9)
    }

    func testTypealiasesAndExternalExtensions() throws {
        let doc = try TestCodebase(source: """
            import UIKit
            typealias Handler = Service
            enum Namespace { typealias Inner = Service }
            final class Service {}
            extension UIView: Identifiable {}
            """).detect()
        XCTAssertEqual(doc.typealiases.map(\.qualifiedName), ["Handler", "Namespace.Inner"])
        XCTAssertEqual(doc.typealiases.first?.target, "Service")
        XCTAssertEqual(doc.externalExtensions.map(\.extendedType), ["UIView"])
        XCTAssertEqual(doc.externalExtensions.first?.conformances, ["Identifiable"])
    }

    func testSameNameInTwoModulesGetsDistinctIds() throws {
        let doc = try TestCodebase([
            "App/AppDelegate.swift": "class AppDelegate {}\nextension AppDelegate { func a() {} }\n",
            "Widget/AppDelegate.swift": "class AppDelegate {}\n",
        ]).detect()
        XCTAssertEqual(doc.components.map(\.id).sorted(), ["AppDelegate (App/AppDelegate.swift)", "AppDelegate (Widget/AppDelegate.swift)"])
        let app = try XCTUnwrap(doc.components.first { $0.file == "App/AppDelegate.swift" })
        XCTAssertEqual(app.methods.map(\.name), ["a"], "the extension merges into the declaration nearest to it")
    }

    /// `#if`/`#else` branches declaring one type are one component with what both declare (ProtonVPN's
    /// `AppDelegate`, whose `UIApplicationDelegate` conformance an extension adds to whichever branch compiles).
    func testSameTypeInTwoConditionalBranchesIsOneComponent() throws {
        let doc = try TestCodebase(source: """
            #if os(iOS)
            final class Screen { let title = "" ; func show() {} }
            #else
            final class Screen: NSObject { let subtitle = "" }
            #endif
            extension Screen { func hide() {} }
            """).detect()
        XCTAssertEqual(doc.components.map(\.id), ["Screen"])
        let screen = try XCTUnwrap(doc.components.first)
        XCTAssertEqual(Set(screen.properties.map(\.name)), ["title", "subtitle"])
        XCTAssertEqual(Set(screen.methods.map(\.name)), ["show", "hide"])
        XCTAssertEqual(screen.inheritance.map(\.name), ["NSObject"])
    }

    func testDetectionDocumentIsJSON() throws {
        let doc = try TestCodebase(source: "struct A { let b: Int }").detect()
        let data = try JSONEncoder().encode(doc)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["root", "modules", "files", "components", "typealiases", "externalExtensions", "diagnostics"])
    }
}
