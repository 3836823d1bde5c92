import Combine
import Foundation

final class SettingsViewModel: ObservableObject {
    static let currencies = ["EUR", "USD", "GBP"]
    private let store: SettingsStore

    @Published var prefersDarkMode: Bool { didSet { store.prefersDarkMode = prefersDarkMode } }
    @Published var currency: String { didSet { store.currency = currency } }

    init(store: SettingsStore) {
        self.store = store
        prefersDarkMode = store.prefersDarkMode
        currency = store.currency
    }
}
