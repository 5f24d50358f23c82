package guard_test

import (
	"context"
	"fmt"
	"log"

	"github.com/ragaudit/ragaudit/guard"
)

// retry is the application's model call, asked once more with the claims
// it may not assert without a source.
type retry struct{}

func (retry) Regenerate(_ context.Context, r guard.Request, feedback []string) (string, error) {
	// A real application calls its model here with feedback as a system
	// message; this one answers from the retrieved chunk.
	return "Refunds are accepted within 90 days of delivery [1].", nil
}

// Build the guard once, then check every answer before it is served.
func ExampleGuard_Apply() {
	g, err := guard.New(guard.DefaultConfig()) // the audit's model; default policy
	if err != nil {
		log.Fatal(err)
	}
	score := 0.82
	req := guard.Request{
		ConversationID: "c-0001",
		Tenant:         "acme",
		Question:       "What is the refund window?",
		Retrieval: []guard.Chunk{{ID: "1", Source: "refund-policy.md", Score: &score,
			Text: "Refunds are accepted within 90 days of delivery. After 90 days we issue store credit instead of a refund."}},
		Answer: "Refunds are accepted within 30 days of delivery [1].",
	}
	d, err := g.Apply(context.Background(), req, retry{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(d.Attempts[0].Action, d.Attempts[0].Feedback)
	fmt.Println(d.Action, d.Content)
	// Output:
	// regenerate [Do not assert this without a source: «Refunds are accepted within 30 days of delivery.»]
	// pass Refunds are accepted within 90 days of delivery [1].
}
