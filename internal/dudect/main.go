// Command dudect looks for timing leaks in the constant-time operations of
// this module, following Reparaz, Balasch and Verbauwhede, "Dude, is my code
// constant time?" (DATE 2017, https://eprint.iacr.org/2016/1123).
//
// For each function it times many calls on inputs from two classes: class 0
// always uses one fixed secret (often a special one, such as a scalar whose
// digits pick the same table entry in all but one place), class 1 a fresh
// random secret. Classes are interleaved at random, one class draw per
// measurement, and all inputs of a chunk are prepared before any of them is
// timed. Welch's t-test then compares the two timing distributions: raw,
// cropped at the paper's percentiles (dropping the slow tail that interrupts
// and cache misses create), and at second order. A large |t| is statistical
// evidence that the running time depends on the secret.
//
// Usage:
//
//	go run ./internal/dudect -short   # CI smoke: about 3.5 minutes (5 s per function)
//	go run ./internal/dudect          # real evidence: about a minute per function
//	go run ./internal/dudect -run 'Invert' -time 5m
//
// Reading the output: |t| <= 4.5 means no evidence of a leak was found with
// this many measurements (it is not a proof of constant time); |t| > 4.5 is
// evidence of a leak; |t| > 10 is the paper's strong threshold. A positive
// control, VarTimeDoubleScalarBaseMult with low-weight against high-weight
// scalars, really does leak and must be flagged: if it is not, the
// measurements are too coarse or too noisy to mean anything.
//
// On amd64 the header names the CPU flags that pick the module's
// point-arithmetic backend, and the backend they pick:
// GODEBUG=cpu.avx512ifma=off forces the AVX2 kernels on a CPU with IFMA,
// GODEBUG=cpu.avx2=off the serial formulas (docs/SECURITY.md, "Forcing
// each backend").
//
// Exit status: 1 if the positive control was run and not flagged. In -short
// mode that is the only failure, because shared CI machines are noisy and a
// constant-time function over the threshold is printed as a warning. Without
// -short the exit status is 2 if any constant-time function exceeds the
// strong threshold of 10.
package main

import (
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime"
	"slices"
	"time"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/field"
	"golang.org/x/sys/cpu"
)

var (
	shortFlag     = flag.Bool("short", false, "quick run for CI (fails only if the positive control is not flagged)")
	timeFlag      = flag.Duration("time", 0, "measuring time per function (default 5s with -short, 60s otherwise)")
	runFlag       = flag.String("run", "", "only measure functions whose name matches this regular expression")
	seedFlag      = flag.Uint64("seed", 0, "seed for the inputs (0 picks one; the seed is printed)")
	thresholdFlag = flag.Float64("threshold", 4.5, "|t| above which a function is reported as leaking")
	cropsFlag     = flag.Int("crops", 100, "number of cropping percentiles (the paper uses 100)")
	minFlag       = flag.Int("min", 0, "samples per class a test needs to count (default 1000 with -short, 10000 otherwise)")
	listFlag      = flag.Bool("list", false, "list the functions and exit")
)

// strongThreshold is the paper's "definitely leaking" level of |t|.
const strongThreshold = 10

// Sinks keep results alive so the compiler cannot drop the timed calls.
var (
	sinkPoint   edwards25519.Point
	sinkScalar  edwards25519.Scalar
	sinkElement field.Element
)

// chunk is a batch of prepared inputs: fill(i, class) writes input i of the
// given class, run(i) performs the timed work on input i.
type chunk struct {
	fill func(i, class int)
	run  func(i int)
}

// moreTargets holds the constructors of targets defined in the other files
// of this command, one file per area of the module (x25519.go, hash.go, ...),
// each adding its constructor from an init function. Their targets run after
// those of targets, in the order the files register them.
var moreTargets []func(rng *rand.Rand) []target

