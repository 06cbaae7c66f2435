import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness feeding [list]|plan|give`.
struct FeedingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeding", abstract: "Meals for the dog: plan them, give them, list them.",
        discussion: "A meal given more than an hour after its time is late; one not given by the next meal's time "
            + "(or midnight) is skipped. While the feeding module is off, these commands say so and change nothing "
            + "(switch it on with: wellness modules enable feeding).",
        subcommands: [List.self, Give.self, Plan.self], defaultSubcommand: List.self)

    struct Give: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a meal: the planned one at TIME, or the planned one nearest to now (or --at).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The planned meal's time (HH:MM); default the planned meal nearest to now.",
                  transform: parsed(WallTime.parse))
        var time: WallTime?
        @Option(help: "When it was given (ISO 8601, e.g. 2026-11-21T07:05; default now).", transform: parsedInstant("--at"))
        var at: Date?
        @Option(help: "How much, in grams (1 to 5000; default what the plan says).") var grams: Int?

        func validate() throws {
            try refused("--grams") { _ = try Meal(at: Date(), grams: grams) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let meal = try await console.wellness.feeding.give(planned: time, at: at, grams: grams)
                if console.json { return try console.printJSON(MealOutput(meal, state: nil)) }
                let when = console.localTime(meal.at)
                if let planned = meal.planned {
                    let label = ([planned.description] + [meal.grams.map { "\($0)g" }, meal.food].compactMap { $0 })
                        .joined(separator: " ")
                    console.print(console.text.string("cli.feeding.given.planned", .verbatim(label), .verbatim(when)))
                } else {
                    console.print(console.text.string("cli.feeding.given", .verbatim(when)))
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Meals of the last N days, and today's plan.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "How many days back, today included, 1 to 36500 (default 30).") var days: Int = 30

        func validate() throws {
            try refusedDays(days)
        }

        func run() async throws {
            try await Console.run(options) { console in
                let meals = try await console.wellness.feeding.list(days: days)
                let today = try await console.wellness.feeding.today()
                if console.json {
                    return try console.printJSON(MealsOutput(meals: meals.map { MealOutput($0.meal, state: $0.state) },
                                                             today: today.map { PlannedMealOutput($0, now: console.now) }))
                }
                if meals.isEmpty {
                    console.print(console.text.string("cli.feeding.none"))
                } else {
                    console.printTable(header: [console.text.string("cli.column.when"), console.text.string("cli.column.planned"),
                                                console.text.string("cli.column.grams"), console.text.string("cli.column.food"),
                                                console.text.string("cli.column.status")],
                                       rows: meals.map { entry in
                                           [console.localTime(entry.meal.at), entry.meal.planned?.description ?? "",
                                            entry.meal.grams.map(String.init) ?? "", entry.meal.food ?? "",
                                            console.text.string("cli.feeding.meal.\(entry.state.rawValue)")]
                                       })
                }
                console.printMealPlan(today)
            }
        }
    }

    struct Plan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Plan these meals every day (\"HH:MM [Ng] [food]\", local time); without meals, show the plan.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "Meals, e.g. \"07:00 120g kibble\" \"18:00 120g kibble\" (at most 12).",
                  transform: parsed(PlannedMeal.parse))
        var meals: [PlannedMeal] = []
        @Flag(help: "Plan no meals any more.") var clear = false

        func validate() throws {
            if clear && !meals.isEmpty {
                throw ValidationError(CLIMessages(locale: CLIContext.current.locale).text.string("cli.feeding.clearOrMeals"))
            }
            try refused { _ = try FeedingPlan.checked(meals) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                if clear || !meals.isEmpty { try await console.wellness.feeding.plan(clear ? [] : meals) }
                let today = try await console.wellness.feeding.today()
                if console.json { return try console.printJSON(today.map { PlannedMealOutput($0, now: console.now) }) }
                if today.isEmpty { return console.print(console.text.string("cli.feeding.noPlan")) }
                console.printMealPlan(today)
            }
        }
    }
}

extension Console {
    /// Today's planned meals, one line each: the meal and where it stands.
    func printMealPlan(_ today: [PlannedMealStatus]) {
        guard !today.isEmpty else { return }
        print(text.string("cli.feeding.today"))
        for planned in today {
            let state = planned.state(at: now)
            let given = planned.meal.map { " (" + localTime($0.at) + ")" } ?? ""
            print("  \(planned.planned)  " + text.string("cli.feeding.state.\(state.rawValue)") + given)
        }
    }
}

/// `{"meals": [meal], "today": [planned]}`.
struct MealsOutput: Encodable {
    let meals: [MealOutput]
    let today: [PlannedMealOutput]
}

/// `{"id", "at", "planned", "grams", "food", "state"}`: `state` is `given`, `late` or `unplanned`
/// (`null` right after `feeding give`, which does not count it).
struct MealOutput: Encodable {
    let meal: Meal
    let state: MealEntry.State?

    init(_ meal: Meal, state: MealEntry.State?) {
        self.meal = meal
        self.state = state
    }

    enum CodingKeys: String, CodingKey { case id, at, planned, grams, food, state }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(meal.id.description, forKey: .id)
        try container.encode(Timestamp.format(meal.at), forKey: .at)
        try container.encode(meal.planned?.description, forKey: .planned)
        try container.encode(meal.grams, forKey: .grams)
        try container.encode(meal.food, forKey: .food)
        try container.encode(state, forKey: .state)
    }
}

/// `{"time", "grams", "food", "state", "given"}`.
struct PlannedMealOutput: Encodable {
    let planned: PlannedMeal
    let state: PlannedMealStatus.State
    let given: String?

    init(_ status: PlannedMealStatus, now: Date) {
        planned = status.planned
        state = status.state(at: now)
        given = status.meal.map { Timestamp.format($0.at) }
    }

    enum CodingKeys: String, CodingKey { case time, grams, food, state, given }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(planned.time.description, forKey: .time)
        try container.encode(planned.grams, forKey: .grams)
        try container.encode(planned.food, forKey: .food)
        try container.encode(state, forKey: .state)
        try container.encode(given, forKey: .given)
    }
}
