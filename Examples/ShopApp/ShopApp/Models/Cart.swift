import Foundation

struct CartItem: Hashable {
    let product: Product
    var quantity: Int
    var total: Money { Money(cents: product.price.cents * quantity, currency: product.price.currency) }
}

/// The shopping cart. Deliberate violation (model-isolation / R2): it refreshes the cart screen itself
/// instead of letting the screen observe it.
final class Cart {
    private(set) var items: [CartItem] = []
    weak var screen: CartViewController?

    var total: Money {
        items.map(\.total).reduce(Money(cents: 0, currency: "EUR"), +)
    }

    func add(_ product: Product) {
        if let index = items.firstIndex(where: { $0.product.id == product.id }) {
            items[index].quantity += 1
        } else {
            items.append(CartItem(product: product, quantity: 1))
        }
        screen?.reload()
    }

    func remove(_ product: Product) {
        items.removeAll { $0.product.id == product.id }
        screen?.reload()
    }
}
