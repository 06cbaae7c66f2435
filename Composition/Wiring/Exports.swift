// The composition root is the one module a consumer (the CLI, an app) imports: it brings the
// domain values and use cases with it, and keeps the adapters behind the container.
@_exported import WellnessApplication
@_exported import WellnessDomain
