package audit

import "sync"

// plainAuditor audits as ragaudit audit does without --embed: with the
// model fitted without an embedder, whose verdicts in Dutch, German,
// French and Spanish do not wait on English word vectors.
var plainAuditor = sync.OnceValue(func() *Auditor {
	cfg := DefaultConfig()
	cfg.Model = DefaultModelNoEmbed()
	a, err := New(cfg, nil)
	if err != nil {
		panic(err)
	}
	return a
})
