#!/usr/bin/env bash
# The sharded audit measured (make bench-scale, docs/scale.md): N generated
# conversations in UNITS gzip files, audited as 1, 2, 4 and 8 shards (the
# shards one after another, each on one worker, so that each is timed
# alone on this shared machine), then merged; wall time and peak RSS of
# every process. Then the same run with the files as objects in a local
# S3-compatible server (versitygw on 127.0.0.1, stopped at the end), for
# the overhead of object storage against local files.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${BENCH_SCALE_N:-20000}
UNITS=${BENCH_SCALE_UNITS:-16}
SPLITS=${BENCH_SCALE_SPLITS:-1 2 4 8}
RA=$(pwd)/bin/ragaudit
WORK=$(mktemp -d /tmp/ragaudit-bench-scale.XXXXXX)
VGW_PID=""
cleanup() { [ -n "$VGW_PID" ] && kill "$VGW_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT INT TERM
export SOURCE_DATE_EPOCH=1764547200
T=/usr/bin/time
timed() { # label, command...: one line "label wall=…s peak_rss=…MB"
  local label=$1; shift
  $T -f "%e %M" -o "$WORK/t" "$@" >/dev/null 2>"$WORK/err" || [ $? -le 1 ] || { cat "$WORK/err"; exit 1; }
  read -r wall kb < <(tail -1 "$WORK/t") # time says "Command exited with non-zero status 1" first
  printf '%-34s wall=%6.2fs peak_rss=%4d MB\n' "$label" "$wall" $((kb / 1024))
}

per=$((N / UNITS))
mkdir -p "$WORK/logs"
# Date-partitioned, as logs in a bucket are: each file one day (ragaudit
# gen spreads a file over 300 days; a unit's findings are a Parquet file
# per day, so that would measure 300 small files per unit instead).
for i in $(seq 1 "$UNITS"); do
  day=$(date -u -d "2026-11-01 + $((i - 1)) days" +%Y-%m-%d)
  "$RA" gen -n "$per" --seed "$i" | sed -E "s/\"timestamp\":\"2026-[0-9]{2}-[0-9]{2}T/\"timestamp\":\"${day}T/" |
    gzip -n >"$WORK/logs/date=$day.jsonl.gz"
done
echo "$((per * UNITS)) generated conversations in $UNITS gzip files of a day each, $(du -sh "$WORK/logs" | cut -f1)"
timed "one machine (audit --plan, 1 worker)" "$RA" audit -q --workers 1 --out "$WORK/one" "$WORK"/logs/*.jsonl.gz
for n in $SPLITS; do
  "$RA" plan --shards "$n" -o "$WORK/plan-$n.json" "$WORK/logs/" 2>/dev/null
  for i in $(seq 0 $((n - 1))); do
    timed "  $n shards: shard $i" "$RA" audit -q --workers 1 --plan "$WORK/plan-$n.json" --shard "$i/$n" --out "$WORK/run-$n"
  done
  timed "  $n shards: merge" "$RA" merge -q --out "$WORK/merged-$n" "$WORK/run-$n"
  timed "  $n shards: merge --findings none" "$RA" merge -q --findings none --out "$WORK/lean-$n" "$WORK/run-$n"
  cmp -s "$WORK/one/summary.json" "$WORK/merged-$n/summary.json" && echo "  $n shards: summary.json as one machine's" || echo "  $n shards: summary.json DIFFERS"
done

# Object storage: the same logs in versitygw, 4 shards and the merge.
VGW=bin/tools/versitygw
[ -x "$VGW" ] || GOBIN=$(pwd)/bin/tools GOFLAGS=-mod=mod go install github.com/versity/versitygw/cmd/versitygw@v1.8.0
export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench-secret-key AWS_REGION=us-east-1
mkdir -p "$WORK/vgw"
ROOT_ACCESS_KEY=$AWS_ACCESS_KEY_ID ROOT_SECRET_KEY=$AWS_SECRET_ACCESS_KEY "$VGW" --port 127.0.0.1:7079 posix "$WORK/vgw" >"$WORK/vgw.log" 2>&1 &
VGW_PID=$!
S3=http://127.0.0.1:7079
s3() { curl -sSf -H "x-amz-content-sha256: UNSIGNED-PAYLOAD" --aws-sigv4 "aws:amz:us-east-1:s3" --user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "$@"; }
for _ in $(seq 100); do s3 -o /dev/null "$S3/" 2>/dev/null && break; sleep 0.1; done
s3 -X PUT "$S3/logs" && s3 -X PUT "$S3/audit"
for f in "$WORK"/logs/*.jsonl.gz; do s3 -T "$f" "$S3/logs/$(basename "$f" | sed "s/=/%3D/")"; done
P="endpoint=$S3&use_path_style=true&disable_https=true&region=us-east-1&request_checksum_calculation=when_required&response_checksum_validation=when_required"
n=4
"$RA" plan --shards "$n" -o "s3://audit/run/plan.json?$P" "s3://logs/?$P" 2>/dev/null
for i in $(seq 0 $((n - 1))); do
  timed "  $n shards over S3: shard $i" "$RA" audit -q --workers 1 --plan "s3://audit/run/plan.json?$P" --shard "$i/$n" --out "s3://audit/run/?$P"
done
timed "  $n shards over S3: merge" "$RA" merge -q --out "$WORK/merged-s3" "s3://audit/run/?$P"
