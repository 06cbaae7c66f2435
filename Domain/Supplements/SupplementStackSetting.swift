import Foundation

/// The supplement stack: its supplements, and whether the default stack was added. Supplement
/// logs name its supplements.
public enum SupplementStackSetting: SettingKind {
    public static let name = "supplementStack"
    /// Supplements added on two devices are all kept: the stack merges supplement by supplement.
    public static var syncRule: SyncRule { .fields(elements: ["items": .field("id")], settled: ["isSeeded"]) }
    public static var unused: SupplementStack { SupplementStack() }

    public static func encode(_ stack: SupplementStack, to container: inout KeyedEncodingContainer<SettingKey>) throws {
        try container.encode(SeededList(isSeeded: stack.isSeeded, items: stack.supplements), forKey: key)
    }

    public static func decode(from container: KeyedDecodingContainer<SettingKey>) throws -> SupplementStack {
        let list = try container.decode(SeededList<Supplement>.self, forKey: key)
        return SupplementStack(supplements: list.items, isSeeded: list.isSeeded)
    }

    /// Each supplement's name and dosage rules, as `supplements add` checks them.
    public static func validate(_ stack: SupplementStack) throws(RecordRejection) {
        try RecordRejection.checking {
            for supplement in stack.supplements {
                _ = try SupplementStack.validName(supplement.name)
                _ = try SupplementStack.validDosage(supplement.dosage)
            }
        }
    }

    public static func holds(_ identity: any Hashable & Sendable, in stack: SupplementStack) -> Bool? {
        guard let id = identity as? Supplement.ID else { return false }
        return stack.supplements.contains { $0.id == id }
    }
}
