#!/usr/bin/env bash
# Build the C core's two Python bindings with AddressSanitizer + UndefinedBehaviorSanitizer
# and run the core tests (differential, perft, bad input) and Euchre's machine tests on them.
#
#   tests/engine/sanitize.sh            # the core suite (the tests marked own_backends)
#   tests/engine/sanitize.sh -k perft   # extra pytest arguments
#
# Needs gcc with libasan/libubsan. The build happens in a temporary copy of the tree, so the
# normal (editable or installed) build is left alone. Any sanitizer report aborts the run.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/tree"
cp -r "$repo/src" "$repo/setup.py" "$repo/pyproject.toml" "$work/tree/"
cp -r "$repo/tests" "$repo/benches" "$work/tree/"  # benches/c: the C drivers the tests build
cp -r "$repo/plugins" "$repo/examples" "$work/tree/"  # the tests' conftest and Euchre's read them
cp -r "$repo/README.md" "$repo/docs" "$work/tree/"  # the tests of the docs' examples read them
find "$work/tree" -name '*.so' -delete
cd "$work/tree"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g -O1"
CFLAGS="$san" LDFLAGS="$san" python setup.py -q build_ext --inplace >/dev/null

# The C core alone, with a C driver, first: fast and without the interpreter's noise.
core="-Isrc/ecarte/_core src/ecarte/_core/ec_*.c"
ecarte="-Isrc/ecarte/games/ecarte/c src/ecarte/games/ecarte/c/ec_*.c"
euchre="-Isrc/ecarte/games/euchre/c src/ecarte/games/euchre/c/ec_*.c"
# shellcheck disable=SC2086 # the flags and files are lists
gcc -std=c99 $san "$repo/benches/c/driver.c" $core $ecarte -o "$work/driver" -lm
"$work/driver" hands 200000 7
"$work/driver" solves 20000 7
"$work/driver" chunks 100000 7  # the chunked entry points continue the streams
# shellcheck disable=SC2086
gcc -std=c99 $san -DEC_NO_DISPATCH "$repo/benches/c/driver.c" $core $ecarte \
    -o "$work/driver-portable" -lm  # the solver's portable copy
"$work/driver-portable" solves 20000 7
# The four-hand core: random Euchre hands (one call and chunks), positions walked with
# ec_playn (undo back to the start) and solved with ec_solve_n (the card legal, the value kept).
# shellcheck disable=SC2086
gcc -std=c99 $san "$repo/benches/c/euchre.c" $core $euchre -o "$work/euchre" -lm
"$work/euchre" hands 100000 7
"$work/euchre" solves 400 7
"$work/euchre" games 3000 7  # whole games of the Euchre machine, illegal ids probed
# The match machine: random matches with and without hooks (bad inputs, undo, replay, a log
# grown on EC_STOP_ROOM), every prefix of short logs replayed, the EXCHANGE hook's limit.
# shellcheck disable=SC2086
gcc -std=c99 $san "$repo/benches/c/machine.c" $core $ecarte -o "$work/machine" -lm
"$work/machine" matches 3000 1
"$work/machine" matches 1500 2 all
"$work/machine" matches 1000 3 even
"$work/machine" prefixes 40 4
"$work/machine" exchanges

asan=$(gcc -print-file-name=libasan.so)
ubsan=$(gcc -print-file-name=libubsan.so)
export LD_PRELOAD="$asan $ubsan"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
PYTHONPATH="$work/tree/src" python - <<'PY'
import ecarte._core as c, sys
names = sorted(c.backends())
print("sanitized backends:", names, "from", c.__file__)
sys.exit(0 if {"cython", "cffi"} <= set(names) and "/tree/src/" in c.__file__ else 1)
PY
# (a browser started under the sanitizer's preload does not launch: the browser tests, which
# drive the server's page and not the core, run in the normal suite)
PYTHONPATH="$work/tree/src" python -m pytest -p no:cacheprovider -q -o addopts="" \
    -m own_backends --ignore=tests/server/test_browser.py tests "$@"
# Euchre's machine through its bindings (each test module runs once per game backend)
PYTHONPATH="$work/tree/src" python -m pytest -p no:cacheprovider -q -o addopts="" \
    tests/games/euchre/test_euchre_machine.py tests/games/euchre/test_euchre_machine_contract.py \
    tests/games/euchre/test_euchre_save.py "$@"
echo "sanitize: clean"