// target is one function under test.
type target struct {
	name    string
	classes string // what class 0 and class 1 are
	control bool   // positive control: known to leak, must be flagged
	batch   int    // calls per timed measurement (for functions near the timer's resolution)
	chunk   func(n int, rng *rand.Rand) chunk
	budget  float64 // share of the per-function time (1 unless set)
	// maxChunk bounds the measurements per chunk for targets with large
	// inputs (0: the default bound).
	maxChunk int
}

// inputs builds a chunk constructor over a slice of T: gen fills one input
// for a class, run does the timed work on it. Targets that batch several
// calls into one measurement keep one secret per call inside T, so a
// branch on the secret cannot be learned by the predictor within a batch.
func inputs[T any](gen func(rng *rand.Rand, class int, in *T), run func(in *T)) func(int, *rand.Rand) chunk {
	return func(n int, rng *rand.Rand) chunk {
		ins := make([]T, n)
		return chunk{
			fill: func(i, class int) { gen(rng, class, &ins[i]) },
			run:  func(i int) { run(&ins[i]) },
		}
	}
}

// fixedOrRandom is the input generator of a target that compares one fixed
// input (class 0) with fresh random ones (class 1): class 0 gets a copy of
// *fixed, class 1 a value drawn by random.
func fixedOrRandom[T any](fixed *T, random func(*rand.Rand, *T)) func(*rand.Rand, int, *T) {
	return func(rng *rand.Rand, class int, in *T) {
		if class == 0 {
			*in = *fixed
		} else {
			random(rng, in)
		}
	}
}

// scalarClass is fixedOrRandom for scalars.
func scalarClass(fixed *edwards25519.Scalar) func(*rand.Rand, int, *edwards25519.Scalar) {
	return fixedOrRandom(fixed, randomScalar)
}

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

func randomScalar(rng *rand.Rand, s *edwards25519.Scalar) {
	if _, err := s.SetUniformBytes(randomBytes(rng, 64)); err != nil {
		panic(err)
	}
}

func randomElement(rng *rand.Rand, e *field.Element) {
	if _, err := e.SetBytes(randomBytes(rng, 32)); err != nil {
		panic(err)
	}
}

// scalarFromBig returns the scalar v, which must be in [0, l).
func scalarFromBig(v *big.Int) *edwards25519.Scalar {
	b := v.FillBytes(make([]byte, 32))
	slices.Reverse(b)
	s, err := edwards25519.NewScalar().SetCanonicalBytes(b)
	if err != nil {
		panic(err)
	}
	return s
}

// The order l = 2^252 + c, and scalars whose recoded digits hit chosen
// table entries. The constant-time scalar multiplications (the combs of
// ScalarBaseMult and ScalarMultTable, the windows of ScalarMult and
// MultiScalarMult) recode u = s + 1 (s even) or s + 2 (s odd) in odd
// radix-16 digits, with no zero digit: d_i = (n_i | 1) - 16 + 16·(n_(i+1) &
// 1) for the nibbles n_i of u, over tables of odd multiples.
var (
	orderC = new(big.Int).SetBytes([]byte{0x14, 0xde, 0xf9, 0xde, 0xa2, 0xf7, 0x9c, 0xd6,
		0x58, 0x12, 0x63, 0x1a, 0x5c, 0xf5, 0xd3, 0xed})
	two252 = new(big.Int).Lsh(big.NewInt(1), 252)
	orderL = new(big.Int).Add(two252, orderC)
)

// firstEntryDigits is (16^63 - 1)/15 - 1, even: u has nibbles 1 from n_0
// to n_62, so the digits are +1 in 62 windows (the first entry, the
// window's point itself) and -15 in window 62.
func firstEntryDigits() *edwards25519.Scalar {
	m := new(big.Int).Sub(two252, big.NewInt(1))
	m.Div(m, big.NewInt(15))
	return scalarFromBig(m.Sub(m, big.NewInt(1)))
}

// lastNegatedDigits is 2: u = 3, so the digits are -15 in 62 windows (the
// last entry, negated) and -13 in window 0. (0 would give -15 in every
// window, and the identity as its result.)
func lastNegatedDigits() *edwards25519.Scalar {
	return scalarFromBig(big.NewInt(2))
}

