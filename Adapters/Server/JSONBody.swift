import Foundation
import Hummingbird
import WellnessDomain
import WellnessWire

typealias JSONValue = Wire.JSONValue

/// A request body that must be a JSON object, read with a size limit.
struct JSONObject {
    /// The object's members, for a ``Wire`` request type to read itself from.
    let fields: Wire.Fields
    /// The body as received.
    var data = Data()

    /// Reads and parses the body: 413 past `limit` bytes, 400 when it is not a JSON object.
    static func read(_ request: Request, limit: Int) async throws -> JSONObject {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw APIError.tooLarge(limit) }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError.tooLarge(limit)
        }
        guard buffer.readableBytes > 0 else { throw APIError.validation("the request body must be a JSON object") }
        guard case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(buffer: buffer)) else {
            throw APIError(.badRequest, .invalidJSON, "the request body is not a JSON object")
        }
        return JSONObject(fields: Wire.Fields(fields), data: Data(buffer: buffer))
    }

    /// Reads the body and the request type `make` builds from its fields (such as
    /// `Wire.LoginRequest.init(fields:)`); a refused field is 400 naming it.
    static func read<T>(_ request: Request, limit: Int, as make: (Wire.Fields) throws -> T) async throws -> T {
        let fields = try await read(request, limit: limit).fields
        return try APIError.readingFields { try make(fields) }
    }

    /// 400 naming the field by its path when a string of `value` (the fields a route reads,
    /// nothing else) holds a NUL: no stored text can keep one (the stores, and bcrypt, would cut
    /// it there).
    static func refuseNUL(in value: some Encodable) throws {
        guard let data = try? Wire.encoder.encode(value), let json = try? JSONDecoder().decode(JSONValue.self, from: data),
              let path = firstNUL(in: json, at: []) else { return }
        throw APIError.nul(path.joined(separator: "."))
    }

    /// The path (keys, and `[index]` for array elements) of the first string holding a NUL, in
    /// key order; `nil` when none does.
    static func firstNUL(in value: JSONValue, at path: [String]) -> [String]? {
        switch value {
        case .string(let text): return text.contains("\u{0}") ? path : nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                let here = path.isEmpty ? ["[\(index)]"] : path.dropLast() + [path.last! + "[\(index)]"]
                if let found = firstNUL(in: item, at: here) { return found }
            }
            return nil
        case .object(let fields):
            for key in fields.keys.sorted() {
                if let found = firstNUL(in: fields[key]!, at: path + [key]) { return found }
            }
            return nil
        case .null, .bool, .number: return nil
        }
    }
}
