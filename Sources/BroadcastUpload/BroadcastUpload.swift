// The broadcast upload extension (placeholder).
