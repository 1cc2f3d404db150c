#!/usr/bin/env bash
# Makes sure the system pieces the tests need are present: a Chromium with WebGPU (Debian's
# chromium, never a downloaded browser), a Firefox with WebGPU (Debian's firefox-esr: the page on
# wgpu, the second implementation) and the Vulkan loader that Dawn (the `webgpu` package)
# and the SwiftShader driver need. Installs them with apt-get when run as root on Debian/Ubuntu;
# elsewhere says exactly what to install. On Debian 12 it also adds Mesa 25's lavapipe from
# bookworm-backports (a second CPU Vulkan driver, with shader-f16) when it can; the GPU tests
# then run on both drivers.
set -euo pipefail

have_chromium() {
  [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ] && return 0
  for p in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
    [ -x "$p" ] && return 0
  done
  return 1
}

have_firefox() {
  [ -n "${FIREFOX_PATH:-}" ] && [ -x "$FIREFOX_PATH" ] && return 0
  for p in /usr/bin/firefox-esr /usr/bin/firefox; do
    [ -x "$p" ] && return 0
  done
  return 1
}

# A Chinese font, so the page's Chinese renders (and its screenshots show characters, not boxes).
have_cjk_font() {
  fc-list :lang=zh 2>/dev/null | grep -q . || [ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]
}

# PostgreSQL (Debian's postgresql, 15 on bookworm): the gallery's tests start a throwaway cluster
# of it beside PGlite. Optional: without it they run on PGlite only, and the summary says so.
have_postgres() {
  command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
}

have_vulkan_loader() {
  ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1'
}

mesa_major() {
  dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null | cut -d. -f1
}

# Lavapipe from Mesa 25+ (Debian 12 ships 22.3, which Dawn rejects): the second driver, and the
# only one here with shader-f16, dp4a and subgroups, so the only one that runs those kernels'
# success paths. Where this script can install it, it is required: the verdict goes to
# $DRIVERS_FILE (when set) as `lavapipe=required`, or `lavapipe=unavailable: <why>`, and the
# test script makes the suite fail without it (required) or says which paths did not run.
lavapipe_verdict() { [ -n "${DRIVERS_FILE:-}" ] && echo "lavapipe=$1" >"$DRIVERS_FILE"; return 0; }

# The backports source reuses the mirror this machine's own apt configuration names.
add_lavapipe() {
  if [ "$(mesa_major)" -ge 25 ] 2>/dev/null; then lavapipe_verdict required; return 0; fi
  . /etc/os-release 2>/dev/null || { lavapipe_verdict "unavailable: no /etc/os-release"; return 0; }
  if [ "${VERSION_CODENAME:-}" != bookworm ]; then
    lavapipe_verdict "unavailable: Mesa 25 is not packaged for ${VERSION_CODENAME:-this system} here"
    return 0
  fi
  local uri
  uri=$(grep -hoE '^URIs: *\S+' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -m1 '/debian$' ||
    grep -hoE '^deb +\S+/debian ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | head -n1)
  [ -n "$uri" ] || { lavapipe_verdict "unavailable: no Debian mirror in the apt configuration"; return 0; }
  lavapipe_verdict required
  if ! grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$uri" >/etc/apt/sources.list.d/backports.sources
  fi
  echo "Installing Mesa 25 lavapipe from bookworm-backports (a second driver for the GPU tests)…"
  apt-get update -qq &&
    apt-get install -y -qq -t bookworm-backports mesa-vulkan-drivers >/dev/null ||
    echo "error: could not install Mesa 25 lavapipe from bookworm-backports; the suite will fail." >&2
}

missing=()
have_chromium || missing+=(chromium)
have_firefox || missing+=(firefox-esr)
have_vulkan_loader || missing+=(libvulkan1)
# Optional: only the screenshots need it.
optional=()
have_cjk_font || optional+=(fonts-wqy-microhei)
have_postgres || optional+=(postgresql)

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  if [ ${#missing[@]} -gt 0 ] || [ ${#optional[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} ${optional[*]} with apt-get (needed by the browser, GPU and gallery tests)…"
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" "${optional[@]}" >/dev/null
  fi
  add_lavapipe
  exit 0
fi
if [ "$(mesa_major)" -ge 25 ] 2>/dev/null; then lavapipe_verdict required; else
  lavapipe_verdict "unavailable: installing Mesa 25 needs root and apt-get"; fi
have_cjk_font ||
  echo "note: no Chinese font (fonts-wqy-microhei): screenshots of the Chinese page show boxes." >&2
have_postgres ||
  echo "note: no PostgreSQL (postgresql): the gallery's tests run on PGlite only." >&2
[ ${#missing[@]} -eq 0 ] && exit 0

cat >&2 <<MSG
The tests need: ${missing[*]}
  Debian/Ubuntu:  sudo apt-get install -y chromium firefox-esr libvulkan1
  Or set CHROMIUM_PATH to a Chrome/Chromium binary and FIREFOX_PATH to a Firefox binary (both
  WebGPU-capable), and install your distribution's Vulkan loader (libvulkan.so.1).
MSG
exit 1
