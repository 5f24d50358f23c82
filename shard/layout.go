package shard

import (
	"fmt"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/store"
)

// A run's files, under the --out of its shards:
//
//	plan.json                                     the plan (written by plan -o, or by the first shard)
//	units/unit-000017.state.json.gz               a unit's state, written last: the unit is done
//	findings/day=2026-11-01/unit-000017.parquet   a unit's findings of one day
//	junit/unit-000017.xml.gz                      a unit's JUnit cases (merge --junit)

// PlanPath is where a run keeps its plan.
func PlanPath(run string) string { return store.Join(run, "plan.json") }

// StatePath is where unit i's state is.
func StatePath(run string, i int) string {
	return store.Join(run, "units", fmt.Sprintf("unit-%06d.state.json.gz", i))
}

// junitName is unit i's JUnit cases, relative to the run.
func junitName(i int) string { return fmt.Sprintf("junit/unit-%06d.xml.gz", i) }

// findingsName is unit i's findings file of a day, relative to the run.
func findingsName(day string, i int) string {
	if day == audit.NoDate {
		day = "undated" // a Hive partition value without spaces or parentheses
	}
	return fmt.Sprintf("findings/day=%s/unit-%06d.parquet", day, i)
}
