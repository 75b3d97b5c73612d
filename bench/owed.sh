#!/usr/bin/env bash
# owed.sh runs the checks that this machine's CPU owes: changes kept after
# being measured on another CPU only, each with the commands that measure it
# here (docs/PERFORMANCE.md, "How to measure", says what each one checks and
# what its figures were where it was made).
#
#   bench/owed.sh -list          names this CPU's class and prints the
#                                checks it owes with their commands
#   bench/owed.sh [-only IDS] [-o FILE]
#                                runs them one after the other (IDS: a
#                                comma-separated list of check names), and
#                                writes a Markdown record (the CPU, Go, the
#                                commit, each command and its output) to
#                                FILE, or to stdout
#   bench/owed.sh -triage [-list] [-o FILE]
#                                a screen to run first, about 10 minutes a
#                                backend: the bench command's main rows,
#                                alternately, at the oldest commit that the
#                                owed checks compare against and at the
#                                working tree (4 runs each; with IFMA off as
#                                well on a CPU that has IFMA), so that a row
#                                that any owed change made slower shows at
#                                once; the checks then say which change it
#                                was. With -list, prints its commands only.
#   bench/owed.sh -bases         prints the commits that every check compares
#                                against, one a line (for .ci/run)
#
# Every check compares builds or paths on this machine only; nothing is
# compared with another CPU's figures. The record is raw output: the verdict
# (faster, level, slower; and whether a row moved above its reference) is
# for the session to write next to it, in bench/results/ and in
# docs/PERFORMANCE.md. A check takes 2 to 15 minutes; run nothing else
# meanwhile.
set -euo pipefail

usage() {
	sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

list=false
triage=false
bases_only=false
only=""
out=""
while [ $# -gt 0 ]; do
	case "$1" in
	-list) list=true; shift ;;
	-triage) triage=true; shift ;;
	-bases) bases_only=true; shift ;;
	-only) only="$2"; shift 2 ;;
	-o) out="$2"; shift 2 ;;
	*) usage ;;
	esac
done

