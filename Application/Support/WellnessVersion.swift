/// The version of this release of Wellness, as `CHANGELOG.md`'s newest entry names it
/// ([Semantic Versioning](https://semver.org)). `wellness --version` prints it, and `wellness
/// serve` sends it in every answer's `Server` header and in `/healthz`.
public enum WellnessVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"

    /// The `Server` header a Wellness server sends: `wellness/<version>`.
    public static let serverHeader = "wellness/\(current)"
}
