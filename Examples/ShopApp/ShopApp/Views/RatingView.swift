import UIKit

final class RatingView: UIView {
    var value: Double = 0 { didSet { setNeedsDisplay() } }
    var maximum = 5

    // A known, accepted exception: the sample helper builds a sample product. (A `preview…` or `mock…` member would
    // be a fixture — test code no rule checks — and need no comment.)
    static func withSampleRating() -> RatingView {
        let view = RatingView()
        view.value = Product.Rating(average: 4.5, count: 10).average // carto:ignore view-isolation
        return view
    }

    override func draw(_ rect: CGRect) {
        let filled = Int(value.rounded())
        for index in 0..<maximum {
            let star = UIBezierPath(ovalIn: CGRect(x: CGFloat(index) * 16, y: 0, width: 14, height: 14))
            (index < filled ? UIColor.systemYellow : UIColor.systemGray4).setFill()
            star.fill()
        }
    }
}
