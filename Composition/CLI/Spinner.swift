import Foundation
import WellnessComposition

/// A spinner on standard error while something slow runs (the AI thinking about tips), so a
/// person at a terminal sees that something happens. Only on a terminal: piped or redirected,
/// nothing is written. It appears after a short delay (a cached answer shows no flicker) and its
/// line is cleared when the work ends.
struct Spinner {
    let output: CLIOutput
    let label: String
    /// How long the work may run before the spinner shows.
    var delay: Duration = .milliseconds(300)
    /// Time between frames.
    var interval: Duration = .milliseconds(100)

    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Runs `work` with the spinner turning beside it.
    func run<Value>(_ work: () async throws -> Value) async throws -> Value {
        guard output.isTerminal else { return try await work() }
        let (output, label, delay, interval) = (output, PlainText.visible(label), delay, interval)
        let spinner = Task {
            do { try await Task.sleep(for: delay) } catch { return false }
            // Bounded: stops when the work ends, and after an hour at most.
            for frame in 0..<36_000 {
                output.writeControl("\r\(Self.frames[frame % Self.frames.count]) \(label)")
                do { try await Task.sleep(for: interval) } catch { break }
            }
            return true
        }
        let result: Result<Value, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        spinner.cancel()
        if await spinner.value { output.writeControl("\r\u{1B}[2K") }
        return try result.get()
    }
}
