#!/usr/bin/env bash
# Builds the npm package into bindings/wasm/pkg/: the library compiled to WebAssembly (and
# made smaller by wasm-opt), the JavaScript glue wasm-bindgen writes for it, the recognizers
# build.rs compiles from the grammars into JavaScript, and the package's own files (npm/).
set -euo pipefail
cd "$(dirname "$0")"

# The glue must come from the same wasm-bindgen as the crate (Cargo.toml pins it).
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]]; then
    echo "build.sh needs wasm-bindgen $version: cargo install wasm-bindgen-cli --version $version" >&2
    exit 1
fi

# The module holds the file names of its panic locations: name them from the repository and
# from Cargo's home, not by where they are on the machine that builds it.
repository=$(cd ../.. && pwd)
export RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix=$repository=urn-tag --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=cargo"
# build.rs writes the JavaScript recognizers into its OUT_DIR, which Cargo's messages name.
out_dir=$(cargo build --release --target wasm32-unknown-unknown --message-format=json-render-diagnostics |
    sed -n 's/^{"reason":"build-script-executed","package_id":"[^"]*#urn-tag-wasm@[^"]*".*"out_dir":"\([^"]*\)"}$/\1/p')
if [[ ! -f "$out_dir/urn_recognizer.js" ]]; then
    echo "build.sh: build.rs wrote no recognizers (OUT_DIR: '$out_dir')" >&2
    exit 1
fi
rm -rf pkg
wasm-bindgen --target web --no-typescript --out-dir pkg --out-name urn_tag_wasm \
    target/wasm32-unknown-unknown/release/urn_tag_wasm.wasm
# binaryen's wasm-opt, of the version package.json pins (npm ci installs it), makes the
# module smaller; it reads the features the module may use from the module itself.
if [[ ! -x node_modules/.bin/wasm-opt ]]; then
    npm ci --no-audit --no-fund
fi
# Measured on the module of 2026-11-27 (bytes gzipped at level 9): -Os alone 151 290; its
# memory-packing pass left out, 149 923 (it splits the data into hundreds of segments around
# runs of zeros, whose headers gzip compresses worse than the zeros); the producers and
# target-features sections stripped (no engine reads them), and the passes repeated until
# they change nothing, 149 401. -Oz gives a smaller module that gzips larger.
node_modules/.bin/wasm-opt -Os --converge --skip-pass=memory-packing \
    --strip-producers --strip-target-features \
    pkg/urn_tag_wasm_bg.wasm -o pkg/urn_tag_wasm_bg.wasm
cp npm/* "$out_dir/urn_recognizer.js" "$out_dir/tag_recognizer.js" pkg/
# The module's bytes again, as base64 in a JavaScript module, for bundled.js.
{
    echo "// The bytes of urn_tag_wasm_bg.wasm, base64, for bundled.js (written by build.sh)."
    echo "export const wasmBase64 = '$(base64 -w0 pkg/urn_tag_wasm_bg.wasm)';"
} > pkg/urn_tag_wasm_inline.js
cp ../../LICENSE-MIT ../../LICENSE-APACHE pkg/
echo "built $(pwd)/pkg"
# The size the docs state, when Node.js is here to measure it as CI does.
if command -v node >/dev/null; then node size.mjs; fi
