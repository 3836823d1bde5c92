import UIKit
import SwiftUI

/// Owns navigation: screens tell it what happened, it decides what comes next.
final class AppCoordinator {
    private let window: UIWindow
    private let navigationController = UINavigationController()
    private let services: ServiceContainer

    init(window: UIWindow, services: ServiceContainer) {
        self.window = window
        self.services = services
    }

    func start() {
        let list = ProductListViewController(service: services.catalog, imageCache: services.imageCache)
        list.delegate = self
        navigationController.setViewControllers([list], animated: false)
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
    }

    func showDetail(for product: Product) {
        let detail = ProductDetailViewController(product: product, cart: services.cart)
        detail.coordinator = self
        navigationController.pushViewController(detail, animated: true)
    }

    func showCart() {
        let cart = CartViewController(cart: services.cart)
        navigationController.present(UINavigationController(rootViewController: cart), animated: true)
    }

    func showSettings() {
        let model = SettingsViewModel(store: services.settings)
        navigationController.pushViewController(UIHostingController(rootView: SettingsView(model: model)), animated: true)
    }
}

extension AppCoordinator: ProductListViewControllerDelegate {
    func productList(_ controller: ProductListViewController, didSelect product: Product) { showDetail(for: product) }
    func productListDidTapCart(_ controller: ProductListViewController) { showCart() }
    func productListDidTapSettings(_ controller: ProductListViewController) { showSettings() }
}
