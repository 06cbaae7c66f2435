import Foundation

/// Health samples imported from Apple Health. Stores keep them in tables of their own, written
/// in one transaction with the weigh-ins an import brings.
public enum HealthRecords: RecordKind {
    public static let collection: RecordCollection = "health"

    /// Its kind, source, start and end and value: an import never holds one sample twice.
    public static func identity(of sample: HealthSample) -> String {
        "\(sample.kind.rawValue) \(sample.source) \(Timestamp.format(sample.start))–\(Timestamp.format(sample.end)) \(sample.value)"
    }

    /// A value, energy or span within the kind's limits, and a source and category without
    /// control characters (``HealthSample/problem``).
    public static func validate(_ sample: HealthSample) throws(RecordRejection) {
        if let problem = sample.problem { throw RecordRejection(problem) }
    }

    public static func precedes(_ lhs: HealthSample, _ rhs: HealthSample) -> Bool { HealthSample.order(lhs, rhs) }
}

extension RecordCollection {
    public static var health: RecordCollection { HealthRecords.collection }
}
