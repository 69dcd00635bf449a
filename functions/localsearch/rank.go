package localsearch

import (
	"math"
	"slices"
	"strings"
	"sync"
)

// Ranking criteria, in Algolia's names.
type critKind int

const (
	cTypo critKind = iota
	cWords
	cProximity
	cAttribute
	cExact
	cStatic // a run of custom / asc(attr) / desc(attr) criteria
	cIgnored
)

type criterion struct {
	kind  critKind
	group int // cStatic: index into rankCache.groups
}

// sortKey is one attribute to sort by.
type sortKey struct {
	path string
	desc bool
}

// rankCache holds an index's ranking formula and, per store generation, the
// record order it implies when there is no query text (so an empty-query
// page is a walk, not a sort) and a dense rank per static group (so a text
// query compares one integer per group).
type rankCache struct {
	mu     sync.Mutex
	gen    uint64
	store  *store
	valid  bool
	crit   []criterion
	groups [][]sortKey
	ranks  [][]uint32 // group -> slot -> dense rank
	order  []uint32   // live slots in static order
	// distinct is, per slot, the attributeForDistinct group (1-based; 0 =
	// the record has no value and is its own group); nil when not configured.
	distinct []uint32
}

// distinctGroups returns the distinct group of every slot, or nil.
func (rc *rankCache) distinctGroups() []uint32 { return rc.distinct }

func (rc *rankCache) reset() {
	rc.mu.Lock()
	rc.valid = false
	rc.mu.Unlock()
}

// parseRanking turns `ranking` and `customRanking` into criteria and groups.
func parseRanking(ranking, custom []string) ([]criterion, [][]sortKey) {
	if ranking == nil {
		ranking = defaultRanking
	}
	var crit []criterion
	var groups [][]sortKey
	addStatic := func(keys ...sortKey) {
		if len(crit) > 0 && crit[len(crit)-1].kind == cStatic {
			g := crit[len(crit)-1].group
			groups[g] = append(groups[g], keys...)
			return
		}
		crit = append(crit, criterion{kind: cStatic, group: len(groups)})
		groups = append(groups, keys)
	}
	for _, r := range ranking {
		switch r {
		case "typo":
			crit = append(crit, criterion{kind: cTypo})
		case "words":
			crit = append(crit, criterion{kind: cWords})
		case "proximity":
			crit = append(crit, criterion{kind: cProximity})
		case "attribute":
			crit = append(crit, criterion{kind: cAttribute})
		case "exact":
			crit = append(crit, criterion{kind: cExact})
		case "custom":
			var keys []sortKey
			for _, c := range custom {
				if k, ok := parseSortKey(c); ok {
					keys = append(keys, k)
				}
			}
			if len(keys) > 0 {
				addStatic(keys...)
			}
		case "geo", "filters":
			// geo needs aroundLatLng (unsupported); filters scoring needs optionalFilters.
		default:
			if k, ok := parseSortKey(r); ok {
				addStatic(k)
			}
		}
	}
	return crit, groups
}

func parseSortKey(s string) (sortKey, bool) {
	switch {
	case strings.HasPrefix(s, "asc(") && strings.HasSuffix(s, ")"):
		return sortKey{path: s[4 : len(s)-1]}, true
	case strings.HasPrefix(s, "desc(") && strings.HasSuffix(s, ")"):
		return sortKey{path: s[5 : len(s)-1], desc: true}, true
	}
	return sortKey{}, false
}

// prepared returns the ranking data of ix for its current store.
func (ix *index) prepared() *rankCache {
	rc := ix.rank
	rc.mu.Lock()
	defer rc.mu.Unlock()
	st := ix.store
	if rc.valid && rc.gen == st.gen && rc.store == st {
		return rc
	}
	rc.crit, rc.groups = parseRanking(stringList(ix.settings["ranking"]), stringList(ix.settings["customRanking"]))
	rc.ranks = make([][]uint32, len(rc.groups))
	live := make([]uint32, 0, st.live)
	st.alive.each(func(s uint32) bool { live = append(live, s); return true })
	for g, keys := range rc.groups {
		rc.ranks[g] = denseRank(st, live, keys)
	}
	order := slices.Clone(live)
	slices.SortStableFunc(order, func(a, b uint32) int {
		for _, r := range rc.ranks {
			if r[a] != r[b] {
				if r[a] < r[b] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	rc.order = order
	rc.distinct = nil
	if path := settingStr(ix, "attributeForDistinct", ""); path != "" {
		rc.distinct = distinctGroups(st, live, path)
	}
	rc.gen, rc.store, rc.valid = st.gen, st, true
	return rc
}

// denseRank ranks live slots by keys: equal keys share a rank; records
// missing a key sort after those that have it, in either direction.
func denseRank(st *store, live []uint32, keys []sortKey) []uint32 {
	cols := make([][]float64, len(keys))
	for i, k := range keys {
		cols[i] = st.numCol(k.path)
	}
	cmp := func(a, b uint32) int {
		for i, col := range cols {
			if col == nil {
				continue
			}
			va, vb := numAt(col, a), numAt(col, b)
			na, nb := math.IsNaN(va), math.IsNaN(vb)
			switch {
			case na && nb:
				continue
			case na:
				return 1
			case nb:
				return -1
			case va == vb:
				continue
			}
			less := va < vb
			if keys[i].desc {
				less = !less
			}
			if less {
				return -1
			}
			return 1
		}
		return 0
	}
	sorted := slices.Clone(live)
	slices.SortStableFunc(sorted, cmp)
	ranks := make([]uint32, st.slots())
	var r uint32
	for i, s := range sorted {
		if i > 0 && cmp(sorted[i-1], s) != 0 {
			r++
		}
		ranks[s] = r
	}
	return ranks
}

// distinctGroups numbers the values of path over the live slots: records
// with equal values (compared as JSON) share a group.
func distinctGroups(st *store, live []uint32, path string) []uint32 {
	groups := make([]uint32, st.slots())
	ids := map[string]uint32{}
	for _, s := range live {
		raw, ok := valueAt(st.docs[s].raw, path)
		if !ok || string(raw) == "null" {
			continue
		}
		id, seen := ids[string(raw)]
		if !seen {
			id = uint32(len(ids) + 1)
			ids[string(raw)] = id
		}
		groups[s] = id
	}
	return groups
}
