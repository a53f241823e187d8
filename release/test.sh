#!/usr/bin/env bash
# Tests each artifact in target/release-artifacts/ (release/build.sh) as a user installs it,
# and records its size and how long its install took:
#
# * the crates, urn-tag built as a dependency of a new crate from the `.crate` files alone;
# * the command-line tool's archives, unpacked: the binary statically linked and of the right
#   architecture, run with an empty environment (the aarch64 one under qemu-user-static, from
#   Debian's packages); the pages and completion scripts there;
# * the x86_64 manylinux wheel, installed into a new virtual environment where no Rust
#   toolchain is found, and the Python tests run against it from a copy of the repository
#   that has no Python source to import instead (and against the x86_64 tool, when its
#   archive is here); the other wheels checked for their architecture and C library, and the
#   source distribution built into a wheel;
# * the npm tarball, installed into an empty directory, and the Node.js tests run against it
#   (and against the x86_64 tool, when its archive is here).
#
# Everything happens in target/release-work/ (and target/debug/, when a tool must be built for
# the packages' tests); nothing the repository tracks is touched.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)
dist=$repository/target/release-artifacts
work=$repository/target/release-work/test
version=$(release/version.sh)
rm -rf "$work"
mkdir -p "$work"

fail() {
    echo "release test failed: $*" >&2
    exit 1
}

# One row per artifact: file, size in bytes, what installing it is, seconds it took.
installs=$work/installs.tsv
: >"$installs"
record() {
    printf '%s\t%s\t%s\t%s\n' "$(basename "$1")" "$(stat -c %s "$1")" "$2" "$3" >>"$installs"
}
# Runs a command and sets `took` to its wall-clock time in seconds, to a tenth.
timed() {
    local start
    start=$(date +%s%N)
    "$@"
    took=$(awk -v ns="$(($(date +%s%N) - start))" 'BEGIN { printf "%.1f", ns / 1e9 }')
}

# The repository's files as they are in the work tree (tracked, and new ones not ignored),
# copied, for the tests that read its test data: the installed packages are tested from
# there, in a tree without the Python package's source and with the npm package's pkg/ the
# installed one.
tree=$work/tree
copy_tree() {
    [ -d "$tree" ] && return
    mkdir -p "$tree"
    git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
        if [ -e "$file" ]; then printf '%s\0' "$file"; fi
    done | xargs -0 cp -P --parents -t "$tree"
}

# Sets `found` to the one artifact whose name matches the pattern; fails if not exactly one.
find_one() {
    # The pattern is meant to glob, and no file name here has a space.
    # shellcheck disable=SC2206
    local matches=("$dist"/$1)
    found=""
    [ -e "${matches[0]}" ] || return 1
    [ ${#matches[@]} -eq 1 ] || fail "more than one $1 in $dist"
    found=${matches[0]}
}

# The ELF header's machine, as readelf names it.
machine() { readelf -hW "$1" | sed -n 's/^ *Machine: *//p'; }

# --- The crate ---------------------------------------------------------------------------
test_crate() {
    local dependent=$work/dependent
    mkdir -p "$dependent/src" "$dependent/crates"
    local crate patches=""
    for crate in "$dist"/*.crate; do
        tar -xzf "$crate" -C "$dependent/crates"
        local name=${crate##*/}
        name=${name%.crate}
        patches+="${name%-"$version"} = { path = \"crates/$name\" }"$'\n'
    done
    # Its own workspace: the crate is a stranger to this repository's. The packaged crates
    # stand in for crates.io's with [patch]; every other dependency comes from crates.io,
    # resolved anew, as for a user.
    cat >"$dependent/Cargo.toml" <<EOF
[package]
name = "urn-tag-dependent"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
urn-tag = "=$version"

[patch.crates-io]
$patches
[workspace]
EOF
    cp release/dependent/main.rs "$dependent/src/main.rs"
    timed cargo build --quiet --manifest-path "$dependent/Cargo.toml"
    for crate in "$dist"/*.crate; do
        if [ "${crate##*/}" = "urn-tag-$version.crate" ]; then
            record "$crate" "cargo build of a new crate that depends on it" "$took"
        else
            record "$crate" "built in the same build, as urn-tag's dependency" ""
        fi
    done
    "$dependent/target/debug/urn-tag-dependent" >"$work/dependent.out"
    diff -u release/dependent/expected.txt "$work/dependent.out" \
        || fail "the dependent crate's output differs from release/dependent/expected.txt"
    echo "ok: the packaged crate builds as a dependency and works"
}

