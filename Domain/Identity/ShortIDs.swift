/// The ids a person sees in a list and types back: each id cut to the shortest prefix that
/// tells it apart from every other id of the set, and never shorter than ``minimumLength``.
///
/// Time-ordered UUIDs (``TimeOrderedUUIDs``) share their first characters when they were made
/// close together (every row of one import), so a fixed cut such as the first 8 characters
/// would name all of them at once. The set is everything a short id will be matched against
/// (all stored entries, not only the listed ones), so a short id shown is one a lookup by
/// prefix finds alone.
public struct ShortIDs: Sendable {
    /// The fewest characters shown.
    public static let minimumLength = 8

    private let lengths: [String: Int]

    /// Short ids for the ids whose text forms are `ids` (compared in lower case).
    public init(among ids: some Sequence<String>) {
        let sorted = Set(ids.lazy.map { $0.lowercased() }).sorted()
        var lengths: [String: Int] = [:]
        lengths.reserveCapacity(sorted.count)
        for (index, id) in sorted.enumerated() {
            var needed = Self.minimumLength
            if index > 0 { needed = max(needed, Self.commonPrefixLength(sorted[index - 1], id) + 1) }
            if index + 1 < sorted.count { needed = max(needed, Self.commonPrefixLength(id, sorted[index + 1]) + 1) }
            lengths[id] = needed
        }
        self.lengths = lengths
    }

    /// Short ids for `ids` (their descriptions).
    public init<ID: CustomStringConvertible>(of ids: some Sequence<ID>) {
        self.init(among: ids.lazy.map(\.description))
    }

    /// The short form of `id`: its shortest unique prefix among the set (the whole id when it
    /// is not longer), at least ``minimumLength`` characters.
    public func shortID(_ id: some CustomStringConvertible) -> String {
        let text = id.description.lowercased()
        return String(text.prefix(lengths[text] ?? Self.minimumLength))
    }

    /// Characters two texts share at their start.
    static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }
}
