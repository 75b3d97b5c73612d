//go:build !amd64 || purego

package cpuvendor

// Name returns "": without the assembly (other architectures, or the
// purego tag) nothing chooses by vendor.
func Name() string { return "" }
