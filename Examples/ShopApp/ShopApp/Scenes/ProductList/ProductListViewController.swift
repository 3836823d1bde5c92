import UIKit

protocol ProductListViewControllerDelegate: AnyObject {
    func productList(_ controller: ProductListViewController, didSelect product: Product)
    func productListDidTapCart(_ controller: ProductListViewController)
    func productListDidTapSettings(_ controller: ProductListViewController)
}

final class ProductListViewController: UITableViewController {
    weak var delegate: ProductListViewControllerDelegate?
    private let service: ProductProviding
    private let imageCache: ImageCache
    private var products: [Product] = []

    init(service: ProductProviding, imageCache: ImageCache) {
        self.service = service
        self.imageCache = imageCache
        super.init(style: .plain)
        title = "Products"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ProductCell.self, forCellReuseIdentifier: ProductCell.reuseIdentifier)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Cart", style: .plain, target: self, action: #selector(openCart))
        Task { await load() }
    }

    private func load() async {
        do {
            products = try await service.products()
            tableView.reloadData()
        } catch {
            let alert = UIAlertController(title: "Offline", message: "\(error)", preferredStyle: .alert)
            present(alert, animated: true)
        }
    }

    @objc private func openCart() { delegate?.productListDidTapCart(self) }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { products.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ProductCell.reuseIdentifier, for: indexPath) as! ProductCell
        cell.product = products[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        delegate?.productList(self, didSelect: products[indexPath.row])
    }
}
