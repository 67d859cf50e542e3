import Foundation

/// Times keystrokes one at a time and counts those during which the kernel preempted the
/// thread. On a machine with two cores, another process's time slice (about 4 ms) now and then
/// lands inside a keystroke; the count lets a report tell that apart from the keystroke's cost.
struct KeystrokeTimer {
    private let clock = ContinuousClock()
    private(set) var samples: [Double] = []
    /// Keystrokes during which this thread was switched out involuntarily.
    private(set) var preempted = 0

    init(capacity: Int = 0) {
        samples.reserveCapacity(capacity)
    }

    /// Runs `keystroke` and records its time.
    mutating func time(_ keystroke: () -> Void) {
        let switches = Self.involuntarySwitches()
        let start = clock.now
        keystroke()
        samples.append((clock.now - start).seconds)
        if Self.involuntarySwitches() > switches { preempted += 1 }
    }

    /// Linux's `RUSAGE_THREAD`, which Glibc's Swift module hides behind `_GNU_SOURCE`: the
    /// calling thread only, so a background layout thread's switches are not counted.
    private static let rusageThread: Int32 = 1

    /// The calling thread's involuntary context switches so far (getrusage's `ru_nivcsw`).
    private static func involuntarySwitches() -> Int {
        var usage = rusage()
        getrusage(rusageThread, &usage)
        return usage.ru_nivcsw
    }
}
