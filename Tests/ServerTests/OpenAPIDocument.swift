import Foundation
import WellnessComposition
import WellnessWire

/// The wire's uncoerced JSON value, for reading `docs/openapi.json` and checking answers
/// against it.
typealias JSON = Wire.JSONValue

extension JSON {
    static func parse(_ data: Data) throws -> JSON { try JSONDecoder().decode(JSON.self, from: data) }

    /// The JSON Schema type names this value satisfies.
    var typeNames: Set<String> {
        switch self {
        case .null: ["null"]
        case .bool: ["boolean"]
        case .number(let value): value.rounded() == value ? ["number", "integer"] : ["number"]
        case .string: ["string"]
        case .array: ["array"]
        case .object: ["object"]
        }
    }
}

/// `docs/openapi.json`, with what the tests need of it: its operations, `$ref` resolution and
/// a validator for the subset of JSON Schema the document uses.
struct OpenAPIDocument {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let root: JSON

    /// The repository's `docs/openapi.json`, found from this source file.
    static var fileURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent() // ServerTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent() // the package
            .appendingPathComponent("docs/openapi.json")
    }

    static func load() throws -> OpenAPIDocument {
        OpenAPIDocument(root: try JSON.parse(try Data(contentsOf: fileURL)))
    }

    /// Every operation as `METHOD /path` with its object.
    var operations: [(route: String, path: String, operation: JSON)] {
        (root["paths"]?.object ?? [:]).flatMap { path, item in
            (item.object ?? [:]).compactMap { method, operation in
                Self.methods.contains(method) ? ("\(method.uppercased()) \(path)", path, operation) : nil
            }
        }.sorted { $0.route < $1.route }
    }

    func operation(_ route: String) -> JSON? {
        operations.first { $0.route == route }?.operation
    }

    /// What a local `$ref` (`#/a/b`) points to.
    func target(of reference: String) -> JSON? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSON? = root
        for part in reference.dropFirst(2).split(separator: "/") {
            node = node?[part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
        }
        return node
    }

    /// `node`, following `$ref`s.
    func resolve(_ node: JSON) -> JSON? {
        var current = node
        for _ in 0..<16 {
            guard let reference = current["$ref"]?.string else { return current }
            guard let next = target(of: reference) else { return nil }
            current = next
        }
        return nil
    }

    /// Every `$ref` in the document.
    var references: [String] {
        func collect(_ node: JSON) -> [String] {
            switch node {
            case .object(let fields):
                (fields["$ref"]?.string.map { [$0] } ?? []) + fields.values.flatMap(collect)
            case .array(let items): items.flatMap(collect)
            default: []
            }
        }
        return collect(root)
    }

    /// The response an operation declares for `status`.
    func response(_ route: String, status: Int) -> JSON? {
        operation(route)?["responses"]?[String(status)].flatMap(resolve)
    }

    // MARK: - Validation

    /// Why `value` does not satisfy `schema` (empty when it does); `at` names the place.
    func violations(of value: JSON, against schema: JSON, at place: String = "$") -> [String] {
        guard let schema = resolve(schema) else { return ["\(place): unresolvable schema"] }
        var problems: [String] = []
        if let options = schema["oneOf"]?.array {
            let matching = options.filter { violations(of: value, against: $0, at: place).isEmpty }.count
            if matching != 1 { problems.append("\(place): matches \(matching) of oneOf's \(options.count) schemas") }
        }
        if let constant = schema["const"], constant != value {
            problems.append("\(place): is not the constant \(constant)")
        }
        if let allowed = schema["enum"]?.array, !allowed.contains(value) {
            problems.append("\(place): \(value) is not one of \(allowed)")
        }
        let types = schema["type"].map { $0.array?.compactMap(\.string) ?? [$0.string].compactMap { $0 } }
        if let types, value.typeNames.isDisjoint(with: types) {
            return problems + ["\(place): \(value) is not of type \(types)"]
        }
        switch value {
        case .object(let fields):
            let properties = schema["properties"]?.object ?? [:]
            for name in schema["required"]?.array?.compactMap(\.string) ?? [] where fields[name] == nil {
                problems.append("\(place): \"\(name)\" is required")
            }
            for (name, field) in fields {
                if let property = properties[name] {
                    problems += violations(of: field, against: property, at: "\(place).\(name)")
                } else if schema["additionalProperties"]?.bool == false {
                    problems.append("\(place): \"\(name)\" is not in the schema")
                }
            }
        case .array(let items):
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    problems += violations(of: item, against: itemSchema, at: "\(place)[\(index)]")
                }
            }
        case .number(let number):
            if let minimum = schema["minimum"]?.number, number < minimum { problems.append("\(place): \(number) < \(minimum)") }
            if let maximum = schema["maximum"]?.number, number > maximum { problems.append("\(place): \(number) > \(maximum)") }
        case .string(let text):
            if let minimum = schema["minLength"]?.number, Double(text.count) < minimum {
                problems.append("\(place): shorter than \(minimum)")
            }
            if let maximum = schema["maxLength"]?.number, Double(text.count) > maximum {
                problems.append("\(place): longer than \(maximum)")
            }
            switch schema["format"]?.string {
            case "uuid" where UUID(uuidString: text) == nil: problems.append("\(place): '\(text)' is not a UUID")
            case "date" where LocalDay(text) == nil: problems.append("\(place): '\(text)' is not a date")
            case "date-time" where Timestamp.parse(text) == nil: problems.append("\(place): '\(text)' is not an instant")
            default: break
            }
        case .null, .bool: break
        }
        return problems
    }
}
