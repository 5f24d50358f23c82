// Package version holds ragaudit's version, written into reports, the
// decision log and the hashes that tell one verdict's configuration from
// another's.
package version

// Version is the ragaudit release.
const Version = "0.1.0"
