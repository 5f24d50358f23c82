#!/bin/bash
# Plan a ragaudit run and submit it to Slurm: an array of SHARDS tasks, then
# the merge once every task has succeeded (docs/scale.md).
#
#   deploy/slurm/submit.sh s3://bucket/logs/2026/11/ s3://audit/run-2026-11/ /shared/reports/2026-11 64
#
# Credentials for the bucket come from the environment (exported to the
# jobs), as the cloud's SDK finds them.
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 PREFIX RUN REPORT SHARDS" >&2
  exit 2
fi
prefix=$1 run=$2 report=$3 shards=$4
here=$(cd "$(dirname "$0")" && pwd)
RAGAUDIT=${RAGAUDIT:-ragaudit}
plan="${run%%\?*}"
plan="${plan%/}/plan.json"
[ "$run" != "${run#*\?}" ] && plan="$plan?${run#*\?}"
"$RAGAUDIT" plan --shards "$shards" -o "$plan" "$prefix"
array=$(sbatch --parsable --array="0-$((shards - 1))" --export="ALL,PLAN=$plan,RUN=$run,RAGAUDIT=$RAGAUDIT" "$here/ragaudit-shard.sbatch")
merge=$(sbatch --parsable --dependency="afterok:$array" --export="ALL,RUN=$run,REPORT=$report,RAGAUDIT=$RAGAUDIT" "$here/ragaudit-merge.sbatch")
echo "array job $array ($shards shards), merge job $merge; the report will be in $report"
