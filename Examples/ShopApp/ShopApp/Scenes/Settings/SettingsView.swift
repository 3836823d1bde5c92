import SwiftUI

struct SettingsView: View {
    @ObservedObject var model: SettingsViewModel

    var body: some View {
        Form {
            Toggle("Dark mode", isOn: $model.prefersDarkMode)
            Picker("Currency", selection: $model.currency) {
                ForEach(SettingsViewModel.currencies, id: \.self) { Text($0) }
            }
        }
        .navigationTitle("Settings")
    }
}
