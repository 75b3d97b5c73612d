#!/usr/bin/env bash
# alternate.sh times the working tree against an older commit, running the
# two builds one after the other, in alternate order, so that a change in
# the machine's state between runs falls on both alike.
#
#   bench/alternate.sh [-n RUNS] REV [flags of the bench command]
#       Builds the bench command at REV and from the working tree and runs
#       each RUNS times (default 4) with -markdown -save=false, -count 20
#       and -sample 100ms unless the flags say otherwise. Prints, for every
#       row, its ratio to the section's reference and its target cells,
#       one figure per run, old against new.
#
#   bench/alternate.sh [-n RUNS] -pkg PKG REV [flags of the test binary]
#       Builds the test binary of the package PKG (a path from the module
#       root, such as ./field) at REV and from the working tree, runs each
#       RUNS times (default 8) with -test.run '^$' and the given flags (such
#       as -test.bench 'FeMulPaths' -test.count 1), and compares the two with
#       benchstat when it is installed, then pair by pair (see paired).
#
# The environment reaches both builds alike: GODEBUG=cpu.avx512ifma=off
# times the AVX2 backend on both. Everything is built in a temporary
# directory (a git worktree of REV), removed at the end; nothing is saved.
# The builds run on the same machine in turn, so run nothing else meanwhile.
set -euo pipefail

usage() {
	sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

runs=""
pkg=""
while [ $# -gt 0 ]; do
	case "$1" in
	-n) runs="$2"; shift 2 ;;
	-pkg) pkg="$2"; shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage
rev="$1"
shift
if [ -z "$runs" ]; then
	if [ -n "$pkg" ]; then runs=8; else runs=4; fi
fi

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
old=$(git -C "$root" rev-parse --short "$rev^{commit}")
tmp=$(mktemp -d)
cleanup() {
	git -C "$root" worktree remove --force "$tmp/tree" >/dev/null 2>&1 || true
	rm -rf "$tmp"
}
trap cleanup EXIT
git -C "$root" worktree add --detach -q "$tmp/tree" "$old"

# quiet runs a build step, showing its output only if it fails.
quiet() {
	if ! "$@" >"$tmp/build.log" 2>&1; then
		cat "$tmp/build.log" >&2
		exit 1
	fi
}

new="working tree at $(git -C "$root" rev-parse --short HEAD)"
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
	new="$new, with uncommitted changes"
fi
echo "old: $old; new: $new; $runs runs each, alternately"

# paired compares the two sides run by run: the k-th result of a benchmark
# in old.txt with the k-th in new.txt, which ran next to it. benchstat's
# test treats the two samples as independent, so a machine whose speed
# drifts between runs hides a small change from it; the ratio within each
# pair does not carry that drift. Prints, per benchmark, the median and
# quartiles of new/old, how many pairs the new build won, and the
# two-sided sign test's p for that count.
paired() {
	awk '
	FNR == 1 { side++ }
	/^Benchmark/ {
		v = ""
		for (i = 3; i < NF; i++) if ($(i + 1) == "ns/op") v = $i
		if (v == "") next
		k = ++count[side, $1]
		val[side, $1, k] = v
		if (side == 1 && k == 1) names[++n] = $1
	}
	END {
		print ""
		print "Paired by run (new/old within each pair; sign test on the pairs the new build won):"
		print ""
		print "| benchmark | pairs | median new/old | quartiles | new faster | sign test p |"
		print "| --- | ---: | ---: | --- | ---: | ---: |"
		for (b = 1; b <= n; b++) {
			name = names[b]
			m = count[1, name]
			if (count[2, name] < m) m = count[2, name]
			wins = 0
			for (k = 1; k <= m; k++) {
				r[k] = val[2, name, k] / val[1, name, k]
				if (r[k] < 1) wins++
			}
			# insertion sort of the m ratios
			for (i = 2; i <= m; i++) {
				x = r[i]
				for (j = i - 1; j >= 1 && r[j] > x; j--) r[j + 1] = r[j]
				r[j + 1] = x
			}
			lo = wins < m - wins ? wins : m - wins
			# P(X <= lo) for X ~ Binomial(m, 1/2), doubled
			c = 1; tail = 0
			for (i = 0; i <= lo; i++) {
				tail += c
				c = c * (m - i) / (i + 1)
			}
			pv = 2 * tail / 2 ^ m
			if (pv > 1) pv = 1
			printf "| %s | %d | %.3f | %.3f-%.3f | %d | %.2g |\n", name, m,
				r[int((m + 1) / 2)], r[int((m + 3) / 4)], r[int((3 * m + 3) / 4)], wins, pv
		}
	}' "$1" "$2"
}

