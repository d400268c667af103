/// Words the fixture builds names, titles and messages from.
enum FixtureVocabulary {
    static let firstNames = ["Alice", "Boris", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ingrid", "Jamal",
                             "Katya", "Luca", "Mina", "Nikolai", "Olivia", "Pavel", "Quinn", "Rosa", "Sven", "Tamara",
                             "Umar", "Vera", "Wiktor", "Ximena", "Yusuf", "Zoe", "Anton", "Beatriz", "Cem", "Daria"]
    static let lastNames = ["Andersen", "Belova", "Castillo", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova",
                            "Jensen", "Kowalski", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrov", "Quint", "Rossi",
                            "Sato", "Tanaka", "Urban", "Volkova", "Weber", "Xu", "Yilmaz", "Zimmermann"]
    static let groupWords = ["Family", "Hiking", "Book Club", "Flat", "Project", "Weekend", "Football", "Design", "Parents",
                             "Chess", "Climbing", "Photography", "Cooking", "Band", "Study Group", "Startup", "Garden"]
    static let channelWords = ["Daily News", "Tech Digest", "Cat Pictures", "City Events", "Science Today", "Deals",
                               "Music Releases", "Travel Notes", "Market Watch", "Dev Updates", "Weather"]
    static let openers = ["hey", "so", "ok", "listen", "btw", "honestly", "quick question", "good news", "update", "well"]
    static let verbs = ["bring", "check", "send", "book", "call", "fix", "finish", "pick up", "share", "review", "order", "move"]
    static let objects = ["the tickets", "the slides", "dinner", "the keys", "the photos", "the invoice", "a table",
                          "the report", "the car", "the cake", "the draft", "the playlist", "the contract", "the bikes"]
    /// In a handful of messages only (FixtureGenerator.rareWordPlantings); no other word begins
    /// like it.
    static let rareWord = "kumquat"
    static let times = ["tomorrow", "tonight", "on Friday", "next week", "at 7", "after lunch", "this weekend", "later", "soon"]
}
