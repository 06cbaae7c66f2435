import Foundation

/// How a kind of record (or a setting) travels between devices, and how two devices' changes
/// to one record merge. Every rule is a join: merging is commutative, associative and
/// idempotent, so every order of delivery ends in the same record (see ``SyncRecord``).
public enum SyncRule: Sendable, Equatable {
    /// The record is one value: of two changes, the later (by ``SyncStamp``) wins whole.
    case wholeRecord
    /// Each top-level field of the record's JSON is its own value: of two changes to one field,
    /// the later wins, and changes to different fields are both kept. The fields named in
    /// `elements` are arrays merged element by element (a tag added on one device and another
    /// removed on a second are both kept), each element told apart as its key says.
    case fields(elements: [String: SyncElementKey] = [:])
    /// The server's: received from it, never sent (the tier).
    case serverOwned
    /// This device's own: never sent nor received (the check-in queue, a pause the server asked for).
    case deviceLocal

    /// Whether the device sends its changes of this kind.
    public var isPushed: Bool {
        switch self {
        case .wholeRecord, .fields: true
        case .serverOwned, .deviceLocal: false
        }
    }

    /// Whether the kind travels at all.
    public var isSynced: Bool { self != .deviceLocal }
}

/// What tells the elements of an array field apart (``SyncRule/fields(elements:)``).
public enum SyncElementKey: Sendable, Equatable {
    /// The element itself (a tag's text); the array is a sorted set.
    case itself
    /// The element's field of this name (a supplement's `id`); the array is ordered by it.
    case field(String)
}
