// The broadcast protocol shared by main and the broadcast extension (placeholder).
