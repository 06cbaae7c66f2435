import ArgumentParser
import WellnessComposition

/// `wellness`: the command-line face of the Wellness core.
struct WellnessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wellness",
        abstract: "Track habits, weight, supplements, journal tags, check-ins and goals on your own machine.",
        discussion: """
            With no subcommand, prints today's summary.
            Environment: WELLNESS_STORE, WELLNESS_DATA_DIR, WELLNESS_NOW, WELLNESS_CATALOG, WELLNESS_TIER, \
            TZ (time zone), LC_ALL, LC_MESSAGES or LANG (language), WELLNESS_LOG_LEVEL, WELLNESS_CA_FILE \
            (certificates to trust), WELLNESS_DATABASE_URL (serve and users on PostgreSQL), WELLNESS_CONFIG \
            (serve's settings file), and \
            WELLNESS_TIPS_* for AI tips (see `wellness tips --help`).
            """,
        version: WellnessVersion.current,
        subcommands: [SummaryCommand.self, DeckCommand.self, InterventionsCommand.self, JournalCommand.self,
                      SupplementsCommand.self, ExercisesCommand.self, GoalsCommand.self, MoodCommand.self,
                      TipsCommand.self, WeightCommand.self, HealthCommand.self, MedsCommand.self, WalksCommand.self, FeedingCommand.self, DocumentsCommand.self, TrainingCommand.self, SocializationCommand.self, MilestonesCommand.self, DueCommand.self, CheckinCommand.self, InsightsCommand.self, AlertsCommand.self,
                      TrendsCommand.self, FeaturesCommand.self, TierCommand.self, QueueCommand.self, ModulesCommand.self, SetupCommand.self,
                      ProfileCommand.self, NudgesCommand.self,
                      LoginCommand.self, LogoutCommand.self, PasswordCommand.self, SessionCommand.self, SyncCommand.self,
                      ServeCommand.self, UsersCommand.self,
                      ServerCommand.self,
                      BackupCommand.self, RestoreCommand.self, MigrateCommand.self, AccountCommand.self,
                      DemoCommand.self],
        defaultSubcommand: SummaryCommand.self)
}
