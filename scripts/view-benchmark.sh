#!/usr/bin/env bash
# OpenTextKit's view (otk-editor --measure) beside GTK 4's GtkTextView (Benchmarks/GtkTextView)
# on the same file, in the same run, under a virtual display (Xvfb): each is started, its first
# frame timed (from the start of the program) with its resident memory then, scrolled with 300
# mouse-wheel steps at 60 a second, typed into (60 keys, 20 a second), and closed; each prints
# its figures as JSON. Not part of `make test` (it takes a minute on the 100 MB document).
#
#   scripts/view-benchmark.sh OTK_EDITOR GTK_TEXT_VIEW_BENCH FILE
# EDITOR_OPTIONS=--no-spell-checking measures the editor without its spell checking.
set -euo pipefail
EDITOR_BIN=${1:?usage: view-benchmark.sh OTK_EDITOR GTK_TEXT_VIEW_BENCH FILE}
GTK_BIN=${2:?usage: view-benchmark.sh OTK_EDITOR GTK_TEXT_VIEW_BENCH FILE}
FILE=${3:?usage: view-benchmark.sh OTK_EDITOR GTK_TEXT_VIEW_BENCH FILE}

work=$(mktemp -d)
display=$((300 + $$ % 100))
while [ -e /tmp/.X11-unix/X$display ] || [ -e /tmp/.X$display-lock ]; do display=$((display + 1)); done
Xvfb :$display -screen 0 1024x768x24 -br -nolisten tcp >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -e /tmp/.X11-unix/X$display ] && break; sleep 0.05; done
export DISPLAY=:$display GSK_RENDERER=${GSK_RENDERER:-cairo} GTK_IM_MODULE=gtk-im-context-simple XDG_CONFIG_HOME="$work/config"
# GSK_RENDERER=default: each program with the renderer it chooses (GTK 4.8's GL, on llvmpipe here;
# the editor's Cairo when GL is software, SoftwareGL.preferCairoRenderer()).
if [ "$GSK_RENDERER" = default ]; then unset GSK_RENDERER; fi
mkdir -p "$work/config/gtk-4.0"
printf '[Settings]\ngtk-cursor-blink=false\n' > "$work/config/gtk-4.0/settings.ini"

# measure NAME TITLE PROGRAM...: runs the program on a copy of FILE and prints its JSON.
measure() {
  local name=$1 title=$2; shift 2
  cp "$FILE" "$work/document.txt"
  OTK_LAUNCH_TIME=$(date +%s%N) "$@" "$work/document.txt" > "$work/$name.json" 2>/dev/null &
  local program=$!
  xdotool search --sync --onlyvisible --name "$title" >/dev/null
  sleep 2
  xdotool mousemove 450 350
  xdotool click --repeat 300 --delay 16 5
  sleep 1
  xdotool type --delay 50 "The quick brown fox jumps over the lazy dog, again and again."
  sleep 1
  xdotool key ctrl+q
  # The editor asks about the typed changes: Don't Save (GtkTextView has already gone).
  sleep 0.5
  xdotool key alt+d 2>/dev/null || true
  wait "$program"
  printf '"%s": %s' "$name" "$(cat "$work/$name.json")"
}

echo "{"
measure openTextKit document.txt "$EDITOR_BIN" --measure ${EDITOR_OPTIONS:-}
echo ","
measure gtkTextView gtk-text-view-bench "$GTK_BIN"
echo
echo "}"
