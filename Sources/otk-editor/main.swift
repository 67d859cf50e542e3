import CGtk
import Foundation
import OpenTextKitGTK

// otk-editor [--measure] [--no-spell-checking] FILE: a window editing a UTF-8 text file with
// OpenTextKit's GTK text view, its spelling checked (misspelt words underlined) unless
// --no-spell-checking says not to. With --measure, the frame and key timings are printed as
// JSON when the window closes.

// Signals blocked by whatever started the editor stay blocked across exec: unblocked here, so
// that SIGTERM and SIGINT end it as they end any program.
var noSignals = sigset_t()
sigemptyset(&noSignals)
sigprocmask(SIG_SETMASK, &noSignals, nil)
var arguments = Array(CommandLine.arguments.dropFirst())
let options: Set<String> = ["--measure", "--no-spell-checking"]
let leading = arguments.prefix { options.contains($0) }
let given = Set(leading)
arguments.removeFirst(leading.count)
let measures = given.contains("--measure")
guard arguments.count == 1, !arguments[0].hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: otk-editor [--measure] [--no-spell-checking] FILE\n".utf8))
    exit(64)
}
// The document is read while GTK starts (each takes a good part of the time to the first frame
// of a large file).
let loading = DocumentLoading(path: arguments[0])
g_set_application_name("otk-editor")
// Without a GPU, GTK's Cairo renderer rather than GL on the processor (GTK 4.14's choice).
guard SoftwareGL.initializeGTK() else {
    FileHandle.standardError.write(Data("otk-editor: cannot open a display (is DISPLAY set?)\n".utf8))
    exit(69)
}
// The main actor's work (a proofreading session's steps) run by GTK's main loop.
MainActorBridge.attachToGLib()
let document: DocumentFile
do { document = try loading.document() } catch {
    FileHandle.standardError.write(Data("otk-editor: cannot open \(arguments[0]): \(error)\n".utf8))
    exit(66)
}
let editor = EditorWindow(document: document, checksSpelling: !given.contains("--no-spell-checking"))
editor.present()
let timings = FrameTimings()
if measures {
    timings.textBytes = (try? FileManager.default.attributesOfItem(atPath: arguments[0])[.size] as? Int) ?? 0
    timings.attach(to: editor.window)
}
while !editor.isClosed { g_main_context_iteration(nil, 1) }
if measures { print(timings.report()) }
