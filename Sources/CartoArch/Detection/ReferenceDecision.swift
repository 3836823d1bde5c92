@_spi(RawSyntax) import SwiftSyntax

/// What a type name used in an expression makes of the dependency, decided once for both readers of code bodies:
/// the raw-tree scanner (`RawBodyScanner`, most bodies) and the syntax visitor (`SyntaxCollector`, bodies declaring
/// local types). Each reader finds the shape — a name, whether it is called, the member after it, the operator before
/// it — and asks here what it means, so the two cannot drift apart (`ExtractionTests` reads one body both ways).
/// Names are compared as `SyntaxText`: the raw scanner makes no `String` for the many names that decide nothing.
enum ReferenceDecision {
    /// `Foo(…)` and `Foo<T>(…)` create an instance; `Foo` alone (`[Foo]`, `Foo.self` handled below) names the type.
    static func name(called: Bool) -> DependencyKind { called ? .initializerCall : .typeReference }

    /// `Foo.member`: `Foo.init(…)` creates an instance, `Foo.self` and `Foo.Type` name the type, any other member
    /// (`Foo.shared`, `Foo.make()`, `Mode.b`) is a static member access.
    static func member(_ member: SyntaxText, called: Bool) -> DependencyKind {
        if member == "init" && called { return .initializerCall }
        if member == "self" || member == "Type" { return .typeReference }
        return .staticMemberAccess
    }

    /// A type right after `as`, `as?`, `as!` or `is` (in an unfolded sequence) is cast to.
    static func isCastOperator(_ kind: SyntaxKind) -> Bool { kind == .unresolvedAsExpr || kind == .unresolvedIsExpr }

    /// UIKit navigation and presentation calls that make a component steer view controllers (coordinators by
    /// behaviour, the paper's H4), by the callee's name.
    static let navigationAPIs: Set<String> = [
        "present", "pushViewController", "popViewController", "popToViewController", "popToRootViewController",
        "setViewControllers", "show", "showDetailViewController", "dismiss", "performSegue",
        "instantiateViewController", "instantiateInitialViewController", "makeKeyAndVisible",
        "addChild", "presentViewController", "setRootViewController",
        // CarPlay's CPInterfaceController
        "pushTemplate", "popTemplate", "presentTemplate", "dismissTemplate", "setRootTemplate",
    ]
    /// Their lengths: a cheap check on raw text before making a `String`.
    private static let navigationAPILengths = Set(navigationAPIs.map(\.utf8.count))

    /// The navigation API a call's callee names, or nil.
    static func navigationCall(_ callee: SyntaxText) -> String? {
        guard navigationAPILengths.contains(callee.count) else { return nil }
        let name = String(syntaxText: callee)
        return navigationAPIs.contains(name) ? name : nil
    }

    /// UIKit calls that build views: dequeuing table- and collection-view cells (a diffable data source's cell
    /// provider, a section's `configure` helpers' caller) and putting views into a hierarchy (Aidoku's
    /// `DictionaryOverlayController` adding the buttons it makes). The member making one is view code, and so are its
    /// type's references to views.
    static let viewBuildingAPIs: Set<String> = [
        "dequeueReusableCell", "dequeueReusableSupplementaryView", "dequeueConfiguredReusableCell", "dequeueConfiguredReusableSupplementary",
        "dequeueReusableHeaderFooterView",
        "addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview", "bringSubviewToFront",
    ]
    private static let viewBuildingAPILengths = Set(viewBuildingAPIs.map(\.utf8.count))

    /// Whether a call's callee builds views.
    static func buildsViews(_ callee: SyntaxText) -> Bool {
        guard viewBuildingAPILengths.contains(callee.count) else { return false }
        return viewBuildingAPIs.contains(String(syntaxText: callee))
    }

    /// `….rootViewController = …` installs a view controller: a navigation of its own.
    static func installsRoot(member: SyntaxText) -> Bool { member == "rootViewController" }
    static let rootInstallation = "rootViewController"
}
