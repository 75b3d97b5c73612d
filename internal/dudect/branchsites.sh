#!/usr/bin/env bash
# Lists the conditional jumps that the Go compiler placed in this module's
# functions, one line per function and source line, so that two builds can be
# compared: a new Go release, another tag, another GOAMD64 level. A site that
# appears only in the new build is what to read first, for constant time:
# every branch in a function not named VarTime must depend on public values
# only (docs/SECURITY.md, "Branch sites by Go release"). Hand-written
# assembly (the .abi0 symbols) is left out: the compiler does not touch it,
# and the disassembler does not decode all of its vector instructions.
#
#	bash internal/dudect/branchsites.sh [go build flags...] > sites.txt
#
# builds internal/dudect (which links every constant-time entry point) with
# the go command and environment it is given, for example
#
#	GOTOOLCHAIN=go1.27.3 bash internal/dudect/branchsites.sh > new.txt
#	bash internal/dudect/branchsites.sh > old.txt
#	comm -13 old.txt new.txt
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(mktemp)
trap 'rm -f "$bin"' EXIT
go build "$@" -o "$bin" ./internal/dudect
go tool objdump "$bin" | awk -F'\t' '
	/^TEXT / {
		split($0, w, " ")
		f = w[2]
		keep = f ~ /seed06d4b90c\/edwards25519/ && f !~ /^main\./ && f !~ /^type:/ && f !~ /\.abi0\(SB\)$/
		next
	}
	keep {
		for (i = 2; i <= NF && $i !~ /^[A-Z]/; i++) {
		}
		if ($i ~ /^J[A-Z]+ / && $i !~ /^JMP /) {
			sub(/^ +/, "", $1)
			print f, $1
		}
	}' | sort -u
