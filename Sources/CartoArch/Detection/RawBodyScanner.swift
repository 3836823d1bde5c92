@_spi(RawSyntax) import SwiftSyntax

/// Function, accessor and closure bodies make up most of a syntax tree. Walking them with `SyntaxVisitor`
/// allocates a node for every child, which cost nearly half as much as parsing. This scanner walks the raw
/// tree of a body instead and records the same reference sites (initializer calls, static member access,
/// casts, closure signatures, local variable and local function types, generic arguments) with no node
/// allocation. A body that declares local types is left to the visitor (`scanBody` returns false).
extension SyntaxCollector {
    enum RawContext { case plain, callee }

    /// Scans `raw` (a body starting at byte `offset`, trivia included). Returns false, having recorded
    /// nothing, if the body declares a type, so that the caller can fall back to the visitor.
    func scanBody(_ raw: RawSyntax, offset: Int) -> Bool {
        let mark = checkpoint()
        if scan(raw, offset, .plain) { return true }
        rollback(to: mark)
        return false
    }

    private func forEachChild(_ raw: RawSyntax, _ offset: Int, _ body: (RawSyntax, Int) -> Bool) -> Bool {
        guard let layout = raw.layoutView else { return true }
        var o = offset
        for child in layout.children {
            guard let child else { continue }
            if !body(child, o) { return false }
            o += child.byteLength
        }
        return true
    }

    private func start(_ raw: RawSyntax, _ offset: Int) -> Int { offset + raw.leadingTriviaByteLength }


    /// `Foo`, `Foo.Bar`: a chain of type-like names, or nil.
    private func typeChain(_ raw: RawSyntax) -> String? {
        if raw.kind == .declReferenceExpr, let d = RawDeclReferenceExprSyntax(raw), d.argumentNames == nil {
            let text = d.baseName.tokenView.rawText
            guard Self.isTypeLike(text) else { return nil }
            let name = String(syntaxText: text)
            guard name != "Self", !isGenericName(name) else { return nil }
            return name
        }
        if raw.kind == .memberAccessExpr, let m = RawMemberAccessExprSyntax(raw), let base = m.base {
            let member = m.declName.baseName.tokenView.rawText
            guard Self.isTypeLike(member), m.declName.argumentNames == nil, let head = typeChain(base.raw) else { return nil }
            return head + "." + String(syntaxText: member)
        }
        return nil
    }

