import Foundation
import CartoCore

/// Reads every `Package.swift` and `project.pbxproj` found under the analysed folder, plus the modules declared
/// in `.carto.yml`, and links their dependencies into one module map: a target's dependency on a product of a
/// package in the same codebase (`.product(name: "PocketCastsUtils", package: "Utils")`, an Xcode target's package
/// product) becomes a dependency on the targets that product is made of.
public enum ModuleDiscovery {
    /// `manifests`: paths relative to `root` of `Package.swift` and `project.pbxproj` files. Throws `CartoError`
    /// naming the file for a malformed manifest.
    public static func discover(root: String, manifests: [String], configured: [ModuleConfiguration] = [])
        throws -> (map: ModuleMap, diagnostics: [Diagnostic]) {
        var packages: [SwiftPackageManifest] = []
        var projects: [XcodeProject] = []
        for file in manifests.sorted() {
            let full = (root as NSString).appendingPathComponent(file)
            if file.hasSuffix(".pbxproj") { projects.append(try XcodeProject.read(path: full, file: file)) }
            else { packages.append(try SwiftPackageManifest.read(path: full, file: file)) }
        }
        var diagnostics = packages.flatMap(\.skipped)

        // Products by name, and packages by identity (a local package's folder name, lowercased) and by name.
        var productTargets: [String: [String]] = [:]
        var packageProducts: [String: [String: [String]]] = [:]
        for p in packages {
            for product in p.products {
                if productTargets[product.name] == nil { productTargets[product.name] = product.targets }
                let identity = ((p.folder.isEmpty ? root : p.folder) as NSString).lastPathComponent.lowercased()
                packageProducts[identity, default: [:]][product.name] = product.targets
                packageProducts[p.name.lowercased(), default: [:]][product.name] = product.targets
            }
        }
        func resolveProduct(_ name: String, package: String?) -> [String]? {
            if let package, let targets = packageProducts[package.lowercased()]?[name] { return targets }
            return productTargets[name]
        }

        var modules: [ModuleDefinition] = configured.map {
            ModuleDefinition(name: $0.name, kind: .other, origin: .configuration, manifest: "", sourcePaths: $0.paths)
        }
        for project in projects {
            for t in project.targets {
                var m = ModuleDefinition(name: t.name, kind: t.kind, origin: .xcodeProject, manifest: project.file, sourcePaths: t.folders)
                m.sourceFiles = Set(t.files)
                m.excludedPaths = t.excluded
                m.dependencies = t.dependencies
                for product in t.packageProducts {
                    if let targets = resolveProduct(product, package: nil) { m.dependencies += targets } else { m.externalDependencies.append(product) }
                }
                modules.append(m)
            }
        }
        for p in packages {
            let own = Set(p.targets.map(\.name))
            for t in p.targets {
                var m = ModuleDefinition(name: t.name, kind: t.kind, origin: .swiftPackage, manifest: p.file,
                                         sourcePaths: p.sourcePaths(of: t, root: root))
                m.excludedPaths = t.exclude.map { ModulePath.join(m.sourcePaths[0], $0) }
                for d in t.dependencies {
                    switch d {
                    case .target(let n): m.dependencies.append(n)
                    case .byName(let n):
                        if own.contains(n) { m.dependencies.append(n) }
                        else if let targets = resolveProduct(n, package: nil) { m.dependencies += targets }
                        else { m.externalDependencies.append(n) }
                    case .product(let n, let package):
                        if let targets = resolveProduct(n, package: package) { m.dependencies += targets } else { m.externalDependencies.append(n) }
                    }
                }
                modules.append(m)
            }
        }
        for i in modules.indices {
            modules[i].dependencies = unique(modules[i].dependencies.filter { $0 != modules[i].name })
            modules[i].externalDependencies = unique(modules[i].externalDependencies)
        }
        let names = Set(modules.map(\.name))
        for m in modules {
            for d in m.dependencies where !names.contains(d) {
                diagnostics.append(Diagnostic(severity: .warning, file: m.manifest, message: "module \(m.name) depends on \(d), which no manifest under the analysed folder declares"))
            }
        }
        return (ModuleMap(modules: modules, fallbackName: ModuleMap.folderModuleName(root: root)), diagnostics)
    }

    private static func unique(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }
}
