/// The application delegate, scene delegates and SwiftUI's `App` steer the app's controllers.
public struct ApplicationDelegate: CategorisationHeuristic {
    public static let identifier = "application-delegate"
    public static let summary = "Application and scene delegates (UIApplicationDelegate, UIWindowSceneDelegate, NSApplicationDelegate, WatchKit extension delegates), app-extension principal classes (notification service, intents) and SwiftUI App types steer the app or extension: they are controllers."
    public static let triggeringExamples = [
        CategorisationExample("import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}", component: "AppDelegate", layer: "controller", role: Role.applicationDelegate),
        CategorisationExample("import UIKit\nclass SceneDelegate: UIResponder, UIWindowSceneDelegate { var window: UIWindow? }", component: "SceneDelegate", layer: "controller", role: Role.applicationDelegate),
        CategorisationExample("import SwiftUI\n@main struct ShopApp: App { var body: some Scene { WindowGroup { Text(\"x\") } } }", component: "ShopApp", layer: "controller", role: Role.applicationDelegate),
        CategorisationExample("import UserNotifications\nfinal class NotificationService: UNNotificationServiceExtension {}", component: "NotificationService", layer: "controller", role: Role.applicationDelegate),
    ]
    public static let nonTriggeringExamples: [CategorisationExample] = [
        CategorisationExample("import UIKit\nfinal class AppState { var isLoggedIn = false }", component: "AppState"),
    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind != .protocol else { return nil }
        if let base = context.externalBase[i], context.inherits(i, fromAnyOf: SDKKnowledgeBase.extensionPrincipalClasses) {
            return LayerAssignment(layer: "controller", role: Role.applicationDelegate, heuristic: Self.identifier, reason: "the app extension's principal class (\(base))")
        }
        if !context.externalConformances[i].isDisjoint(with: SDKKnowledgeBase.applicationDelegateProtocols),
           let p = context.externalConformances[i].intersection(SDKKnowledgeBase.applicationDelegateProtocols).sorted().first {
            return LayerAssignment(layer: "controller", role: Role.applicationDelegate, heuristic: Self.identifier, reason: "conforms to \(p)")
        }
        if context.conforms(i, toAnyOf: SDKKnowledgeBase.appProtocols), c.imports.contains("SwiftUI") {
            return LayerAssignment(layer: "controller", role: Role.applicationDelegate, heuristic: Self.identifier, reason: "is the SwiftUI App")
        }
        // `@main struct CodeEditApp: App` where a codebase type named `App` (a UI-test helper) shadows SwiftUI's in name
        // resolution: the app's entry point either way.
        if c.attributes.contains("main"), c.imports.contains("SwiftUI"), c.inheritance.contains(where: { SDKKnowledgeBase.appProtocols.contains($0.name) }) {
            return LayerAssignment(layer: "controller", role: Role.applicationDelegate, heuristic: Self.identifier, reason: "is the SwiftUI App (@main)")
        }
        return nil
    }
}
