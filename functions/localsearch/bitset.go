package localsearch

import "math/bits"

// bitset is a dense set of document slots. Filters and facet values are
// bitsets so that AND/OR/NOT over 100k records is a few thousand word ops.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)>>6) }

func (b bitset) has(i uint32) bool {
	w := int(i >> 6)
	return w < len(b) && b[w]&(1<<(i&63)) != 0
}

// set sets bit i, growing the set when needed, and returns the (possibly new) set.
func (b bitset) set(i uint32) bitset {
	w := int(i >> 6)
	if w >= len(b) {
		nb := make(bitset, w+1+w/4)
		copy(nb, b)
		b = nb
	}
	b[w] |= 1 << (i & 63)
	return b
}

func (b bitset) clear(i uint32) {
	if w := int(i >> 6); w < len(b) {
		b[w] &^= 1 << (i & 63)
	}
}

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// andCount counts the bits set in both b and o without allocating.
func (b bitset) andCount(o bitset) int {
	n := 0
	m := min(len(b), len(o))
	for i := 0; i < m; i++ {
		n += bits.OnesCount64(b[i] & o[i])
	}
	return n
}

// andWith keeps in b only the bits also in o.
func (b bitset) andWith(o bitset) {
	for i := range b {
		if i < len(o) {
			b[i] &= o[i]
		} else {
			b[i] = 0
		}
	}
}

// orWith adds to b the bits of o (b must be at least as long as o).
func (b bitset) orWith(o bitset) {
	for i := range o {
		if i < len(b) {
			b[i] |= o[i]
		}
	}
}

// andNotWith removes from b the bits of o.
func (b bitset) andNotWith(o bitset) {
	for i := range b {
		if i < len(o) {
			b[i] &^= o[i]
		}
	}
}

// retain clears the set bits for which keep is false.
func (b bitset) retain(keep func(uint32) bool) {
	for wi, w := range b {
		for rest := w; rest != 0; rest &= rest - 1 {
			t := bits.TrailingZeros64(rest)
			if !keep(uint32(wi<<6 + t)) {
				w &^= 1 << t
			}
		}
		b[wi] = w
	}
}

// each calls f for every set bit in ascending order until f returns false.
func (b bitset) each(f func(uint32) bool) {
	for wi, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			if !f(uint32(wi<<6 + t)) {
				return
			}
			w &= w - 1
		}
	}
}
