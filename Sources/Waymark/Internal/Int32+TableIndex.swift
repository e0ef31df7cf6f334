extension Int32 {
    /// An index, count or position that a route table stores as `Int32` on every platform: into its
    /// nodes, edges, key bytes, leaves, scope IDs, names, parameter slots and pattern bytes, a
    /// registration's number, a segment's position.
    ///
    /// Every such value fits: ``TablePlan`` admits a registration only while what the registrations
    /// add to any one of those arrays stays within ``TablePlan/indexBudget`` (`Int32.max / 2`), so
    /// that each, and any two together, stays below `Int32.max`. A value past it would be a bug in
    /// that accounting: the conversion traps rather than wrap.
    @inline(__always)
    init(tableIndex value: Int) {
        // narrowing: value ≤ 2 × TablePlan.indexBudget ≤ Int32.max; TablePlan.insertAll reserves it per registration
        self.init(value)
    }
}
