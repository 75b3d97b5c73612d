//go:build !amd64 || purego

package edwards25519

// detectBackend picks the serial backend. Here the vector backends have no
// machine code, only their portable twins, which are slower than the serial
// formulas (tests still run them, see forEachBackend).
func detectBackend() backend { return backendSerial }
