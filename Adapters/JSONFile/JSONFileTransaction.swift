import Foundation

/// The collections one ``JSONFileStore/transaction(_:)`` reads and writes; what it writes is
/// committed together when the transaction's body returns (and not at all when it throws).
public struct JSONFileTransaction {
    private let store: JSONFileStore
    /// The new bytes of every collection written so far.
    private(set) var written: [String: Data] = [:]

    init(store: JSONFileStore) {
        self.store = store
    }

    /// The collection as this transaction sees it: what it wrote, else what is stored.
    public func read<Value: Decodable>(_ collection: String, as type: Value.Type) throws -> Value? {
        guard let data = written[collection] else { return try store.readNow(collection, as: type) }
        return try JSONFileStore.decoder.decode(Value.self, from: data)
    }

    /// Replaces the collection's value when the transaction commits.
    public mutating func write<Value: Encodable>(_ collection: String, _ value: Value) throws {
        written[collection] = try store.encode(value, for: collection)
    }
}
