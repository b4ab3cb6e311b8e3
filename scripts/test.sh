#!/usr/bin/env bash
# The whole test suite (README "Test" command; .ci/run runs exactly that).
# Each step must pass; the last line counts every test and check that ran.
set -euo pipefail
cd "$(dirname "$0")/.."

passed=0
step() { printf '\n== %s\n' "$1"; }
ok() { passed=$((passed + 1)); }
trap 'echo; echo "checks: ${passed} passed, 1 failed"' ERR

step "generated code is up to date (npm run generate -- --check)"
npx tsx scripts/generate/index.ts --check && ok

step "type-check (tsc --noEmit)"
npx tsc --noEmit && ok

step "build (tsup: ESM + CJS + d.ts)"
npx tsup --silent && ok

step "unit, property and type tests (vitest --typecheck)"
mkdir -p .test-results
A2A_TEST_BUILT=1 npx vitest run --typecheck --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json && ok
read -r vt_pass vt_fail < <(node -e 'const r=require("./.test-results/vitest.json"); console.log(r.numPassedTests, r.numFailedTests)')

step "smoke test of the packed package in real node processes"
node scripts/smoke.mjs && ok

step "publint --strict"
npx publint --strict && ok

step "attw --pack --profile node16"
npx attw --pack . --profile node16 && ok

if [ -f dist/cli/bin.js ]; then
  step "a2a-validate over the shipped fixtures (--expect auto)"
  node dist/cli/bin.js --expect auto fixtures && ok
fi

trap - ERR
echo
echo "vitest: ${vt_pass} passed, ${vt_fail} failed"
echo "checks: $((passed + vt_pass)) passed, ${vt_fail} failed"