case "$out" in
"" | /*) ;;
*) out="$PWD/$out" ;; # FILE is relative to where the script was started
esac
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$root"
# benchstat, where go install puts it (go install
# golang.org/x/perf/cmd/benchstat@latest); alternate.sh prints raw results
# without it.
PATH="$PATH:$(go env GOPATH)/bin"

# The CPU, from /proc/cpuinfo (x86: vendor, family, model, flags);
# OWED_CPUINFO names another file in its format, to see what another CPU
# would be given (-list).
cpuinfo=${OWED_CPUINFO:-/proc/cpuinfo}
field() { grep -m1 "^$1[[:space:]]*:" "$cpuinfo" 2>/dev/null | sed 's/^[^:]*:[[:space:]]*//' || true; }
vendor=$(field vendor_id)
family=$(field 'cpu family')
model=$(field model)
flags=" $(field flags) "
has() { case "$flags" in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# The classes a check can be owed by. Every check but those of class
# notzen3 was measured on the Intel Xeon that reports family 6, model 167,
# which owes none of them.
# The AMD EPYC of family 25, model 1 (Zen 3, no AVX-512) ran the checks
# of class "every" below on 2026-12-05 (bench/results/
# 2026-12-05-amd-epyc-zen-3-owed-checks.md), and the MULX ladder's two
# forms were chosen on it on 2026-12-06, so it owes none of them; a check
# added later that it owes too needs a class of its own. Class notzen3 is
# the checks measured on that Zen 3 only, which every other CPU owes but
# model 167, which ran them on 2026-12-06 (bench/results/
# 2026-12-06-intel-r-xeon-r-processor-f6m167-owed-checks.md). Class ifma is
# owed by every CPU with IFMA but model 167, and class notm167 by every CPU
# but model 167 and that Zen 3 (a change to the AVX2 path measured on model
# 167 only, which the Zen 3 ran on 2026-12-07: bench/results/
# 2026-12-07-amd-epyc-zen-3-owed-checks.md). Class notzen3m1 is owed by
# every CPU but that Zen 3, model 167 included: changes measured on that
# Zen 3 only, from 2026-12-08.
model167=false intel=false zen5=false ifma=false zen3m1=false
if [ "$vendor" = GenuineIntel ] && [ "$family" = 6 ] && [ "$model" = 167 ]; then
	model167=true
elif [ "$vendor" = GenuineIntel ]; then
	intel=true
elif [ "$vendor" = AuthenticAMD ] && [ "$family" = 26 ]; then
	zen5=true
elif [ "$vendor" = AuthenticAMD ] && [ "$family" = 25 ] && [ "$model" = 1 ]; then
	zen3m1=true
fi
if has avx512ifma && ! $model167; then ifma=true; fi

# Each check: a name, the class that owes it, its section of
# docs/PERFORMANCE.md, and its commands, one per line (run from the
# module root with bash).
names=() owers=() sections=() cmds=()
check() { names+=("$1"); owers+=("$2"); sections+=("$3"); cmds+=("$4"); }

rows_avx2='^(ScalarMult|VarTimeDoubleScalarBaseMult|NewPointTable|Ed25519/Verify|MultiScalarMult/n=64|VarTimeMultiScalarMult/n=(16|1024))$'

check zen5-field-paths zen5 'How to measure' \
	"bench/alternate.sh -n 8 -pkg ./field 9ec25fd -test.bench 'FeMulPaths|FeSquarePaths|FeSquareNPaths' -test.count 1"
check zen5-vector-rows zen5 'How to measure' \
	"GODEBUG=cpu.avx512ifma=off bench/alternate.sh b3432fa -run '$rows_avx2'
bench/alternate.sh b3432fa -run '$rows_avx2'"
check zen5-carry-pass zen5 "The squarings' carry pass on Zen 4" \
	"go test -run '^\$' -bench 'FeSquarePaths|FeSquareNPaths' -count 8 ./field
bench/alternate.sh -n 6 d60fcaa -run '^(FieldSquare|FieldSqrtRatio|PointSetBytes|IsTorsionFree|SetHashToCurve|SetElligator2Representative)\$'"
check zen5-scaled-multiply zen5 'The multiply on Zen 4: scaled, with ADCX and ADOX' \
	"go test -run '^\$' -bench 'FeMulPaths|FeMulThroughputPaths' -count 8 ./field
bench/alternate.sh -n 6 14dafb3 -run '^(FieldMultiply|FieldSqrtRatio|PointAdd|PointDouble|PointSetBytes|SetHashToCurve)\$'
GODEBUG=cpu.avx2=off bench/alternate.sh -n 4 14dafb3 -run '^(ScalarMult|ScalarBaseMult|VarTimeDoubleScalarBaseMult)\$'"
check zen5-loop-sums zen5 "The squaring loop's last sums on Zen 4" \
	"bench/alternate.sh -n 6 58a4e29 -run '^(FieldSqrtRatio|PointSetBytes|IsTorsionFree|SetHashToCurve|SetElligator2Representative)\$'"
check intel-scaled-multiply intel 'The scaled multiply on Intel' \
	"go test -run '^\$' -bench 'FeMulPaths' -count 20 ./field
bench/alternate.sh -n 4 aee5d14 -run '^(FieldMultiply|PointAdd|PointDouble)\$' -count 10"
check intel-square-order intel "The squarings' product order on Intel" \
	"bench/alternate.sh -n 8 -pkg ./field 864e42c -test.bench 'FeSquareNPaths/(MULX|calls|reference)\$|FeSquarePaths/(MULX|reference)\$' -test.count 1 -test.benchtime 200ms
bench/alternate.sh -n 4 864e42c -run '^(FieldSquare|FieldSqrtRatio|PointSetBytes|PointDouble)\$' -count 10"
check intel-fused-pow intel 'The fused exponentiation on Intel' \
	"go test -run '^\$' -bench 'Pow22523Paths/(chain|fused|reference)\$' -count 8 ./field
bench/alternate.sh -n 4 fe7cb27 -run '^(FieldSqrtRatio|PointSetBytes|PointSetCanonicalBytes|SetMontgomeryBytes|SetHashToCurve|FieldSquare)\$' -count 10"
check intel-lazy-carry intel 'The lazy carry on Intel' \
	"bench/alternate.sh -n 8 -pkg ./field 24ab178 -test.bench 'FeSquareNPaths/(MULX|reference)\$|Pow22523Paths/(fused|reference)\$' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 4 24ab178 -run '^(FieldSqrtRatio|PointSetBytes|PointSetCanonicalBytes|SetMontgomeryBytes|FieldSquare|FieldInvert)\$' -count 10"
check intel-square-lea intel "19·h by LEA in the Intel squarings" \
	"bench/alternate.sh -n 8 -pkg ./field 7b5320f -test.bench 'FeSquarePaths/(MULX|reference)\$|FeSquareNPaths/(MULX|reference)\$|Pow22523Paths/(fused|reference)\$' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 4 7b5320f -run '^(FieldSquare|FieldSqrtRatio|PointSetBytes|IsTorsionFree|SetMontgomeryBytes|FieldMultiply)\$' -count 10"
check inversion every 'Inversion' \
	"bench/alternate.sh -n 8 -pkg ./field aee5d14 -test.bench 'InvertDivsteps' -test.count 1
bench/alternate.sh -n 8 -pkg ./field 4b0ad4a -test.bench 'InvertDivsteps' -test.count 1"
check copies every 'Copies of limbs' \
	"go test -run '^\$' -bench AfterMultiply -count 6 ./field
bench/alternate.sh -n 4 f697133 -run '^(FieldInvert|FieldSqrtRatio|PointSetBytes|PointBytes|SetMontgomeryBytes|IsSmallOrder|Elligator2Representative)\$' -count 10"
check scalar-invert every '`Invert` by division steps' \
	"bench/alternate.sh -n 4 95a43ab -run '^(ScalarInvert|ScalarBatchInvert/n=64|ScalarMultiply)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 40s -run '^(Scalar\\.Invert|BatchInvert)'"
check ed-public-key every 'X25519' \
	"bench/alternate.sh -n 4 925f288 -run '^(EdPublicKeyToX25519|SetMontgomeryBytes)\$' -count 10"
check mulx-ladder every "The MULX ladder's two forms on Zen 3" \
	"GODEBUG=cpu.avx512ifma=off go test -run '^\$' -bench 'LadderKernel/mulx/|X25519Interleaved/mulx/' -count 8 -benchtime 300ms ./x25519 > /tmp/owed-forms.txt && grep -v twochains /tmp/owed-forms.txt | sed 's#/onechain##' > /tmp/owed-one.txt && grep -v onechain /tmp/owed-forms.txt | sed 's#/twochains##' > /tmp/owed-two.txt && benchstat /tmp/owed-one.txt /tmp/owed-two.txt
GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 4 5ade46b -run '^X25519/variable\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && GODEBUG=cpu.avx512ifma=off taskset -c 0 /tmp/owed-dudect -time 40s -run '^x25519\\.X25519'"
check zero-operands every "ScalarMultSlow's odd digits" \
	"bench/alternate.sh -n 8 -pkg . b0ad58e -test.bench 'ScalarMults/serial/ScalarMultSlow\$' -test.count 1
bench/alternate.sh -n 4 18765bb -run '^(SetMontgomeryBytes|Elligator2Representative)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 60s -run 'ScalarMultSlow|SetMontgomeryBytes|Elligator2Representative'"
check ifma-group-ops ifma 'Point operations on the IFMA kernels' \
	"go test -run '^\$' -bench GroupLaw -count 8 . > /tmp/owed-grouplaw.txt && benchstat -col /backend /tmp/owed-grouplaw.txt
bench/alternate.sh -n 4 1472d3b -run '^(PointAdd|PointDouble)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 40s -run '^Point\\.(Add|Subtract|Double|MultByCofactor)'"

check avx2-lane-steps notzen3 "The doubling's lane steps on Zen 3" \
	"GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 8 -pkg . 1fd0073 -test.bench 'ScalarMults/avx2/(ScalarBaseMult|ScalarMult|VarTimeDoubleScalarBaseMult|MSM64)\$' -test.count 1 -test.benchtime 500ms
GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 4 1fd0073 -run '^(ScalarBaseMult|ScalarMult|VarTimeDoubleScalarBaseMult|MultiScalarMult/n=64|Ed25519/Verify)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && GODEBUG=cpu.avx512ifma=off taskset -c 0 /tmp/owed-dudect -time 40s -run '^(ScalarBaseMult|ScalarMult)(/|\$)'"

check avx2-scan-masks notzen3 "The scan's masks" \
	"GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 10 -pkg . ebc1597 -test.bench 'ScalarMults/avx2/(ScalarBaseMult|ScalarMult|VarTimeDoubleScalarBaseMult|MSM16|MSM64)\$' -test.count 1 -test.benchtime 300ms
GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 4 ebc1597 -run '^(ScalarBaseMult|ScalarMultTable|MultiScalarMult/n=(16|64)|Ed25519/Sign|VarTimeDoubleScalarBaseMult)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && GODEBUG=cpu.avx512ifma=off taskset -c 0 /tmp/owed-dudect -time 30s -run '^(ScalarBaseMult|ScalarMult|MultiScalarMult|Point\\.ScalarMultTable)(/|\$)'"

check avx2-sign-negations notzen3 "The addend's sign and the doubling's negations" \
	"GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 10 -pkg . c95ebd9 -test.bench 'ScalarMults/avx2/(ScalarBaseMult|ScalarMult|VarTimeDoubleScalarBaseMult|MSM64|VarTimeMSM16|VarTimeMSM1024)\$' -test.count 1 -test.benchtime 300ms
GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 4 c95ebd9 -run '^(ScalarBaseMult|ScalarMult|VarTimeDoubleScalarBaseMult|MultiScalarMult/n=64|VarTimeMultiScalarMult/n=(16|1024)|Ed25519/Verify)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && GODEBUG=cpu.avx512ifma=off taskset -c 0 /tmp/owed-dudect -time 30s -run '^(ScalarBaseMult|ScalarMult|MultiScalarMult|Point\\.ScalarMultTable)(/|\$)'"

check ifma-scan-masks ifma "The IFMA scan's masks by value" \
	"bench/alternate.sh -n 14 -pkg . caf29ea -test.bench 'ScalarMults/ifma/^(ScalarBaseMult|ScalarMult|VarTimeDoubleScalarBaseMult|MSM16|MSM64)\$' -test.count 1 -test.benchtime 400ms
bench/alternate.sh -n 4 caf29ea -run '^(ScalarBaseMult|ScalarMult|ScalarMultTable|MultiScalarMult/n=(16|64)|Ed25519/Sign)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 30s -run '^(ScalarBaseMult|ScalarMult|MultiScalarMult|Point\\.ScalarMultTable|NewPointTable)(/|\$)'"

check ifma-two-accumulators ifma "Two accumulators in the Straus loops" \
	"go test -run '^\$' -bench 'PairedLoops|PippengerCrossover' -benchtime 1x -v .
bench/alternate.sh -n 8 -pkg . 706056a -test.bench 'ScalarMults/ifma/^(ScalarMult|MSM16|MSM64|VarTimeMSM16|VarTimeMSM64)\$' -test.count 1 -test.benchtime 400ms
bench/alternate.sh -n 4 706056a -run '^(MultiScalarMult/n=(2|16|64|1024)|VarTimeMultiScalarMult/n=(2|16|64))\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 40s -run '^MultiScalarMult'"

check ifma-interleaved-rows ifma "Rows kept interleaved for the wide scan" \
	"go test -run '^\$' -bench 'IFMAWideScan' -count 6 -benchtime 200000x .
go test -run '^\$' -bench 'PairedLoops/MultiScalarMult' -benchtime 1x -v .
bench/alternate.sh -n 10 -pkg . 1d19003 -test.bench 'ScalarMults/ifma/^(ScalarBaseMult|ScalarMult|MSM16|MSM64)\$' -test.count 1 -test.benchtime 400ms
bench/alternate.sh -n 4 1d19003 -run '^(ScalarBaseMult|ScalarMult|ScalarMultTable|NewPointTable|MultiScalarMult/n=(2|16|64|256))\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 30s -run '^(ScalarBaseMult|ScalarMult|MultiScalarMult|Point\\.ScalarMultTable|NewPointTable)(/|\$)'"
check ifma-double-runs ifma "Runs of doublings in one kernel" \
	"bench/alternate.sh -n 10 -pkg . 591d81d -test.bench 'ScalarMults/ifma/^(VarTimeDoubleScalarBaseMult|ScalarMult|MSM16|ScalarBaseMult)\$' -test.count 1 -test.benchtime 400ms
bench/alternate.sh -n 4 591d81d -run '^(VarTimeDoubleScalarBaseMult|VarTimeMultiScalarMult/n=(2|16)|Ed25519/Verify|ScalarBaseMult|MultiScalarMult/n=(16|64)|ScalarMult)\$' -count 10"
check ifma-doubling-tz ifma "The doubling's first round without VPERMQ" \
	"bench/alternate.sh -n 10 -pkg . 3c6cf7b -test.bench 'BenchmarkIFMA\$/(double|scalarMult)/ifma|ScalarMults/ifma/^(ScalarMult|VarTimeDoubleScalarBaseMult|ScalarBaseMult|MSM16)\$' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 4 3c6cf7b -run '^(ScalarMult|VarTimeDoubleScalarBaseMult|Ed25519/(Sign|Verify)|MultiScalarMult/n=(2|16|64)|VarTimeMultiScalarMult/n=(2|16|1024)|PointDouble|ScalarBaseMult)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 30s -run '^(ScalarMult|MultiScalarMult|Point\\.Double|Point\\.MultByCofactor|Point\\.IsSmallOrder|NewPointTable)(/|\$)'"
check ifma-ladder-operands ifma "The doubling's first round without VPERMQ" \
	"bench/alternate.sh -n 10 -pkg ./x25519 ef0daab -test.bench 'BenchmarkIFMALadderKernel|BenchmarkX25519\$' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 4 ef0daab -run '^(X25519/variable|X25519/fixed|EdPublicKeyToX25519)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 30s -run '^x25519\\.X25519(/|\$)'"
check ifma-column-seeds ifma "Seeds for the columns' accumulators" \
	"bench/alternate.sh -n 10 -pkg . 1eaa92b -test.bench 'BenchmarkIFMA\$/double/ifma|ScalarMults/ifma/^(ScalarMult|VarTimeDoubleScalarBaseMult|MSM16)\$' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 10 -pkg ./x25519 1eaa92b -test.bench 'BenchmarkIFMALadderKernel|BenchmarkX25519\$' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 4 1eaa92b -run '^(ScalarMult|VarTimeDoubleScalarBaseMult|PointDouble|MultiScalarMult/n=16|X25519/variable|Ed25519/Verify)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 30s -run '^(ScalarMult|MultiScalarMult|Point\\.Double|Point\\.MultByCofactor|NewPointTable|x25519\\.X25519)(/|\$)'"
check ifma-point-kernels ifma "Points read and written by the IFMA kernels" \
	"bench/alternate.sh -n 8 -pkg . 15d11f3 -test.bench 'BenchmarkGroupLaw/.*/backend=ifma' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 4 15d11f3 -run '^(PointAdd|PointDouble|SetHashToCurve|SetEncodeToCurve)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 40s -run '^Point\\.(Add|Subtract|Double|MultByCofactor|SetHashToCurve|SetEncodeToCurve)(/|\$)'"
check slow-ifma ifma "\`ScalarMultSlow\` on IFMA" \
	"bench/alternate.sh -n 8 -pkg . 172bb82 -test.bench 'ScalarMults/ifma/ScalarMultSlow\$' -test.count 1 -test.benchtime 300ms
bench/alternate.sh -n 4 172bb82 -run '^(ScalarMultSlow|ScalarMult)\$' -count 10
go build -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 40s -run '^Point\\.ScalarMultSlow(/|\$)'"
check serial-affine-msm notzen3m1 "The serial \`MultiScalarMult\`'s affine windows" \
	"GOFLAGS=-tags=purego bench/alternate.sh -n 6 c8db64f -run '^MultiScalarMult/n=(2|16|64|256|1024)\$' -count 10
go build -tags purego -o /tmp/owed-dudect ./internal/dudect && taskset -c 0 /tmp/owed-dudect -time 30s -run '^MultiScalarMult'"
check avx2-double-runs notm167 "Runs of doublings in one kernel" \
	"GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 10 -pkg . 591d81d -test.bench 'ScalarMults/avx2/^(VarTimeDoubleScalarBaseMult|ScalarMult|VarTimeMSM16)\$' -test.count 1 -test.benchtime 400ms
GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 4 591d81d -run '^(VarTimeDoubleScalarBaseMult|VarTimeMultiScalarMult/n=(2|16)|Ed25519/Verify)\$' -count 10"

# owes reports whether this CPU owes a check of the given class.
owes() {
	case "$1" in
	every) ! $model167 && ! $zen3m1 ;;
	notzen3) ! $zen3m1 && ! $model167 ;;
	notm167) ! $model167 && ! $zen3m1 ;;
	notzen3m1) ! $zen3m1 ;;
	intel) $intel ;;
	zen5) $zen5 ;;
	ifma) $ifma ;;
	*) return 1 ;;
	esac
}

