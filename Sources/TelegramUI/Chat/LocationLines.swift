/// A place: a venue's title and address, a live location, or a point; its coordinates when known.
enum LocationLines {
    static func rows(_ location: ChatMessage.Location, width: Int) -> [ChatLine] {
        let coordinates = Self.coordinates(location)
        if let title = location.title, !title.isEmpty {
            return MediaLines.titled("📍 ", title, width: width) + MediaLines.detail(location.address ?? "", width: width)
                + MediaLines.detail(coordinates, width: width)
        }
        let at = coordinates.isEmpty ? "" : " · " + coordinates
        var parts: [(String, ChatLine.Role)] = [("📍 ", .text)]
        if let period = location.livePeriod {
            parts += [("Live location", .title), (at + " · for " + Self.period(period), .meta)]
        } else {
            parts += [("Location", .title), (at, .meta)]
        }
        return TextWrap.rows(parts, width: width, hanging: 3).map { ChatLine(parts: $0) }
    }

    /// Degrees to five decimals (about a metre), as a map app shows them: "48.85826, 2.29450";
    /// empty when the point is not known.
    static func coordinates(_ location: ChatMessage.Location) -> String {
        guard let latitude = location.latitude, let longitude = location.longitude else { return "" }
        return degrees(latitude) + ", " + degrees(longitude)
    }

    static func degrees(_ value: Double) -> String {
        guard value.isFinite, abs(value) <= 360 else { return "?" }
        let scaled = Int((abs(value) * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return (value < 0 && scaled > 0 ? "-" : "") + "\(scaled / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }

    /// A live location's period: "15 min", "1 h", "8 h".
    static func period(_ seconds: Int) -> String {
        seconds >= 3600 && seconds % 3600 == 0 ? "\(seconds / 3600) h" : "\(max(seconds, 0) / 60) min"
    }
}
