import UIKit

final class CartViewController: UIViewController {
    private let cart: Cart
    private let dataSource: CartDataSource
    private let tableView = UITableView()
    private let totalLabel = UILabel()

    init(cart: Cart) {
        self.cart = cart
        self.dataSource = CartDataSource(cart: cart)
        super.init(nibName: nil, bundle: nil)
        title = "Cart"
        cart.screen = self
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = dataSource
        view.addSubview(tableView)
        view.addSubview(totalLabel)
        reload()
    }

    func reload() {
        tableView.reloadData()
        totalLabel.text = PriceFormatter.string(for: cart.total)
    }
}
