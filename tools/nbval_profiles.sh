#!/usr/bin/env bash
# Strict nbval once per CPU profile, every pass against the same committed outputs.
#
#   tools/nbval_profiles.sh PYTHON PATHS PROFILE...
#
# A profile changes what another machine changes: numpy's SIMD kernels
# (NPY_DISABLE_CPU_FEATURES; names a CPU lacks are ignored), OpenBLAS's kernel and the
# hash seed. A printed number that depends on any of them fails here instead of on a
# reader's laptop.
#   native  this machine as it is (BLAS threads as configured, a random hash seed)
#   avx2    numpy without AVX-512, OpenBLAS's Haswell kernels, PYTHONHASHSEED=1
#   sse     numpy on its SSE baseline, OpenBLAS's Prescott kernels, PYTHONHASHSEED=2
# The first profile runs alone; the others run side by side (one BLAS thread each, which
# is one more thing no printed number may depend on), and their logs follow.
set -euo pipefail

python=$1 paths=$2
shift 2

profile_env() {
  case $1 in
    native) echo "PYTHONHASHSEED=random" ;;
    avx2) echo "NPY_DISABLE_CPU_FEATURES=X86_V4,AVX512_ICL,AVX512_SPR OPENBLAS_CORETYPE=Haswell PYTHONHASHSEED=1" ;;
    sse) echo "NPY_DISABLE_CPU_FEATURES=X86_V3,X86_V4,AVX512_ICL,AVX512_SPR OPENBLAS_CORETYPE=Prescott PYTHONHASHSEED=2" ;;
    *) echo "unknown nbval profile '$1' (native, avx2, sse)" >&2; return 2 ;;
  esac
}

run() {  # run PROFILE [extra VAR=value...]
  local profile=$1; shift
  local env; env=$(profile_env "$profile")
  local start; start=$(date +%s)
  echo "== strict nbval, profile $profile: $env $*"
  # shellcheck disable=SC2086  # $env is a list of VAR=value words
  env $env "$@" "$python" -m pytest --nbval --nbval-current-env -p tools.nbval_times \
    --nbval-sanitize-with tests/nbval_sanitize.cfg $paths
  echo "== profile $profile passed in $(( $(date +%s) - start )) s"
}

for p in "$@"; do profile_env "$p" >/dev/null; done  # fail fast on a typo

run "$1"
shift
[[ $# -eq 0 ]] && exit 0

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for p in "$@"; do
  run "$p" OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 >"$logs/$p.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || status=1
done
for p in "$@"; do cat "$logs/$p.log"; done
exit $status
