import Foundation

final class SettingsStore {
    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) { self.defaults = defaults }

    var prefersDarkMode: Bool {
        get { defaults.bool(forKey: "prefersDarkMode") }
        set { defaults.set(newValue, forKey: "prefersDarkMode") }
    }

    var currency: String {
        get { defaults.string(forKey: "currency") ?? "EUR" }
        set { defaults.set(newValue, forKey: "currency") }
    }
}
