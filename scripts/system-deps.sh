#!/usr/bin/env bash
# Makes sure the system pieces the tests need are present: a Chromium with WebGPU (Debian's
# chromium, never a downloaded browser) and the Vulkan loader that Dawn (the `webgpu` package)
# and the SwiftShader driver need. Installs them with apt-get when run as root on Debian/Ubuntu;
# elsewhere says exactly what to install.
set -euo pipefail

have_chromium() {
  [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ] && return 0
  for p in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
    [ -x "$p" ] && return 0
  done
  return 1
}

have_vulkan_loader() {
  ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1'
}

missing=()
have_chromium || missing+=(chromium)
have_vulkan_loader || missing+=(libvulkan1)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} with apt-get (needed by the browser and GPU tests)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

cat >&2 <<MSG
The tests need: ${missing[*]}
  Debian/Ubuntu:  sudo apt-get install -y chromium libvulkan1
  Or set CHROMIUM_PATH to a Chrome/Chromium binary (WebGPU-capable) and install your
  distribution's Vulkan loader (libvulkan.so.1).
MSG
exit 1
