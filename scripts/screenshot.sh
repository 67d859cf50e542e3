#!/usr/bin/env bash
# The README's picture of the editor: otk-editor on Samples/editor-sample.txt in a virtual X
# display (Xvfb), a selection made with real key presses (xdotool), the screen read back from
# Xvfb's frame buffer and written as PNG (netpbm, installed here if missing).
set -euo pipefail
EDITOR_BIN=${1:?usage: screenshot.sh OTK_EDITOR [OUTPUT.png]}
OUTPUT=${2:-Samples/editor.png}
SAMPLE=Samples/editor-sample.txt

if ! command -v xwdtopnm >/dev/null || ! command -v pnmtopng >/dev/null; then
  S=$([ "$(id -u)" = 0 ] || echo sudo)
  $S apt-get update -qq && DEBIAN_FRONTEND=noninteractive $S apt-get install -y -qq --no-install-recommends netpbm
fi

work=$(mktemp -d)
display=$((200 + $$ % 100))
while [ -e /tmp/.X11-unix/X$display ] || [ -e /tmp/.X$display-lock ]; do display=$((display + 1)); done
Xvfb :$display -screen 0 1600x800x24 -br -fbdir "$work" -nolisten tcp >/dev/null 2>&1 &
server=$!
cleanup() { kill "$editor" "$server" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 100); do [ -e "$work/Xvfb_screen0" ] && [ -e /tmp/.X11-unix/X$display ] && break; sleep 0.05; done

# A copy to edit, a caret that does not blink (the picture shows it), GTK's software renderer,
# two pixels a point (a sharp picture).
cp "$SAMPLE" "$work/editor-sample.txt"
mkdir -p "$work/config/gtk-4.0"
printf '[Settings]\ngtk-cursor-blink=false\n' > "$work/config/gtk-4.0/settings.ini"
DISPLAY=:$display XDG_CONFIG_HOME="$work/config" GSK_RENDERER=cairo GDK_SCALE=2 GTK_IM_MODULE=gtk-im-context-simple \
  "$EDITOR_BIN" "$work/editor-sample.txt" 2>/dev/null &
editor=$!
export DISPLAY=:$display
xdotool search --sync --onlyvisible --name editor-sample.txt >/dev/null
window=$(xdotool search --onlyvisible --name editor-sample.txt | head -1)
xdotool windowsize "$window" 1520 300
xdotool mousemove 1590 790
sleep 1
# The second paragraph selected from its start to the middle of its Arabic, the caret at the end.
xdotool key --delay 60 Down shift+Right shift+Right shift+Right shift+Right shift+Right shift+Right \
  shift+Right shift+Right shift+Right shift+Right shift+Right shift+Right shift+Right shift+Right shift+Right \
  shift+Right shift+Right shift+Right shift+Right
sleep 1
xwdtopnm "$work/Xvfb_screen0" 2>/dev/null | pnmcut -left 0 -top 0 -width 1520 -height 300 | pnmtopng > "$work/editor.png"
mv "$work/editor.png" "$OUTPUT"
echo "The editor's picture is in $OUTPUT"
