import Foundation
import GRDB
import WellnessDomain

/// The `seedMarker` rows recording which defaults were added once (supplements, exercises),
/// so they are never added again. A marker is only ever inserted, never deleted.
enum SeedMarker {
    static func isSet(_ name: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM seedMarker WHERE name = ?", arguments: [name]) ?? false
    }

    static func set(_ name: String, in db: Database) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO seedMarker (name, seededAt) VALUES (?, ?)",
                       arguments: [name, Timestamp.milliseconds(Date())])
    }
}
