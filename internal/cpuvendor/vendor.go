// Package cpuvendor reports the CPU's vendor, which golang.org/x/sys/cpu
// does not, for the choices between forms of an assembly routine that were
// measured faster on one vendor's cores than on another's: the field
// multiply and squarings (field/fe_amd64.go) and X25519's MULX ladder
// (x25519/ladder_mulx_amd64.go). The vendor is public; nothing secret
// depends on it.
package cpuvendor

// Intel reports whether the CPU names itself "GenuineIntel".
var Intel = Name() == "GenuineIntel"
