#!/usr/bin/env bash
# Idempotent setup shared by `npm start` and `npm test`: installs only what is missing.
# Works on a fresh Debian machine with rustup, Node 20 and npm, as root, reaching only the
# package registries (crates.io, npm, Debian). Nothing here downloads a prebuilt binary at run time.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*" >&2; }

# The wasm-bindgen CLI must match the crate version in Cargo.lock exactly.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)
WASM_PACK_VERSION=0.15.1

need_rust() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "adding rust target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  for c in clippy rustfmt; do
    rustup component list --installed | grep -q "^$c" || rustup component add "$c"
  done
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (several minutes on a cold machine)"
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
  fi
  if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
    log "installing wasm-pack $WASM_PACK_VERSION"
    cargo install --locked wasm-pack --version "$WASM_PACK_VERSION" --force
  fi
}

need_browser() {
  if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi wqy; then
    log "installing chromium and a CJK font from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-wqy-zenhei >/dev/null
  fi
}

need_node() {
  # node_modules is current when its lockfile copy matches ours.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm dev dependencies"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

# Only for `npm run fuzz` (scripts/fuzz.mjs): cargo-fuzz on the nightly toolchain. Not part of `all`.
need_fuzz() {
  rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
  if ! cargo fuzz --version >/dev/null 2>&1; then
    log "installing cargo-fuzz (about 1.5 minutes)"
    cargo install cargo-fuzz --locked
  fi
}

# Only for the differential test (scripts/differential.mjs): Fairy-Stockfish's Python binding, pyffish,
# in an ignored virtual environment. It is a GPL program used as an oracle process only, never shipped.
PYFFISH_VERSION=0.0.90
need_oracle() {
  if [ ! -x .venv-oracle/bin/python ]; then
    log "creating .venv-oracle"
    python3 -m venv .venv-oracle
  fi
  if ! .venv-oracle/bin/python -c 'import pyffish' >/dev/null 2>&1; then
    log "installing pyffish $PYFFISH_VERSION into .venv-oracle"
    .venv-oracle/bin/pip install --quiet --disable-pip-version-check "pyffish==$PYFFISH_VERSION"
  fi
  .venv-oracle/bin/python -c 'import pyffish' # fails loudly if the install did not work
}

case "${1:-all}" in
  rust) need_rust ;;
  browser) need_browser ;;
  node) need_node ;;
  fuzz) need_fuzz ;;
  oracle) need_oracle ;;
  all) need_rust; need_node; need_browser ;;
  *) echo "usage: setup.sh [all|rust|node|browser|fuzz|oracle]" >&2; exit 2 ;;
esac
