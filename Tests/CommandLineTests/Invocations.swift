/// Command lines made from ArgumentParser's model of one command: each argument alone, with every
/// value of a fixed pool (and the argument's own `allValues`) in both spellings, missing, repeated,
/// around `--`; and what no declaration can mean (help, unknown names, stray values).
struct Invocations {
    /// Values of every kind a command line can carry: numbers in and out of range, non-numbers,
    /// empty and blank text, option look-alikes, paths, dates, peers.
    static let pool = ["", " ", "0", "1", "5", "20", "2.5", "30", "-1", "-5", "1000", "1001", "3600", "3601", "nan", "inf",
                       "1e3", "0x10", "99999999999999999999", "abc", "ann", "x=y", "tg1000001", "@anna", "2024-05-01",
                       "2024-05-01T18:30:00Z", "yesterday", "/tmp/c", "/tmp/контейнер 🙂", "-", "--", "--json", "-h", "help"]

    let model: CommandModel

    /// Every line that gives `argument` alone (option: with each value; flag: once, twice, with a
    /// value; positional: each value, and two of them).
    func alone(_ argument: CommandModel.Argument) -> [[String]] {
        let values = Self.pool + (argument.allValues ?? []) + (argument.allValues ?? []).map { String($0.prefix(2)) }
        switch argument.kind {
        case "option":
            return argument.spellings.flatMap { name in
                [[name], [name, "5", name, "5"], [name, "ann", "--"], ["--", name, "ann"]]
                    + values.flatMap { [[name, $0], [name + "=" + $0]] }
            }
        case "flag":
            return argument.spellings.flatMap { name in [[name], [name, name], [name + "=true"], [name, "extra"], ["--", name]] }
        default:
            return values.map { [$0] } + [["a.json", "b.json"], ["--", "a.json"]]
        }
    }

    /// Lines no declaration gives a meaning to, or only ArgumentParser's own.
    static let foreign: [[String]] = [
        [], ["--"], ["--help"], ["-h"], ["help"], ["help", "--json"], ["--bogus"], ["--bogus", "x"], ["--bogus=x"], ["-x"],
        ["extra"], ["-"], ["--experimental-dump-help"], ["--generate-completion-script", "bash"], ["--version"],
    ]

    /// Prefixes of each long name (`--fam` for `--family`): ArgumentParser takes no abbreviations.
    var abbreviations: [[String]] {
        model.declared.flatMap(\.longNames).filter { $0.count > 4 }.map { [String($0.dropLast())] }
    }
}
