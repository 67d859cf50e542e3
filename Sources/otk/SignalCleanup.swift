import Dispatch
import FileOutput
import Foundation
import OpenTextKit

/// Removes half-written outputs' temporary files when `otk` is interrupted (Ctrl-C) or
/// terminated, then lets the signal end the process as it would have. (SIGKILL cannot be
/// caught: a temporary file may then remain beside the output, which itself is left intact.)
enum SignalCleanup {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func install() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            // The signal is handled on a queue (not in a signal handler), so the cleanup may
            // take locks and call anything.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                AtomicFileWriter.removeAllTemporaryFiles()
                // End as the signal would have: unblocked on this thread (queue threads, and a
                // process started with a blocked mask, block it), with the default action.
                signal(number, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, number)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(number)
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
