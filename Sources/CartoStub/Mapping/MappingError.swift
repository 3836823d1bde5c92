import CartoCore
import Foundation

/// A problem with a mapping, named by where it is: the file (when it came from one) and the JSON path inside it.
public struct MappingError: Error, Sendable, CustomStringConvertible, Equatable {
    public var file: String?
    public var path: String
    public var message: String

    public init(file: String? = nil, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        let place = path.isEmpty ? "" : "\(path): "
        return (file.map { "\($0): " } ?? "") + place + message
    }
}

/// Reads the fields of one JSON object, complaining with the field's path when a value has the wrong type.
struct FieldReader {
    let object: JSONValue
    let path: String

    init(_ object: JSONValue, path: String) throws {
        guard case .object = object else {
            throw MappingError(path: path, message: "expected a JSON object, found \(object.kindName)")
        }
        self.object = object
        self.path = path
    }

    func sub(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func string(_ key: String) throws -> String? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let s = v.stringValue else { throw MappingError(path: sub(key), message: "expected a string, found \(v.kindName)") }
        return s
    }

    func int(_ key: String) throws -> Int? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let n = v.intValue else { throw MappingError(path: sub(key), message: "expected an integer, found \(v.kindName)") }
        return n
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let b = v.boolValue else { throw MappingError(path: sub(key), message: "expected true or false, found \(v.kindName)") }
        return b
    }

    func object(_ key: String) throws -> [(String, JSONValue)]? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let o = v.objectValue else { throw MappingError(path: sub(key), message: "expected an object, found \(v.kindName)") }
        return o
    }

    func array(_ key: String) throws -> [JSONValue]? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let a = v.arrayValue else { throw MappingError(path: sub(key), message: "expected an array, found \(v.kindName)") }
        return a
    }
}

extension JSONValue {
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
