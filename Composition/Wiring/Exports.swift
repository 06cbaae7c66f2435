// The composition root is the one module a consumer (the CLI, an app) imports: it brings the
// domain values and use cases with it, and the three local stores, each of which builds its
// bundle of repositories (`WellnessRepositories.inMemory()`, `.sqlite(in:)`, `.jsonFiles(in:)`).
@_exported import WellnessApplication
@_exported import WellnessDomain
@_exported import WellnessInMemory
@_exported import WellnessJSONFile
@_exported import WellnessSQLite
// The file I/O an app needs beside the container (writing a file whole, reading one in chunks,
// and the error naming the file) lives in WellnessFileSystem, which is no product: these three
// come with the composition root, its locks and store-file helpers stay behind it.
@_exported import class WellnessFileSystem.AtomicFileWriter
@_exported import class WellnessFileSystem.FileByteSource
@_exported import enum WellnessFileSystem.FileError
