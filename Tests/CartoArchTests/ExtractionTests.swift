import CartoArch
import XCTest

final class ExtractionTests: XCTestCase {
    private func kinds(_ report: ArchitectureReport, from: String, to: String) -> [DependencyKind] {
        report.dependencies(from: from, to: to).map(\.kind)
    }

    func testOneEdgePerReferenceSiteWithKindFileAndLine() throws {
        let report = try TestCodebase(source: """
            class Base {}
            protocol Proto {}
            struct Foo {
                static let shared = Foo()
                static func make() -> Foo { Foo() }
            }
            final class User: Base, Proto {
                var foo: Foo?
                var foos: [Foo] = []
                var byKey: [String: Foo] = [:]
                var result: Result<Foo, Error>?
                var handler: ((Foo) -> Void)?
                func take(_ foo: Foo) -> Foo {
                    let local: Foo = Foo.shared
                    let made = Foo.make()
                    let closure = { (f: Foo) -> Void in }
                    if let x = made as? Foo { _ = x }
                    return Foo()
                }
                func generic<T: Proto>(_ t: T) -> T { t }
            }
            """).analyze()
        let edges = report.dependencies(from: "User", to: "Foo")
        let kinds = Set(edges.map(\.kind))
        XCTAssertEqual(kinds, [.property, .parameter, .returnType, .localVariable, .staticMemberAccess, .initializerCall, .closureSignature, .typeCast])
        XCTAssertEqual(edges.filter { $0.kind == .property }.count, 5, "Foo?, [Foo], [String: Foo], Result<Foo, Error>, (Foo) -> Void")
        XCTAssertEqual(edges.filter { $0.kind == .staticMemberAccess }.map(\.line), [14, 15])
        XCTAssertEqual(edges.first { $0.kind == .initializerCall }?.line, 18)
        XCTAssertEqual(edges.first?.file, "Sources/Main.swift")
        XCTAssertEqual(self.kinds(report, from: "User", to: "Base"), [.inheritance])
        XCTAssertEqual(Set(self.kinds(report, from: "User", to: "Proto")), [.conformance, .genericConstraint])
        XCTAssertTrue(report.dependencies(from: "Foo", to: "Foo").isEmpty, "self references are not dependencies")
    }

    /// Bodies are read by a raw-tree scanner, or — when they declare a local type — by the syntax visitor. Both must
    /// decide every reference alike: the same body, with and without a local type, gives the same dependencies.
    func testBodiesReadEitherWayGiveTheSameReferences() throws {
        let types = """
            import UIKit
            final class Foo { static let shared = Foo(); static func make() -> Foo { Foo() } }
            struct Bar {}
            enum Mode { case a, b }
            final class Detail: UIViewController {}
            struct Box<T> { init() {} }

            """
        // Expression statements, not `let x = …`: a member initializer is scanned raw even inside a visited body.
        let body = """
                var a: Foo? = nil
                _ = Foo()
                _ = Foo.shared
                _ = Foo.init()
                _ = Foo.self
                _ = Foo.make()
                _ = a as Any as? Bar
                _ = Box<Bar>()
                _ = { (x: Bar) -> Mode in .a }
                _ = Mode.b
                _ = [Bar]()
                if a is Bar { a = nil }
                func local(_ p: Bar) -> Mode { .a }
                navigationController?.pushViewController(Detail(), animated: true)
                view.window?.rootViewController = Detail()
            """
        func references(localType: Bool) throws -> ([String], ArchitectureReport) {
            let source = types + "final class User: UIViewController {\n    func run() {\n" + (localType ? "        struct Probe {}\n" : "") + body + "\n    }\n}\n"
            let report = try TestCodebase(source: source).analyze()
            let edges = ["Foo", "Bar", "Mode", "Detail", "Box"].flatMap { report.dependencies(from: "User", to: $0) }
                .map { "\($0.to) \($0.kind.rawValue) line \($0.line - (localType ? 1 : 0))" }
            return (edges.sorted(), report)
        }
        let (scanned, a) = try references(localType: false)
        let (visited, b) = try references(localType: true)
        XCTAssertEqual(scanned, visited)
        XCTAssertEqual(Set(scanned.map { String($0.split(separator: " ")[1]) }),
                       ["initializerCall", "staticMemberAccess", "typeReference", "typeCast", "localVariable", "genericArgument",
                        "closureSignature", "parameter", "returnType"])
        // Both saw the navigation: the user presents and installs a view controller.
        XCTAssertEqual(a.components.first { $0.name == "User" }?.role, b.components.first { $0.name == "User" }?.role)
    }

