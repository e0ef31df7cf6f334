// Every public API of this module is written in Waymark's types (`Route`, `RouteRequest`,
// `JSONValue`, …), so a file that imports this module alone could not name them: this module
// re-exports Waymark, as NIO re-exports NIOCore. `import Waymark` beside it is harmless, and the
// documentation's samples show both.
@_exported public import Waymark
