import Foundation

protocol ProductProviding {
    func products() async throws -> [Product]
    func product(id: Product.ID) async throws -> Product
}

final class ProductService: ProductProviding {
    private let api: APIClient
    private var cache: [Product.ID: Product] = [:]

    init(api: APIClient) { self.api = api }

    func products() async throws -> [Product] {
        let products = try await api.get("products", as: [Product].self)
        for p in products { cache[p.id] = p }
        return products
    }

    func product(id: Product.ID) async throws -> Product {
        if let cached = cache[id] { return cached }
        return try await api.get("products/\(id)", as: Product.self)
    }
}
