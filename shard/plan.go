package shard

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/store"
)

// PlanFormat is the version of plan.json this ragaudit writes and reads.
const PlanFormat = 1

// Plan is the units of a run, pinned: their names sorted bytewise (the
// global order), sizes and ETags, each assigned to a shard.
type Plan struct {
	Format int    `json:"format"`
	ID     string `json:"plan"` // sha256 of the units, their shards and the options: the run's id
	Tool   string `json:"tool"`
	Shards int    `json:"shards"`
	// Balance is how units were assigned: size (longest first to the
	// least loaded shard) or hash (of the name: stable as files are added).
	Balance string `json:"balance"`
	// Params are the options of the buckets named (scheme://bucket →
	// query string), for the shards to open them alike.
	Params map[string]string `json:"bucket_params,omitempty"`
	Units  []Unit            `json:"units"`
}

// Unit is one input of the plan.
type Unit struct {
	I    int    `json:"i"`
	URL  string `json:"url"`
	Size int64  `json:"size"`
	ETag string `json:"etag,omitempty"`
	// Modified pins a local file, which has no ETag, with its size: a
	// shard refuses a file changed since the plan (CheckLocal).
	Modified string `json:"modified,omitempty"`
	Shard    int    `json:"shard"`
}

// CheckLocal refuses a local file of the unit that changed since the
// plan: another size or modification time ("" when it did not, or the
// unit is an object, pinned by its ETag when read).
func (u Unit) CheckLocal(stat func(string) (os.FileInfo, error)) error {
	if store.IsURL(u.URL) || u.Modified == "" {
		return nil
	}
	fi, err := stat(u.URL)
	if err != nil {
		return err
	}
	if now := store.LocalInfo(u.URL, fi); now.Size != u.Size || now.Modified != u.Modified {
		return fmt.Errorf("%s changed since the plan (%d bytes, modified %s; planned %d bytes, modified %s): make a new plan and audit again",
			u.URL, now.Size, now.Modified, u.Size, u.Modified)
	}
	return nil
}

// Balances are the ways of assigning units to shards.
var Balances = []string{"size", "hash"}

// NewPlan pins the inputs listed (store.List of each prefix) into a plan
// of n shards.
func NewPlan(tool string, inputs []store.Info, n int, balance string, params map[string]string) (*Plan, error) {
	if n < 1 {
		return nil, fmt.Errorf("--shards %d: want at least 1", n)
	}
	if !slices.Contains(Balances, balance) {
		return nil, fmt.Errorf("--balance %q: want size or hash", balance)
	}
	sorted := slices.Clone(inputs)
	slices.SortFunc(sorted, func(a, b store.Info) int { return strings.Compare(a.Name, b.Name) })
	p := &Plan{Format: PlanFormat, Tool: tool, Shards: n, Balance: balance, Params: params}
	if len(p.Params) == 0 {
		p.Params = nil
	}
	for i, in := range sorted {
		if i > 0 && sorted[i-1].Name == in.Name {
			return nil, fmt.Errorf("%s is given twice: its records would count twice", in.Name)
		}
		p.Units = append(p.Units, Unit{I: i, URL: in.Name, Size: in.Size, ETag: in.ETag, Modified: in.Modified})
	}
	if len(p.Units) == 0 {
		return nil, fmt.Errorf("no input to plan")
	}
	p.assign()
	p.ID = p.hash()
	return p, nil
}

// assign gives each unit a shard. By size: the largest unit first, each to
// the shard with the least bytes so far (the lowest index on a tie), so
// shards finish together; by hash: FNV-64a of the name modulo the shards.
func (p *Plan) assign() {
	if p.Balance == "hash" {
		for i := range p.Units {
			h := fnv.New64a()
			h.Write([]byte(p.Units[i].URL))
			p.Units[i].Shard = int(h.Sum64() % uint64(p.Shards))
		}
		return
	}
	order := make([]int, len(p.Units))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(p.Units[b].Size, p.Units[a].Size) })
	load := make([]int64, p.Shards)
	for _, i := range order {
		least := 0
		for s := range load {
			if load[s] < load[least] {
				least = s
			}
		}
		p.Units[i].Shard = least
		load[least] += p.Units[i].Size + 1 // an empty file still costs a task
	}
}

// hash identifies the plan by everything in it but its id.
func (p *Plan) hash() string {
	q := *p
	q.ID = ""
	b, _ := json.Marshal(q)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Encode writes the plan as indented JSON.
func (p *Plan) Encode() []byte {
	b, _ := json.MarshalIndent(p, "", " ")
	return append(b, '\n')
}

// ReadPlan reads a plan and checks it is whole and of this format.
func ReadPlan(name string, b []byte) (*Plan, error) {
	var p Plan
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s: not a ragaudit plan: %v", name, err)
	}
	switch {
	case p.Format != PlanFormat:
		return nil, fmt.Errorf("%s: plan format %d, this ragaudit reads %d: make the plan with this ragaudit", name, p.Format, PlanFormat)
	case p.ID != p.hash():
		return nil, fmt.Errorf("%s: the plan's content does not match its id (edited by hand?): make a new plan", name)
	case p.Shards < 1 || len(p.Units) == 0:
		return nil, fmt.Errorf("%s: a plan of %d shards and %d units", name, p.Shards, len(p.Units))
	}
	for i, u := range p.Units {
		if u.I != i || u.Shard < 0 || u.Shard >= p.Shards || i > 0 && p.Units[i-1].URL >= u.URL {
			return nil, fmt.Errorf("%s: unit %d is out of order or of no shard", name, i)
		}
	}
	return &p, nil
}

// Of returns the units of shard i, in unit order.
func (p *Plan) Of(i int) []Unit {
	var out []Unit
	for _, u := range p.Units {
		if u.Shard == i {
			out = append(out, u)
		}
	}
	return out
}

// Pins are the ETags of the plan's objects by name.
func (p *Plan) Pins() map[string]string {
	out := map[string]string{}
	for _, u := range p.Units {
		if u.ETag != "" {
			out[u.URL] = u.ETag
		}
	}
	return out
}
