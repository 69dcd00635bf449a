package feed

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// BenchmarkDecodeParseHash is the CPU side of an unchanged re-ingest of a
// 10,000-car JSON feed: decode, validate and normalise, hash.
func BenchmarkDecodeParseHash(b *testing.B) {
	rows := make([]map[string]any, 10000)
	for i := range rows {
		rows[i] = map[string]any{"stocknum": fmt.Sprintf("B%06d", i), "make": "Toyota", "model": "Corolla",
			"badge": "Ascent Sport", "year": 2015 + i%10, "car_type": "used", "price": 15000 + i%500*100,
			"km": i * 7 % 200000, "body": "Hatchback", "fuel": "Petrol", "trans": "Automatic", "colour": "White",
			"dealercomments": strings.Repeat("Well kept, full service history. ", 8)}
	}
	data, _ := json.Marshal(rows)
	now := time.Now()
	b.ResetTimer()
	for range b.N {
		body, err := DecodeJSON(strings.NewReader(string(data)), nil, DefaultMaxCars)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range body.Rows {
			c, rowErr := ParseRow(r, "bench", now)
			if rowErr != nil {
				b.Fatal(rowErr)
			}
			_ = contentHash(c)
		}
	}
}
