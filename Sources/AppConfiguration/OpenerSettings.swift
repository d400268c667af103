import TOMLKit

/// The top-level `opener`: the program that opens a message's file or link, as an argument
/// vector (`opener = ["xdg-open"]`); the path or URL is appended as its last argument. Never a
/// shell string, so a name with spaces or quotes stays one argument.
extension ConfigurationReader.Reading {
    mutating func opener(_ root: TOMLTable) -> [String]? {
        guard let value = root["opener"] else { return nil }
        guard value.array != nil, let words = strings(value), let program = words.first, !program.isEmpty else {
            problem([], "opener", "opener is a list: the program and its arguments ([\"xdg-open\"]), not \(value.debugDescription)")
            return nil
        }
        return words
    }
}
