/// What happens to text that does not fit its width.
public enum Truncation: Hashable, Sendable {
    /// Cut so that `…` fits in the last column: the reader sees that something is missing.
    case ellipsis
    /// Cut at the edge, for a view that scrolls or shows a window onto longer text.
    case clip
}

extension Truncation {
    /// The clusters of `clusters` to draw in `width` columns. The result never takes more than
    /// `width` columns and never ends on half a wide character: when a wide character would
    /// straddle the edge, a space takes its one remaining column. The `…` counts inside `width`.
    func fit(_ clusters: [DisplayCluster], in width: Int) -> [DisplayCluster] {
        guard width > 0 else { return [] }
        var total = 0
        for cluster in clusters { total += cluster.width }
        if total <= width { return clusters }
        let budget = self == .ellipsis ? width - 1 : width
        var result: [DisplayCluster] = []
        var used = 0
        for cluster in clusters {
            guard used + cluster.width <= budget else { break }
            result.append(cluster)
            used += cluster.width
        }
        if self == .ellipsis {
            result.append(DisplayCluster(character: "…", width: 1))
            used += 1
        }
        // At most one column is left, by a wide character that did not fit.
        if used < width { result.append(DisplayCluster(character: " ", width: 1)) }
        return result
    }
}
