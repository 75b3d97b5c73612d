module github.com/seed06d4b90c/edwards25519/bench

go 1.25.0

replace github.com/seed06d4b90c/edwards25519 => ../

require (
	filippo.io/edwards25519 v1.2.0
	github.com/cloudflare/circl v1.6.5
	github.com/oasisprotocol/curve25519-voi v0.0.0-20230904125328-1f23a7beb09a
	github.com/seed06d4b90c/edwards25519 v0.0.0-00010101000000-000000000000
	golang.org/x/crypto v0.54.0
)

require golang.org/x/sys v0.47.0
