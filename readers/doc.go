// Package readers turns log files into canonical Records, one conversation
// (or one flat assistant turn) at a time, and reports every input record it
// could not use as a SkipError with its position and reason.
//
// Files, in the order data flows through them:
//
//   - options.go: Options, FileStats and the bounds a caller may set.
//   - record_reader_factory.go: the front door. Open opens an input, tells
//     its shape (JSON Lines, pretty-printed or an array, or not JSON) and
//     its format from its first records, and reads it with the row of the
//     adapter table that format names; Formats lists the table.
//   - input.go (input_unix.go): an input opened once and read once, a
//     regular file, stdin or a pipe alike; hashed, and stopped by the
//     context.
//   - decode.go: bytes as stored to text (gzip, byte order marks, UTF-16,
//     CR-only line endings).
//   - lines.go, values.go: text to the JSON text of each record, one per
//     line or one JSON value at a time; records over the bound skipped.
//   - record_reader_jsonl.go: canonical records. fields.go holds the one
//     rule for a field's value, keys.go the check of keys given twice.
//   - aliases.go, chunks.go: the keys applications write a chunk list and
//     a chunk's fields under (the table, the pick between keys, the count
//     of keys read per file), and the chunks read from them.
//   - record_reader_ragas.go: Ragas-style evaluation exports.
//   - record_reader_mapping.go: custom flat rows through a YAML Mapping.
//   - record_reader_parquet.go, parquet_columns.go: canonical records in
//     Parquet, row group by row group, damage counted by row.
//   - documents.go: provider documents and trace exports, read whole (one
//     JSON document, one per line, or an array) and handed to their
//     adapter.
//   - record_reader_<provider>.go: one adapter per provider response format
//     (anthropic, openai_responses, gemini, cohere, dify, openai_assistants,
//     bedrock, azure, openai_chat); record_reader_anthropic_request.go reads
//     what an Anthropic request sent, numbered as the API numbers it.
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
//     (ragaudit convert); canonical.go: one canonical record parsed
//     (ParseCanonical); guardrail.go: the guardrail object of a guard's
//     decision log.
package readers
