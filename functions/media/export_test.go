package media

import "net/netip"

// NewLoopbackMirror is a Mirror whose address rule also lets 127.0.0.1
// through, the tests' stand-in for a public DMS host; every other rule
// stays in force.
func NewLoopbackMirror(store PhotoStore, l FetchLimits) *Mirror {
	return &Mirror{Store: store, Limits: l, allowed: func(a netip.Addr) bool {
		return a == netip.MustParseAddr("127.0.0.1") || publicAddr(a)
	}}
}

// NewLoopbackFetcher is NewFetcher with 127.0.0.1 let through as the
// tests' public host; every other rule stays in force.
func NewLoopbackFetcher(l FetchLimits) *Fetcher {
	return newFetcher(l, func(a netip.Addr) bool {
		return a == netip.MustParseAddr("127.0.0.1") || publicAddr(a)
	})
}

// HugePNG is a PNG whose header says w x h in a few dozen bytes.
var HugePNG = hugePNG