# bases prints the commits that the commands in $1 compare against: the REV
# of their alternate.sh commands.
bases() {
	grep -o "sh -n [0-9]* \(-pkg [^ ]* \)\?[0-9a-f]\{7\}\|alternate.sh [0-9a-f]\{7\}" <<<"$1" | grep -o '[0-9a-f]\{7\}$' || true
}
if $bases_only; then
	for i in "${!names[@]}"; do bases "${cmds[$i]}"; done | sort -u
	exit 0
fi

class="vendor ${vendor:-unknown}, family ${family:-?}, model ${model:-?}"
picked=()
for i in "${!names[@]}"; do
	owes "${owers[$i]}" || continue
	if [ -n "$only" ] && [[ ",$only," != *",${names[$i]},"* ]]; then continue; fi
	picked+=("$i")
done

# The triage: the commits the picked checks compare against, the oldest of
# them by its number of ancestors, and the main rows at it and at the
# working tree.
if $triage; then
	oldest="" least=""
	for i in "${picked[@]}"; do
		for rev in $(bases "${cmds[$i]}"); do
			n=$(git rev-list --count "$rev")
			if [ -z "$least" ] || [ "$n" -lt "$least" ]; then least=$n oldest=$rev; fi
		done
	done
	if [ -z "$oldest" ]; then
		echo "owed.sh: no check is owed by this CPU ($class), so no triage" >&2
		exit 0
	fi
	rows='^(FieldMultiply|FieldSquare|FieldInvert|PointSetBytes|PointAdd|PointDouble|ScalarBaseMult|ScalarMult|VarTimeDoubleScalarBaseMult|MultiScalarMult/n=64|VarTimeMultiScalarMult/n=(16|1024)|Ed25519/(Sign|Verify)|X25519/variable|IsTorsionFree)$'
	names=(triage) owers=(any) sections=("How to measure")
	cmds=("bench/alternate.sh -n 4 $oldest -run '$rows' -count 10")
	if has avx512ifma; then
		cmds[0]+=$'\n'"GODEBUG=cpu.avx512ifma=off bench/alternate.sh -n 4 $oldest -run '$rows' -count 10"
	fi
	picked=(0)
