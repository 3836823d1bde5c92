import UIKit

/// A well-behaved view: configured with plain values, reports taps through a closure.
final class ProductHeaderView: UIView {
    var onAddToCart: (() -> Void)?
    private let titleLabel = UILabel()
    private let priceTag = PriceTagView()
    private let rating = RatingView()
    private let addButton = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        addButton.setTitle("Add to cart", for: .normal)
        addButton.addTarget(self, action: #selector(addTapped), for: .touchUpInside)
        let stack = UIStackView(arrangedSubviews: [titleLabel, priceTag, rating, addButton])
        stack.axis = .vertical
        addSubview(stack)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    func configure(title: String, price: String, rating value: Double) {
        titleLabel.text = title
        priceTag.text = price
        rating.value = value
    }

    @objc private func addTapped() { onAddToCart?() }
}
