#!/usr/bin/env bash
# Builds urn-tag-spark.jar: Spark SQL functions (java/urntag/spark/) and, inside the jar, the
# native library they call through JNI (this crate), for the machine it is built on.
#
#   bindings/jvm/build.sh [--out DIR]      # default: bindings/jvm/target
#
# Prints the jar's path. Cargo's environment chooses the build (CARGO_TARGET_DIR,
# CARGO_BUILD_TARGET and a linker, as release/build.sh does). Needs the Rust toolchain and a JDK
# (javac and jar, 17 or later);
# installs Debian's openjdk-17-jdk-headless when javac is missing. Spark's jars are not
# needed: the one Spark interface the functions implement is declared in stubs/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$here/target
if [ "${1:-}" = --out ]; then
    out=$(mkdir -p "$2" && cd "$2" && pwd)
fi

if ! command -v javac >/dev/null || ! command -v jar >/dev/null; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless >&2
fi

cargo build --release --locked --manifest-path "$here/Cargo.toml" >&2
# With CARGO_BUILD_TARGET set (the release links for an old glibc that way), cargo builds into
# a directory of the target's name.
target=${CARGO_TARGET_DIR:-$here/target}${CARGO_BUILD_TARGET:+/$CARGO_BUILD_TARGET}
library=$(ls "$target"/release/liburn_tag_jvm.so)

classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
# -implicit:none: the stubs are read to compile against, not compiled into the jar.
javac --release 17 -Xlint:all -Werror -implicit:none -sourcepath "$here/stubs" \
    -d "$classes" "$here"/java/urntag/spark/*.java >&2
# The platform's directory as urntag.spark.Native.platform() names it.
case "$(uname -m)" in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=aarch64 ;;
    *) arch=$(uname -m) ;;
esac
mkdir -p "$classes/urntag/spark/native/linux-$arch"
cp "$library" "$classes/urntag/spark/native/linux-$arch/"
jar --create --file "$out/urn-tag-spark.jar" -C "$classes" . >&2
echo "$out/urn-tag-spark.jar"
