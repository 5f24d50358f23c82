package audit

import (
	"math"
	"testing"
)

func TestDistinctCounter(t *testing.T) {
	cases := []struct {
		name     string
		distinct int
		repeats  int
	}{
		{"a few ids, each seen three times, are counted exactly", 1000, 3},
		{"up to the exact limit the count is exact", exactDistinct, 1},
		{"past the limit the estimate is within 3 % of 300,000", 300_000, 2},
		{"and of two million", 2_000_000, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var d distinctCounter
			for r := 0; r < tc.repeats; r++ {
				for i := 0; i < tc.distinct; i++ {
					d.add(hashWord("conversation-" + itoa(i)))
				}
			}
			n, estimated := d.count()
			if tc.distinct <= exactDistinct {
				if n != tc.distinct || estimated {
					t.Fatalf("count = %d (estimated %v), want exactly %d", n, estimated, tc.distinct)
				}
				return
			}
			if !estimated {
				t.Fatalf("count %d not marked estimated", n)
			}
			if err := math.Abs(float64(n-tc.distinct)) / float64(tc.distinct); err > 0.03 {
				t.Fatalf("estimate %d for %d distinct: error %.1f %%", n, tc.distinct, 100*err)
			}
			if d.exact != nil {
				t.Fatal("the exact set is kept after switching to registers")
			}
		})
	}
}

func itoa(i int) string {
	var b [20]byte
	k := len(b)
	for {
		k--
		b[k] = byte('0' + i%10)
		if i /= 10; i == 0 {
			return string(b[k:])
		}
	}
}
