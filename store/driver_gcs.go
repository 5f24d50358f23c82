//go:build !noblob_gcs

package store

import _ "gocloud.dev/blob/gcsblob" // gs://
