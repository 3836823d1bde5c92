import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let services = ServiceContainer()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        services.imageCache.limit = 200
        return true
    }
}
