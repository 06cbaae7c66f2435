/// The SQL another tool could run on a store to put a value of the wrong storage class into a
/// STRICT table: the table replaced by one without STRICT, its rows and key kept. The store's
/// reads must still name such a row as corrupt; its own tables refuse the value outright.
public enum LooseTables {
    /// `weightEntry` as a table that takes any storage class.
    public static let weightEntry = """
        ALTER TABLE weightEntry RENAME TO strictWeightEntry;
        CREATE TABLE weightEntry (minute INTEGER NOT NULL, hundredths INTEGER NOT NULL, id BLOB NOT NULL,
          atMs INTEGER NOT NULL, kilograms REAL NOT NULL, note TEXT, source TEXT NOT NULL,
          PRIMARY KEY (minute, hundredths)) WITHOUT ROWID;
        INSERT INTO weightEntry SELECT * FROM strictWeightEntry;
        DROP TABLE strictWeightEntry;
        """
}