    func testResolvesNestingTypealiasesAndModuleQualifiedNames() throws {
        let report = try TestCodebase([
            "App/Outer.swift": """
                enum Outer {
                    struct Inner {}
                    struct User { let inner: Inner ; let other: Outer.Inner }
                }
                struct Inner {}
                typealias Alias = Outer.Inner
                struct ViaAlias { let a: Alias ; let q: MyApp.Inner ; let s: Swift.String }
                """,
        ]).analyze()
        XCTAssertEqual(report.dependencies(from: "Outer.User", to: "Outer.Inner").count, 2, "innermost scope wins over the top-level Inner")
        XCTAssertTrue(report.dependencies(from: "Outer.User", to: "Inner").isEmpty)
        XCTAssertEqual(report.dependencies(from: "ViaAlias", to: "Outer.Inner").count, 1, "typealias followed")
        XCTAssertEqual(report.dependencies(from: "ViaAlias", to: "Inner").count, 1, "module name dropped")
        XCTAssertTrue(report.externalDependencies.contains { $0.from == "ViaAlias" && $0.to == "Swift.String" && $0.origin == .standardLibrary })
    }

    func testExternalReferencesAreKeptSeparatelyByOrigin() throws {
        let report = try TestCodebase(source: """
            import UIKit
            import Alamofire
            final class Screen: UIViewController {
                let label = UILabel()
                var title2: String = ""
                let session: Session
                init(session: Session) { self.session = session; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """).analyze()
        XCTAssertTrue(report.dependencies.isEmpty)
        let ext = Dictionary(uniqueKeysWithValues: report.externalDependencies.map { ($0.to, $0) })
        XCTAssertEqual(ext["UIViewController"]?.origin, .sdk)
        XCTAssertEqual(ext["UILabel"]?.origin, .sdk)
        XCTAssertEqual(ext["String"]?.origin, .standardLibrary)
        XCTAssertEqual(ext["Session"]?.origin, .other)
        XCTAssertEqual(ext["Session"]?.count, 2)
        let controller = try XCTUnwrap(report.metrics.layers.first { $0.layer == "controller" })
        XCTAssertEqual(controller.completeExternalDependencies, report.externalDependencies.reduce(0) { $0 + $1.count })
    }

    func testGenericParametersAndAssociatedTypesAreNotDependencies() throws {
        let report = try TestCodebase(source: """
            struct Element {}
            protocol Store { associatedtype Element ; func all() -> [Element] }
            struct Box<Element> { let value: Element }
            """).analyze()
        XCTAssertTrue(report.dependencies(from: "Store", to: "Element").isEmpty)
        XCTAssertTrue(report.dependencies(from: "Box", to: "Element").isEmpty)
    }

    func testExtensionReferencesBelongToTheExtendedType() throws {
        let report = try TestCodebase([
            "A.swift": "final class Screen {}\nstruct Model {}\n",
            "B.swift": "extension Screen {\n    func show(_ m: Model) {}\n}\n",
        ]).analyze()
        let edge = try XCTUnwrap(report.dependencies(from: "Screen", to: "Model").first)
        XCTAssertEqual(edge.kind, .parameter)
        XCTAssertEqual(edge.file, "B.swift")
        XCTAssertEqual(edge.line, 2)
    }
}

final class CompositionTypealiasTests: XCTestCase {
    func testAdoptingACompositionTypealiasAdoptsEachMember() throws {
        let report = try TestCodebase(source: """
            protocol Core {}
            protocol Relay {}
            typealias Navigable = Core & Relay
            final class Screen: Navigable {}
            """).analyze()
        XCTAssertEqual(report.dependencies(from: "Screen", to: "Core").map(\.kind), [.conformance])
        XCTAssertEqual(report.dependencies(from: "Screen", to: "Relay").map(\.kind), [.conformance])
    }
}
