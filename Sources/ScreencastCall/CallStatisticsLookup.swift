import BroadcastIPC
import Container

/// Reading `call-stats.json` for `main status` and `main call stats`: from whichever coordination
/// directory was written last (a container may hold one of each mode's).
public enum CallStatisticsLookup {
    public enum Found {
        case none
        case unreadable(String)
        case report(CallStatisticsReport)
    }

    public static func read(layout: ContainerLayout) -> Found {
        var newest: CallStatisticsReport?
        var problem: String?
        for mode in [BroadcastCoordinationType.inProcess, .embedded] {
            let directory = mode.directory(layout: layout)
            switch directory.read(BroadcastFileNames.callStatistics, as: CallStatisticsReport.self) {
            case .missing: break
            case .corrupt(let reason): problem = "\(directory.path): \(reason)"
            case .valid(let report):
                if newest.map({ order(report) > order($0) }) ?? true { newest = report }
            }
        }
        if let newest { return .report(newest) }
        return problem.map(Found.unreadable) ?? .none
    }

    /// Written last, then started last, then still running.
    private static func order(_ report: CallStatisticsReport) -> (Int32, Int32, Int) {
        (report.statistics.updatedAt, report.statistics.startedAt, report.ended ? 0 : 1)
    }
}
