import Container

/// What a login accepts, checked in one place for `main login` and the interface's login screen
/// (which shows the problem under the field as the person types).
public enum LoginInput {
    /// Why `phone` is not a phone number, or nil when it is one.
    public static func phoneProblem(_ phone: String) -> String? {
        let trimmed = phone.trimmingWhitespace()
        guard trimmed.allSatisfy({ ("0"..."9").contains($0) || $0 == "+" || $0 == " " || $0 == "-" }) else {
            return "phone must be digits, optionally with +, spaces or dashes"
        }
        let digits = trimmed.filter { ("0"..."9").contains($0) }.count
        if digits < 5 { return "phone needs at least 5 digits (got \(digits))" }
        if digits > 15 { return "phone has at most 15 digits (got \(digits))" }
        return nil
    }

    /// Why `name` is not a name, or nil when it is one.
    public static func nameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingWhitespace()
        if trimmed.isEmpty { return "name must not be empty" }
        if trimmed.count > 128 { return "name must be at most 128 characters (got \(trimmed.count))" }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "name must not contain control characters"
        }
        return nil
    }

    /// "First Last" → ("First", "Last"); a single word is the first name.
    public static func splitName(_ name: String) -> (first: String, last: String) {
        let parts = name.trimmingWhitespace().split(separator: " ", maxSplits: 1).map(String.init)
        return (parts.first ?? "", parts.count > 1 ? parts[1].trimmingWhitespace() : "")
    }
}
