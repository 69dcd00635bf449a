package syndication

import (
	"fmt"
	"time"
)

// Health is a dealership's stock health on one site (issue 37): for each
// format the site publishes, how many cars it lists and which it drops,
// and why. Served as JSON (GET /ingest/v1/dealerships/{slug}/health) and
// printed by `forecourt stock health`.
type Health struct {
	Site       string         `json:"site"`
	Dealership string         `json:"dealership"`
	BuiltAt    time.Time      `json:"built_at"`
	Formats    []FormatHealth `json:"formats"`
}

// FormatHealth is one format's share of a Health report.
type FormatHealth struct {
	Format Format `json:"format"`
	Listed int    `json:"listed"`
	// Counts are the dropped cars per reason (a car with two reasons
	// counts under both); Dropped is how many cars were left out.
	Counts  map[Reason]int `json:"counts"`
	Dropped []Drop         `json:"dropped"`
}

// DroppedCount is how many cars the format leaves out.
func (f FormatHealth) DroppedCount() int { return len(f.Dropped) }

// BuildAll builds every format the site publishes for the dealership and
// its health report.
func BuildAll(in Input, now time.Time) ([]Result, Health, error) {
	h := Health{Site: in.Site.Slug, Dealership: in.Dealership.Slug, BuiltAt: now.UTC(), Formats: []FormatHealth{}}
	var results []Result
	for _, f := range Formats {
		if !f.Enabled(in.Site) {
			continue
		}
		res, err := Build(f, in)
		if err != nil {
			return nil, Health{}, err
		}
		results = append(results, res)
		h.Formats = append(h.Formats, healthOf(res))
	}
	return results, h, nil
}

func healthOf(r Result) FormatHealth {
	fh := FormatHealth{Format: r.Format, Listed: r.Listed, Counts: map[Reason]int{}, Dropped: r.Dropped}
	for _, d := range r.Dropped {
		for _, reason := range d.Reasons {
			fh.Counts[reason]++
		}
	}
	return fh
}

// Summary is a one-line account of a format's drops: "google: 10 listed,
// 2 dropped (no_vin 1, no_price 1)".
func (f FormatHealth) Summary() string {
	s := fmt.Sprintf("%s: %d listed, %d dropped", f.Format, f.Listed, len(f.Dropped))
	sep := " ("
	for _, r := range Reasons {
		if n := f.Counts[r]; n > 0 {
			s += fmt.Sprintf("%s%s %d", sep, r, n)
			sep = ", "
		}
	}
	if sep == ", " {
		s += ")"
	}
	return s
}

// Counts are a run's drops per format, as the feed run report carries
// them: format -> dropped cars.
func Counts(h Health) map[string]int {
	out := map[string]int{}
	for _, f := range h.Formats {
		out[string(f.Format)] = len(f.Dropped)
	}
	return out
}
