//go:build !noblob_s3

package store

import _ "gocloud.dev/blob/s3blob" // s3:// (and S3-compatible stores)
