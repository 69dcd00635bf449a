package syndication

import (
	"testing"
	"time"

	"forecourt/functions/demo"
	"forecourt/shared"
)

// BenchmarkBuildAll builds the three formats for 2,000 demo cars.
func BenchmarkBuildAll(b *testing.B) {
	s := testSite()
	on := shared.FeedFormatConfig{Enabled: true}
	s.Syndication = &shared.SyndicationConfig{Google: on, Meta: on, TikTok: on}
	cars := demo.Stock(s.Dealerships[0], nil, 2000, time.Now())
	for b.Loop() {
		if _, _, err := BuildAll(Input{Site: s, Dealership: s.Dealerships[0], Cars: cars}, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
}
