/// Test code is not part of the app's architecture: test cases, fakes and mocks get a `test` layer of their own,
/// which no rule constrains, so tests never show up as violations.
public struct TestCode: CategorisationHeuristic {
    public static let identifier = "test-code"
    public static let summary = "Components in test targets (folders named …Tests, …UITests, …Specs, Tests, Specs), subclasses of XCTestCase or QuickSpec, types in files importing XCTest, Testing, Quick or Nimble, SwiftUI previews (PreviewProvider, …_Previews) and mocks (Mock…) belong to the test layer, which rules ignore."
    public static let triggeringExamples = [
        CategorisationExample("import XCTest\nfinal class LoginTests: XCTestCase {}", component: "LoginTests", layer: "test", role: Role.test),
        CategorisationExample("import Testing\nstruct FakeKeystore {}", component: "FakeKeystore", layer: "test", role: Role.test),
        CategorisationExample("""
            import SwiftUI
            struct Feed { let posts: [String] }
            struct FeedView_Previews: PreviewProvider { static var previews: some View { Text("") } ; static let feed = Feed(posts: []) }
            """, component: "FeedView_Previews", layer: "test", role: Role.test),
        CategorisationExample("final class MockSessionStore { var user = \"\" }", component: "MockSessionStore", layer: "test", role: Role.test),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct TestResult { let passed: Bool }", component: "TestResult"),
        CategorisationExample("struct Mockingbird { let name: String }", component: "Mockingbird"),
    ]
    static let testModules: Set<String> = ["XCTest", "Testing", "Quick", "Nimble", "SnapshotTesting", "iOSSnapshotTestCase", "FBSnapshotTestCase"]
    static let testBases: Set<String> = ["XCTestCase", "QuickSpec", "FBSnapshotTestCase", "AsyncSpec"]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        if context.inherits(i, fromAnyOf: Self.testBases) {
            return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "inherits from \(context.externalBase[i] ?? "XCTestCase")")
        }
        // (Every component passes here first: no sets are built for the many that import no test framework.)
        if !c.imports.isDisjoint(with: Self.testModules), let m = c.imports.intersection(Self.testModules).sorted().first {
            return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "declared in a file importing \(m)")
        }
        // Previews and mocks are compiled into the app for Xcode's canvas but are no part of its architecture.
        if context.externalConformances[i].contains("PreviewProvider") || c.name.hasSuffix("_Previews") || c.name.hasSuffix("PreviewWrapper")
            || context.enclosingComponent(of: i).map({ context.components[$0].name.hasSuffix("_Previews") }) == true {
            return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "a SwiftUI preview")
        }
        if c.name.hasPrefix("Mock"), c.name.count > 4, c.name[c.name.index(c.name.startIndex, offsetBy: 4)].isUppercase {
            return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "a mock")
        }
        if let folder = context.testFolder(of: c.file) {
            return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "in test folder \(folder)")
        }
        return nil
    }

    /// The first folder of `path` that holds tests (…Tests, …Specs, …TestSupport, Mocks), if any.
    static func testFolder(in path: String) -> String? {
        for folder in path.split(separator: "/").dropLast() {
            if folder.hasSuffix("Tests") || folder.hasSuffix("Specs") || folder.hasSuffix("TestSupport") || folder == "Mocks" {
                return String(folder)
            }
        }
        return nil
    }
}
