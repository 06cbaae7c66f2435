import Foundation
import Hummingbird
import WellnessDomain
import WellnessWire

typealias JSONValue = Wire.JSONValue

/// A request body that must be a JSON object, read with a size limit.
struct JSONObject {
    let fields: [String: JSONValue]
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
            throw APIError(.badRequest, "INVALID_JSON", "the request body is not a JSON object")
        }
        return JSONObject(fields: fields, data: Data(buffer: buffer))
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

    /// A string field; one holding a NUL is a 400 naming it.
    func string(_ name: String, required: Bool = true) throws -> String? {
        switch fields[name] {
        case .string(let text)?:
            if text.contains("\u{0}") { throw APIError.nul(name) }
            return text
        case nil, .null?:
            if required { throw APIError.validation("\"\(name)\" is required") }
            return nil
        default: throw APIError.validation("\"\(name)\" must be a string")
        }
    }

    /// A whole number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = fields[name] else { throw APIError.validation("\"\(name)\" is required") }
        guard case .number(let number) = value, number.rounded() == number, range.contains(Int(exactly: number) ?? .min)
        else { throw APIError.validation("\"\(name)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return Int(number)
    }

    func object(_ name: String) throws -> JSONObject? {
        switch fields[name] {
        case .object(let fields)?: return JSONObject(fields: fields)
        case nil, .null?: return nil
        default: throw APIError.validation("\"\(name)\" must be an object")
        }
    }
}

extension JSONObject {
    /// `{date, energy, stress, social, key_contact?}` as a validated check-in; its date may not
    /// be after `now`'s date in any time zone.
    func checkin(now: Date, describe: (any Error) -> String) throws -> Checkin {
        guard let dateText = try string("date"), let day = LocalDay(dateText) else {
            throw APIError.validation("\"date\" must be a real date YYYY-MM-DD")
        }
        do {
            try CivilTime.checkRecordable(day, today: CivilTime.newestDay(at: now))
        } catch {
            throw APIError.validation("\"date\": \(describe(error))")
        }
        let energy = try integer("energy", in: Checkin.scale)
        let stress = try integer("stress", in: Checkin.scale)
        let social = try integer("social", in: Checkin.scale)
        let contact = try string("key_contact", required: false)
        do {
            return try Checkin(day: day, energy: energy, stress: stress, social: social, keyContact: contact)
        } catch .keyContactTooLong {
            throw APIError.validation("\"key_contact\" must be at most \(Checkin.maxKeyContactLength) characters")
        } catch .controlCharacter(let error) {
            throw APIError.validation("\"key_contact\": \(describe(error))")
        } catch {
            throw APIError.validation(describe(error))
        }
    }
}
