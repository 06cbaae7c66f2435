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

    func string(_ name: String, required: Bool = true) throws -> String? {
        switch fields[name] {
        case .string(let text)?: return text
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
