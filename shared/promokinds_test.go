package shared

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Spec 001 §9 "Tile content per brand": a tile names its kind and gets the
// site's words for it; the site overrides the words or the facts they are
// made from, and a tile's own words win.
func TestPromoKindTiles(t *testing.T) {
	used := []CarType{CarTypeUsed}
	tests := []struct {
		name      string
		json      string // members spliced into a minimal site
		wantTitle string
		wantBody  string
		wantLink  string
		wantShown []CarType
	}{
		{"warranty: default years, used cars", `"promotions": [{"id": "p", "kind": "warranty"}]`,
			"3 Year Standard Warranty", "Every used car comes with a 3 year standard warranty.", "", used},
		{"warranty: the site's years", `"promo_texts": {"warranty_years": 5}, "promotions": [{"id": "p", "kind": "warranty"}]`,
			"5 Year Standard Warranty", "Every used car comes with a 5 year standard warranty.", "", used},
		{"video call goes to contact", `"promotions": [{"id": "p", "kind": "video_call"}]`,
			"Buying from afar? Video call us", "See any car on a live video walk-around with our team before you buy.", "/contact-us", nil},
		{"trade-in follows the site's trade-in path", `"features": {"trade_in_path": "/sell-my-car"}, "promotions": [{"id": "p", "kind": "trade_in"}]`,
			"Trade in your car", "Tell us about your car and put its value towards your next one.", "/sell-my-car", nil},
		{"freight: default region", `"promotions": [{"id": "p", "kind": "freight"}]`,
			"Freight anywhere in Australia", "Buy from us wherever you live: we deliver your next car to your door.", "/contact-us", nil},
		{"freight: the site's region", `"promo_texts": {"freight_region": "Queensland"}, "promotions": [{"id": "p", "kind": "freight"}]`,
			"Freight anywhere in Queensland", "Buy from us wherever you live: we deliver your next car to your door.", "/contact-us", nil},
		{"finance goes to the calculator", `"promotions": [{"id": "p", "kind": "finance"}]`,
			"Finance made easy", "Work out your repayments and apply for finance online.", "/finance", nil},
		{"heritage from the site's facts", `"promo_texts": {"heritage_city": "Brisbane", "heritage_since": 1969}, "promotions": [{"id": "p", "kind": "heritage"}]`,
			"Serving Brisbane since 1969", "", "", nil},
		{"protection plan: used vehicles", `"promotions": [{"id": "p", "kind": "protection_plan"}]`,
			"3 Year Peace-of-Mind Protection Plan", "A 3 year peace-of-mind mechanical protection plan on used vehicles.", "", used},
		{"certified pre-owned names the programme's make", `"features": {"certified_programme": "TOYOTA"}, "promotions": [{"id": "p", "kind": "certified_pre_owned"}]`,
			"Toyota Certified Pre-Owned", "Certified used cars, inspected and backed by the manufacturer's programme.", "/search/used-cars", used},
		{"certified pre-owned falls back to the manufacturer", `"manufacturer": {"name": "Kia"}, "promotions": [{"id": "p", "kind": "certified_pre_owned"}]`,
			"Kia Certified Pre-Owned", "Certified used cars, inspected and backed by the manufacturer's programme.", "/search/used-cars", used},
		{"quality assured", `"promotions": [{"id": "p", "kind": "quality_assured"}]`,
			"Quality Assured", "Every used car is inspected and reconditioned before it reaches our yard.", "/search/used-cars", used},
		{"the site's own words for a kind", `"promo_texts": {"finance": {"title": "Low-rate finance", "link_path": "/finance-pre-approval"}}, "promotions": [{"id": "p", "kind": "finance"}]`,
			"Low-rate finance", "Work out your repayments and apply for finance online.", "/finance-pre-approval", nil},
		{"a tile's own words and groups win", `"promotions": [{"id": "p", "kind": "warranty", "title": "Warranty on everything", "display": ["new", "used"]}]`,
			"Warranty on everything", "Every used car comes with a 3 year standard warranty.", "", []CarType{CarTypeNew, CarTypeUsed}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := DecodeSite(strings.NewReader(withField(tt.json)), "x.json")
			if err != nil {
				t.Fatal(err)
			}
			p := s.Promotions[0]
			if p.Title != tt.wantTitle || p.Body != tt.wantBody || p.LinkPath != tt.wantLink || !slices.Equal(p.Display, tt.wantShown) {
				t.Errorf("tile = %q / %q / %q / %v, want %q / %q / %q / %v", p.Title, p.Body, p.LinkPath, p.Display, tt.wantTitle, tt.wantBody, tt.wantLink, tt.wantShown)
			}
		})
	}
}

// Every kind of spec 001 §9 is a PromoKind with words on a default site
// (heritage once the site gives its facts).
func TestEveryPromoKindHasWords(t *testing.T) {
	s, err := DecodeSite(strings.NewReader(withField(`"promo_texts": {"heritage_city": "Brisbane", "heritage_since": 1969}`)), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(PromoKinds) != 9 {
		t.Errorf("spec 001 §9 lists 9 tile contents, PromoKinds has %d", len(PromoKinds))
	}
	for _, k := range PromoKinds {
		if p := s.KindTile(k); p.Title == "" {
			t.Errorf("kind %s has no title", k)
		}
	}
}

// A kind the site cannot show is a config error naming the tile's field.
func TestPromoKindErrors(t *testing.T) {
	tests := []struct {
		name, json, wantField, wantMsg string
	}{
		{"unknown kind", `"promotions": [{"id": "p", "kind": "raffle"}]`, "promotions[0].kind", `got "raffle"`},
		{"heritage without its facts", `"promotions": [{"id": "p", "kind": "heritage"}]`, "promotions[0].kind", "heritage_city"},
		{"trade-in tile with trade-in off", `"features": {"trade_in": false}, "promotions": [{"id": "p", "kind": "trade_in"}]`, "promotions[0].kind", "features.trade_in"},
		{"a slide's kind", `"home": {"slides": [{"id": "s", "kind": "raffle", "background": "#000"}]}`, "home.slides[0].kind", "want one of"},
		{"the CTA card's kind", `"search": {"cta": {"id": "c", "kind": "raffle"}}`, "search.cta.kind", "want one of"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeSite(strings.NewReader(withField(tt.json)), "x.json")
			var e *Error
			if !errors.As(err, &e) || e.Field != tt.wantField || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error = %v, want field %s with %q", err, tt.wantField, tt.wantMsg)
			}
		})
	}
}