// lowWeightScalar sets s to a scalar below 2^252 with exactly three bits set.
func lowWeightScalar(rng *rand.Rand, s *edwards25519.Scalar) {
	b := make([]byte, 32)
	for range 3 {
		bit := rng.IntN(252)
		b[bit/8] |= 1 << (bit % 8)
	}
	if _, err := s.SetCanonicalBytes(b); err != nil {
		panic(err)
	}
}

// targets lists the functions to measure. Inputs that are not secret (the
// point in ScalarMult, the operands of Select) are fixed per run.
func targets(rng *rand.Rand) []target {
	var fixed edwards25519.Scalar
	randomScalar(rng, &fixed)
	zero := edwards25519.NewScalar()
	first, last := firstEntryDigits(), lastNegatedDigits()

	var k edwards25519.Scalar
	randomScalar(rng, &k)
	q := new(edwards25519.Point).ScalarBaseMult(&k)
	randomScalar(rng, &k)
	q2 := new(edwards25519.Point).ScalarBaseMult(&k)

	// Four terms and seven: on IFMA both run the loop in two accumulators,
	// seven with a last term alone in every step (pairsTerms in the root
	// package's scalarmult_vec.go). Eight: on the serial backend with Go's
	// scans (every target but amd64 without purego) the windows are affine
	// from eight points (affineTerms in scalarmult_serial.go).
	const msmTerms, msmTermsOdd, msmTermsAffine = 4, 7, 8
	msmPoints := make([]*edwards25519.Point, msmTermsAffine)
	for i := range msmPoints {
		randomScalar(rng, &k)
		msmPoints[i] = new(edwards25519.Point).ScalarBaseMult(&k)
	}

	var fa, fb field.Element
	randomElement(rng, &fa)
	randomElement(rng, &fb)

	type msmInput struct {
		s    [msmTermsAffine]edwards25519.Scalar
		ptrs [msmTermsAffine]*edwards25519.Scalar
	}
	// msmScalars fills the first n terms of in: the fixed scalar in each for
	// class 0, random ones for class 1.
	msmScalars := func(n int) func(*rand.Rand, int, *msmInput) {
		return func(rng *rand.Rand, class int, in *msmInput) {
			for i := range n {
				if class == 0 {
					in.s[i].Set(&fixed)
				} else {
					randomScalar(rng, &in.s[i])
				}
				in.ptrs[i] = &in.s[i]
			}
		}
	}
	type scalarPair struct{ x, y edwards25519.Scalar }
	type elementPair struct{ x, y field.Element }
	const multiplyBatch, selectBatch = 16, 256
	type selectInput [selectBatch]uint8 // one cond per call
	selectGen := func(rng *rand.Rand, class int, in *selectInput) {
		for j := range in {
			if class == 0 {
				in[j] = 0
			} else {
				in[j] = uint8(rng.IntN(2))
			}
		}
	}

	invert := func(e *field.Element) { sinkElement.Invert(e) }
	baseMult := func(s *edwards25519.Scalar) { sinkPoint.ScalarBaseMult(s) }
	varMult := func(s *edwards25519.Scalar) { sinkPoint.ScalarMult(s, q) }
	all := []target{
		{
			name:    "ScalarBaseMult",
			classes: "fixed random scalar vs random scalars",
			batch:   1,
			chunk:   inputs(scalarClass(&fixed), baseMult),
		},
		{
			name:    "ScalarBaseMult/lookup-first-entry",
			classes: "(16^63-1)/15 - 1 (digits +1 in 62 places: the first entry) vs random",
			batch:   1,
			chunk:   inputs(scalarClass(first), baseMult),
		},
		{
			name:    "ScalarBaseMult/lookup-last-negated",
			classes: "2 (digits -15 in 62 places: the last entry, negated) vs random",
			batch:   1,
			chunk:   inputs(scalarClass(last), baseMult),
		},
		{
			name:    "ScalarMult",
			classes: "fixed random scalar vs random scalars, fixed point",
			batch:   1,
			chunk:   inputs(scalarClass(&fixed), varMult),
		},
		{
			name:    "ScalarMult/lookup-first-entry",
			classes: "(16^63-1)/15 - 1 (digits +1 in 62 windows: the first entry) vs random, fixed point",
			batch:   1,
			chunk:   inputs(scalarClass(first), varMult),
		},
		{
			name:    "ScalarMult/lookup-last-negated",
			classes: "2 (digits -15 in 62 windows: the last entry, negated) vs random, fixed point",
			batch:   1,
			chunk:   inputs(scalarClass(last), varMult),
		},
		{
			name:    "MultiScalarMult",
			classes: fmt.Sprintf("%d fixed random scalars vs %d random scalars, fixed points", msmTerms, msmTerms),
			batch:   1,
			chunk: inputs(msmScalars(msmTerms), func(in *msmInput) {
				sinkPoint.MultiScalarMult(in.ptrs[:msmTerms], msmPoints[:msmTerms])
			}),
		},
		{
			name:    "MultiScalarMult/seven-terms",
			classes: fmt.Sprintf("%d fixed random scalars vs %d random scalars, fixed points", msmTermsOdd, msmTermsOdd),
			batch:   1,
			chunk: inputs(msmScalars(msmTermsOdd), func(in *msmInput) {
				sinkPoint.MultiScalarMult(in.ptrs[:msmTermsOdd], msmPoints[:msmTermsOdd])
			}),
		},
		{
			name:    "MultiScalarMult/eight-terms",
			classes: fmt.Sprintf("%d fixed random scalars vs %d random scalars, fixed points", msmTermsAffine, msmTermsAffine),
			batch:   1,
			chunk: inputs(msmScalars(msmTermsAffine), func(in *msmInput) {
				sinkPoint.MultiScalarMult(in.ptrs[:], msmPoints)
			}),
		},
		{
			name:    "field.Element.Invert",
			classes: "0 vs random elements",
			batch:   1,
			chunk:   inputs(fixedOrRandom(new(field.Element), randomElement), invert),
		},
		{
			name:    "field.Element.Invert/one",
			classes: "1 vs random elements",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(new(field.Element).One(), randomElement), invert),
		},
		{
			name:     "field.Element.Multiply",
			classes:  fmt.Sprintf("0*0 vs random*random, %d products per measurement", multiplyBatch),
			batch:    multiplyBatch,
			maxChunk: 20000,
			chunk: inputs(func(rng *rand.Rand, class int, in *[multiplyBatch]elementPair) {
				for j := range in {
					if class == 0 {
						in[j].x.Zero()
						in[j].y.Zero()
					} else {
						randomElement(rng, &in[j].x)
						randomElement(rng, &in[j].y)
					}
				}
			}, func(in *[multiplyBatch]elementPair) {
				for j := range in {
					sinkElement.Multiply(&in[j].x, &in[j].y)
				}
			}),
		},
		{
			name:    "field.Element.Pow22523",
			classes: "0 vs random elements (fePow22523Asm on Intel CPUs with BMI2 and ADX)",
			batch:   1,
			chunk: inputs(fixedOrRandom(new(field.Element), randomElement),
				func(x *field.Element) { sinkElement.Pow22523(x) }),
		},
		{
			name:     "field.Element.Square",
			classes:  fmt.Sprintf("0 vs random elements, %d squarings per measurement", multiplyBatch),
			batch:    multiplyBatch,
			maxChunk: 20000,
			chunk: inputs(func(rng *rand.Rand, class int, in *[multiplyBatch]field.Element) {
				for j := range in {
					if class == 0 {
						in[j].Zero()
					} else {
						randomElement(rng, &in[j])
					}
				}
			}, func(in *[multiplyBatch]field.Element) {
				for j := range in {
					sinkElement.Square(&in[j])
				}
			}),
		},
		{
			name:    "Scalar.Invert",
			classes: "0 vs random scalars",
			batch:   1,
			chunk: inputs(scalarClass(zero),
				func(s *edwards25519.Scalar) { sinkScalar.Invert(s) }),
		},
		{
			name:     "Scalar.Multiply",
			classes:  fmt.Sprintf("0*0 vs random*random, %d products per measurement", multiplyBatch),
			batch:    multiplyBatch,
			maxChunk: 20000,
			chunk: inputs(func(rng *rand.Rand, class int, in *[multiplyBatch]scalarPair) {
				for j := range in {
					if class == 0 {
						in[j].x.Set(zero)
						in[j].y.Set(zero)
					} else {
						randomScalar(rng, &in[j].x)
						randomScalar(rng, &in[j].y)
					}
				}
			}, func(in *[multiplyBatch]scalarPair) {
				for j := range in {
					sinkScalar.Multiply(&in[j].x, &in[j].y)
				}
			}),
		},
		{
			name:    "Point.Select",
			classes: fmt.Sprintf("cond 0 vs random conds, %d calls per measurement", selectBatch),
			batch:   selectBatch,
			chunk: inputs(selectGen, func(in *selectInput) {
				for _, c := range in {
					sinkPoint.Select(q, q2, int(c))
				}
			}),
		},
		{
			name:    "field.Element.Select",
			classes: fmt.Sprintf("cond 0 vs random conds, %d calls per measurement", selectBatch),
			batch:   selectBatch,
			chunk: inputs(selectGen, func(in *selectInput) {
				for _, c := range in {
					sinkElement.Select(&fa, &fb, int(c))
				}
			}),
		},
		{
			name:    "VarTimeDoubleScalarBaseMult",
			classes: "3-bit scalars vs random scalars (POSITIVE CONTROL: leaks by design)",
			control: true,
			batch:   1,
			budget:  0.6,
			chunk: inputs(func(rng *rand.Rand, class int, in *scalarPair) {
				if class == 0 {
					lowWeightScalar(rng, &in.x)
					lowWeightScalar(rng, &in.y)
				} else {
					randomScalar(rng, &in.x)
					randomScalar(rng, &in.y)
				}
			}, func(in *scalarPair) { sinkPoint.VarTimeDoubleScalarBaseMult(&in.x, q, &in.y) }),
		},
	}
	all = insertAfter(all, "ScalarBaseMult/lookup-last-negated", scalarControls("ScalarBaseMult", &fixed, baseMult)...)
	return insertAfter(all, "ScalarMult/lookup-last-negated", scalarControls("ScalarMult", &fixed, varMult)...)
}

