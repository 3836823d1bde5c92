/// A screen's state, bindings, actions and parameters declared beside it — `RoomScreenViewStateBindings` for the
/// `RoomScreen` view, `TimelineViewModelAction` for `TimelineViewModel`, `SettingsFlowCoordinatorParameters` for
/// `SettingsFlowCoordinator` — are models by the labelling convention (data, not views or controllers), but they are
/// presentation state: holding the screen's child view models or its navigation stack is what they are for. They
/// keep the model layer with a role of their own, which the MVVM and SwiftUI rules leave free to do so.
public struct PresentationState: CategorisationHeuristic {
    public static let identifier = "presentation-state"
    public static let summary = "A type named after a view, view controller, view model or coordinator of the codebase (or after the screen they share a name with: Timeline for TimelineView and TimelineViewModel) plus ViewState, ViewStateBindings, Bindings, ViewAction, ViewModelAction, Action, Actions or Parameters is that screen's presentation state: a model whose dependencies on view models and coordinators are its purpose."
    public static let triggeringExamples = [
        CategorisationExample("""
            import SwiftUI
            final class LeaveViewModel: ObservableObject {}
            struct RoomScreen: View { var body: some View { Text("") } }
            struct RoomScreenViewStateBindings { var leave: LeaveViewModel? }
            """, component: "RoomScreenViewStateBindings", layer: "model", role: Role.presentationState),
        CategorisationExample("""
            import UIKit
            final class NavigationStack {}
            final class SettingsFlowCoordinator { let navigation = UINavigationController(); func start() { navigation.pushViewController(UIViewController(), animated: true) } }
            struct SettingsFlowCoordinatorParameters { let stack: NavigationStack; enum Mode { case push(NavigationStack) } }
            """, component: "SettingsFlowCoordinatorParameters.Mode", layer: "model", role: Role.presentationState),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("""
            struct Room { let name: String }
            struct RoomParameters { let limit: Int }
            """, component: "RoomParameters"),
        CategorisationExample("""
            import SwiftUI
            struct RoomScreen: View { var body: some View { Text("") } }
            struct RoomScreenTheme { let tint = 1 }
            """, component: "RoomScreenTheme"),
    ]
    /// Longest first: `ViewStateBindings` before `Bindings`.
    static let suffixes = ["ViewStateBindings", "ViewModelAction", "ViewAction", "ViewState", "Parameters", "Bindings", "Actions", "Action"]
    /// What a screen's types are named with, after the screen's name.
    static let screenSuffixes = ["View", "Screen", "ViewModel", "ViewController", "Coordinator"]
    /// Screens and what steers them; a model's companions are plain models.
    static let ownerRoles: Set<String> = [Role.view, Role.viewController, Role.viewModel, Role.observableModel, Role.coordinator]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard context.components[i].kind != .protocol else { return nil }
        // Types nested in presentation state (`…CoordinatorParameters.PresentationMode`) are part of it.
        var top = i
        while let outer = context.enclosingComponent(of: top) { top = outer }
        guard let owner = owner(of: top, context: context) else { return nil }
        return LayerAssignment(layer: "model", role: Role.presentationState, heuristic: Self.identifier,
                               reason: "presentation state of \(owner)\(top == i ? "" : " (nested in \(context.components[top].name))")")
    }

    /// The screen a top-level type is the presentation state of, by its name.
    private func owner(of i: Int, context: CategorisationContext) -> String? {
        let name = context.components[i].name
        for suffix in Self.suffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            let stem = String(name.dropLast(suffix.count))
            // `TimelineViewStateBindings` belongs to the Timeline screen: `TimelineView`, `TimelineViewModel`, …
            for ownerName in [stem] + Self.screenSuffixes.map({ stem + $0 }) {
                guard let owner = context.component(named: ownerName), let a = context.assignments[owner], Self.ownerRoles.contains(a.role) else { continue }
                return ownerName
            }
        }
        return nil
    }
}
