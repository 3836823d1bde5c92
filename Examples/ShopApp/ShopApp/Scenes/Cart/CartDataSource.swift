import UIKit

/// Serves the cart's rows to the table: controller work, kept out of the view controller.
final class CartDataSource: NSObject, UITableViewDataSource {
    private let cart: Cart

    init(cart: Cart) { self.cart = cart }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { cart.items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let item = cart.items[indexPath.row]
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.textLabel?.text = "\(item.quantity) × \(item.product.name)"
        cell.detailTextLabel?.text = PriceFormatter.string(for: item.total)
        return cell
    }
}
