// The composition root is the one module a consumer (the CLI, an app) imports: it brings the
// domain values and use cases with it, and the three local stores, each of which builds its
// bundle of repositories (`WellnessRepositories.inMemory()`, `.sqlite(in:)`, `.jsonFiles(in:)`).
@_exported import WellnessApplication
@_exported import WellnessDomain
@_exported import WellnessInMemory
@_exported import WellnessJSONFile
@_exported import WellnessSQLite