// scalarControls returns three negative controls for the target name, which
// times run on a fixed scalar against random ones: the fixed scalar in both
// classes, the fixed scalar against a second fixed one (its square, which
// takes nothing from the random stream, so every other target's inputs stay
// those of the seed), and random scalars in both classes. Read with the
// target: if it is flagged and two fixed scalars are too, its time depends
// on the scalar's value; if only the target is, it is the spread of many
// inputs against one repeated input (docs/SECURITY.md, "Zen 3 again:
// controls"). At half the time of a target.
func scalarControls(name string, fixed *edwards25519.Scalar, run func(*edwards25519.Scalar)) []target {
	fixed2 := new(edwards25519.Scalar).Multiply(fixed, fixed)
	same := func(_ *rand.Rand, s *edwards25519.Scalar) { s.Set(fixed) }
	other := func(_ *rand.Rand, s *edwards25519.Scalar) { s.Set(fixed2) }
	return []target{
		{
			name:    name + "/same-scalar",
			classes: "the plain target's fixed scalar in both classes (a negative control)",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(fixed, same), run),
		},
		{
			name:    name + "/two-scalars",
			classes: "the plain target's fixed scalar vs a second fixed scalar",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(fixed, other), run),
		},
		{
			name:    name + "/random-random",
			classes: "random scalars in both classes (a negative control)",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(func(rng *rand.Rand, _ int, s *edwards25519.Scalar) { randomScalar(rng, s) }, run),
		},
	}
}

