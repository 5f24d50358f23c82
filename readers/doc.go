// Package readers turns log files into canonical Records, one conversation
// (or one flat assistant turn) at a time, and reports every input record it
// could not use as a SkipError with its position and reason.
//
// Files, in the order data flows through them:
//
//   - options.go: Options, FileStats and the bounds a caller may set.
//   - record_reader_factory.go: the front door. Open detects the format
//     and picks a reader from the adapter table; Formats lists the table.
//   - lines.go: bytes to lines for the streamed formats (gzip, byte order
//     marks, UTF-16, CR-only endings, over-long lines).
//   - record_reader_jsonl.go: canonical records, one JSON object per line.
//   - record_reader_mapping.go: custom flat rows through a YAML Mapping.
//   - record_reader_parquet.go, parquet_columns.go: canonical records in
//     Parquet, row group by row group, damage counted by row.
//   - documents.go: provider documents and trace exports, read whole (one
//     JSON document, or one per line) and handed to their adapter.
//   - record_reader_<provider>.go: one adapter per provider response format
//     (anthropic, openai_responses, gemini, cohere, dify, openai_assistants,
//     bedrock, azure, openai_chat).
//   - traces.go, openinference_spans.go, record_reader_<tracer>.go: trace
//     exports (langfuse, langsmith, openinference, phoenix): spans grouped
//     into turns and conversations.
//   - adapter_common.go, json_values.go: what adapters share (the logger's
//     envelope, timestamps, spans, walking decoded JSON).
//   - spans.go, timestamps.go, json_errors.go: offsets, times and type
//     errors, as every reader reads them.
//   - record.go: Record, the one contract with the audit, and SkipError
//     with its stable reasons.
//   - last.go: Latest, the n most recent conversations of a stream.
//   - labels.go: human labels for eval and calibrate.
//   - write_jsonl.go, write_parquet.go: canonical records written back
//     (ragaudit convert).
package readers
