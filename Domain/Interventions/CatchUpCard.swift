/// One undecided item of a past section, to settle with a swipe.
public struct CatchUpCard: Sendable, Equatable, Identifiable {
    public let interventionID: Intervention.ID
    public let day: LocalDay
    public let section: TimeOfDaySection
    /// "Morning today", "Evening yesterday", "Evening Monday".
    public let label: LocalizedText
    public let title: String
    public let description: String?
    public let roi: ReturnOnInvestment?
    public let trackingType: TrackingType
    /// The count a counter starts at (1); `nil` for other types.
    public let defaultCount: Int?
    public let healthHint: HealthHintType?

    public var id: String { "\(interventionID)@\(day)" }

    public init(intervention: Intervention, day: LocalDay, section: TimeOfDaySection, today: LocalDay) {
        interventionID = intervention.id
        self.day = day
        self.section = section
        label = Self.label(section: section, day: day, today: today)
        title = intervention.title
        description = intervention.description
        roi = intervention.roi
        trackingType = intervention.trackingType
        defaultCount = intervention.trackingType == .counter ? 1 : nil
        healthHint = intervention.healthHint
    }

    /// `deck.label.today|yesterday` with the section, else `deck.label.weekday` with the
    /// section and the weekday's name.
    public static func label(section: TimeOfDaySection, day: LocalDay, today: LocalDay) -> LocalizedText {
        switch day.days(until: today) {
        case 0: LocalizedText("deck.label.today", [.text(section.name)])
        case 1: LocalizedText("deck.label.yesterday", [.text(section.name)])
        default: LocalizedText("deck.label.weekday", [.text(section.name), .text(day.weekday.name)])
        }
    }
}
