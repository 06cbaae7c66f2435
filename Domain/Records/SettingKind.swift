import Foundation

/// A value a store holds one of (the tier, the module choices, the dog, the supplement stack, …),
/// declared once, as a kind of record is (``RecordKind``): its name under a backup archive's
/// `settings`, its value in a store nobody has used, and how the archive writes and reads it.
public protocol SettingKind: Sendable {
    /// What the setting holds.
    associatedtype Value: Sendable & Equatable

    /// The setting's key under an archive's `settings`. Never changed once archives hold it.
    static var name: String { get }

    /// Its value in a store nobody has used.
    static var unused: Value { get }

    /// Whether a value other than ``unused`` is a person's data (a restore then refuses a store
    /// that holds it). The tier is a subscription setting, not data.
    static var isData: Bool { get }

    /// Writes `value` under ``name``.
    static func encode(_ value: Value, to container: inout KeyedEncodingContainer<SettingKey>) throws

    /// Reads the setting from an archive's `settings`; one that may be left out reads as ``unused``.
    static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> Value

    /// The rules a value from outside (a restored archive, another device) must pass beyond
    /// decoding: the same its use cases check.
    static func validate(_ value: Value) throws(RecordRejection)

    /// Whether `identity` is among what `value` holds, for a record that names it
    /// (``RecordReference``); `nil` when the setting holds nothing records name.
    static func holds(_ identity: any Hashable & Sendable, in value: Value) -> Bool?

    /// How the setting travels between devices and how two devices' changes merge
    /// (``SyncRule``). By default the later change wins the whole value.
    static var syncRule: SyncRule { get }
}

extension SettingKind {
    public static var isData: Bool { true }
    public static func holds(_ identity: any Hashable & Sendable, in value: Value) -> Bool? { nil }
    public static func validate(_ value: Value) throws(RecordRejection) {}
    public static var syncRule: SyncRule { .wholeRecord }

    /// The key ``name`` in a container.
    public static var key: SettingKey { SettingKey(name) }
}

/// A setting's name as a JSON key.
public struct SettingKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

extension SettingKind {
    static func equal(_ lhs: (any Sendable)?, _ rhs: (any Sendable)?) -> Bool {
        value(lhs) == value(rhs)
    }

    /// A stored value as this setting's, ``unused`` when there is none.
    static func value(_ stored: (any Sendable)?) -> Value {
        guard let stored else { return unused }
        guard let value = stored as? Value else {
            preconditionFailure("the \(name) setting holds a \(Value.self), not a \(type(of: stored))")
        }
        return value
    }

    static func encode(stored: (any Sendable)?, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try encode(value(stored), to: &container)
    }

    /// Decodes the setting and checks its rules (``validate(_:)``); a refusal is a
    /// `DecodingError` whose underlying error is the `RecordRejection`.
    static func decodeStored(from container: KeyedDecodingContainer<SettingKey>) throws -> any Sendable {
        let value = try decode(from: container)
        do {
            try validate(value)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [key],
                                                    debugDescription: error.reason, underlyingError: error))
        }
        return value
    }

    static func isUnused(_ stored: (any Sendable)?) -> Bool {
        value(stored) == unused
    }

    static func holds(_ identity: any Hashable & Sendable, inStored stored: (any Sendable)?) -> Bool? {
        holds(identity, in: value(stored))
    }
}
