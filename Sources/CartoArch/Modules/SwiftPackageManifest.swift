import Foundation
import CartoCore
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// A `Package.swift` as written: its targets and products, read with swift-syntax. The manifest is never run
/// (running it needs a toolchain for the package's platform and executes the package author's code), so values
/// computed at run time are not seen: a target whose name is not a string literal is reported and skipped.
public struct SwiftPackageManifest: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public enum Dependency: Sendable, Equatable, Hashable {
            /// `"Name"`, `.byName(name:)`: a target of this package or a product of a dependency.
            case byName(String)
            case target(String)
            case product(name: String, package: String)
        }
        public var name: String
        public var kind: ModuleKind
        /// `path:` as written, relative to the package folder.
        public var path: String?
        public var sources: [String]
        public var exclude: [String]
        public var dependencies: [Dependency]
        public var line: Int
    }
    public struct Product: Sendable, Equatable {
        public var name: String
        public var targets: [String]
        public init(name: String, targets: [String]) { self.name = name; self.targets = targets }
    }

    /// The package folder relative to the analysed folder ("" for the root).
    public var folder: String
    /// The manifest relative to the analysed folder.
    public var file: String
    /// `Package(name:)`.
    public var name: String
    public var targets: [Target]
    public var products: [Product]
    /// Targets skipped because their name is computed.
    public var skipped: [Diagnostic]

    /// Reads the manifest at `path` (`file` is how reports name it). Throws `CartoError` naming the file when it
    /// does not parse as Swift or declares no `Package(…)`.
    public static func read(path: String, file: String) throws -> SwiftPackageManifest {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CartoError("\(file): package manifest is not readable UTF-8; check the file or add it to exclude in .carto.yml")
        }
        return try parse(text, file: file)
    }

    public static func parse(_ text: String, file: String) throws -> SwiftPackageManifest {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        // The same diagnostics SourceFileReader reports for any Swift file; here an error stops the run.
        if tree.hasError, let first = ParseDiagnosticsGenerator.diagnostics(for: tree).first(where: { $0.diagMessage.severity == .error }) {
            let line = converter.location(for: first.position).line
            throw CartoError("\(file):\(line): package manifest does not parse as Swift (\(first.message)); fix the syntax or add it to exclude in .carto.yml")
        }
        let visitor = ManifestVisitor(converter: converter, file: file)
        visitor.walk(tree)
        guard let name = visitor.packageName else {
            throw CartoError("\(file): no `Package(name: …)` with a literal name in this package manifest; fix it or add it to exclude in .carto.yml")
        }
        let folder = (file as NSString).deletingLastPathComponent
        return SwiftPackageManifest(folder: folder == "." ? "" : folder, file: file, name: name, targets: visitor.targets,
                                    products: visitor.products, skipped: visitor.skipped)
    }

    /// The folders holding each target's sources, relative to the analysed folder: `path:` (and `sources:` under
    /// it), else SwiftPM's defaults (`Sources/Name`, `Source/Name`, `src/Name`, `srcs/Name`; `Tests/Name` for test
    /// targets; `Plugins/Name` for plugins), the first that exists under `root`.
    func sourcePaths(of target: Target, root: String) -> [String] {
        let base: String
        if let path = target.path {
            base = ModulePath.join(folder, path)
        } else {
            let defaults: [String]
            switch target.kind {
            case .test: defaults = ["Tests", "Sources", "Source", "src", "srcs"]
            case .plugin: defaults = ["Plugins"]
            default: defaults = ["Sources", "Source", "src", "srcs"]
            }
            let existing = defaults.map { ModulePath.join(folder, $0, target.name) }.first {
                FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0))
            }
            base = existing ?? ModulePath.join(folder, defaults[0], target.name)
        }
        return target.sources.isEmpty ? [base] : target.sources.map { ModulePath.join(base, $0) }
    }
}

/// Collects `Package(name:)`, every `.target`/`.executableTarget`/`.testTarget`/`.macro`/`.plugin` call and
/// every `.library`/`.executable` product, wherever they are written (inline, or in a `let targets = […]`).
private final class ManifestVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    let file: String
    var packageName: String?
    var targets: [SwiftPackageManifest.Target] = []
    var products: [SwiftPackageManifest.Product] = []
    var skipped: [Diagnostic] = []

    init(converter: SourceLocationConverter, file: String) {
        self.converter = converter
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    static let targetKinds: [String: ModuleKind] = [
        "target": .library, "executableTarget": .executable, "testTarget": .test, "macro": .macro, "plugin": .plugin,
        "binaryTarget": .other, "systemLibrary": .other,
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let args = node.arguments
        if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self), ref.baseName.text == "Package" {
            if let name = Self.string(Self.argument("name", in: args)) { packageName = name }
            return .visitChildren
        }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let callee = member.declName.baseName.text
        let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        if let kind = Self.targetKinds[callee], args.first?.label?.text == "name" {
            guard let name = Self.string(args.first?.expression) else {
                skipped.append(Diagnostic(severity: .warning, file: file, line: line,
                                          message: "target name is computed, not a string literal; its files fall back to folder modules"))
                return .visitChildren
            }
            guard kind != .other else { return .skipChildren }
            func strings(_ label: String) -> [String] { Self.strings(Self.argument(label, in: args)) }
            let dependencies = (Self.argument("dependencies", in: args)?.as(ArrayExprSyntax.self)?.elements ?? [])
                .compactMap { Self.dependency($0.expression) }
            targets.append(.init(name: name, kind: kind, path: Self.string(Self.argument("path", in: args)),
                                 sources: strings("sources"), exclude: strings("exclude"), dependencies: dependencies, line: line))
            return .skipChildren
        }
        if ["library", "executable"].contains(callee), let name = Self.string(Self.argument("name", in: args)) {
            products.append(.init(name: name, targets: Self.strings(Self.argument("targets", in: args))))
            return .skipChildren
        }
        return .visitChildren
    }

    /// The argument labelled `label`, if the call has one.
    static func argument(_ label: String, in arguments: LabeledExprListSyntax) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    static func string(_ expression: ExprSyntax?) -> String? {
        guard let literal = expression?.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }

    static func strings(_ expression: ExprSyntax?) -> [String] {
        expression?.as(ArrayExprSyntax.self)?.elements.compactMap { string($0.expression) } ?? []
    }

    /// `"Name"`, `.target(name: "A")`, `.product(name: "P", package: "pkg")`, `.byName(name: "A")`, each possibly
    /// with a `condition:`.
    static func dependency(_ expression: ExprSyntax) -> SwiftPackageManifest.Target.Dependency? {
        if let name = string(expression) { return .byName(name) }
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let name = string(argument("name", in: call.arguments)) else { return nil }
        switch member.declName.baseName.text {
        case "target": return .target(name)
        case "byName": return .byName(name)
        case "product":
            return .product(name: name, package: string(argument("package", in: call.arguments)) ?? name)
        default: return nil
        }
    }
}
