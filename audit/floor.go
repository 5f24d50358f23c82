package audit

import (
	"fmt"
	"math"

	"github.com/ragaudit/ragaudit/readers"
)

// MinScoreOf is the retrieval floor of a tenant's answers: its own
// (TenantMinScore, a guard's per-tenant policy) or the run's MinScore.
func (cfg Config) MinScoreOf(tenant string) float64 {
	if v, ok := cfg.TenantMinScore[tenant]; ok {
		return v
	}
	return cfg.MinScore
}

// TopScore is the best retrieval score of chunks, and whether any chunk
// has one.
func TopScore(chunks []readers.Chunk) (float64, bool) {
	best, scored := math.Inf(-1), false
	for _, c := range chunks {
		if c.Score != nil {
			scored = true
			best = math.Max(best, *c.Score)
		}
	}
	return best, scored
}

// BelowFloor says why an answer of tenant over chunks had nothing relevant
// to stand on, or "": nothing was retrieved, or the best score is under
// the tenant's floor. Chunks without scores are never below a floor. The
// one rule for the audit's status answered_below_floor and a guard's gate.
func (cfg Config) BelowFloor(tenant string, chunks []readers.Chunk) string {
	if len(chunks) == 0 {
		return "no chunks retrieved"
	}
	floor := cfg.MinScoreOf(tenant)
	if floor <= 0 {
		return ""
	}
	best, scored := TopScore(chunks)
	switch {
	case !scored || best >= floor:
		return ""
	case hasOwnFloor(cfg, tenant):
		return fmt.Sprintf("best retrieval score %.4f < the tenant's floor %.4f", best, floor)
	}
	return fmt.Sprintf("best retrieval score %.4f < --min-score %.4f", best, floor)
}

// FloorUnchecked says why the floor of tenant's answers over chunks could
// not be checked, or "": a floor is set and chunks were retrieved, but
// none carries a score (the log has none, or a distance only). Such an
// answer is not below the floor, and not above it either.
func (cfg Config) FloorUnchecked(tenant string, chunks []readers.Chunk) string {
	floor := cfg.MinScoreOf(tenant)
	if floor <= 0 || len(chunks) == 0 {
		return ""
	}
	if _, scored := TopScore(chunks); scored {
		return ""
	}
	if hasOwnFloor(cfg, tenant) {
		return fmt.Sprintf("no retrieved chunk carries a score: the tenant's floor %.4f could not be checked", floor)
	}
	return fmt.Sprintf("no retrieved chunk carries a score: --min-score %.4f could not be checked", floor)
}

func hasOwnFloor(cfg Config, tenant string) bool {
	_, own := cfg.TenantMinScore[tenant]
	return own
}

// validateFloors refuses floors that are not finite numbers.
func (cfg Config) validateFloors() error {
	for t, v := range cfg.TenantMinScore {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("min_score of tenant %q is %v: want a finite retrieval score", t, v)
		}
	}
	return nil
}
