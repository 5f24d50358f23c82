package audit

import "path/filepath"

// realLogs are the labelled real logs bundled in testdata (HAGRID dev and
// 40 ExpertQA dev conversations; see their READMEs for sources and
// licences): the project's tests need nothing outside the repository.
var realLogs = []string{
	filepath.Join("..", "testdata", "hagrid", "dev.jsonl"),
	filepath.Join("..", "testdata", "expertqa", "sample.jsonl"),
}
