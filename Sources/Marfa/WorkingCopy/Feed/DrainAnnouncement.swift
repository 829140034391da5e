extension ChangeFeed {
    /// Tells every stream each verdict of `report`, that the server is reachable when anything was
    /// answered, then that the drain is done.
    package func announce(_ report: DrainReport) {
        for verdict in report.verdicts {
            send(Change(origin: .answered(verdict), itemId: verdict.itemId, edgeId: verdict.edgeId))
        }
        if report.answered > 0 { send(Change(origin: .serverReachable)) }
        send(Change(origin: .refreshed(.drained)))
    }
}
