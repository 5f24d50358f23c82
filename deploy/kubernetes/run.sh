#!/bin/bash
# A ragaudit run on Kubernetes: plan, the shards as an Indexed Job, then
# the merge as a second Job once every index has succeeded (docs/scale.md).
#
#   deploy/kubernetes/run.sh   # with the values in shards-job.yaml and merge-job.yaml
#
# KUBECTL (default kubectl) and RAGAUDIT (default ragaudit, for the plan)
# may be set; the plan needs list access to the logs from where it runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
KUBECTL=${KUBECTL:-kubectl}
RAGAUDIT=${RAGAUDIT:-ragaudit}
PREFIX=${PREFIX:-s3://bucket/logs/2026/11/}
PLAN=${PLAN:-s3://audit/run-2026-11/plan.json}
SHARDS=${SHARDS:-64}
TIMEOUT=${TIMEOUT:-24h}
"$RAGAUDIT" plan --shards "$SHARDS" -o "$PLAN" "$PREFIX"
$KUBECTL apply -f "$here/shards-job.yaml"
# Complete, or failed for good (an index failed past its retries).
if ! $KUBECTL wait --for=condition=complete --timeout="$TIMEOUT" job/ragaudit-shards; then
  $KUBECTL get job ragaudit-shards -o jsonpath='{.status}{"\n"}' >&2
  echo "run.sh: the shards did not all complete: see kubectl describe job ragaudit-shards" >&2
  exit 1
fi
$KUBECTL apply -f "$here/merge-job.yaml"
# The merge's Job fails when the audit does (exit 1 FAIL, 3, 4, 5): wait
# for it to end either way, and exit as it did.
while :; do
  done_=$($KUBECTL get job ragaudit-merge -o jsonpath='{.status.succeeded}{.status.failed}')
  [ -n "$done_" ] && break
  sleep 5
done
$KUBECTL logs job/ragaudit-merge || true
code=$($KUBECTL get pods -l job-name=ragaudit-merge -o jsonpath='{.items[0].status.containerStatuses[0].state.terminated.exitCode}')
echo "run.sh: the merge exited $code"
exit "$code"
