#!/usr/bin/env bash
# Builds a release into target/release-artifacts/, then tests each artifact as a user installs it
# (release/test.sh) and writes SHA256SUMS over them. RELEASING.md says what to do with them.
#
#   release/build.sh [--allow-dirty] [--no-test] [PART...]
#
# The parts, all of them when none is named:
#   crate          urn-tag-X.Y.Z.crate and urn-tag-peg-X.Y.Z.crate (the grammar compiler), as
#                  `cargo package` makes them; `cargo publish --dry-run` passes
#   cli-x86_64     urn-tag-X.Y.Z-x86_64-unknown-linux-musl.tar.gz: the static command-line
#                  tool, with the licences, README.md, man pages and shell completions
#   cli-aarch64    the same for aarch64-unknown-linux-musl
#   wheel-x86_64   the Python wheel for CPython 3.9 and later (abi3), manylinux2014, x86_64
#   wheel-aarch64  the same for aarch64
#   wheel-musl     the same for musllinux_1_2 (Alpine and other musl systems), x86_64
#   sdist          the Python source distribution
#   spark-jar      urn-tag-spark-X.Y.Z-linux-x86_64.jar: Spark's Java functions with their
#                  native library, as bindings/jvm/build.sh builds them (needs a JDK, which it
#                  installs from Debian's packages when javac is missing)
#   npm            urn-tag-X.Y.Z.tgz, as `npm pack` makes it from what bindings/wasm/build.sh
#                  builds
#
# Each surface is built by its own build command (cargo, maturin on bindings/python,
# bindings/wasm/build.sh), so the release builds whatever they build. The script installs
# what it needs that the Rust toolchain lacks: the Rust targets, maturin and Zig (from PyPI,
# release/requirements.txt, into target/release-tools/), and Debian's qemu-user-static to run
# the aarch64 tool's smoke test.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)

all_parts=(crate cli-x86_64 cli-aarch64 wheel-x86_64 wheel-aarch64 wheel-musl sdist spark-jar npm)
allow_dirty=false
run_tests=true
parts=()
for argument in "$@"; do
    case "$argument" in
        --allow-dirty) allow_dirty=true ;;
        --no-test) run_tests=false ;;
        -h | --help)
            sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
            exit 0
            ;;
        *)
            if ! [[ " ${all_parts[*]} " == *" $argument "* ]]; then
                echo "unknown part: $argument (the parts: ${all_parts[*]})" >&2
                exit 2
            fi
            parts+=("$argument")
            ;;
    esac
