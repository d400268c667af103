import AppConfiguration
import Display
import Formats
import Testing

/// The configuration file through TOMLKit: what a good file changes, and for each kind of
/// mistake a message naming the file and the line, with the defaults (or the rest of the file)
/// in force.
@Suite("Configuration file")
struct ConfigurationReaderTests {
    static let file = "/home/ada/.config/ph.telegra.Telegraph/config.toml"

    @Test func goodFileRebindsKeysAndPicksStyleAndTheme() {
        let text = """
        # Ada's keys
        style = "vim"
        theme = "night"

        [keys.list]
        search = "s"
        open = ["enter", "l"]

        [keys.global]
        quit = "ctrl-q"

        [keys.selection]
        reply = "alt-r"
        """
        let configuration = ConfigurationReader.parse(text, file: Self.file)
        #expect(configuration.problems.isEmpty, "\(configuration.problems)")
        #expect(configuration.theme == .night)
        let keys = configuration.keyBindings
        #expect(keys.style == .vim)
        #expect(keys.action(for: KeyEvent(.character("j")), in: .list) == .list(.down))
        #expect(keys.action(for: KeyEvent(.character("s")), in: .list) == .list(.search))
        #expect(keys.action(for: KeyEvent(.character("/")), in: .list) == nil)
        #expect(keys.action(for: KeyEvent(.character("l")), in: .list) == .list(.open))
        #expect(keys.action(for: KeyEvent(.character("q"), modifiers: .control), in: .global) == .global(.quit))
        #expect(keys.action(for: KeyEvent(.character("q")), in: .global) == nil)
        #expect(keys.hint(for: .selection(.reply)) == "M-r")
    }

    @Test func openerIsAnArgumentVector() {
        #expect(ConfigurationReader.parse("opener = [\"my-open\", \"--new window\"]\n", file: "c.toml").opener == ["my-open", "--new window"])
        #expect(ConfigurationReader.parse("", file: "c.toml").opener == nil)
        for wrong in ["opener = \"xdg-open %s\"", "opener = []", "opener = [\"\"]", "opener = [1]"] {
            let read = ConfigurationReader.parse(wrong + "\n", file: "c.toml")
            #expect(read.opener == nil)
            #expect(read.problems.map(\.line) == [1], "\(wrong)")
            #expect(read.problems.first?.message.contains("the program and its arguments") == true)
        }
    }

    @Test func vimAsAKeysSetting() {
        let configuration = ConfigurationReader.parse("[keys]\nvim = true\n", file: Self.file)
        #expect(configuration.problems.isEmpty)
        #expect(configuration.keyBindings.style == .vim)
    }

    @Test func emptyFileIsTheDefaults() {
        let configuration = ConfigurationReader.parse("", file: Self.file)
        #expect(configuration.problems.isEmpty && configuration.theme == nil)
        #expect(configuration.keyBindings == .defaults)
    }

    @Test func syntaxErrorNamesItsLineAndKeepsEveryDefault() throws {
        let text = "style = \"vim\"\n[keys.list]\nsearch = \"s\n"
        let configuration = ConfigurationReader.parse(text, file: Self.file)
        let problem = try #require(configuration.problems.first)
        #expect(problem.line == 3, "\(problem)")
        #expect(problem.description.hasPrefix(Self.file + " line 3"), "\(problem)")
        #expect(configuration.keyBindings == .defaults, "a file that does not parse changes nothing")
    }

