package testvectors

// X25519 is an X25519 input and its result, in hexadecimal.
type X25519 struct {
	Name              string
	Scalar, U, Shared string
}

// RFC7748 holds the X25519 vectors of RFC 7748, typed in from the RFC text:
// the two of section 5.2 (the second u has bit 255 set, which X25519
// ignores) and the Diffie-Hellman example of section 6.1 (both public keys,
// then both computations of the shared secret). The x25519 package's tests
// check each against crypto/ecdh, so that a typo shows up there.
var RFC7748 = []X25519{
	{
		Name:   "5.2 vector 1",
		Scalar: "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
		U:      "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
		Shared: "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
	},
	{
		Name:   "5.2 vector 2",
		Scalar: "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
		U:      "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
		Shared: "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
	},
	{
		Name:   "6.1 Alice's public key",
		Scalar: "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
		U:      "0900000000000000000000000000000000000000000000000000000000000000",
		Shared: "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
	},
	{
		Name:   "6.1 Bob's public key",
		Scalar: "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
		U:      "0900000000000000000000000000000000000000000000000000000000000000",
		Shared: "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
	},
	{
		Name:   "6.1 Alice's shared secret",
		Scalar: "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
		U:      "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
		Shared: "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
	},
	{
		Name:   "6.1 Bob's shared secret",
		Scalar: "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
		U:      "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
		Shared: "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
	},
}
