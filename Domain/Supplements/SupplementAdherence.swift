/// How often supplements were taken over a window of days ending today.
public struct SupplementAdherence: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let supplement: Supplement
        public let takenDays: Int
        /// Taken days over the window's days, 0...1.
        public let rate: Double
    }

    public let days: Int
    public let from: LocalDay
    public let through: LocalDay
    /// Active supplements, in display order.
    public let entries: [Entry]
    /// All taken doses over all possible doses of active supplements; 0 with none active.
    public let overall: Double

    /// Adherence of the active supplements over the `days` days ending `today`.
    public init(stack: [Supplement], logs: [SupplementLog], days: Int, today: LocalDay) {
        self.days = days
        from = today.adding(days: -(days - 1))
        through = today
        let window = from...today
        let taken = Set(logs.filter { $0.taken && window.contains($0.day) }.map { "\($0.supplementID)|\($0.day)" })
        entries = stack.filter(\.isActive).map { supplement in
            let count = (0..<days).filter { taken.contains("\(supplement.id)|\(today.adding(days: -$0))") }.count
            return Entry(supplement: supplement, takenDays: count, rate: Double(count) / Double(days))
        }
        let possible = entries.count * days
        overall = possible == 0 ? 0 : Double(entries.map(\.takenDays).reduce(0, +)) / Double(possible)
    }
}
