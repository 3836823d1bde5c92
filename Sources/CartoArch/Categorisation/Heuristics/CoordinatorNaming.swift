/// Coordinators, routers, wireframes and flow controllers named as such.
public struct CoordinatorNaming: CategorisationHeuristic {
    public static let identifier = "coordinator-naming"
    public static let summary = "Types named …Coordinator, …Router, …Wireframe, …FlowController, …Flow, …Navigator or …NavigationService that touch navigation (refer to view controllers, call navigation APIs or hold other coordinators), and protocols of that name, coordinate view controllers: they are coordinating controllers."
    public static let suffixes = ["Coordinator", "Coordinating", "Router", "Routing", "Wireframe", "FlowController", "Flow", "Navigator", "Navigating",
                                  "NavigationService"]
    public static let triggeringExamples = [
        CategorisationExample("""
            import AppKit
            final class AboutWindowController: NSWindowController {}
            final class SettingsWindowController: NSWindowController {}
            protocol WindowService { func showIfPresent(windowController: NSWindowController.Type) -> Bool ; func openAbout() ; func openSettings() }
            final class NavigationService {
                let windowService: WindowService
                init(windowService: WindowService) { self.windowService = windowService }
                func showAbout() { guard !windowService.showIfPresent(windowController: AboutWindowController.self) else { return } ; windowService.openAbout() }
                func showSettings() { guard !windowService.showIfPresent(windowController: SettingsWindowController.self) else { return } ; windowService.openSettings() }
            }
            """, component: "NavigationService", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            import UIKit
            final class CheckoutCoordinator { let navigation: UINavigationController ; init(navigation: UINavigationController) { self.navigation = navigation } }
            """, component: "CheckoutCoordinator", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            final class ChildCoordinator {}
            final class AppCoordinator { var children: [ChildCoordinator] = [] }
            """, component: "AppCoordinator", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            import SwiftUI
            protocol CoordinatorProtocol { func toPresentable() -> AnyView }
            struct SettingsScreen: View { var body: some View { Text("Settings") } }
            final class SettingsScreenCoordinator: CoordinatorProtocol { func toPresentable() -> AnyView { AnyView(SettingsScreen()) } }
            """, component: "SettingsScreenCoordinator", layer: "controller", role: Role.coordinator),
        CategorisationExample("protocol AppRouter: AnyObject { func showLogin() }", component: "AppRouter", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            import UIKit
            final class LoginCoordinator { static func make(in navigation: UINavigationController) -> LoginCoordinator { LoginCoordinator() } }
            final class OnboardingFlow {
                var flowController: LoginCoordinator?
                func begin(in navigation: UINavigationController) { flowController = LoginCoordinator.make(in: navigation) }
            }
            """, component: "OnboardingFlow", layer: "controller", role: Role.coordinator),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct RouteParameters { var id: Int }", component: "RouteParameters"),
        CategorisationExample("final class CashFlow { var income = 0.0 }", component: "CashFlow"),
        CategorisationExample("protocol DataFlow { func send(_ value: Int) }", component: "DataFlow"),
        CategorisationExample("enum CoordinatorError: Error { case missing }", component: "CoordinatorError"),
        CategorisationExample("final class AnalyticsCoordinator { func track(_ event: String) {} }", component: "AnalyticsCoordinator"),
        // A data loader named …Coordinator behind its own …Coordinating protocol steers no screens: neither is a coordinator.
        CategorisationExample("""
            protocol ShowInfoCoordinating { func loadShowNotes(id: String) async -> String }
            final class ShowInfoCoordinator: ShowInfoCoordinating { func loadShowNotes(id: String) async -> String { "" } }
            """, component: "ShowInfoCoordinating"),
        CategorisationExample("""
            protocol ShowInfoCoordinating { func loadShowNotes(id: String) async -> String }
            final class ShowInfoCoordinator: ShowInfoCoordinating { func loadShowNotes(id: String) async -> String { "" } }
            """, component: "ShowInfoCoordinator"),
        // A …Router protocol view controllers adopt is how they are told what to do: an interface, not a coordinator.
        CategorisationExample("""
            import UIKit
            protocol BookmarkListRouter: AnyObject { func bookmarkEdit(_ id: Int) }
            final class BookmarksController: UIViewController, BookmarkListRouter { func bookmarkEdit(_ id: Int) {} }
            """, component: "BookmarkListRouter"),
        CategorisationExample("""
            import Foundation
            protocol GitRouter { var path: String { get } ; func request(baseURL: URL) -> URLRequest? }
            enum GitHubUserRouter: GitRouter {
                case me
                var path: String { "user" }
                func request(baseURL: URL) -> URLRequest? { URLRequest(url: baseURL.appendingPathComponent(path)) }
                static func all() -> [GitRouter] { [GitHubUserRouter.me] }
            }
            """, component: "GitRouter"),
        CategorisationExample("""
            import SwiftUI
            struct TextView: UIViewRepresentable {
                final class Coordinator: NSObject {}
                func makeUIView(context: Context) -> UITextView { UITextView() }
                func updateUIView(_ view: UITextView, context: Context) {}
            }
            """, component: "TextView.Coordinator"),
    ]
    public init() {}

    static func mentionsCoordination(_ name: String) -> Bool { suffixes.contains { name.contains($0) } }

