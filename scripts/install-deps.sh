#!/usr/bin/env bash
# The one list of system packages OpenTextKit needs (Debian 12). Installs only what is missing,
# with apt-get when root and sudo otherwise. Used by `make run`, `make test` and CI.
set -euo pipefail

PACKAGES=(
  pkg-config
  libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev
  libcairo2-dev libpng-dev
  libcmark-gfm-dev libcmark-gfm-extensions-dev
  libhunspell-dev hunspell-en-us
  fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
  unicode-data poppler-utils
  # The GTK 4 view and the editor, and the real windows their tests open (Xvfb, xdotool), with a
  # real input method (ibus and its Japanese engine, Anthy, which runs on Debian's python3-gi)
  # and the accessibility bus a screen reader reads (at-spi2-core, read through gir1.2-atspi-2.0).
  libgtk-4-dev xvfb xdotool ibus ibus-gtk4 ibus-anthy python3-gi at-spi2-core gir1.2-atspi-2.0
)

missing=()
for package in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#PACKAGES[@]} system packages are present."
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  run=()
elif command -v sudo >/dev/null 2>&1; then
  run=(sudo)
else
  echo "install-deps: missing ${missing[*]}, and neither root nor sudo is available to install them." >&2
  exit 1
fi

echo "install-deps: installing ${#missing[@]} missing package(s): ${missing[*]}"
"${run[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-deps: done."
