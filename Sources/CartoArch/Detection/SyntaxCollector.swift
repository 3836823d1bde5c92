@_spi(RawSyntax) import SwiftSyntax

/// One walk over a file's syntax tree that records every type declaration, extension, typealias,
/// member signature and type reference site. It does no name resolution: that needs the whole codebase.
final class SyntaxCollector: SyntaxVisitor {
    private(set) var summary: FileSummary
    private let lines: LineTable

    /// Indices into `summary.records` of the enclosing type declarations / extensions.
    private var recordStack: [Int] = []
    /// Nesting of function-like bodies inside the innermost record (0 = directly in the type body).
    private var bodyDepth = 0
    private var bodyDepthStack: [Int] = []
    /// Generic parameter names in scope; references to them are not dependencies.
    private var genericNames: [String: Int] = [:]
    private var genericFrames: [[String]] = []
    /// What the innermost member around the walk does (view building, fixtures); inner members keep an outer
    /// non-ordinary context (a local `let` inside a `@ViewBuilder` function is still view code).
    private var context: ReferenceContext = .ordinary
    private var contextStack: [ReferenceContext] = []
    /// Per entered member: its record, where its references start, and whether it named a view renderer — to
    /// reclassify its references when it turns out to render views.
    private var memberStarts: [(record: Int, start: Int)?] = []
    private var memberRenders: [Bool] = []

    /// The file's bytes, valid for the collector's lifetime; type texts are sliced from it (cheaper than `trimmedDescription`).
    private let source: UnsafeBufferPointer<UInt8>

    init(fileIndex: Int32, relativePath: String, lines: LineTable, source: UnsafeBufferPointer<UInt8>) {
        self.lines = lines
        self.source = source
        self.summary = FileSummary(fileIndex: fileIndex, relativePath: relativePath, lineCount: lines.lineCount)
        super.init(viewMode: .sourceAccurate)
    }

    func setIgnores(_ ignores: [Int: Set<String>]) { summary.ignores = ignores }

    // MARK: - Helpers

    private func line(_ node: some SyntaxProtocol) -> Int {
        lines.line(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    private func endLine(_ node: some SyntaxProtocol) -> Int {
        lines.line(ofOffset: max(0, node.endPositionBeforeTrailingTrivia.utf8Offset - 1))
    }

    private var currentRecord: Int? { recordStack.last }

    /// The node's source text without surrounding trivia.
    private func text(_ node: some SyntaxProtocol) -> String {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        guard start >= 0, end <= source.count, start < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: source[start..<end]), as: UTF8.self)
    }

    private var currentPath: [String] {
        guard let r = currentRecord else { return [] }
        return summary.records[r].path
    }

    func lineAt(_ offset: Int) -> Int { lines.line(ofOffset: offset) }

    func isGenericName(_ name: String) -> Bool { genericNames[name] != nil }

    func shouldRecordTypeName(_ name: String) -> Bool {
        genericNames[name] == nil && name != "Self" && name != "Any" && name != "AnyObject" && name != "_"
    }

    func noteNavigationCall(_ name: String) {
        guard let r = currentRecord else { return }
        summary.records[r].navigationCalls.insert(name)
    }

    /// A member dequeuing cells or adding subviews builds views: its references are view code, and its type builds views.
    func noteViewBuilding() {
        guard let r = currentRecord else { return }
        summary.records[r].buildsViews = true
        if let last = memberRenders.indices.last { memberRenders[last] = true }
    }

    /// Where the current record's references end, to undo an abandoned raw scan.
    func checkpoint() -> (record: Int?, references: Int, navigation: Set<String>, buildsViews: Bool) {
        guard let r = currentRecord else { return (nil, 0, [], false) }
        return (r, summary.records[r].references.count, summary.records[r].navigationCalls, summary.records[r].buildsViews)
    }

    func rollback(to mark: (record: Int?, references: Int, navigation: Set<String>, buildsViews: Bool)) {
        guard let r = mark.record else { return }
        summary.records[r].references.removeSubrange(mark.references...)
        summary.records[r].navigationCalls = mark.navigation
        summary.records[r].buildsViews = mark.buildsViews
    }

