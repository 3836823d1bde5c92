/// Decides a codebase's architectural style from what its components are (after categorisation by `auto`, whose
/// roles say which are view controllers, views, view models, coordinators), in this order:
/// 1. **tca**: ComposableArchitecture imported and at least two reducers, at least as many as view models,
///    coordinators and presenters together.
/// 2. **viper**: at least two interactors and two presenters, and a router or wireframe.
/// 3. SwiftUI views outnumber view controllers: **mvvm** when the observable state is mostly named as view models
///    (…ViewModel: at least half as many as the other observable models), otherwise **swiftui** (views over
///    observable models).
/// 4. Otherwise UIKit: **mvvm** with at least two view models and half as many as view controllers,
///    **mvc-coordinators** with a coordinator, else **mvc**.
/// Confidence: the share of the screens in the deciding toolkit (view controllers for UIKit, SwiftUI views for
/// SwiftUI), and for MVVM at most the share of view models among what they are counted against.
///
/// Each module is decided the same way from its own components; a module with fewer than `minimumScreens`
/// screens (a storage or networking library, a test target, a share extension with one view controller) has too
/// little evidence for a style of its own and takes the codebase's (`inherited`) — unless all its screens are
/// SwiftUI views (AltStore's widget beside a UIKit MVC app).
public enum StyleDetection {
    public static let minimumScreens = 5

    public static func detect(_ architecture: ExtractedArchitecture, assignments: [LayerAssignment]) -> DetectedArchitecture {
        var whole = decide(evidence(architecture, assignments: assignments, indices: architecture.components.indices))
        let byModule = Dictionary(grouping: architecture.components.indices) { architecture.components[$0].module ?? "" }
        guard byModule.count > 1 else { return whole }
        whole.modules = byModule.keys.sorted().map { name in
            let e = evidence(architecture, assignments: assignments, indices: byModule[name]!)
            // A module whose every screen is a SwiftUI view (a widget extension with two) cannot be UIKit MVC,
            // however few screens it has: MVC's R1 would flag every view holding the entry it shows.
            let swiftUIOnly = e.swiftUIViews > 0 && e.viewControllers == 0 && e.uiKitViews == 0
            guard swiftUIOnly || e.viewControllers + e.swiftUIViews >= minimumScreens || e.reducers >= 2 || e.interactors >= 2 else {
                return ModuleArchitecture(module: name, style: whole.style, confidence: whole.confidence, evidence: e, inherited: true)
            }
            let d = decide(e)
            return ModuleArchitecture(module: name, style: d.style, confidence: d.confidence, evidence: e, inherited: false)
        }
        return whole
    }

    static func evidence<S: Sequence<Int>>(_ architecture: ExtractedArchitecture, assignments: [LayerAssignment], indices: S) -> ArchitectureEvidence {
        var e = ArchitectureEvidence()
        for i in indices {
            let c = architecture.components[i]
            let a = assignments[i]
            guard a.layer != "test" else { continue }
            switch a.role {
            case Role.viewController: e.viewControllers += 1
            case Role.view where c.kind != .protocol: if c.kind == .struct { e.swiftUIViews += 1 } else { e.uiKitViews += 1 }
            case Role.viewModel: e.viewModels += 1
            case Role.observableModel: e.observableModels += 1
            case Role.coordinator: e.coordinators += 1
            default: break
            }
            if c.kind != .protocol {
                if c.name.hasSuffix("Interactor") { e.interactors += 1 }
                if c.name.hasSuffix("Presenter") { e.presenters += 1 }
                if c.name.hasSuffix("Router") || c.name.hasSuffix("Wireframe") { e.routers += 1 }
                if c.attributes.contains("Reducer") || c.inheritance.contains(where: { ["Reducer", "ReducerProtocol"].contains($0.name) }) {
                    e.reducers += 1
                }
            }
            if c.imports.contains("ComposableArchitecture") { e.composableArchitectureImports += 1 }
        }
        return e
    }

    static func decide(_ e: ArchitectureEvidence) -> DetectedArchitecture {
        func share(_ part: Int, of whole: Int) -> Double { whole == 0 ? 0 : (min(1, Double(part) / Double(whole)) * 100).rounded() / 100 }
        let screens = e.viewControllers + e.swiftUIViews
        // Reducers must be the main way state is kept: an MVVM app that adopted TCA for a few features (ProtonVPN's
        // macOS app: 3 reducers beside 57 view models and 58 view controllers) is still MVVM.
        if e.composableArchitectureImports > 0 && e.reducers >= 2 && e.reducers * 2 >= e.reducers + e.viewModels + e.coordinators + e.presenters {
            return .init(style: .tca, confidence: share(e.reducers, of: e.reducers + e.viewModels + e.coordinators + e.presenters), evidence: e)
        }
        if e.interactors >= 2 && e.presenters >= 2 && e.routers >= 1 {
            return .init(style: .viper, confidence: share(min(e.interactors, e.presenters), of: max(1, e.viewControllers)), evidence: e)
        }
        if e.swiftUIViews > e.viewControllers {
            let swiftUIShare = share(e.swiftUIViews, of: screens)
            if e.viewModels > 0 && e.viewModels * 2 >= e.observableModels {
                return .init(style: .mvvm, confidence: min(swiftUIShare, share(e.viewModels, of: e.viewModels + e.observableModels)), evidence: e)
            }
            return .init(style: .swiftui, confidence: swiftUIShare, evidence: e)
        }
        let uiKitShare = share(e.viewControllers, of: screens)
        if e.viewModels >= 2 && e.viewModels * 2 >= e.viewControllers {
            return .init(style: .mvvm, confidence: min(uiKitShare, share(e.viewModels, of: e.viewControllers)), evidence: e)
        }
        if e.coordinators >= 1 { return .init(style: .mvcCoordinators, confidence: uiKitShare, evidence: e) }
        return .init(style: .mvc, confidence: uiKitShare, evidence: e)
    }
}