fi

if $list; then
	echo "CPU: $class"
	if $model167; then echo "(the CPU most of these changes were measured on; it ran those made on Zen 3 on 2026-12-06)"; fi
	for i in "${picked[@]}"; do
		echo
		echo "${names[$i]} (owed by: ${owers[$i]}; docs/PERFORMANCE.md, \"${sections[$i]}\")"
		sed 's/^/  /' <<<"${cmds[$i]}"
	done
	exit 0
fi

if [ ${#picked[@]} -eq 0 ]; then
	echo "owed.sh: no check is owed by this CPU ($class)" >&2
	exit 0
fi

run() {
	if $triage; then
		echo "# Owed checks' triage, $(date -u +%F), $(field 'model name') ($class)"
	else
		echo "# Owed checks, $(date -u +%F), $(field 'model name') ($class)"
	fi
	echo
	echo "Recorded by \`bench/owed.sh\` at commit $(git rev-parse --short HEAD)."
	echo
	echo "- CPU: $(field 'model name'), $(nproc) logical CPUs"
	echo "- Go: $(go version | sed 's/^go version //')"
	echo "- x/sys/cpu-relevant flags: $(for f in avx2 avx512f avx512vl avx512ifma bmi2 adx; do if has $f; then printf '%s ' "$f"; fi; done)"
	for i in "${picked[@]}"; do
		echo
		echo "## ${names[$i]} (docs/PERFORMANCE.md, \"${sections[$i]}\")"
		while IFS= read -r c; do
			echo
			echo '```sh'
			echo "$c"
			echo '```'
			echo
			echo '```'
			bash -c "$c" 2>&1
			echo '```'
		done <<<"${cmds[$i]}"
	done
}
if [ -n "$out" ]; then
	run | tee "$out"
else
	run
fi
