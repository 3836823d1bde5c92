/// View models hold presentation state; in an MVC reading they are models, never views.
public struct ViewModelNaming: CategorisationHeuristic {
    public static let identifier = "view-model-naming"
    public static let summary = "Types named …ViewModel (or …VM), and ObservableObject / @Observable classes that are not views, hold presentation state: in MVC they are models, never views. An ObservableObject that publishes nothing and makes view controllers is a screen factory, left to the coordinator pass."
    public static let triggeringExamples = [
        CategorisationExample("final class ProfileViewModel { var name = \"\" }", component: "ProfileViewModel", layer: "model", role: Role.viewModel),
        CategorisationExample("import SwiftUI\nfinal class Store: ObservableObject { @Published var items: [String] = [] }", component: "Store", layer: "model", role: Role.observableModel),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct Profile { var name: String }", component: "Profile"),
        // An observable class that installs a view controller it creates steers the screen: a controller by behaviour.
        CategorisationExample("""
            import SwiftUI
            final class ToastController: ObservableObject {
                var window: UIWindow?
                func show() { window?.rootViewController = UIHostingController(rootView: Text("Saved")) }
            }
            """, component: "ToastController"),
        // Publishing nothing and making screens for SwiftUI to wrap: a screen factory, not observable state.
        CategorisationExample("""
            import SwiftUI
            final class SyncSettingsViewController: UIViewController {}
            final class LegacyScreens: ObservableObject {
                var keyboard: UIViewController { UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Keyboard") }
                func syncSettings() -> SyncSettingsViewController { SyncSettingsViewController() }
            }
            """, component: "LegacyScreens"),
    ]
    public let layer: String
    public init(layer: String = "model") { self.layer = layer }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind != .enum || c.name.hasSuffix("ViewModel") else { return nil }
        if c.name.hasSuffix("ViewModel") || c.name.hasSuffix("ViewModelType") || c.name.hasSuffix("ViewModelProtocol") || (c.name.hasSuffix("VM") && c.name.count > 3) {
            return LayerAssignment(layer: layer, role: Role.viewModel, heuristic: Self.identifier, reason: "named …ViewModel")
        }
        if c.kind == .class, context.conforms(i, toAnyOf: ["ObservableObject"]) || c.attributes.contains("Observable") {
            // Installing or presenting a view controller it creates is controller work (CoordinatorBehaviour decides).
            if context.viewControllerUse(i).contains(.initializerCall), !c.navigationCalls.isDisjoint(with: ["rootViewController", "present"]) {
                return nil
            }
            // An `ObservableObject` that publishes nothing and makes view controllers is a screen factory handed to
            // SwiftUI as an environment object (DuckDuckGo's `SettingsLegacyViewProvider`), not observable state.
            if !c.attributes.contains("Observable"), context.architecture.externalReferences[i]["Published"] == nil,
               !c.properties.contains(where: { $0.name == "objectWillChange" }), context.viewControllerUse(i).contains(.initializerCall)
                || c.methods.contains(where: { m in m.returnType.map { context.namesViewController($0) } == true })
                || c.properties.contains(where: { p in p.isComputed && p.type.map { context.namesViewController($0) } == true }) {
                return nil
            }
            return LayerAssignment(layer: layer, role: Role.observableModel, heuristic: Self.identifier, reason: "observable presentation state")
        }
        return nil
    }
}

/// Presenters (MVP, VIPER) format model data for views and react to their events: controller work.
public struct PresenterNaming: CategorisationHeuristic {
    public static let identifier = "presenter-naming"
    public static let summary = "Types named …Presenter (MVP and VIPER presenters) mediate between views and models: they are controllers."
    public static let triggeringExamples = [
        CategorisationExample("final class LoginPresenter { func didTapLogin() {} }", component: "LoginPresenter", layer: "controller", role: Role.presenter),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct Presentation { var slides: [String] }", component: "Presentation"),
    ]
    public let layer: String
    public init(layer: String = "controller") { self.layer = layer }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind == .class || c.kind == .protocol || c.kind == .actor || c.kind == .struct else { return nil }
        guard c.name.hasSuffix("Presenter") || c.name.hasSuffix("PresenterProtocol") || c.name.hasSuffix("PresenterType") else { return nil }
        return LayerAssignment(layer: layer, role: Role.presenter, heuristic: Self.identifier, reason: "named …Presenter")
    }
}

/// H3: what no other heuristic claimed is model.
public struct ModelFallback: CategorisationHeuristic {
    public static let identifier = "model-fallback"
    public static let summary = "Every component no earlier heuristic claimed is a model (the paper's H3)."
    public static let triggeringExamples = [
        CategorisationExample("struct Product: Codable { let id: Int; let name: String }", component: "Product", layer: "model", role: Role.model),
        CategorisationExample("enum APIError: Error { case offline }", component: "APIError", layer: "model", role: Role.model),
    ]
    public let layer: String
    public init(layer: String = "model") { self.layer = layer }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        LayerAssignment(layer: layer, role: layer == "model" ? Role.model : layer, heuristic: Self.identifier, reason: "no UI or controller role found")
    }
}

/// Assigns a layer by name suffix (used by the VIPER and MVVM presets).
public struct NameSuffixRole: CategorisationHeuristic {
    public static let identifier = "name-suffix-role"
    public static let summary = "Types whose name ends with one of a layer's conventional suffixes (…Interactor, …Presenter, …Router, …Entity, …ViewModel) belong to that layer."
    public static let triggeringExamples = [
        CategorisationExample("final class LoginInteractor { func login() {} }", component: "LoginInteractor", layer: "interactor", role: Role.interactor),
        CategorisationExample("protocol LoginRouterInput: AnyObject { func showHome() }", component: "LoginRouterInput", layer: "router", role: Role.router),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct User { let name: String }", component: "User"),
    ]
    public let rules: [(suffixes: [String], layer: String, role: String)]
    public init(rules: [(suffixes: [String], layer: String, role: String)]) { self.rules = rules }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let name = context.components[i].name
        for rule in rules {
            if let s = rule.suffixes.first(where: { name.hasSuffix($0) && name != $0 }) {
                return LayerAssignment(layer: rule.layer, role: rule.role, heuristic: Self.identifier, reason: "named …\(s)")
            }
        }
        return nil
    }
}

/// Relabels assignments made by a wrapped heuristic into another layer (MVVM puts view controllers in the view layer).
public struct Relabel<Base: CategorisationHeuristic>: CategorisationHeuristic {
    public static var identifier: String { Base.identifier }
    public static var summary: String { Base.summary }
    public static var triggeringExamples: [CategorisationExample] { [] }
    public let base: Base
    public let layer: String
    public init(_ base: Base, layer: String) { self.base = base; self.layer = layer }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard var a = base.assign(i, context: context) else { return nil }
        a.layer = layer
        return a
    }
}
