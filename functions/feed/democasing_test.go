package feed_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"forecourt/functions/demo"
	"forecourt/functions/feed"
	"forecourt/shared"
)

// Issue 32 item 8: the demo showed "Hyundai I30". Every demo car's model
// reaches the store as the generator spelt it ("i30", "CX-5", "HiLux"),
// through the row parsing every feed goes through.
func TestDemoModelNamesSurviveIngest(t *testing.T) {
	now := time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC)
	cars := demo.Stock(shared.Dealership{ID: "d", Slug: "northside-used"}, []shared.CarType{shared.CarTypeUsed}, 350, now)
	raw, err := json.Marshal(cars)
	if err != nil {
		t.Fatal(err)
	}
	body, err := feed.DecodeJSON(bytes.NewReader(raw), nil, len(cars))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, row := range body.Rows {
		got, rerr := feed.ParseRow(row, "northside-used", now)
		if rerr != nil {
			t.Fatalf("%s: %v", cars[i].StockNum, rerr)
		}
		if got.Make+" "+got.Model != cars[i].Make+" "+cars[i].Model {
			t.Errorf("%s: ingested as %s %s, generated as %s %s", cars[i].StockNum, got.Make, got.Model, cars[i].Make, cars[i].Model)
		}
		seen[got.Model] = true
	}
	if !seen["i30"] {
		t.Errorf("no i30 among %d used cars; the check needs one", len(cars))
	}
}
