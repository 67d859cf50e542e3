import CHeapStatistics
import Foundation

/// The process's memory, read from Linux's /proc.
enum ProcessMemory {
    /// Resident set size in bytes (0 if /proc is not readable).
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The most memory the process has held resident so far, in bytes (getrusage's maxrss).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// CPU time split into user and kernel, and page faults, so a report can show how much of
    /// a figure is the kernel handing the process fresh memory.
    struct Usage {
        var userSeconds: Double
        var systemSeconds: Double
        var minorFaults: Int

        static func - (a: Usage, b: Usage) -> Usage {
            Usage(
                userSeconds: a.userSeconds - b.userSeconds, systemSeconds: a.systemSeconds - b.systemSeconds,
                minorFaults: a.minorFaults - b.minorFaults)
        }

        var json: String {
            String(
                format: "{\"userSeconds\": %.6f, \"systemSeconds\": %.6f, \"minorPageFaults\": %d}",
                userSeconds, systemSeconds, minorFaults)
        }
    }

    /// This process's usage so far.
    static func usage() -> Usage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Usage(
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            minorFaults: usage.ru_minflt)
    }
}

/// The C heap, read from glibc's allocator, and how it gives memory back.
enum HeapMemory {
    /// Bytes allocated and not yet freed, over every arena.
    static func allocatedBytes() -> Int {
        otk_heap_allocated_bytes()
    }

    /// An interactive program's policy: glibc gives free memory at the top of its heap back to
    /// the kernel inside `free()`, on whichever call frees the last chunk below it. After a bulk
    /// edit has freed tens of megabytes, that can be a keystroke: a backspace that frees one small
    /// object then waits 4–5 ms while the kernel takes back 50 MB (seen with strace, `brk`
    /// shrinking the heap). So the heap keeps its free memory until `releaseFreedMemory()`,
    /// which an editor calls when idle (the GTK view from its idle handler) and `otk edit`
    /// between its phases. Allocations of 32 MiB or more still get their own mappings (glibc's
    /// own ceiling for the threshold it would otherwise move by itself).
    static func deferTrimmingToIdle() {
        _ = otk_heap_defer_trimming(32 << 20, 1 << 30)
    }

    /// Gives the heap's free memory back to the kernel now.
    static func releaseFreedMemory() {
        _ = otk_heap_release_free_memory()
    }
}
