import Container

/// "14:05" in the device's local time, as a notification shows a message's time.
public enum MessageTime {
    public static func shortTime(_ timestamp: Int32) -> String { LocalTime.hourMinute(timestamp) }
}