done
[ ${#parts[@]} -gt 0 ] || parts=("${all_parts[@]}")
# The release is built on x86_64 Linux: the x86_64 tool runs here, and makes the man pages.
if [ "$(uname -sm)" != "Linux x86_64" ]; then
    echo "release/build.sh builds on x86_64 Linux, not on $(uname -sm)" >&2
    exit 1
fi

# A release is made from what is committed: the files it packs must be the ones a tag names.
changes=$(git status --porcelain)
if ! $allow_dirty && [ -n "$changes" ]; then
    echo "the work tree has changes; commit them, or pass --allow-dirty to try:" >&2
    echo "$changes" >&2
    exit 1
fi

version=$(release/version.sh)
dist=$repository/target/release-artifacts
work=$repository/target/release-work
rm -rf "$dist" "$work"
mkdir -p "$dist" "$work"
echo "urn-tag $version: ${parts[*]}"

# What the binaries hold does not depend on where or when they were built: file names in
# panic messages are named from the repository and Cargo's home, not by their place on this
# machine (as bindings/wasm/build.sh does for the npm package), and archive entries carry the
# time of the commit.
remap="--remap-path-prefix=$repository=urn-tag"
remap+=" --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=cargo"
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
export SOURCE_DATE_EPOCH

add_targets() { rustup target add "$@" >/dev/null 2>&1 || rustup target add "$@"; }

# maturin and Zig, at the versions release/requirements.txt pins, in a virtual environment of
# the release's own. maturin finds Zig as `python3 -m ziglang`, with the python3 on PATH.
tools=$repository/target/release-tools
python_tools() {
    if ! cmp -s release/requirements.txt "$tools/requirements.txt" 2>/dev/null; then
        rm -rf "$tools"
        python3 -m venv "$tools"
        "$tools/bin/pip" install --quiet --upgrade pip
        "$tools/bin/pip" install --quiet -r release/requirements.txt
        cp release/requirements.txt "$tools/requirements.txt"
    fi
    export PATH="$tools/bin:$PATH"
}

# The crates as `cargo package` makes them, which also builds what it packed; then `cargo
# publish --dry-run` checks what publishing checks besides (without building them again).
# Every package of the workspace that is published (the library and its grammar compiler),
# none that is not.
build_crate() {
    local names=() versions=() name version
    while read -r name version; do names+=("$name"); versions+=("$version"); done < <(
        cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
for package in json.load(sys.stdin)["packages"]:
    if package["publish"] != []:
        print(package["name"], package["version"])
')
    local options=()
    for name in "${names[@]}"; do options+=(--package "$name"); done
    if $allow_dirty; then options+=(--allow-dirty); fi
    cargo package --locked "${options[@]}"
    cargo publish --dry-run --no-verify --locked "${options[@]}"
    local i
    for i in "${!names[@]}"; do
        cp "target/package/${names[i]}-${versions[i]}.crate" "$dist/"
    done
}

# The command-line tool, linked statically against musl, in the `dist` profile (Cargo.toml).
# The targets' code has no C, so for another architecture Rust's own linker (rust-lld, in the
# toolchain) links it with the musl that Rust ships; build.rs and its dependencies run on this
# machine and use its C compiler.
cli_binary() {
    local triple=$1
    add_targets "$triple"
    local linker=()
    if [ "$triple" != x86_64-unknown-linux-musl ]; then
        linker=(env "CARGO_TARGET_$(tr 'a-z-' 'A-Z_' <<<"$triple")_LINKER=rust-lld")
    fi
    RUSTFLAGS="${RUSTFLAGS:-} $remap" "${linker[@]}" \
        cargo build --locked --profile dist --features cli --target "$triple"
}

# The man pages and completion scripts, which the tool prints itself; made with the x86_64
# build, which runs here, for every archive (their text does not depend on the machine).
cli_docs() {
    local into=$1 tool=target/x86_64-unknown-linux-musl/dist/urn-tag
    mkdir -p "$into/man" "$into/completions"
    "$tool" man >"$into/man/urn-tag.1"
    # `urn-tag man` with an unknown name lists the commands that have pages.
    local listing command
    listing=$("$tool" man '?' 2>&1 >/dev/null || true)
    for command in $(sed -n 's/.*the commands are: //p' <<<"$listing" | tr -d ','); do
        [ "$command" = help ] || "$tool" man "$command" >"$into/man/urn-tag-$command.1"
    done
    "$tool" completions bash >"$into/completions/urn-tag.bash"
    "$tool" completions zsh >"$into/completions/_urn-tag"
    "$tool" completions fish >"$into/completions/urn-tag.fish"
    "$tool" completions elvish >"$into/completions/urn-tag.elv"
    "$tool" completions powershell >"$into/completions/_urn-tag.ps1"
}

build_cli() {
    local triple=$1
    cli_binary x86_64-unknown-linux-musl
    [ "$triple" = x86_64-unknown-linux-musl ] || cli_binary "$triple"
    local name=urn-tag-$version-$triple
    local stage=$work/archive/$name
    mkdir -p "$stage"
    cp "target/$triple/dist/urn-tag" README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE "$stage/"
    cli_docs "$stage"
    # A tar file that is the same from the same commit: entries sorted, owned by root, dated
    # by the commit; gzip without a name or time of its own.
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
        -C "$work/archive" -cf - "$name" | gzip -9 -n >"$dist/$name.tar.gz"
}

# The wheels: maturin, on the package's own pyproject.toml, linking with Zig for glibc 2.17
# (manylinux2014) or musl 1.2 (musllinux_1_2) whatever this machine's C library is.
build_wheel() {
    local triple=$1 compatibility=$2
    add_targets "$triple"
    python_tools
    RUSTFLAGS="${RUSTFLAGS:-} $remap" maturin build --release --locked --zig \
        --target "$triple" --compatibility "$compatibility" \
        --manifest-path bindings/python/Cargo.toml --out "$dist"
}

build_sdist() {
    python_tools
    maturin sdist --manifest-path bindings/python/Cargo.toml --out "$dist"
}

# Spark's Java functions: bindings/jvm/build.sh builds the jar, its native library linked by
# Zig for glibc 2.17 as the manylinux2014 wheels are (cargo with Zig as its linker), so that it
# loads on the executors of old Linux images too.
build_spark_jar() {
    python_tools
    local linker=$work/zig-cc-x86_64-linux-gnu.2.17 jar
    printf '#!/bin/sh\nexec python3 -m ziglang cc -target x86_64-linux-gnu.2.17 "$@"\n' >"$linker"
    chmod +x "$linker"
    add_targets x86_64-unknown-linux-gnu
    jar=$(
        export CARGO_BUILD_TARGET=x86_64-unknown-linux-gnu
        export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=$linker
        RUSTFLAGS="${RUSTFLAGS:-} $remap" bindings/jvm/build.sh --out "$work"
    )
    mv "$jar" "$dist/urn-tag-spark-$version-linux-x86_64.jar"
}

# The npm package: bindings/wasm/build.sh builds it into bindings/wasm/pkg/, and `npm pack`
# makes the tarball the registry would get.
build_npm() {
    add_targets wasm32-unknown-unknown
    bindings/wasm/build.sh
    (cd bindings/wasm/pkg && npm pack --pack-destination "$dist" >/dev/null)
}

began=$SECONDS
for part in "${parts[@]}"; do
    echo "== $part ($((SECONDS - began)) s so far)"
    case "$part" in
        crate) build_crate ;;
        cli-x86_64) build_cli x86_64-unknown-linux-musl ;;
        cli-aarch64) build_cli aarch64-unknown-linux-musl ;;
        wheel-x86_64) build_wheel x86_64-unknown-linux-gnu manylinux2014 ;;
        wheel-aarch64) build_wheel aarch64-unknown-linux-gnu manylinux2014 ;;
        wheel-musl) build_wheel x86_64-unknown-linux-musl musllinux_1_2 ;;
        sdist) build_sdist ;;
        spark-jar) build_spark_jar ;;
        npm) build_npm ;;
    esac
done
echo "== built in $((SECONDS - began)) s"

(cd "$dist" && sha256sum -- * >"$work/SHA256SUMS" && mv "$work/SHA256SUMS" .)
ls -l "$dist"

if $run_tests; then
    release/test.sh
fi
