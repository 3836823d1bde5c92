import UIKit

/// Deliberate violation (view-isolation / R1): the cell knows the Product model instead of
/// being configured with plain values.
final class ProductCell: UITableViewCell {
    static let reuseIdentifier = "ProductCell"

    private let ratingView = RatingView()
    private let priceTag = PriceTagView()

    var product: Product? {
        didSet {
            textLabel?.text = product?.name
            priceTag.text = product.map { PriceFormatter.string(for: $0.price) }
            ratingView.value = product?.rating.average ?? 0
        }
    }

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(ratingView)
        accessoryView = priceTag
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}