    func addReference(_ name: String, kind: DependencyKind, line: Int) {
        guard let r = currentRecord else { return }
        // Renderers start with A, I, N or U (`AnyView`, `ImageRenderer`, `NSHostingView`, `UIHostingController`):
        // a byte test spares most references the set lookup.
        if let last = memberRenders.indices.last, !memberRenders[last], let f = name.utf8.first, f == 65 || f == 73 || f == 78 || f == 85,
           ReferenceContext.viewRenderers.contains(name) {
            memberRenders[last] = true
        }
        summary.records[r].references.append(TypeReference(name: name, kind: kind, file: summary.fileIndex, line: Int32(line), context: context))
    }

    private func enterMember(name: String, attributes: AttributeListSyntax?, returnType: TypeSyntax?) {
        contextStack.append(context)
        memberStarts.append(currentRecord.map { ($0, summary.records[$0].references.count) })
        memberRenders.append(false)
        guard context == .ordinary else { return }
        // Decided on the syntax nodes, without building strings for every member (this runs for every declaration).
        if let first = name.utf8.first, first == 109 || first == 112 || first == 116, ReferenceContext.isFixtureName(name) {
            context = .fixture
            return
        }
        if let attributes {
            for element in attributes {
                guard case .attribute(let a) = element, let id = a.attributeName.as(IdentifierTypeSyntax.self) else { continue }
                if ReferenceContext.viewBuilderAttributes.contains(id.name.text) { context = .viewBuilding; return }
            }
        }
        if var type = returnType {
            if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
            if let id = type.as(IdentifierTypeSyntax.self) {
                if id.name.text == "AnyView" { context = .viewBuilding }
            } else if let opaque = type.as(SomeOrAnyTypeSyntax.self), let id = opaque.constraint.as(IdentifierTypeSyntax.self),
                      ReferenceContext.isViewProtocolName(id.name.text) {
                context = .viewBuilding
            } else if let opaque = type.as(SomeOrAnyTypeSyntax.self), let composition = opaque.constraint.as(CompositionTypeSyntax.self),
                      composition.elements.contains(where: { e in
                          e.type.as(IdentifierTypeSyntax.self).map { $0.name.text == "ShowsSnippetView" || ReferenceContext.isViewProtocolName($0.name.text) } ?? false
                      }) {
                // An App Intent answering with a snippet view (`-> some IntentResult & ShowsSnippetView`) builds it.
                context = .viewBuilding
            } else if type.is(MemberTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self),
                      ReferenceContext.viewBuildingTypes.contains(text(type)) {
                context = .viewBuilding
            }
        }
    }

    /// A member that renders or hosts a view (`ImageRenderer(content: AvatarView(…))`, `UIHostingController(rootView:)`)
    /// builds that view: its references are view code too.
    private func leaveMember() {
        context = contextStack.removeLast()
        let renders = memberRenders.removeLast()
        guard let (r, start) = memberStarts.removeLast() ?? nil, renders, r < summary.records.count else { return }
        // The enclosing member contains this one's code, so it renders the view too.
        if let outer = memberRenders.indices.last { memberRenders[outer] = true }
        for k in start..<summary.records[r].references.count where summary.records[r].references[k].context == .ordinary {
            summary.records[r].references[k].context = .viewBuilding
        }
    }

    private func pushGenerics(_ names: [String]) {
        genericFrames.append(names)
        for n in names { genericNames[n, default: 0] += 1 }
    }

    private func popGenerics() {
        guard let names = genericFrames.popLast() else { return }
        for n in names {
            if let c = genericNames[n], c > 1 { genericNames[n] = c - 1 } else { genericNames[n] = nil }
        }
    }