if [ -n "$pkg" ]; then
	quiet go -C "$tmp/tree" test -c -o "$tmp/old.test" "$pkg"
	quiet go -C "$root" test -c -o "$tmp/new.test" "$pkg"
	# A test binary runs in its package's directory, where its testdata is.
	dir="${pkg#./}"
	for i in $(seq 1 "$runs"); do
		order="old new"
		if [ $((i % 2)) -eq 0 ]; then order="new old"; fi
		for side in $order; do
			tree="$root"
			if [ "$side" = old ]; then tree="$tmp/tree"; fi
			(cd "$tree/$dir" && "$tmp/$side.test" -test.run '^$' "$@") >>"$tmp/$side.txt"
		done
		echo "run $i of $runs done"
	done
	benchstat=$(command -v benchstat || true)
	if [ -z "$benchstat" ] && [ -x "$(go env GOPATH)/bin/benchstat" ]; then
		benchstat="$(go env GOPATH)/bin/benchstat"
	fi
	if [ -n "$benchstat" ]; then
		(cd "$tmp" && "$benchstat" old.txt new.txt)
	else
		echo "benchstat not installed (go install golang.org/x/perf/cmd/benchstat@latest); the raw results:"
		for side in old new; do
			echo "== $side"
			grep '^Benchmark' "$tmp/$side.txt"
		done
	fi
	paired "$tmp/old.txt" "$tmp/new.txt"
	exit 0
fi

quiet go -C "$tmp/tree/bench" build -o "$tmp/bench-old" .
quiet go -C "$root/bench" build -o "$tmp/bench-new" .
for i in $(seq 1 "$runs"); do
	order="old new"
	if [ $((i % 2)) -eq 0 ]; then order="new old"; fi
	for side in $order; do
		if ! "$tmp/bench-$side" -count 20 -sample 100ms "$@" -markdown -save=false \
			>"$tmp/$side-$i.md" 2>"$tmp/$side-$i.log"; then
			cat "$tmp/$side-$i.md" "$tmp/$side-$i.log" >&2
			exit 1
		fi
	done
	echo "run $i of $runs done"
done

# Each table row becomes "row <TAB> column <TAB> figure" for the columns
# ours/<reference> and target ... (those not repeating an ours/ column); a
# target cell gives the figure after its colon ("≤ 0.85: 0.95 ❌" gives 0.95).
extract() {
	awk -F'|' '
	/^\| operation \|/ {
		delete want
		for (i = 2; i < NF; i++) {
			h = $i
			gsub(/^ +| +$/, "", h)
			if (h ~ /^ours\// || h ~ /^target /) want[i] = h
		}
		# "target ours/X" repeats the figure of a column "ours/X".
		for (i in want) {
			t = want[i]
			if (sub(/^target /, "", t)) {
				for (j in want) if (want[j] == t) delete want[i]
			}
		}
		next
	}
	/^\| `/ {
		row = $2
		gsub(/^ +| +$/, "", row)
		for (i = 2; i < NF; i++) {
			if (!(i in want)) continue
			v = $i
			gsub(/^ +| +$/, "", v)
			if (v == "") continue
			if (v ~ /: /) sub(/^.*: /, "", v)
			sub(/ .*$/, "", v)
			printf "%s\t%s\t%s\n", row, want[i], v
		}
	}' "$1"
}

for i in $(seq 1 "$runs"); do
	for side in old new; do
		extract "$tmp/$side-$i.md" | sed "s/^/$side\t/"
	done
done | awk -F'\t' -v runs="$runs" '
	{
		key = $2 "\t" $3
		if (!(key in seen)) { seen[key] = 1; order[++n] = key }
		vals[$1, key] = vals[$1, key] (vals[$1, key] == "" ? "" : ", ") $4
	}
	END {
		print ""
		print "| row | column | old (" runs " runs) | new (" runs " runs) |"
		print "| --- | --- | --- | --- |"
		for (k = 1; k <= n; k++) {
			split(order[k], p, "\t")
			printf "| %s | %s | %s | %s |\n", p[1], p[2], vals["old", order[k]], vals["new", order[k]]
		}
	}'
