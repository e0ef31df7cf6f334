/// A tree of key sequences whose nodes are numbers: node 0 is the empty sequence, and every node
/// below it is a prefix of some sequence added. What `JSONLocator` follows a document's paths with
/// and what `RouteOrder` (WaymarkAssociatedDomains) numbers rank sequences with.
///
/// Built without recursion, whatever the sequences' length: they can come from a file.
package struct PrefixTree<Key: Hashable> {
    /// Each node's children, by key; `children[0]` are those of the empty sequence.
    package private(set) var children: [[Key: Int]] = [[:]]

    /// An empty tree: node 0 alone.
    package init() {}

    /// Adds `keys` and returns the nodes of its prefixes, from node 0 to the node of the whole
    /// sequence (one more than there are keys).
    package mutating func insert<Keys: Sequence>(_ keys: Keys) -> [Int] where Keys.Element == Key {
        var node = 0
        var path = [0]
        for key in keys {
            if let next = children[node][key] {
                node = next
            } else {
                children.append([:])
                children[node][key] = children.count - 1
                node = children.count - 1
            }
            path.append(node)
        }
        return path
    }
}
