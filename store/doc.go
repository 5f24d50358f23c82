// Package store reads and writes the files of a run wherever they are: a
// local path, or an object named by URL — s3://bucket/key, gs://bucket/key,
// azblob://container/key — through gocloud.dev/blob, with the credentials
// each cloud's SDK finds (environment, shared files, instance or workload
// identity), and retries with backoff on transient errors. Everything else
// in ragaudit names a file by a string and asks the store for its bytes.
//
// A URL's query string sets its bucket's options (an S3-compatible
// endpoint: ?endpoint=http://127.0.0.1:9000&use_path_style=true&
// disable_https=true&region=us-east-1); the name of an object in reports
// is the URL without it (Canonical), and the options are remembered per
// bucket (Params), so that a plan can hand them to its shards.
//
// Each cloud's driver is in the binary unless built with its tag out
// (-tags noblob_s3, noblob_gcs, noblob_azure: docs/scale.md gives each
// one's size); a URL of a cloud left out is refused, saying so.
//
// Files: store.go (the Store, names, opening buckets), driver_*.go (one
// cloud each, behind its build tag), read.go (Stat,
// Open with resumption, ReadFile), list.go (List), write.go (Create,
// WriteFile: objects appear whole or not at all), retry.go (what is
// transient, backoff), remote.go (readers.Remote over a Store).
package store