    /// Each mistake: the line it is on, words that say what is wrong, and the rest of the file applied.
    @Test(arguments: [
        ("[keys.list]\njump = \"x\"\nsearch = \"s\"\n", 2, "unknown action \"jump\""),
        ("[keys.list]\nsearch = \"s\"\ndown = \"pgdown2\"\n", 3, "unknown key \"pgdown2\""),
        ("[keys.list]\nsearch = \"s\"\ndown = 5\n", 3, "a key"),
        ("theme = \"sepia\"\n[keys.list]\nsearch = \"s\"\n", 1, "theme is one of"),
        ("[keys.list]\nsearch = \"s\"\n[keys.lists]\ndown = \"j\"\n", 3, "unknown key context"),
        ("colour = 1\n[keys.list]\nsearch = \"s\"\n", 1, "unknown setting \"colour\""),
        ("style = \"emacs\"\n[keys.list]\nsearch = \"s\"\n", 1, "style is"),
        ("[keys.list]\nsearch = \"s\"\nopen = \"s\"\n", 3, "bound to both"),
        ("[keys]\nlist = 3\n", 2, "is a table"),
        ("[keys]\nlist.search = \"s\"\nlist.jump = \"j\"\n", 3, "unknown action \"jump\""),
    ] as [(String, Int, String)])
    func mistakeNamesItsLine(text: String, line: Int, words: String) throws {
        let configuration = ConfigurationReader.parse(text, file: Self.file)
        let problem = try #require(configuration.problems.first)
        #expect(problem.line == line, "\(problem)")
        #expect(problem.message.contains(words), "\(problem)")
        #expect(problem.file == Self.file)
        if text.contains("search = \"s\"") && !words.contains("bound to both") {
            #expect(configuration.keyBindings.action(for: KeyEvent(.character("s")), in: .list) == .list(.search),
                    "the rest of the file applies")
        }
    }

    @Test func fileIsUnderXDGConfigHomeNamedForTheApp() {
        let id = "ph.telegra.Telegraph"
        #expect(ConfigurationLocation.path(baseBundleId: id, environment: ["XDG_CONFIG_HOME": "/x/conf/", "HOME": "/home/ada"])
            == "/x/conf/ph.telegra.Telegraph/config.toml")
        #expect(ConfigurationLocation.path(baseBundleId: id, environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/ada"])
            == "/home/ada/.config/ph.telegra.Telegraph/config.toml")
        #expect(ConfigurationLocation.path(baseBundleId: id, environment: [:]) == nil)
    }

    @Test func missingFileIsNoProblem() {
        let configuration = ConfigurationReader.read(path: "/nonexistent/config.toml")
        #expect(configuration.problems.isEmpty && configuration.keyBindings == .defaults)
    }

    @Test func storedThemeNamesStayReadable() throws {
        #expect(PresentationThemeSettings.Theme(rawValue: "day") == .day)
        #expect(PresentationThemeSettings.Theme(rawValue: "night") == .night)
        #expect(PresentationThemeSettings.defaultSettings.theme == .terminal)
    }
}

/// `graphics` and `[notifications] bell` (GraphicsSettings).
@Suite("Configuration file: pictures and the bell")
struct GraphicsSettingsTests {
    @Test func graphicsAndBellAreRead() {
        let configuration = ConfigurationReader.parse("graphics = \"sixel\"\n[notifications]\nbell = false\n", file: "c.toml")
        #expect(configuration.problems.isEmpty, "\(configuration.problems)")
        #expect(configuration.graphics == .sixel && configuration.bell == false)
    }

    @Test func theDefaultsAskTheTerminalAndRing() {
        let configuration = ConfigurationReader.parse("graphics = \"auto\"\n", file: "c.toml")
        #expect(configuration.problems.isEmpty && configuration.graphics == nil && configuration.bell)
        #expect(AppConfiguration.defaults.graphics == nil && AppConfiguration.defaults.bell)
    }

    @Test func badValuesAreProblemsOnTheirLines() {
        let configuration = ConfigurationReader.parse("graphics = \"iterm\"\n[notifications]\nbell = \"yes\"\n", file: "c.toml")
        #expect(configuration.graphics == nil && configuration.bell)
        #expect(configuration.problems.map(\.line) == [1, 3], "\(configuration.problems)")
        #expect(configuration.problems.first?.message.contains("\"auto\", \"kitty\", \"sixel\", \"symbols\", \"none\"") == true)
    }
}
