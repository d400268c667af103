import Testing
@testable import Storage

/// The names the widget's JSON and `main messages --json` give a message's kind: each case's own
/// name, spelled out (the reflection that spelled them was slow).
@Suite("Postbox: content kind names")
struct MessageContentKindTests {
    @Test func eachKindIsNamedAsItsCase() {
        for kind in MessageContentKind.allCases { #expect(kind.name == String(describing: kind)) }
        #expect(Set(MessageContentKind.allCases.map(\.name)).count == MessageContentKind.allCases.count)
    }
}
