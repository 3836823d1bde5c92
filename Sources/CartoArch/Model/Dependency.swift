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