// insertAfter returns ts with more inserted after the target named name,
// which must be in ts.
func insertAfter(ts []target, name string, more ...target) []target {
	for i := range ts {
		if ts[i].name == name {
			return slices.Insert(ts, i+1, more...)
		}
	}
	panic("dudect: no target " + name)
}

// outcome is what measuring one target produced.
type outcome struct {
	t         float64
	test      string
	n         int
	nsPerCall [2]float64
}

// measure times tg for about budget and returns the worst |t| of its test
// battery. The first chunk only warms up caches and branch predictors and
// fixes the cropping thresholds, as in the paper; it is not tested.
func measure(tg target, budget time.Duration, rng *rand.Rand, qs []float64, minN float64) outcome {
	// Calibrate: pick a chunk that takes roughly 1/20 of the budget to time.
	const calib = 64
	c := tg.chunk(calib, rng)
	for i := range calib {
		c.fill(i, i&1)
	}
	start := time.Now()
	for i := range calib {
		c.run(i)
	}
	per := time.Since(start) / calib
	size := int(budget / 20 / max(per, 1))
	limit := 100000
	if tg.maxChunk > 0 {
		limit = tg.maxChunk
	}
	size = min(max(size, 500), limit)

	classes := make([]int, size)
	times := make([]float64, size)
	var bat *battery
	deadline := time.Now().Add(budget)
	for bat == nil || time.Now().Before(deadline) {
		c := tg.chunk(size, rng)
		for i := range classes {
			classes[i] = rng.IntN(2)
			c.fill(i, classes[i])
		}
		runtime.GC() // no collection may start during the timed loop
		for i := range times {
			t0 := time.Now()
			c.run(i)
			times[i] = float64(time.Since(t0))
		}
		if bat == nil {
			thresholds := quantiles(slices.Clone(times), qs)
			bat = newBattery(thresholds, qs, minN)
			continue
		}
		for i, x := range times {
			bat.add(classes[i], x)
		}
	}
	t, name := bat.worst(minN)
	typical := bat.typical()
	return outcome{
		t:    t,
		test: name,
		n:    int(bat.raw.n[0] + bat.raw.n[1]),
		nsPerCall: [2]float64{
			typical[0] / float64(tg.batch),
			typical[1] / float64(tg.batch),
		},
	}
}

