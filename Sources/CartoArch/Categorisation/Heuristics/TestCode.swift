/// Test code is not part of the app's architecture: test cases, fakes and mocks get a `test` layer of their own,
/// which no rule constrains, so tests never show up as violations.
public struct TestCode: CategorisationHeuristic {
    public static let identifier = "test-code"
    public static let summary = "Components in test targets (folders named …Tests, …UITests, …Specs, Tests, Specs), subclasses of XCTestCase or QuickSpec, and types in files importing XCTest, Testing, Quick or Nimble belong to the test layer, which rules ignore."
    public static let triggeringExamples = [
        CategorisationExample("import XCTest\nfinal class LoginTests: XCTestCase {}", component: "LoginTests", layer: "test", role: Role.test),
        CategorisationExample("import Testing\nstruct FakeKeystore {}", component: "FakeKeystore", layer: "test", role: Role.test),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct TestResult { let passed: Bool }", component: "TestResult"),
    ]
    static let testModules: Set<String> = ["XCTest", "Testing", "Quick", "Nimble", "SnapshotTesting", "iOSSnapshotTestCase", "FBSnapshotTestCase"]
    static let testBases: Set<String> = ["XCTestCase", "QuickSpec", "FBSnapshotTestCase", "AsyncSpec"]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        if context.inherits(i, fromAnyOf: Self.testBases) {
            return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "inherits from \(context.externalBase[i] ?? "XCTestCase")")
        }
        if let m = c.imports.intersection(Self.testModules).sorted().first {
            return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "declared in a file importing \(m)")
        }
        for folder in c.file.split(separator: "/").dropLast() {
            if folder.hasSuffix("Tests") || folder.hasSuffix("Specs") || folder == "Tests" || folder == "Specs" || folder.hasSuffix("TestSupport") || folder == "Mocks" {
                return LayerAssignment(layer: "test", role: Role.test, heuristic: Self.identifier, reason: "in test folder \(folder)")
            }
        }
        return nil
    }
}
