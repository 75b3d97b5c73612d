module github.com/seed06d4b90c/edwards25519

go 1.24.0

require (
	filippo.io/edwards25519 v1.2.0
	golang.org/x/sys v0.40.0
)
