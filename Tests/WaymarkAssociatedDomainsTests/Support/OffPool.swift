import Dispatch

/// Runs CPU-bound work (a coverage analysis over a whole route table) on a Dispatch thread, not
/// on Swift's cooperative pool: on a two-core machine two such tests would otherwise hold every
/// cooperative thread for tens of seconds, and the package's HTTP tests, which run in parallel
/// against a real server with timeouts, would time out waiting for a thread. The work returns
/// what it found; the test asserts on it afterwards, on its own task.
func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
