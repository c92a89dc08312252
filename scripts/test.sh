#!/usr/bin/env bash
# `npm test`: every stage in order, each printing its time, stopping at the first that fails.
set -euo pipefail
total=$SECONDS
for stage in lint typecheck test:unit test:e2e test:budgets; do
  start=$SECONDS
  echo "== npm test: $stage"
  npm run --silent "$stage"
  echo "== npm test: $stage took $((SECONDS - start)) s"
done
echo "== npm test: all stages took $((SECONDS - total)) s"
