#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WellnessComposition

/// The terminal in character-at-a-time mode without echo, restored by `restore()`.
final class RawTerminal {
    /// A key press the deck and the module selection understand.
    enum Key: Equatable {
        case left, right, up, down, enter, character(Character), quit, other
    }

    private var original = termios()
    private let input: Int32
    private let output: Int32

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
        tcgetattr(input, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSAFLUSH, &raw)
        emit("\u{1B}[?25l") // hide the cursor
    }

    func restore() {
        emit("\u{1B}[?25h")
        tcsetattr(input, TCSAFLUSH, &original)
    }

    /// Waits for the next key; end of input, Ctrl-C, Ctrl-D and `q` quit. Keys that arrive
    /// together (typed ahead, pasted) are returned one by one, none lost.
    func readKey() -> Key {
        if pending.isEmpty {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { return .quit }
            pending = Self.keys(in: buffer.prefix(count))
        }
        return pending.isEmpty ? .other : pending.removeFirst()
    }

    private var pending: [Key] = []

    /// Splits raw input into keys: arrow escape sequences, single ASCII characters, and
    /// anything else as `.other`.
    static func keys(in bytes: ArraySlice<UInt8>) -> [Key] {
        var keys: [Key] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x1B, index + 2 < bytes.endIndex, [0x5B, 0x4F].contains(bytes[index + 1]) {
                switch bytes[index + 2] {
                case 0x41: keys.append(.up)
                case 0x42: keys.append(.down)
                case 0x43: keys.append(.right)
                case 0x44: keys.append(.left)
                default: keys.append(.other)
                }
                index += 3
                continue
            }
            switch byte {
            case 0x03, 0x04, UInt8(ascii: "q"), UInt8(ascii: "Q"): keys.append(.quit)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x20..<0x7F: keys.append(.character(Character(Unicode.Scalar(byte))))
            default: keys.append(.other)
            }
            index += 1
        }
        return keys
    }

    /// Clears the screen and draws `lines`.
    func draw(_ lines: [String]) {
        emit("\u{1B}[2J\u{1B}[H" + lines.map(PlainText.visible).joined(separator: "\n") + "\n")
    }

    private func emit(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(output, $0.baseAddress, $0.count) }
    }
}

