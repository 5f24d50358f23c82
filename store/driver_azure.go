//go:build !noblob_azure

package store

import _ "gocloud.dev/blob/azureblob" // azblob://
