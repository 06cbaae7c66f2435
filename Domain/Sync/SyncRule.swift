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
    /// removed on a second are both kept), each element told apart as its key says. The fields
    /// named in `settled` only ever go one way, `false` to `true` (a stack seeded once stays
    /// seeded): every device's value of one has the same stamp (``SyncStamp/settled``), so the
    /// greater wins, and `true` anywhere is `true` everywhere.
    case fields(elements: [String: SyncElementKey] = [:], settled: Set<String> = [])
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

    /// The stamp a change of the value `name` takes when made with `stamp`: ``SyncStamp/settled``
    /// for a settled field.
    func stamp(of name: String, _ stamp: SyncStamp) -> SyncStamp {
        if case .fields(_, let settled) = self, settled.contains(name) { return .settled }
        return stamp
    }
}

/// What tells the elements of an array field apart (``SyncRule/fields(elements:settled:)``).
public enum SyncElementKey: Sendable, Equatable {
    /// The element itself (a tag's text); the array is a sorted set.
    case itself
    /// The element's field of this name (a supplement's `id`); the array is ordered by it.
    case field(String)
}
