import UIKit

/// Deliberate violation (view-controller-coordinator / R3): the screen calls the coordinator directly.
final class ProductDetailViewController: UIViewController {
    var coordinator: AppCoordinator?
    private let product: Product
    private let cart: Cart
    private let header = ProductHeaderView()

    init(product: Product, cart: Cart) {
        self.product = product
        self.cart = cart
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func loadView() { view = header }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = product.name
        header.configure(title: product.name, price: PriceFormatter.string(for: product.price), rating: product.rating.average)
        header.onAddToCart = { [weak self] in self?.addToCart() }
    }

    private func addToCart() {
        cart.add(product)
        coordinator?.showCart()
    }
}
