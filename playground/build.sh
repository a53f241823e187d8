#!/usr/bin/env bash
# Builds the grammar playground into playground/dist/: the WebAssembly module (release,
# for wasm32-unknown-unknown), its JavaScript glue written by the `wasm-bindgen` command-line
# tool, and the page's own files. The grammar texts are compiled into the module from the
# repository's .pest files. Needs the wasm32-unknown-unknown target and wasm-bindgen-cli
# 0.2.130 (the version playground/wasm/Cargo.toml pins); .ci/run installs both. The grammar
# editor (editor/editor.js, CodeMirror 6) is bundled into dist/editor.js with esbuild, both
# from npm at the versions editor/package-lock.json pins, installed here with `npm ci` when
# editor/node_modules/ is missing or older than the lock file.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dist="$here/dist"

cargo build --manifest-path "$here/wasm/Cargo.toml" --locked --release \
    --target wasm32-unknown-unknown
rm -rf "$dist"
mkdir -p "$dist"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
    "$here/wasm/target/wasm32-unknown-unknown/release/urn_tag_playground.wasm"
if [ ! -d "$here/editor/node_modules" ] \
    || [ "$here/editor/package-lock.json" -nt "$here/editor/node_modules/.package-lock.json" ]; then
    (cd "$here/editor" && npm ci --no-audit --no-fund)
fi
"$here/editor/node_modules/.bin/esbuild" "$here/editor/editor.js" --bundle --format=esm \
    --minify --log-level=warning --outfile="$dist/editor.js"
cp "$here/index.html" "$here/app.js" "$here/trace.js" "$here/stepper.js" "$here/registration-report.js" "$here/worker.js" "$here/style.css" "$here/sw.js" "$dist/"
echo "built $dist ($(du -sk "$dist" | cut -f1) KiB)"
