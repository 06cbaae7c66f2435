import Foundation
import WellnessDomain

/// A kind of record (or a setting) as sync sees it: records as JSON text by key, and the ways
/// to check and write what another device sent. Made from the registry's kinds, so sync names
/// no kind of its own.
struct SyncedCollection: Sendable {
    /// The collection (a kind's, or a setting's name).
    let name: RecordCollection
    /// How it travels and merges.
    let rule: SyncRule
    /// Whether a removal made here travels (``StoredRecordKind/removalTravels``).
    let removalTravels: Bool
    /// A setting's ``SettingKind/unused`` value as text, when it travels from devices: a store that
    /// holds it and never synced the setting has not set it (any device's value wins); one that
    /// synced the setting and holds it now has set it back, which travels.
    var unusedText: String? = nil
    /// Every record the store holds, as its key and JSON text, in archive order (a kind's
    /// ``RecordKind/precedes(_:_:)``): changes are numbered in that order, so a device that
    /// receives them writes each table from one end to the other instead of all over it.
    let read: @Sendable (WellnessRepositories) async throws -> [(key: String, text: String)]
    /// Checks what other devices changed, each record decoded once: each key's record as the
    /// store held it (`old`, from the log) and as it is now (`new`; `nil`: deleted). Refuses
    /// (``SyncError/refused(_:_:_:)``) a `new` whose JSON text does not decode or that breaks a
    /// rule of its kind; else returns the write of the changes into a store.
    let prepare: @Sendable ([SyncChange]) throws(SyncError) -> Write

    /// Writes checked changes into a store.
    typealias Write = @Sendable (WellnessRepositories) async throws -> Void

    /// JSON text of records and settings, as a backup archive writes them (sorted keys,
    /// timestamps as the archive has them), so every device writes one record alike.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .timestamp
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .timestamp
        return decoder
    }

    /// What a decoder's error says, in a few words.
    static func reason(_ error: any Error) -> RecordRejection {
        if let rejection = error as? RecordRejection { return rejection }
        if let error = error as? any WellnessError { return RecordRejection(error) }
        return RecordRejection("not a record of its kind: \(error)")
    }
}

extension StoredRecordKind {
    /// This kind as sync sees it.
    static var synced: SyncedCollection {
        SyncedCollection(
            name: collection, rule: syncRule, removalTravels: removalTravels,
            read: { stores in
                let encoder = SyncedCollection.encoder()
                let collected = LockedWriter<[(key: String, text: String)]>([])
                try await forEachRecord(in: stores) { record in
                    let text = String(decoding: try encoder.encode(record), as: UTF8.self)
                    collected.run { $0.append((describe(identity(of: record)), text)) }
                }
                return collected.run { $0 }
            },
            prepare: { changes throws(SyncError) in
                var records: [(old: Record?, new: Record?)] = []
                records.reserveCapacity(changes.count)
                for change in changes {
                    do throws(RecordRejection) {
                        // What the log held was checked as it came in: only decoded.
                        let new = try change.new.map { text throws(RecordRejection) in try decode(text) }
                        // A record is written by its own identity: one sent under another key would
                        // write over that record without a merge.
                        if let new, describe(identity(of: new)) != change.key {
                            throw RecordRejection("its key is not the record's identity, \(describe(identity(of: new)))")
                        }
                        records.append((old: try change.old.map { text throws(RecordRejection) in try decode(text, checked: false) },
                                        new: new))
                    } catch {
                        throw SyncError.refused(collection, change.key, error)
                    }
                }
                return { [records] stores in try await write(synced: records, into: stores) }
            })
    }

    /// A record from its JSON text, checked by the kind's rules unless `checked` is `false`.
    static func decode(_ text: String, checked: Bool = true) throws(RecordRejection) -> Record {
        let record: Record
        do {
            record = try SyncedCollection.decoder().decode(Record.self, from: Data(text.utf8))
        } catch {
            throw SyncedCollection.reason(error)
        }
        if checked { try validate(record) }
        return record
    }
}

extension StoredSettingKind {
    /// This setting as sync sees it: one record, whose key is the setting's name.
    static var synced: SyncedCollection {
        SyncedCollection(
            name: collection, rule: syncRule, removalTravels: false,
            unusedText: syncRule.isPushed ? try? text(of: unused) : nil,
            read: { stores in [(name, try text(of: try await read(from: stores)))] },
            prepare: { changes throws(SyncError) in
                var values: [Value] = []
                for change in changes {
                    guard let new = change.new else { continue }
                    do throws(RecordRejection) {
                        guard change.key == name else { throw RecordRejection("its key is not the setting's name, \(name)") }
                        values.append(try decode(new))
                    } catch { throw SyncError.refused(collection, change.key, error) }
                }
                return { [values] stores in for value in values { try await write(value, into: stores) } }
            })
    }

    /// The value's JSON text, as an archive's `settings` hold it.
    static func text(of value: Value) throws -> String {
        let data = try SyncedCollection.encoder().encode(SettingBox<Self>(value: value))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let inner = object[name] else {
            return "null"
        }
        let innerData = try JSONSerialization.data(withJSONObject: inner,
                                                   options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        return String(decoding: innerData, as: UTF8.self)
    }

    /// A value from its JSON text, checked by the setting's rules.
    static func decode(_ text: String) throws(RecordRejection) -> Value {
        let value: Value
        do {
            let wrapped = Data("{\(try jsonString(name)):\(text)}".utf8)
            value = try SyncedCollection.decoder().decode(SettingBox<Self>.self, from: wrapped).value
        } catch {
            throw SyncedCollection.reason(error)
        }
        try validate(value)
        return value
    }

    private static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }
}

/// One record another side changed, as this store held it (`old`) and as it is now (`new`;
/// `nil`: deleted), each as JSON text.
struct SyncChange: Sendable {
    let key: String
    let old: String?
    let new: String?
}

/// A setting's value under its name, as an archive's `settings` hold it.
private struct SettingBox<Setting: SettingKind>: Codable {
    let value: Setting.Value

    init(value: Setting.Value) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try Setting.decode(from: try decoder.container(keyedBy: SettingKey.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingKey.self)
        try Setting.encode(value, to: &container)
    }
}

extension RecordRegistry {
    /// The kinds and settings that travel between devices, in archive order, settings first
    /// (records name what settings hold: a supplement log its supplement).
    var syncedCollections: [SyncedCollection] {
        (storedSettings.map { $0.synced } + storedKinds.map { $0.synced }).filter { $0.rule.isSynced }
    }

    /// The kinds and settings that stay on each device (``SyncRule/deviceLocal``): refused when sent.
    var deviceLocalCollections: Set<RecordCollection> {
        Set(kinds.filter { !$0.syncRule.isSynced }.map { $0.collection } + settings.filter { !$0.syncRule.isSynced }.map { $0.collection })
    }
}
