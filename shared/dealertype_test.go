package shared

import (
	"strings"
	"testing"
)

// Issue 32 item 9: a site advertises only the stock it sells. A tenant file
// is decoded onto the defaults, so what its footer links, what its home
// page is called and which copy its content pages get must follow the
// file's stock.car_types, not the default three types.
func TestSiteSellsItsOwnCarTypes(t *testing.T) {
	tests := []struct {
		name       string
		json       string // fields added to a minimal site
		words      string
		listing    string
		dealerType DealerType
		links      []string // listing paths the footer and header must link
		noLinks    []string // listing paths they must not link
	}{
		{
			name:       "used-only yard",
			json:       `,"stock":{"car_types":["used"]},"features":{"trade_in":true,"trade_in_path":"/sell-your-car"}`,
			words:      "used cars",
			listing:    "/search/used-cars",
			dealerType: DealerIndependent,
			links:      []string{"/cars/", "/sell-your-car"},
			noLinks:    []string{"/search/new-cars", "/search/demo-cars", "/trade-in"},
		},
		{
			name:       "new and demo only",
			json:       `,"stock":{"car_types":["new","demo"]}`,
			words:      "new and demo cars",
			listing:    "/search/new-and-demo-cars",
			dealerType: DealerFranchise,
			links:      []string{"/search/new-cars", "/search/demo-cars"},
			noLinks:    []string{"/search/used-cars"},
		},
		{
			name:       "franchise selling everything (the default)",
			json:       ``,
			words:      "new, used and demo cars",
			listing:    "/search/new-used-and-demo-cars/",
			dealerType: DealerFranchise,
			links:      []string{"/search/new-cars", "/search/demo-cars", "/search/used-cars", "/trade-in"},
		},
		{
			name:       "a used-only site that says it is a franchise",
			json:       `,"dealer_type":"franchise","stock":{"car_types":["used"]}`,
			words:      "used cars",
			listing:    "/search/used-cars",
			dealerType: DealerFranchise,
			noLinks:    []string{"/search/new-cars", "/search/demo-cars"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `{"slug":"a-site","name":"A Site","dealerships":[{"id":"d1","slug":"d1","name":"D1"}]` + tt.json + "}"
			s, err := DecodeSite(strings.NewReader(src), "site.json")
			if err != nil {
				t.Fatal(err)
			}
			if got := s.StockWords(); got != tt.words {
				t.Errorf("StockWords() = %q, want %q", got, tt.words)
			}
			if got := s.Stock.ListingPath; got != tt.listing {
				t.Errorf("stock.listing_path = %q, want %q", got, tt.listing)
			}
			if s.DealerType != tt.dealerType {
				t.Errorf("dealer_type = %q, want %q", s.DealerType, tt.dealerType)
			}
			seen := map[string]string{}
			var footer []NavItem
			for _, g := range [][]NavItem{s.Footer.Vehicles, s.Footer.BuyerTools, s.Footer.Service, s.Footer.Dealer} {
				footer = append(footer, g...)
			}
			for _, l := range footer {
				if prev, ok := seen[l.Path]; ok {
					t.Errorf("footer links %s twice (%q and %q)", l.Path, prev, l.Label)
				}
				seen[l.Path] = l.Label
			}
			for _, l := range HeaderMenu(s) {
				seen[l.Path] = l.Label
			}
			for _, p := range tt.links {
				if _, ok := seen[p]; !ok {
					t.Errorf("no header or footer link to %s: %s", p, labels(footer))
				}
			}
			for _, p := range tt.noLinks {
				if l, ok := seen[p]; ok {
					t.Errorf("header or footer links %q to %s", l, p)
				}
			}
		})
	}
}

// A dealer_type outside the two is a clear error naming the field.
func TestDealerTypeValidated(t *testing.T) {
	src := `{"slug":"a-site","name":"A Site","dealerships":[{"id":"d1","slug":"d1","name":"D1"}],"dealer_type":"broker"}`
	_, err := DecodeSite(strings.NewReader(src), "site.json")
	if err == nil || !strings.Contains(err.Error(), "dealer_type") {
		t.Fatalf("got %v, want an error naming dealer_type", err)
	}
}
