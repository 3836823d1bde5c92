import UIKit

final class PriceTagView: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = .preferredFont(forTextStyle: .headline)
        textColor = .systemGreen
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}
