#!/usr/bin/env bash
# One version everywhere: the crate (and so `urn-tag --version`), the Python package and the
# npm package are released together and carry the same version.
#
#   release/version.sh            prints the version, or names every file that differs and fails
#   release/version.sh set X.Y.Z  writes X.Y.Z into every one of them (and their lockfiles)
#
# The manifests that carry it: the crate's and the grammar compiler's, published with it (and
# the version the crate requires of it). The Python package's version is the one of its crate
# (pyproject.toml declares it dynamic, and maturin reads Cargo.toml); the npm package's crate
# is not published, but is kept in step so that no version in the release is a stale one.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo_manifests=(Cargo.toml build/peg/Cargo.toml bindings/python/Cargo.toml bindings/wasm/Cargo.toml)
npm_manifest=bindings/wasm/npm/package.json
pyproject=bindings/python/pyproject.toml

# The `version = "..."` of a Cargo.toml's [package] table: its first such line, which the
# [package] table, always first in these manifests, holds.
cargo_version() { sed -n 's/^version = "\(.*\)"$/\1/p' "$1" | head -n 1; }
# What a manifest requires of the published crates it depends on by path and version
# (`urn-tag-peg = { path = "build/peg", version = "..." }`): one line per dependency, its name
# and the version it names. Published with it, they are the same version.
cargo_requirements() {
    sed -n 's/^\(urn-tag[a-z-]*\) = {.* version = "\([^"]*\)".*$/\1\t\2/p' "$1"
}
# The top-level "version" of package.json, the only member at its indentation of that name.
npm_version() { sed -n 's/^  "version": "\(.*\)",$/\1/p' "$1"; }
# A static `version` in [project], if pyproject.toml ever gets one instead of `dynamic`.
pyproject_version() {
    sed -n '/^\[project\]$/,/^\[/s/^version = "\(.*\)"$/\1/p' "$1"
}

versions() {
    local manifest
    local name requirement
    for manifest in "${cargo_manifests[@]}"; do
        printf '%s\t%s\n' "$manifest" "$(cargo_version "$manifest")"
        while IFS=$'\t' read -r name requirement; do
            printf '%s\t%s\n' "$manifest ($name)" "$requirement"
        done < <(cargo_requirements "$manifest")
    done
    printf '%s\t%s\n' "$npm_manifest" "$(npm_version "$npm_manifest")"
    local python
    python=$(pyproject_version "$pyproject")
    if [ -n "$python" ]; then printf '%s\t%s\n' "$pyproject" "$python"; fi
}

check() {
    local table distinct
    table=$(versions)
    distinct=$(cut -f2 <<<"$table" | sort -u)
    if [ "$(wc -l <<<"$distinct")" -ne 1 ] || [ -z "$distinct" ]; then
        echo "the release's versions differ (release/version.sh set X.Y.Z makes them one):" >&2
        awk -F'\t' '{ printf "  %-32s %s\n", $1, $2 }' <<<"$table" >&2
        exit 1
    fi
    echo "$distinct"
}

set_version() {
    local version=$1 manifest
    # SemVer 2.0.0 as Cargo, npm and PEP 440 all read it: a pre-release is `-alpha.1`, which
    # maturin writes into the wheel as `a1`.
    if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
        echo "not a version: $version (X.Y.Z, or X.Y.Z-pre.N)" >&2
        exit 2
    fi
    for manifest in "${cargo_manifests[@]}"; do
        # Only the first `version = ` line: the [package] table's.
        sed -i "0,/^version = \".*\"$/s//version = \"$version\"/" "$manifest"
        sed -i "s/^\(urn-tag[a-z-]* = {.* version = \"\)[^\"]*\"/\1$version\"/" "$manifest"
    done
    # The `"version"` line of package.json, rewritten in place: the file keeps its layout.
    sed -i "0,/^  \"version\": \".*\",$/s//  \"version\": \"$version\",/" "$npm_manifest"
    if [ -n "$(pyproject_version "$pyproject")" ]; then
        sed -i "/^\[project\]$/,/^\[/s/^version = \".*\"$/version = \"$version\"/" "$pyproject"
    fi
    # Every lockfile that records one of these crates: resolving again writes the new
    # versions of the path packages and changes nothing else.
    local lockfile
    for lockfile in $(git ls-files '*Cargo.lock'); do
        if grep -qE '^name = "urn-tag' "$lockfile"; then
            cargo update --offline --workspace --quiet \
                --manifest-path "$(dirname "$lockfile")/Cargo.toml" >/dev/null
        fi
    done
    check
}

case "${1:-check}" in
    check) check ;;
    set)
        [ $# -eq 2 ] || { echo "usage: release/version.sh set X.Y.Z" >&2; exit 2; }
        set_version "$2"
        ;;
    *)
        echo "usage: release/version.sh [check | set X.Y.Z]" >&2
        exit 2
        ;;
esac