func main() {
	flag.Parse()
	perFunction := *timeFlag
	if perFunction == 0 {
		perFunction = 60 * time.Second
		if *shortFlag {
			perFunction = 5 * time.Second
		}
	}
	minN := float64(*minFlag)
	if minN == 0 {
		minN = 10000
		if *shortFlag {
			minN = 1000
		}
	}
	seed := *seedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	var filter *regexp.Regexp
	if *runFlag != "" {
		var err error
		if filter, err = regexp.Compile(*runFlag); err != nil {
			fmt.Fprintln(os.Stderr, "dudect: bad -run:", err)
			os.Exit(2)
		}
	}
	var seedBytes [32]byte
	for i := range 8 {
		seedBytes[i] = byte(seed >> (8 * i))
	}
	rng := rand.New(rand.NewChaCha8(seedBytes))
	all := targets(rng)
	for _, more := range moreTargets {
		all = append(all, more(rng)...)
	}
	// The name column is as wide as the longest name.
	nameWidth := len("function")
	for _, tg := range all {
		nameWidth = max(nameWidth, len(tg.name))
	}
	if *listFlag {
		for _, tg := range all {
			fmt.Printf("%-*s %s\n", nameWidth, tg.name, tg.classes)
		}
		return
	}

	runtime.LockOSThread()
	mode := "long"
	if *shortFlag {
		mode = "short"
	}
	fmt.Printf("dudect: Welch's t-test, fixed vs random secret (Reparaz, Balasch, Verbauwhede 2017)\n")
	fmt.Printf("mode %s, %v per function, seed %d (replay with -seed %d)\n", mode, perFunction, seed, seed)
	fmt.Printf("%s %s/%s, GOMAXPROCS %d, %d CPUs, timer time.Now (monotonic, ns)\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), runtime.NumCPU())
	if runtime.GOARCH == "amd64" {
		fmt.Printf("%s\n", backendFlags())
	}
	fmt.Printf("tests per function: raw, %d cropped at percentiles, 2nd order; a test counts from %d samples per class\n",
		*cropsFlag, int(minN))
	fmt.Printf("c0 = fixed secret, c1 = random secret; ns/call is the mean of the faster half of each class\n")
	fmt.Printf("|t| > %.1f: evidence of a leak; |t| > %d: strong evidence\n\n", *thresholdFlag, strongThreshold)
	fmt.Printf("%-*s %9s %10s %10s %8s  %-13s %s\n",
		nameWidth, "function", "measured", "c0 ns/call", "c1 ns/call", "max|t|", "worst test", "verdict")

	qs := cropLevels(*cropsFlag)
	controlRun, controlFlagged, warnings, strong := false, false, 0, 0
	began := time.Now()
	for _, tg := range all {
		if filter != nil && !filter.MatchString(tg.name) {
			continue
		}
		budget := perFunction
		if tg.budget > 0 {
			budget = time.Duration(float64(budget) * tg.budget)
		}
		out := measure(tg, budget, rng, qs, minN)
		var verdict string
		switch {
		case tg.control && out.t > *thresholdFlag:
			controlRun, controlFlagged = true, true
			verdict = "FLAGGED, as it must be (positive control works)"
		case tg.control:
			controlRun = true
			verdict = "NOT FLAGGED: positive control failed, measurements are not trustworthy"
		case out.t > strongThreshold:
			warnings++
			strong++
			verdict = "WARNING: strong evidence of a leak (|t| > 10)"
		case out.t > *thresholdFlag:
			warnings++
			verdict = fmt.Sprintf("WARNING: evidence of a leak (|t| > %.1f)", *thresholdFlag)
		default:
			verdict = "ok: no evidence of a leak"
		}
		fmt.Printf("%-*s %9d %10.1f %10.1f %8.2f  %-13s %s\n",
			nameWidth, tg.name, out.n, out.nsPerCall[0], out.nsPerCall[1], out.t, out.test, verdict)
	}
	fmt.Printf("\ntotal %v\n", time.Since(began).Round(time.Second))

	if warnings > 0 {
		fmt.Printf("%d constant-time function(s) over the threshold. On a shared or busy machine this is often noise:\n", warnings)
		fmt.Printf("rerun on a quiet machine without -short (and with -run and a longer -time) before concluding.\n")
	}
	if controlRun && !controlFlagged {
		fmt.Println("FAIL: the positive control was not flagged")
		os.Exit(1)
	}
	if !*shortFlag && strong > 0 {
		fmt.Println("FAIL: strong evidence of a leak in a constant-time function")
		os.Exit(2)
	}
}

// backendFlags describes the CPU flags, as golang.org/x/sys/cpu reports them
// after GODEBUG, from which the module picks its point-arithmetic backend on
// amd64 (the command cannot see the choice itself): IFMA with all four,
// AVX2 with AVX2, the serial formulas otherwise or under -tags purego.
func backendFlags() string {
	x := cpu.X86
	b := "serial"
	switch {
	case x.HasAVX2 && x.HasAVX512F && x.HasAVX512VL && x.HasAVX512IFMA:
		b = "ifma"
	case x.HasAVX2:
		b = "avx2"
	}
	return fmt.Sprintf("x/sys/cpu: AVX2 %v, AVX512F %v, AVX512VL %v, AVX512IFMA %v: point backend %s (serial under -tags purego)",
		x.HasAVX2, x.HasAVX512F, x.HasAVX512VL, x.HasAVX512IFMA, b)
}