    /// Type names start with an uppercase letter (or `_` and an uppercase letter); works on `String.utf8` and raw token text.
    static func isTypeLike<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard let f = bytes.first else { return false }
        if f >= 65 && f <= 90 { return true }
        guard f == 95, let s = bytes.dropFirst().first else { return false }
        return s >= 65 && s <= 90
    }

    private static func isTypeLike(_ name: String) -> Bool { isTypeLike(name.utf8) }

    /// Records every named type inside `type` (generic arguments, optionals, collections, closures, tuples).
    private func collect(type: TypeSyntax, kind: DependencyKind) {
        guard currentRecord != nil else { return }
        collectNames(in: type, kind: kind, nested: false)
    }

    private func collectNames(in type: TypeSyntax, kind: DependencyKind, nested: Bool) {
        if let t = type.as(IdentifierTypeSyntax.self) {
            let name = t.name.text
            if genericNames[name] == nil, name != "Self", name != "Any", name != "AnyObject", name != "_" {
                addReference(name, kind: kind, line: line(t))
            }
            if let args = t.genericArgumentClause?.arguments { collectGenericArguments(args, kind: kind) }
        } else if let t = type.as(MemberTypeSyntax.self) {
            if let full = Self.dottedName(t) {
                if let first = full.split(separator: ".").first, genericNames[String(first)] == nil {
                    addReference(full, kind: kind, line: line(t))
                }
            } else {
                collectNames(in: t.baseType, kind: kind, nested: true)
            }
            if let args = t.genericArgumentClause?.arguments { collectGenericArguments(args, kind: kind) }
        } else if let t = type.as(OptionalTypeSyntax.self) {
            collectNames(in: t.wrappedType, kind: kind, nested: true)
        } else if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            collectNames(in: t.wrappedType, kind: kind, nested: true)
        } else if let t = type.as(ArrayTypeSyntax.self) {
            collectNames(in: t.element, kind: kind, nested: true)
        } else if let t = type.as(DictionaryTypeSyntax.self) {
            collectNames(in: t.key, kind: kind, nested: true)
            collectNames(in: t.value, kind: kind, nested: true)
        } else if let t = type.as(TupleTypeSyntax.self) {
            for e in t.elements { collectNames(in: e.type, kind: kind, nested: true) }
        } else if let t = type.as(FunctionTypeSyntax.self) {
            for e in t.parameters { collectNames(in: e.type, kind: kind, nested: true) }
            collectNames(in: t.returnClause.type, kind: kind, nested: true)
        } else if let t = type.as(AttributedTypeSyntax.self) {
            collectNames(in: t.baseType, kind: kind, nested: true)
        } else if let t = type.as(SomeOrAnyTypeSyntax.self) {
            collectNames(in: t.constraint, kind: kind, nested: true)
        } else if let t = type.as(CompositionTypeSyntax.self) {
            for e in t.elements { collectNames(in: e.type, kind: kind, nested: true) }
        } else if let t = type.as(MetatypeTypeSyntax.self) {
            collectNames(in: t.baseType, kind: kind, nested: true)
        } else if let t = type.as(PackExpansionTypeSyntax.self) {
            collectNames(in: t.repetitionPattern, kind: kind, nested: true)
        } else if let t = type.as(PackElementTypeSyntax.self) {
            collectNames(in: t.pack, kind: kind, nested: true)
        } else if let t = type.as(SuppressedTypeSyntax.self) {
            collectNames(in: t.type, kind: kind, nested: true)
        } else if let t = type.as(InlineArrayTypeSyntax.self) {
            if case .type(let e) = t.element.argument { collectNames(in: e, kind: kind, nested: true) }
        }
    }

    private func collectGenericArguments(_ args: GenericArgumentListSyntax, kind: DependencyKind) {
        for a in args {
            if case .type(let t) = a.argument { collectNames(in: t, kind: kind, nested: true) }
        }
    }

    /// `A.B.C` for a chain of plain member types, nil when the chain contains generics or other shapes.
    static func dottedName(_ t: MemberTypeSyntax) -> String? {
        var parts = [t.name.text]
        var base = t.baseType
        while true {
            if let m = base.as(MemberTypeSyntax.self) {
                if m.genericArgumentClause != nil { return nil }
                parts.append(m.name.text)
                base = m.baseType
            } else if let i = base.as(IdentifierTypeSyntax.self) {
                if i.genericArgumentClause != nil { return nil }
                parts.append(i.name.text)
                break
            } else {
                return nil
            }
        }
        return parts.reversed().joined(separator: ".")
    }

    static func typePath(_ type: TypeSyntax) -> [String]? {
        if let i = type.as(IdentifierTypeSyntax.self) { return [i.name.text] }
        if let m = type.as(MemberTypeSyntax.self), let d = dottedName(m) { return d.split(separator: ".").map(String.init) }
        if let m = type.as(MemberTypeSyntax.self) { return typePath(m.baseType).map { $0 + [m.name.text] } }
        if let a = type.as(AttributedTypeSyntax.self) { return typePath(a.baseType) }
        return nil
    }

    private static func genericParameterNames(_ clause: GenericParameterClauseSyntax?) -> [String] {
        clause?.parameters.map { $0.name.text } ?? []
    }

    private func collectGenerics(_ clause: GenericParameterClauseSyntax?, _ whereClause: GenericWhereClauseSyntax?) {
        if let clause {
            for p in clause.parameters { if let t = p.inheritedType { collect(type: t, kind: .genericConstraint) } }
        }
        if let whereClause {
            for req in whereClause.requirements {
                switch req.requirement {
                case .conformanceRequirement(let c):
                    collect(type: c.leftType, kind: .genericConstraint)
                    collect(type: c.rightType, kind: .genericConstraint)
                case .sameTypeRequirement(let s):
                    if case .type(let t) = s.leftType { collect(type: t, kind: .genericConstraint) }
                    if case .type(let t) = s.rightType { collect(type: t, kind: .genericConstraint) }
                default: break
                }
            }
        }
    }

    private func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { element -> String? in
            guard case .attribute(let a) = element else { return nil }
            return text(a.attributeName)
        }
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { m in
            if case .keyword(let k) = m.name.tokenKind { return k == .static || k == .class }
            return false
        }
    }

    private func beginRecord(kind: FileSummary.RecordKind, path: [String], node: some SyntaxProtocol,
                             inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax,
                             generics: GenericParameterClauseSyntax?, whereClause: GenericWhereClauseSyntax?) {
        var record = FileSummary.Record(kind: kind, path: path, line: line(node), endLine: endLine(node))
        if let inheritance {
            record.inheritance = inheritance.inheritedTypes.compactMap { inherited in
                guard let p = Self.typePath(inherited.type) else { return nil }
                return (p.joined(separator: "."), line(inherited))
            }
        }
        record.attributes = attributeNames(attributes)
        let declLine = record.line
        if let rules = summary.ignores[declLine] { record.ignoredRules.formUnion(rules) }
        summary.records.append(record)
        recordStack.append(summary.records.count - 1)
        bodyDepthStack.append(bodyDepth)
        bodyDepth = 0
        contextStack.append(context)
        context = .ordinary
        pushGenerics(Self.genericParameterNames(generics))
        collectGenerics(generics, whereClause)
    }

    private func endRecord() {
        recordStack.removeLast()
        bodyDepth = bodyDepthStack.removeLast()
        context = contextStack.removeLast()
        popGenerics()
    }

    // MARK: - Declarations

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first { summary.imports.insert(first.name.text) }
        return .skipChildren
    }

    private func beginType<D: DeclGroupSyntax & NamedDeclSyntax & WithGenericParametersSyntax>(_ node: D, _ kind: ComponentKind) -> SyntaxVisitorContinueKind {
        beginRecord(kind: .type(kind), path: currentPath + [node.name.text], node: node, inheritance: node.inheritanceClause,
                    attributes: node.attributes, generics: node.genericParameterClause, whereClause: node.genericWhereClause)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { beginType(node, .class) }
    override func visitPost(_ node: ClassDeclSyntax) { endRecord() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { beginType(node, .struct) }
    override func visitPost(_ node: StructDeclSyntax) { endRecord() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { beginType(node, .enum) }
    override func visitPost(_ node: EnumDeclSyntax) { endRecord() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { beginType(node, .actor) }
    override func visitPost(_ node: ActorDeclSyntax) { endRecord() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        beginRecord(kind: .type(.protocol), path: currentPath + [node.name.text], node: node, inheritance: node.inheritanceClause,
                    attributes: node.attributes, generics: nil, whereClause: node.genericWhereClause)
        // Associated types behave like generic parameters inside the protocol.
        let associated = node.memberBlock.members.compactMap { $0.decl.as(AssociatedTypeDeclSyntax.self)?.name.text }
        pushGenerics(associated)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { popGenerics(); endRecord() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let path = Self.typePath(node.extendedType) else { return .skipChildren }
        beginRecord(kind: .extension, path: path, node: node, inheritance: node.inheritanceClause,
                    attributes: node.attributes, generics: nil, whereClause: node.genericWhereClause)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        if Self.typePath(node.extendedType) != nil { endRecord() }
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let target = node.initializer.value
        if let p = Self.typePath(target) {
            summary.typealiases.append((currentPath + [node.name.text], p.joined(separator: "."), line(node)))
        } else if let composition = target.as(CompositionTypeSyntax.self) {
            // `typealias Navigable = Core & Relay`: adopting the alias adopts every member.
            let members = composition.elements.compactMap { Self.typePath($0.type)?.joined(separator: ".") }
            summary.typealiases.append((currentPath + [node.name.text], members.joined(separator: " & "), line(node)))
        }
        pushGenerics(Self.genericParameterNames(node.genericParameterClause))
        collect(type: target, kind: .typeAlias)
        popGenerics()
        return .skipChildren
    }

    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
        if let inherited = node.inheritanceClause {
            for t in inherited.inheritedTypes { collect(type: t.type, kind: .genericConstraint) }
        }
        return .skipChildren
    }

    // MARK: - Members

    private func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterInfo] {
        clause.parameters.map { p in
            collect(type: p.type, kind: .parameter)
            let first = p.firstName.text
            let second = p.secondName?.text
            return ParameterInfo(label: first == "_" ? nil : first, name: second ?? first, type: text(p.type))
        }
    }

    /// Functions, initializers and subscripts: signature types, a method entry when directly in a type, then the body.
    private func beginFunction(_ node: some SyntaxProtocol, name: String, attributes: AttributeListSyntax?, generics: GenericParameterClauseSyntax?,
                               whereClause: GenericWhereClauseSyntax?, parameters clause: FunctionParameterClauseSyntax,
                               returnType: TypeSyntax?, isStatic: Bool) -> SyntaxVisitorContinueKind {
        enterMember(name: name, attributes: attributes, returnType: returnType)
        pushGenerics(Self.genericParameterNames(generics))
        collectGenerics(generics, whereClause)
        let params = parameters(clause)
        if let returnType { collect(type: returnType, kind: .returnType) }
        if bodyDepth == 0, let r = currentRecord {
            summary.records[r].methods.append(MethodInfo(name: name, parameters: params, returnType: returnType.map { text($0) },
                                                         isStatic: isStatic, line: line(node)))
        }
        bodyDepth += 1
        return .visitChildren
    }

    private func endFunction() { bodyDepth -= 1; popGenerics(); leaveMember() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        beginFunction(node, name: node.name.text, attributes: node.attributes, generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                      parameters: node.signature.parameterClause, returnType: node.signature.returnClause?.type, isStatic: Self.isStatic(node.modifiers))
    }
    override func visitPost(_ node: FunctionDeclSyntax) { endFunction() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        beginFunction(node, name: "init", attributes: nil, generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                      parameters: node.signature.parameterClause, returnType: nil, isStatic: false)
    }
    override func visitPost(_ node: InitializerDeclSyntax) { endFunction() }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        beginFunction(node, name: "subscript", attributes: node.attributes, generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                      parameters: node.parameterClause, returnType: node.returnClause.type, isStatic: Self.isStatic(node.modifiers))
    }
    override func visitPost(_ node: SubscriptDeclSyntax) { endFunction() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { bodyDepth += 1; return .visitChildren }
    override func visitPost(_ node: DeinitializerDeclSyntax) { bodyDepth -= 1 }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        bodyDepth += 1
        if case .getter(let items) = node.accessors, scanBody(items.raw, offset: items.position.utf8Offset) {
            return .skipChildren
        }
        return .visitChildren
    }

    /// Member initializers (`let x = Foo()`, `lazy var y = { … }()`): scanned on the raw tree too.
    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
        scanBody(node.value.raw, offset: node.value.position.utf8Offset) ? .skipChildren : .visitChildren
    }

    /// Function, initializer, accessor and closure bodies: scanned on the raw tree (see RawBodyScanner).
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        scanBody(node.raw, offset: node.position.utf8Offset) ? .skipChildren : .visitChildren
    }
    override func visitPost(_ node: AccessorBlockSyntax) { bodyDepth -= 1 }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let first = node.bindings.first
        enterMember(name: first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "", attributes: node.attributes,
                    returnType: first?.typeAnnotation?.type)
        guard bodyDepth == 0, let r = currentRecord else { return .visitChildren }
        let isStatic = Self.isStatic(node.modifiers)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var typeText = binding.typeAnnotation.map { text($0.type) }
            if typeText == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
               let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), Self.isTypeLike(callee.baseName.text) {
                typeText = callee.baseName.text
            }
            var computed = false
            if let accessors = binding.accessorBlock {
                switch accessors.accessors {
                case .getter: computed = true
                case .accessors(let list):
                    computed = list.contains { a in
                        if case .keyword(let k) = a.accessorSpecifier.tokenKind { return k == .get }
                        return false
                    }
                }
            }
            summary.records[r].properties.append(PropertyInfo(name: name, type: typeText, isStatic: isStatic, isComputed: computed, line: line(binding)))
        }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) { leaveMember() }

    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind {
        collect(type: node.type, kind: bodyDepth == 0 ? .property : .localVariable)
        return .skipChildren
    }

    override func visit(_ node: EnumCaseParameterSyntax) -> SyntaxVisitorContinueKind {
        collect(type: node.type, kind: .property)
        return .visitChildren
    }

    // Clauses already collected by their declaration's handler.
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionParameterClauseSyntax) -> SyntaxVisitorContinueKind {
        // Default values may reference types; the parameter types themselves are already collected.
        for p in node.parameters { if let d = p.defaultValue { walk(d) } }
        return .skipChildren
    }
    override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if let t = node.attributeName.as(IdentifierTypeSyntax.self), Self.isTypeLike(t.name.text) {
            collect(type: node.attributeName, kind: .attribute)
        }
        return .skipChildren
    }

    // MARK: - Expressions

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if let signature = node.signature {
            if case .parameterClause(let clause) = signature.parameterClause {
                for p in clause.parameters { if let t = p.type { collect(type: t, kind: .closureSignature) } }
            }
            if let ret = signature.returnClause { collect(type: ret.type, kind: .closureSignature) }
        }
        bodyDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { bodyDepth -= 1 }

    override func visit(_ node: ClosureSignatureSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: TypeExprSyntax) -> SyntaxVisitorContinueKind {
        let cast = Self.previousElement(of: ExprSyntax(node)).map { ReferenceDecision.isCastOperator($0.kind) } ?? false
        collect(type: node.type, kind: cast ? .typeCast : .typeReference)
        return .skipChildren
    }

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        collect(type: node.type, kind: .typeCast)
        return .visitChildren
    }

    override func visit(_ node: IsExprSyntax) -> SyntaxVisitorContinueKind {
        collect(type: node.type, kind: .typeCast)
        return .visitChildren
    }

    override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
        collectGenericArguments(node.genericArgumentClause.arguments, kind: .genericArgument)
        walk(node.expression)
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let r = currentRecord else { return .visitChildren }
        let callee: TokenSyntax?
        if let m = node.calledExpression.as(MemberAccessExprSyntax.self) { callee = m.declName.baseName }
        else if let d = node.calledExpression.as(DeclReferenceExprSyntax.self) { callee = d.baseName }
        else { callee = nil }
        if let callee, let name = ReferenceDecision.navigationCall(callee.rawText) { summary.records[r].navigationCalls.insert(name) }
        if let callee, ReferenceDecision.buildsViews(callee.rawText) { noteViewBuilding() }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if ReferenceDecision.installsRoot(member: node.declName.baseName.rawText), let r = currentRecord,
           let assign = Self.nextElement(of: ExprSyntax(node)), assign.is(AssignmentExprSyntax.self) {
            summary.records[r].navigationCalls.insert(ReferenceDecision.rootInstallation)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard currentRecord != nil else { return .skipChildren }
        // Most references are to values (lowercase); decide on the raw bytes before making a String.
        guard Self.isTypeLike(node.baseName.rawText) else { return .skipChildren }
        let name = node.baseName.text
        guard Self.isTypeLike(name), genericNames[name] == nil, name != "Self" else { return .skipChildren }
        // The member part of `x.Foo` is not a type reference of its own.
        if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.declName.id == node.id { return .skipChildren }
        // Extend `Foo.Bar.baz` to the longest type-like chain `Foo.Bar`.
        var fullName = name
        var top: Syntax = Syntax(node)
        while let parent = top.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == top.id {
            let member = parent.declName.baseName.text
            if Self.isTypeLike(member) {
                fullName += "." + member
                top = Syntax(parent)
            } else {
                break
            }
        }
        var container = top.parent
        if let g = container?.as(GenericSpecializationExprSyntax.self) { container = g.parent; top = Syntax(g) }
        func isCallee(_ node: Syntax, of parent: Syntax?) -> Bool { parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id }
        let kind: DependencyKind
        if let member = container?.as(MemberAccessExprSyntax.self), member.base?.id == top.id {
            kind = ReferenceDecision.member(member.declName.baseName.rawText, called: isCallee(Syntax(member), of: member.parent))
        } else {
            kind = ReferenceDecision.name(called: isCallee(top, of: container))
        }
        addReference(fullName, kind: kind, line: line(node))
        return .skipChildren
    }

    /// Neighbours in an unfolded sequence expression (`a as? B`, `x.root = y`).
    private static func previousElement(of node: ExprSyntax) -> ExprSyntax? {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return nil }
        var previous: ExprSyntax?
        for e in list {
            if e.id == node.id { return previous }
            previous = e
        }
        return nil
    }

    private static func nextElement(of node: ExprSyntax) -> ExprSyntax? {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return nil }
        var found = false
        for e in list {
            if found { return e }
            if e.id == node.id { found = true }
        }
        return nil
    }

    /// `// carto:ignore RULE[, RULE]` on a line of code applies to that line; alone on a line it applies to the next one.
    static func scanIgnores(source: String) -> [Int: Set<String>] {
        var result: [Int: Set<String>] = [:]
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let marker = rawLine.range(of: "carto:ignore") else { continue }
            let before = rawLine[rawLine.startIndex..<marker.lowerBound]
            guard before.contains("//") || before.contains("/*") else { continue }
            let commentStart = before.range(of: "//")?.lowerBound ?? before.range(of: "/*")!.lowerBound
            let codeBefore = rawLine[rawLine.startIndex..<commentStart].trimmingCharacters(in: .whitespaces)
            let rest = rawLine[marker.upperBound...].replacingOccurrences(of: "*/", with: " ")
            var rules = Set(rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init).filter { !$0.isEmpty })
            if rules.isEmpty || rules.contains("all") { rules = ["*"] }
            let target = codeBefore.isEmpty ? index + 2 : index + 1
            result[target, default: []].formUnion(rules)
        }
        return result
    }
}

import Foundation