# --- The command-line tool ---------------------------------------------------------------
# The packages' tests compare them with the command line (URN_TAG_CLI): the released x86_64
# tool when its archive was tested, or else a debug build of this work tree.
cli=""
tool_for_tests() {
    if [ -z "$cli" ]; then
        cargo build --quiet --features cli
        cli=$repository/target/debug/urn-tag
    fi
}
test_cli() {
    local triple=$1 expected_machine=$2 runner=()
    local name=urn-tag-$version-$triple
    find_one "$name.tar.gz" || return 0
    local archive=$found
    local into=$work/cli-$triple
    mkdir -p "$into"
    timed tar -xzf "$archive" -C "$into"
    record "$archive" "download and tar -xzf" "$took"
    local root=$into/$name tool=$into/$name/urn-tag
    local file
    for file in urn-tag README.md LICENSE-MIT LICENSE-APACHE man/urn-tag.1 man/urn-tag-check.1 \
        completions/urn-tag.bash completions/_urn-tag completions/urn-tag.fish \
        completions/urn-tag.elv completions/_urn-tag.ps1; do
        [ -s "$root/$file" ] || fail "$name.tar.gz has no $file"
    done
    [ "$(machine "$tool")" = "$expected_machine" ] \
        || fail "$name's binary is for $(machine "$tool"), not $expected_machine"
    # Statically linked: no program interpreter (ld.so) to load it, and no shared library.
    if readelf -lW "$tool" | grep -q INTERP || readelf -dW "$tool" | grep -q NEEDED; then
        fail "$name's binary is dynamically linked"
    fi
    bash -n "$root/completions/urn-tag.bash" || fail "the bash completion script does not parse"
    grep -q "\"urn-tag $version\"" "$root/man/urn-tag.1" || fail "the man page is not of $version"

    if [ "$expected_machine" != "$(machine /bin/sh)" ]; then
        local emulator=qemu-${triple%%-*}-static
        if ! command -v "$emulator" >/dev/null; then
            as_root apt-get update -qq || true
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static \
                >/dev/null || true
        fi
        if ! command -v "$emulator" >/dev/null; then
            echo "skipped: $name's smoke test (no $emulator: Debian's qemu-user-static)"
            return 0
        fi
        runner=("$emulator")
    fi
    # With an empty environment: no PATH, no locale, no HOME.
    local out status
    out=$(env -i "${runner[@]}" "$tool" --version)
    [ "$out" = "urn-tag $version" ] || fail "$name: --version printed '$out'"
    out=$(env -i "${runner[@]}" "$tool" check urn:isbn:0451450523 tag:yaml.org,2002:int) \
        || fail "$name: check of two valid identifiers failed"
    [ "$(cut -c1-6 <<<"$out")" = $'valid \nvalid ' ] || fail "$name: check printed '$out'"
    status=0
    out=$(env -i "${runner[@]}" "$tool" check urn:isbn) || status=$?
    [ "$status" = 1 ] || fail "$name: check of an invalid URN exited $status, not 1"
    grep -qF "expected ':' after NID at byte 8" <<<"$out" || fail "$name: check printed '$out'"
    if [ ${#runner[@]} -eq 0 ]; then cli=$tool; fi
    echo "ok: $name (${runner[*]:-natively})"
}

# --- The Python package ------------------------------------------------------------------
# A PATH without the Rust toolchain: the virtual environment's and the system's directories.
python_path() {
    local path="$1/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    local tool
    for tool in cargo rustc; do
        if PATH=$path command -v "$tool" >/dev/null; then
            fail "$tool is in a system directory: the wheel's test needs a PATH without it"
        fi
    done
    echo "$path"
}

# The zip members of a wheel that are native modules, and their ELF machine.
wheel_machine() {
    local wheel=$1 into=$2
    mkdir -p "$into"
    python3 -m zipfile -e "$wheel" "$into"
    local modules=("$into"/urn_tag/*.so)
    [ -e "${modules[0]}" ] || fail "${wheel##*/} has no native module"
    machine "${modules[0]}"
}

test_wheel_installed() {
    find_one "urn_tag-*-cp39-abi3-manylinux*_x86_64.whl" || return 0
    local wheel=$found
    local venv=$work/venv-wheel path
    python3 -m venv "$venv"
    path=$(python_path "$venv")
    timed env PATH="$path" "$venv/bin/pip" install --quiet "$wheel"
    record "$wheel" "pip install into a new virtual environment" "$took"
    # The test dependencies the package names (its `test` extra), from PyPI.
    env PATH="$path" "$venv/bin/pip" install --quiet "${wheel}[test]"
    copy_tree
    tool_for_tests
    # The Spark functions' jar, which the tests load into their session: the release's, else
    # the one named (CI's), else built.
    local spark_jar=${URN_TAG_SPARK_JAR:-}
    if find_one "urn-tag-spark-*-linux-x86_64.jar"; then
        spark_jar=$found
    elif [ -z "$spark_jar" ]; then
        spark_jar=$(bindings/jvm/build.sh --out "$work")
    fi
    # The package's Python source (pyproject.toml's python-source) is not in the tree the
    # tests run from: what they import can only be the installed wheel.
    local source
    source=$(sed -n 's/^python-source = "\(.*\)"$/\1/p' bindings/python/pyproject.toml)
    rm -rf "$tree/bindings/python/${source:?pyproject.toml names no python-source}"
    (
        cd "$tree"
        env PATH="$path" python -c '
import sys, urn_tag
assert urn_tag.__file__.startswith(sys.prefix), urn_tag.__file__
assert urn_tag.__version__ == sys.argv[1], urn_tag.__version__
print("importing", urn_tag.__file__)
' "$version"
        env PATH="$path" URN_TAG_CLI="$cli" URN_TAG_SPARK_JAR="$spark_jar" \
            python -m pytest -q -p no:cacheprovider bindings/python/tests
    )
    echo "ok: ${wheel##*/} installed without Rust and passed the Python tests (against $cli)"
}

test_wheel_machines() {
    local wheel
    if find_one "urn_tag-*-cp39-abi3-manylinux*_aarch64.whl"; then
        wheel=$found
        [ "$(wheel_machine "$wheel" "$work/wheel-aarch64")" = AArch64 ] \
            || fail "${wheel##*/} is not for AArch64"
        record "$wheel" "not installed here (no aarch64 CPython)" ""
        echo "ok: ${wheel##*/} is for AArch64"
    fi
    if find_one "urn_tag-*-cp39-abi3-musllinux*_x86_64.whl"; then
        wheel=$found
        [ "$(wheel_machine "$wheel" "$work/wheel-musl")" = "Advanced Micro Devices X86-64" ] \
            || fail "${wheel##*/} is not for x86_64"
        # Linked against musl's C library, which its loader names `libc.so`, not glibc's
        # `libc.so.6`.
        local needed
        needed=$(readelf -dW "$work"/wheel-musl/urn_tag/*.so \
            | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
        [ "$needed" = libc.so ] || fail "${wheel##*/} needs $needed, not musl's libc.so alone"
        record "$wheel" "not installed here (no musl CPython)" ""
        echo "ok: ${wheel##*/} is for x86_64 and musl"
    fi
}

# The source distribution is what pip builds where no wheel fits: that needs a Rust
# toolchain, and this one is on PATH.
test_sdist() {
    find_one "urn_tag-*.tar.gz" || return 0
    local sdist=$found
    local venv=$work/venv-sdist
    python3 -m venv "$venv"
    timed "$venv/bin/pip" install --quiet "$sdist"
    record "$sdist" "pip install (builds it, with Rust)" "$took"
    (cd "$work" && "$venv/bin/python" -c '
import sys, urn_tag
assert urn_tag.Urn.parse("urn:isbn:0451450523").nss == "0451450523"
assert urn_tag.__version__ == sys.argv[1], urn_tag.__version__
' "$version")
    echo "ok: ${sdist##*/} builds and installs"
}

# --- The npm package ---------------------------------------------------------------------
test_npm() {
    find_one "urn-tag-$version.tgz" || return 0
    local tarball=$found
    local install=$work/npm-install
    mkdir -p "$install"
    timed npm install --prefix "$install" --no-audit --no-fund --silent "$tarball"
    record "$tarball" "npm install into an empty directory" "$took"
    copy_tree
    # The tests import ../pkg/: there, the installed package. Node.js resolves the link to
    # the package's own place, from which it then loads everything else.
    rm -rf "$tree/bindings/wasm/pkg"
    ln -s "$install/node_modules/urn-tag" "$tree/bindings/wasm/pkg"
    tool_for_tests
    (
        cd "$tree/bindings/wasm"
        npm ci --no-audit --no-fund --silent
        URN_TAG_CLI=$cli node --test test/*.test.mjs
        npx tsc -p test
    )
    echo "ok: ${tarball##*/} installed and passed the Node.js tests (against $cli)"
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

(cd "$dist" && sha256sum --check --quiet SHA256SUMS) || fail "SHA256SUMS does not match"
if compgen -G "$dist/*.crate" >/dev/null; then test_crate; fi
test_cli x86_64-unknown-linux-musl "Advanced Micro Devices X86-64"
test_cli aarch64-unknown-linux-musl AArch64
test_wheel_installed
test_wheel_machines
test_sdist
test_npm

echo
echo "| artifact | bytes | install | seconds |"
echo "| --- | ---: | --- | ---: |"
awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }' "$installs"
