import Foundation

/// Why one component refers to another, one value per kind of reference site.
public enum DependencyKind: String, Codable, Sendable, CaseIterable, Comparable {
    case inheritance
    case conformance
    case property
    case parameter
    case returnType
    case localVariable
    case initializerCall
    case staticMemberAccess
    case genericArgument
    case genericConstraint
    case closureSignature
    case typeCast
    case typeReference
    case typeAlias = "typealias"
    case attribute

    public static func < (a: DependencyKind, b: DependencyKind) -> Bool { a.rawValue < b.rawValue }
}

/// An unresolved type reference as written at a site (`Foo`, `Outer.Inner`, `UIKit.UIView`).
struct TypeReference: Sendable {
    var name: String
    var kind: DependencyKind
    var file: Int32
    var line: Int32
    var context: ReferenceContext = .ordinary
}

/// What the member around a reference site does, where that changes how the rules judge the reference: code is
/// judged by the layer it works in, not only by the type it is declared in.
public enum ReferenceContext: UInt8, Sendable, Hashable {
    case ordinary
    /// A member that builds a SwiftUI view (`@ViewBuilder`, `-> some View`, `-> AnyView`): view code wherever it is
    /// declared (`AppTab.makeContentView()` choosing each tab's screen is the tab bar's view code, not the model's).
    case viewBuilding
    /// A preview or mock fixture (`static var mock`, `static func previewData()`), or any reference written in a test
    /// file: test code, which no rule constrains.
    case fixture

    // SyntaxCollector.enterMember decides a member's context from its signature with these tables.

    static let viewBuilderAttributes: Set<String> = ["ViewBuilder", "SwiftUI.ViewBuilder", "ToolbarContentBuilder", "SceneBuilder", "CommandsBuilder"]
    /// `some X` / `any X` with these X are SwiftUI content.
    static let viewProtocols: Set<String> = ["View", "ToolbarContent", "Scene", "Commands"]
    /// `some PlatformView`: a protocol named …View refines SwiftUI's `View` (an opaque type names a protocol).
    static func isViewProtocolName(_ name: String) -> Bool { viewProtocols.contains(name) || name.hasSuffix("View") }

    static let viewBuildingTypes: Set<String> = [
        "some View", "any View", "AnyView", "some SwiftUI.View", "SwiftUI.AnyView", "some ToolbarContent", "some Scene", "some Commands",
    ]

    /// SDK types that draw, host or type-erase a view they are given (a member wrapping `AnyView(HeaderView())` builds it).
    static let viewRenderers: Set<String> = [
        "AnyView",
        "ImageRenderer", "UIHostingController", "NSHostingController", "NSHostingView", "UIHostingConfiguration", "UIGraphicsImageRenderer",
    ]

    /// `mock`, `mocks`, `mockData`, `preview`, `previews`, `previewValue` — not `mockingbird`, nor production members
    /// such as `previewURL` or `previewImage(for:)` (only the names Xcode previews and TCA dependencies use).
    static func isFixtureName(_ name: String) -> Bool {
        if ["mock", "mocks", "preview", "previews", "previewValue", "previewData", "previewState", "testValue"].contains(name) { return true }
        guard name.hasPrefix("mock"), let next = name.dropFirst(4).first else { return false }
        return next.isUppercase || next.isNumber || next == "_"
    }
}

/// One reference site from one codebase component to another: an edge of the multigraph.
public struct Dependency: Codable, Hashable, Sendable, Comparable {
    public var from: String
    public var to: String
    public var kind: DependencyKind
    public var file: String
    public var line: Int

    public static func < (a: Dependency, b: Dependency) -> Bool {
        (a.from, a.file, a.line, a.to, a.kind) < (b.from, b.file, b.line, b.to, b.kind)
    }
}

/// Where a referenced type that the codebase does not declare comes from.
public enum ExternalOrigin: String, Codable, Sendable, CaseIterable {
    /// Apple SDK frameworks (UIKit, SwiftUI, Foundation, …).
    case sdk
    /// The Swift standard library.
    case standardLibrary
    /// Anything else: third-party libraries, generated code, or names we cannot see.
    case other
}

/// References from a component to one external type, counted.
public struct ExternalReference: Codable, Hashable, Sendable, Comparable {
    public var from: String
    public var to: String
    public var origin: ExternalOrigin
    public var count: Int

    public static func < (a: ExternalReference, b: ExternalReference) -> Bool { (a.from, a.to) < (b.from, b.to) }
}
