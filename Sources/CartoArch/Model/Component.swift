/// The kinds of component the paper analyses (class, struct, protocol, enum), plus Swift's actors.
/// Extensions are not components: they are merged into the type they extend.
public enum ComponentKind: String, Codable, Sendable, CaseIterable {
    case `class`, `struct`, `enum`, `protocol`, actor
}

public struct PropertyInfo: Codable, Hashable, Sendable {
    public var name: String
    /// The type as written, or inferred from an initializer call (`let x = Foo()`); nil when unknown.
    public var type: String?
    public var isStatic: Bool
    public var isComputed: Bool
    public var line: Int
}

public struct ParameterInfo: Codable, Hashable, Sendable {
    public var label: String?
    public var name: String
    public var type: String
    public init(label: String?, name: String, type: String) { self.label = label; self.name = name; self.type = type }
}

public struct MethodInfo: Codable, Hashable, Sendable {
    public var name: String
    public var parameters: [ParameterInfo]
    public var returnType: String?
    public var isStatic: Bool
    public var line: Int
}

/// Where a type was extended.
public struct ExtensionSite: Codable, Hashable, Sendable {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) { self.file = file; self.line = line }
}

/// An entry of an inheritance clause as written (`UIViewController`, `Foo.Delegate`).
public struct InheritedTypeName: Codable, Hashable, Sendable {
    public var name: String
    public var file: String
    public var line: Int
    public init(name: String, file: String, line: Int) { self.name = name; self.file = file; self.line = line }
}

/// One type of the codebase with everything detection learned about it.
public struct Component: Codable, Sendable {
    /// Unique key: the qualified name, or `qualifiedName (file)` when two modules declare the same name.
    public var id: String
    /// Simple name (`Section`).
    public var name: String
    /// Name qualified by the enclosing types (`HomeViewController.Section`).
    public var qualifiedName: String
    public var kind: ComponentKind
    public var file: String
    public var line: Int
    /// Lines spanned by the declaration and its extensions.
    public var size: Int
    public var inheritance: [InheritedTypeName]
    public var attributes: [String]
    public var properties: [PropertyInfo]
    public var methods: [MethodInfo]
    public var extensions: [ExtensionSite]
    /// The module (SwiftPM or Xcode target) declaring it; see `ModuleMap`.
    public var module: String?

    // Facts used by later stages; not part of the analysis document.
    /// Type references found in the component's body, unresolved.
    var references: [TypeReference] = []
    /// Navigation / presentation APIs the component calls (`present`, `pushViewController`, …).
    var navigationCalls: Set<String> = []
    /// Whether it dequeues cells (a diffable data source's cell provider) or adds subviews (`ReferenceDecision.viewBuildingAPIs`).
    var buildsViews = false
    /// Modules imported by the files declaring or extending the component.
    var imports: Set<String> = []
    /// Lines carrying `// carto:ignore` comments for the whole declaration.
    var ignoredRules: Set<String> = []

    enum CodingKeys: String, CodingKey {
        case id, name, qualifiedName, kind, module, file, line, size, inheritance, attributes, properties, methods, extensions
    }
}

/// `typealias Name = Target`, kept so that references through aliases resolve to real components.
public struct TypealiasInfo: Codable, Hashable, Sendable {
    public var qualifiedName: String
    public var target: String
    public var file: String
    public var line: Int
}
