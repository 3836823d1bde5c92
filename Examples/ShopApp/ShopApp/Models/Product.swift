import Foundation

struct Product: Codable, Hashable, Identifiable {
    typealias ID = Int

    let id: ID
    let name: String
    let price: Money
    let imageURL: URL?
    let rating: Rating

    struct Rating: Codable, Hashable {
        let average: Double
        let count: Int
    }
}

struct Money: Codable, Hashable, Comparable {
    let cents: Int
    let currency: String

    static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
    static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents, currency: lhs.currency) }
}
