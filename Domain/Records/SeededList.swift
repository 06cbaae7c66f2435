/// A list and whether its defaults were added (the supplement stack, the exercise library), as
/// a backup archive writes it: `{"isSeeded": …, "items": […]}`.
public struct SeededList<Element: Codable>: Codable {
    public var isSeeded: Bool
    public var items: [Element]

    public init(isSeeded: Bool, items: [Element]) {
        self.isSeeded = isSeeded
        self.items = items
    }
}