    private func scan(_ raw: RawSyntax, _ offset: Int, _ ctx: RawContext) -> Bool {
        if raw.isToken { return true }
        switch raw.kind {
        case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl, .typeAliasDecl, .associatedTypeDecl:
            return false
        case .declReferenceExpr:
            if let name = typeChain(raw) {
                addReference(name, kind: ReferenceDecision.name(called: ctx == .callee), line: lineAt(start(raw, offset)))
            }
            return true
        case .memberAccessExpr:
            guard let m = RawMemberAccessExprSyntax(raw) else { return true }
            if let chain = typeChain(raw) {
                addReference(chain, kind: ReferenceDecision.name(called: ctx == .callee), line: lineAt(start(raw, offset)))
                return true
            }
            if let base = m.base, let chain = typeChain(base.raw) {
                let kind = ReferenceDecision.member(m.declName.baseName.tokenView.rawText, called: ctx == .callee)
                addReference(chain, kind: kind, line: lineAt(start(raw, offset)))
                return true
            }
            return forEachChild(raw, offset) { child, o in child.kind == .declReferenceExpr ? true : scan(child, o, .plain) }
        case .functionCallExpr:
            guard let call = RawFunctionCallExprSyntax(raw) else { return true }
            let callee = call.calledExpression.raw
            var calleeName: SyntaxText?
            if let m = RawMemberAccessExprSyntax(callee) { calleeName = m.declName.baseName.tokenView.rawText }
            else if let d = RawDeclReferenceExprSyntax(callee) { calleeName = d.baseName.tokenView.rawText }
            if let calleeName, let name = ReferenceDecision.navigationCall(calleeName) { noteNavigationCall(name) }
            if let calleeName, ReferenceDecision.buildsViews(calleeName) { noteViewBuilding() }
            return forEachChild(raw, offset) { child, o in scan(child, o, child.id == callee.id ? .callee : .plain) }
        case .genericSpecializationExpr:
            return forEachChild(raw, offset) { child, o in
                if child.kind == .genericArgumentClause { collectRawType(child, o, .genericArgument); return true }
                return scan(child, o, ctx)
            }
        case .typeExpr:
            collectRawType(raw, offset, .typeReference)
            return true
        case .exprList:
            guard let layout = raw.layoutView else { return true }
            var o = offset
            var previous: RawSyntax?
            for child in layout.children {
                guard let child else { continue }
                defer { previous = child; o += child.byteLength }
                if let p = previous {
                    if ReferenceDecision.isCastOperator(p.kind) && child.kind == .typeExpr {
                        collectRawType(child, o, .typeCast)
                        continue
                    }
                    if child.kind == .assignmentExpr, p.kind == .memberAccessExpr, let m = RawMemberAccessExprSyntax(p),
                       ReferenceDecision.installsRoot(member: m.declName.baseName.tokenView.rawText) {
                        noteNavigationCall(ReferenceDecision.rootInstallation)
                    }
                }
                if !scan(child, o, .plain) { return false }
            }
            return true
        case .closureSignature:
            return forEachChild(raw, offset) { child, o in
                if child.kind == .closureParameterClause || child.kind == .returnClause { collectRawType(child, o, .closureSignature) }
                return true
            }
        case .typeAnnotation:
            collectRawType(raw, offset, .localVariable)
            return true
        case .functionDecl:
            // A local function: its parameter and return types, then its body.
            return forEachChild(raw, offset) { child, o in
                switch child.kind {
                case .functionSignature:
                    return forEachChild(child, o) { part, po in
                        if part.kind == .functionParameterClause { collectRawType(part, po, .parameter) }
                        else if part.kind == .returnClause { collectRawType(part, po, .returnType) }
                        return true
                    }
                case .codeBlock: return scan(child, o, .plain)
                default: return true
                }
            }
        case .attribute:
            if let a = RawAttributeSyntax(raw), let t = RawIdentifierTypeSyntax(a.attributeName.raw), Self.isTypeLike(t.name.tokenView.rawText) {
                collectRawType(a.attributeName.raw, offset + a.atSign.raw.byteLength, .attribute)
            }
            return true
        case .genericParameterClause, .genericWhereClause, .inheritanceClause, .returnClause:
            return true
        default:
            return forEachChild(raw, offset) { child, o in scan(child, o, .plain) }
        }
    }

    /// Records every named type inside a raw type subtree (generic arguments, optionals, collections, closures).
    func collectRawType(_ raw: RawSyntax, _ offset: Int, _ kind: DependencyKind) {
        if raw.isToken { return }
        switch raw.kind {
        case .identifierType:
            if let t = RawIdentifierTypeSyntax(raw) {
                let name = String(syntaxText: t.name.tokenView.rawText)
                if shouldRecordTypeName(name) { addReference(name, kind: kind, line: lineAt(start(raw, offset))) }
            }
            _ = forEachChild(raw, offset) { child, o in
                if child.kind == .genericArgumentClause { collectRawType(child, o, kind) }
                return true
            }
        case .memberType:
            if let chain = memberTypeChain(raw) {
                if let first = chain.split(separator: ".").first, !isGenericName(String(first)) {
                    addReference(chain, kind: kind, line: lineAt(start(raw, offset)))
                }
                _ = forEachChild(raw, offset) { child, o in
                    if child.kind == .genericArgumentClause { collectRawType(child, o, kind) }
                    return true
                }
            } else {
                _ = forEachChild(raw, offset) { child, o in collectRawType(child, o, kind); return true }
            }
        default:
            _ = forEachChild(raw, offset) { child, o in collectRawType(child, o, kind); return true }
        }
    }

    /// `A.B.C` for member types whose bases carry no generic arguments.
    private func memberTypeChain(_ raw: RawSyntax) -> String? {
        if let i = RawIdentifierTypeSyntax(raw) {
            return i.genericArgumentClause == nil ? String(syntaxText: i.name.tokenView.rawText) : nil
        }
        if let m = RawMemberTypeSyntax(raw) {
            let base: String?
            if let bm = RawMemberTypeSyntax(m.baseType.raw) {
                base = bm.genericArgumentClause == nil ? memberTypeChain(bm.raw) : nil
            } else {
                base = memberTypeChain(m.baseType.raw)
            }
            guard let base else { return nil }
            return base + "." + String(syntaxText: m.name.tokenView.rawText)
        }
        return nil
    }
}
