#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in character-at-a-time mode without echo, restored by `restore()`.
final class RawTerminal {
    /// A key press the deck understands.
    enum Key: Equatable {
        case left, right, character(Character), quit, other
    }

    private var original = termios()

    init() {
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        emit("\u{1B}[?25l") // hide the cursor
    }

    func restore() {
        emit("\u{1B}[?25h")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// Waits for one key; end of input, Ctrl-C, Ctrl-D and `q` quit.
    func readKey() -> Key {
        var buffer = [UInt8](repeating: 0, count: 8)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return .quit }
        let bytes = Array(buffer.prefix(count))
        switch bytes {
        case [0x1B, 0x5B, 0x43], [0x1B, 0x4F, 0x43]: return .right
        case [0x1B, 0x5B, 0x44], [0x1B, 0x4F, 0x44]: return .left
        case [0x03], [0x04], [UInt8(ascii: "q")], [UInt8(ascii: "Q")]: return .quit
        default:
            guard bytes.count == 1, bytes[0] < 0x80 else { return .other }
            return .character(Character(Unicode.Scalar(bytes[0])))
        }
    }

    /// Clears the screen and draws `lines`.
    func draw(_ lines: [String]) {
        emit("\u{1B}[2J\u{1B}[H" + lines.joined(separator: "\n") + "\n")
    }

    private func emit(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}

