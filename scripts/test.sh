#!/usr/bin/env bash
# The whole test suite (README "Test" command; .ci/run runs exactly that).
# Every step must pass; the last line counts every test and check that ran.
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
vt_pass=0
vt_fail=0

# Runs one step; on failure prints the count so far and exits non-zero.
step() {
  local name=$1
  shift
  printf '\n== %s\n' "$name"
  if "$@"; then
    passed=$((passed + 1))
  else
    local rc=$?
    printf '\nFAILED: %s (exit %s)\n' "$name" "$rc"
    echo "checks: $((passed + vt_pass)) passed, $((1 + vt_fail)) failed"
    exit 1
  fi
}

vitest_run() {
  mkdir -p .test-results
  A2A_TEST_BUILT=1 npx vitest run --typecheck --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json
  local rc=$?
  if [ -f .test-results/vitest.json ]; then
    read -r vt_pass vt_fail < <(node -e 'const r=require("./.test-results/vitest.json"); console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0))')
  fi
  return $rc
}

# The replay guard's Redis tests need a real redis-server: installed (Debian package) when missing.
step "redis-server for the Redis store tests (scripts/redis.sh)" bash scripts/redis.sh
step "generated code is up to date (npm run generate -- --check)" npx tsx scripts/generate/index.ts --check
step "type-check (tsc --noEmit)" npx tsc --noEmit
step "build (tsup: ESM + CJS + d.ts)" npx tsup --silent
step "unit, property and type tests (vitest --typecheck)" vitest_run
step "smoke test of the packed package in real node processes" node scripts/smoke.mjs
step "declarations type-check in a consumer project (skipLibCheck off; nodenext, node16, bundler)" node scripts/consumer.mjs
step "publint --strict" npx publint --strict
step "attw --pack --profile node16" npx attw --pack . --profile node16
if [ -f src/cli/bin.ts ]; then
  step "a2a-validate over the shipped fixtures (--expect auto)" node dist/cli/bin.js --expect auto fixtures
fi

echo
echo "vitest: ${vt_pass} passed, ${vt_fail} failed"
echo "checks: $((passed + vt_pass)) passed, ${vt_fail} failed"