    /// View controllers it holds, creates or is handed, navigation APIs, views it creates, or other coordinators it
    /// holds or calls (a …Router only when it navigates itself: CodeEdit's network `GitHubRouter: GitRouter` enums
    /// refer to each other) — adopting its own `…Coordinating` protocol is not holding a coordinator,
    /// and finding the top view controller to read from it (`AnalyticsCoordinator.getTopViewController(base:) ->
    /// UIViewController?`, naming the current screen in events) is not navigating.
    func touchesNavigation(_ i: Int, context: CategorisationContext) -> Bool {
        navigatesItself(i, context: context) || context.outgoing(i).contains { edge in
            let name = context.components[edge.to].name
            guard edge.to != i, edge.kind != .conformance, edge.kind != .inheritance, Self.mentionsCoordination(name) else { return false }
            // "Router" also names network request builders: those count only when they navigate themselves.
            let unambiguous = Self.suffixes.contains { !Self.ambiguousSuffixes.contains($0) && name.contains($0) }
            return unambiguous || navigatesItself(edge.to, context: context)
        }
    }

    /// Suffixes other fields use too (URL request routers).
    static let ambiguousSuffixes = ["Router", "Routing"]

    /// View controllers held, created or handed in, navigation APIs, or views created — by the component or, for a
    /// protocol, one of its adopters.
    private func navigatesItself(_ i: Int, context: CategorisationContext) -> Bool {
        if context.components[i].kind == .protocol {
            return context.conformers[i].contains { $0 != i && context.components[$0].kind != .protocol && navigatesItself($0, context: context) }
        }
        let use = context.viewControllerUse(i)
        let isLookup = use.contains(.returnType) && use.isDisjoint(with: [.property, .initializerCall])
        return (!use.isEmpty && !isLookup) || !context.components[i].navigationCalls.isEmpty
            || context.outgoing(i).contains { $0.kind == .initializerCall && context.isView[$0.to] }
    }

    /// Verbs of members that move to a screen: two or more such members (`showSettings`, `showOnboarding`, `open(server:)`)
    /// steer several screens even where they are SwiftUI views hosted on the fly, which no view-controller count sees.
    static let screenVerbs = ["show", "present", "open", "push", "navigate", "route", "start", "begin"]

    /// A name without its coordination suffix (`TextZoom` for `TextZoomCoordinator`).
    func stemOf(_ name: String) -> String {
        guard let suffix = Self.suffixes.first(where: { name.hasSuffix($0) }) else { return name }
        return String(name.dropLast(suffix.count))
    }

    static func steersSeveralScreens(_ c: Component) -> Bool {
        let names = Set(c.methods.map(\.name).filter { name in
            screenVerbs.contains { verb in
                name.hasPrefix(verb) && (name.count == verb.count || name[name.index(name.startIndex, offsetBy: verb.count)].isUppercase)
            }
        })
        return names.count >= 2
    }

    /// Shows at most one screen and navigates nothing (`CoordinatorBehaviour.showsOneScreen`), holding, creating or
    /// calling no other coordinator, with at most one member moving to a screen.
    func showsOneScreen(_ i: Int, context: CategorisationContext) -> Bool {
        guard CoordinatorBehaviour.showsOneScreen(i, context: context), !Self.steersSeveralScreens(context.components[i]) else { return false }
        return !context.outgoing(i).contains { edge in
            guard edge.to != i, Self.mentionsCoordination(context.components[edge.to].name) else { return false }
            // Adopting the codebase's shared coordinator contract (`SettingsScreenCoordinator: CoordinatorProtocol`)
            // declares the role; adopting its own protocol (`TextZoomCoordinator: TextZoomCoordinating`, named after
            // it) does not.
            if edge.kind == .conformance || edge.kind == .inheritance {
                let target = context.components[edge.to]
                return target.kind == .protocol && !target.name.hasPrefix(stemOf(context.components[i].name))
            }
            return true
        }
    }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind == .class || c.kind == .protocol || c.kind == .actor || c.kind == .struct,
              let suffix = Self.suffixes.first(where: { c.name.hasSuffix($0) }) else { return nil }
        // "…Flow" names a coordinator only for a type that steers screens (`OnboardingFlow`), never a bare protocol.
        if suffix == "Flow", c.kind == .protocol || c.name == suffix { return nil }
        // SwiftUI's `UIViewRepresentable.Coordinator` bridges UIKit delegates for one view; it steers no navigation.
        if c.name == "Coordinator", let parent = context.enclosingComponent(of: i), context.isView[parent] { return nil }
        // A concrete type must also touch navigation: view controllers, navigation APIs, screens it creates,
        // or other coordinators (`CoordinatorProtocol`, child coordinators).
        // (`AnalyticsCoordinator` coordinates analytics events, not screens.)
        // One that only shows one screen or sheet, with no navigation and no other coordinators of its own
        // (`TextZoomCoordinator` presenting its zoom sheet), is a presentation helper, as CoordinatorBehaviour has it.
        let helper = LayerAssignment(layer: "controller", role: Role.presentationHelper, heuristic: Self.identifier,
                                     reason: "named …\(suffix), but only shows one screen, with no navigation of its own")
        if c.kind != .protocol {
            guard touchesNavigation(i, context: context) else { return nil }
            if showsOneScreen(i, context: context) { return helper }
        } else {
            // A protocol is a coordinator's when its adopters are: not when view controllers adopt it
            // (`BookmarkListRouter`), nor when every adopter steers no screens (`ShowInfoCoordinating`).
            let adopters = context.incoming(i).filter { $0.kind == .conformance && context.components[$0.from].kind != .protocol }.map(\.from)
            if adopters.contains(where: { context.isViewController[$0] }) { return nil }
            if !adopters.isEmpty, !adopters.contains(where: { touchesNavigation($0, context: context) }) { return nil }
            // (Mocks adopting it in tests say nothing about what it steers.)
            let appAdopters = adopters.filter { context.assignments[$0]?.role != Role.test }
            if !appAdopters.isEmpty, !Self.steersSeveralScreens(c), appAdopters.allSatisfy({ showsOneScreen($0, context: context) }) { return helper }
        }
        return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier, reason: "named …\(suffix)")
    }
}
