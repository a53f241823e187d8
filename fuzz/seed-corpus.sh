#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seeds taken from the test vectors in tests/data/, one file
# per input, so that every fuzz run starts from the inputs the test suite already knows.
set -euo pipefail
cd "$(dirname "$0")"
data=../tests/data

seed() { # target, then inputs on standard input, one per line
    mkdir -p "corpus/$1"
    local n=0
    while IFS= read -r line; do
        printf '%s' "$line" > "corpus/$1/seed-$n"
        n=$((n + 1))
    done
    echo "corpus/$1: $n seeds"
}

# The input column of each vector file (skipping comments and the header).
inputs() { grep -v '^#' "$data/$1" | tail -n +2 | cut -f "$2"; }

{ inputs peer-urn-vectors.tsv 4; inputs peer-urn-equivalence.tsv 4; inputs peer-urn-equivalence.tsv 5; } | sort -u | seed parse_urn
{ inputs peer-urn-vectors.tsv 4; inputs peer-tag-vectors.tsv 3; } | sed 's/^/See /; s/$/, and more./' | seed find_urns
{ inputs peer-urn-vectors.tsv 4; printf '%s\n' 'caf%C3%A9' '%E2%80%AE' '%zz%4' '%00%FF' 'a?=b' '/x?y#z'; } | seed percent_decode
inputs peer-tag-vectors.tsv 3 | sort -u | seed parse_tag
{ inputs peer-urn-vectors.tsv 4; inputs peer-urn-equivalence.tsv 4; inputs peer-urn-equivalence.tsv 5; } | sort -u | seed compiled_vs_pest_urn
inputs peer-tag-vectors.tsv 3 | sort -u | seed compiled_vs_pest_tag
