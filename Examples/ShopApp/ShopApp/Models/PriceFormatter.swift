import Foundation

/// Formats prices. Deliberate violation (model-isolation / R2): it builds a view.
enum PriceFormatter {
    private static let formatter: NumberFormatter = {
        let f = NumberFormatter()
        f.numberStyle = .currency
        return f
    }()

    static func string(for money: Money) -> String {
        formatter.currencyCode = money.currency
        return formatter.string(from: NSNumber(value: Double(money.cents) / 100)) ?? "\(money.cents)"
    }

    static func tag(for money: Money) -> PriceTagView {
        let tag = PriceTagView()
        tag.text = string(for: money)
        return tag
    }
}
