import WellnessDomain

extension Wire {
    /// Why a request body's field was refused, naming the field by its JSON name: the server
    /// answers it as `400 VALIDATION_ERROR`.
    public enum FieldError: Error, Sendable, Equatable {
        /// The field is missing, or a text field is `null`.
        case missing(String)
        /// The field is not a JSON string.
        case notText(String)
        /// The text holds a NUL (U+0000), which no store keeps (they, and bcrypt, would cut it there).
        case containsNUL(String)
        /// The field is not a whole number in the range.
        case notWholeNumber(String, in: ClosedRange<Int>)
        /// The text is not a real date `YYYY-MM-DD`.
        case notDay(String)
    }

    /// A request body's JSON object, read field by field without coercion (a number is never
    /// text, `"3"` never a number), each refusal a ``FieldError`` naming the field. The request
    /// types read themselves from it (`init(fields:)`), in the order of their fields, so the
    /// first wrong field is the one named; fields nobody asks for are ignored.
    public struct Fields: Sendable, Equatable {
        /// The object's members.
        public private(set) var values: [String: JSONValue]

        /// The fields of an object with these members.
        public init(_ values: [String: JSONValue]) {
            self.values = values
        }

        /// A text field that must be there.
        public func text(_ key: some CodingKey) throws(FieldError) -> String {
            guard let text = try optionalText(key) else { throw .missing(key.stringValue) }
            return text
        }

        /// A text field that may be missing or `null`.
        public func optionalText(_ key: some CodingKey) throws(FieldError) -> String? {
            switch values[key.stringValue] {
            case .string(let text)?:
                if text.contains("\u{0}") { throw .containsNUL(key.stringValue) }
                return text
            case nil, .null?: return nil
            default: throw .notText(key.stringValue)
            }
        }

        /// A whole number in `range`.
        public func integer(_ key: some CodingKey, in range: ClosedRange<Int>) throws(FieldError) -> Int {
            guard let value = values[key.stringValue] else { throw .missing(key.stringValue) }
            guard case .number(let number) = value, number.rounded() == number,
                  let integer = Int(exactly: number), range.contains(integer) else {
                throw .notWholeNumber(key.stringValue, in: range)
            }
            return integer
        }

        /// A day, as text `YYYY-MM-DD`.
        public func day(_ key: some CodingKey) throws(FieldError) -> LocalDay {
            guard let day = LocalDay(try text(key)) else { throw .notDay(key.stringValue) }
            return day
        }

        /// Sets the field `key` to `value`.
        public mutating func set(_ key: some CodingKey, to value: JSONValue) {
            values[key.stringValue] = value
        }
    }
}
