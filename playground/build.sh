#!/usr/bin/env bash
# Builds the grammar playground into playground/dist/: the WebAssembly module (release,
# for wasm32-unknown-unknown), its JavaScript glue written by the `wasm-bindgen` command-line
# tool, and the page's own files. The grammar texts are compiled into the module from the
# repository's .pest files. Needs the wasm32-unknown-unknown target and wasm-bindgen-cli
# 0.2.130 (the version playground/wasm/Cargo.toml pins); .ci/run installs both.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dist="$here/dist"

cargo build --manifest-path "$here/wasm/Cargo.toml" --locked --release \
    --target wasm32-unknown-unknown
rm -rf "$dist"
mkdir -p "$dist"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
    "$here/wasm/target/wasm32-unknown-unknown/release/urn_tag_playground.wasm"
cp "$here/index.html" "$here/app.js" "$here/worker.js" "$here/style.css" "$here/sw.js" "$dist/"
echo "built $dist ($(du -sk "$dist" | cut -f1) KiB)"
