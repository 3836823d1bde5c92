/// The toolkit's version, reported by `carto --version` and written into machine-readable reports.
public enum CartoVersion {
    public static let current = "0.1.0"
    public static let informationURI = "https://github.com/cartographer/carto"
}
