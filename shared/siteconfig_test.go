package shared

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

const minimalSite = `{"slug": "acme-cars", "name": "Acme Cars", "dealerships": [{"id": "d1", "slug": "acme", "name": "Acme"}]}`

// withField returns minimalSite with extra top-level members spliced in.
func withField(members string) string {
	return strings.TrimSuffix(minimalSite, "}") + ", " + members + "}"
}

// Issue 35: each tenant file names its schema ("$schema", so editors complete
// and check it); the key is not part of the site and decoding ignores it.
func TestDecodeSiteAcceptsItsSchema(t *testing.T) {
	tests := []struct{ name, json string }{
		{"first", `{"$schema": "../tenant.schema.json", ` + strings.TrimPrefix(minimalSite, "{")},
		{"last", withField(`"$schema": "../tenant.schema.json"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := DecodeSite(strings.NewReader(tt.json), "x.json")
			if err != nil {
				t.Fatalf("DecodeSite: %v", err)
			}
			if s.Slug != "acme-cars" || len(s.Dealerships) != 1 {
				t.Errorf("got slug %q and %d dealerships, want acme-cars and 1", s.Slug, len(s.Dealerships))
			}
		})
	}
}

func TestDecodeSiteErrors(t *testing.T) {
	tests := []struct {
		name      string
		json      string
		wantField string // Field of the first *Error
		wantMsg   string // substring of the whole error text
	}{
		{"unknown nested field names its path", withField(`"search": {"sort_optionz": []}`), "search.sort_optionz", "x.json: search.sort_optionz: unknown field"},
		{"unknown top-level field", withField(`"colour_scheme": "red"`), "colour_scheme", "unknown field"},
		// Issue 35: a tenant file names its JSON Schema at the top only.
		{"$schema not a string", withField(`"$schema": 3`), "$schema", "want string"},
		{"$schema below the top", withField(`"theme": {"$schema": "../tenant.schema.json"}`), "theme.$schema", "unknown field"},
		{"unknown field inside an array element", `{"slug": "a", "name": "A", "dealerships": [{"slug": "a", "name": "A", "stock": 3}]}`, "dealerships[0].stock", "unknown field"},
		{"string where integer wanted", withField(`"search": {"makes_collapsed": "7"}`), "search.makes_collapsed", "want integer, got string"},
		{"fraction where integer wanted", withField(`"stock": {"sold_retention_days": 2.5}`), "stock.sold_retention_days", "want integer"},
		{"number where boolean wanted", withField(`"features": {"compare": 1}`), "features.compare", "want boolean"},
		{"object where array wanted", withField(`"search": {"facets": {}}`), "search.facets", "want array, got object"},
		{"null scalar", withField(`"template": null`), "template", "want string, got null"},
		{"syntax error names the line", "{\n\"slug\": \"a\",,\n}", "", "line 2"},
		{"trailing data", minimalSite + " {}", "", "after the JSON document"},
		{"missing slug", `{"name": "A", "dealerships": [{"slug": "a", "name": "A"}]}`, "slug", "required"},
		{"bad slug", strings.Replace(minimalSite, "acme-cars", "Acme_Cars", 1), "slug", "not a slug"},
		{"double hyphen slug", strings.Replace(minimalSite, "acme-cars", "acme--cars", 1), "slug", "not a slug"},
		{"missing name", `{"slug": "a", "dealerships": [{"slug": "a", "name": "A"}]}`, "name", "required"},
		{"no dealerships", `{"slug": "a", "name": "A", "dealerships": []}`, "dealerships", "at least one"},
		{"duplicate dealership", `{"slug": "a", "name": "A", "dealerships": [{"slug": "a", "name": "A"}, {"slug": "a", "name": "B"}]}`, "dealerships[1].slug", "duplicate"},
		{"unknown sort option", withField(`"search": {"sort_options": ["relevance", "cheapest"]}`), "search.sort_options[1]", `unknown value "cheapest"`},
		{"unknown facet", withField(`"search": {"facets": ["make", "wheels"]}`), "search.facets[1]", "unknown value"},
		{"unknown chip", withField(`"card": {"chips": ["vin"]}`), "card.chips[0]", "unknown value"},
		{"unknown car type", withField(`"stock": {"car_types": ["used", "salvage"]}`), "stock.car_types[1]", "unknown value"},
		{"unknown finance provider", withField(`"finance": {"provider": "Shark Loans"}`), "finance.provider", "unknown value"},
		{"promo position zero", withField(`"search": {"promo_positions": [8, 0]}`), "search.promo_positions[1]", "above 0"},
		{"location type", withField(`"locations": [{"id": "l1", "name": "Yard", "location_type": "showroom", "dealership_slug": "acme", "address": {}, "contact_detail": {}}]`), "locations[0].location_type", "unknown value"},
		{"location of another dealership", withField(`"locations": [{"id": "l1", "name": "Yard", "location_type": "sales", "dealership_slug": "other", "address": {}, "contact_detail": {}}]`), "locations[0].dealership_slug", "not one of the site's dealerships"},
		{"opening hours time", withField(`"locations": [{"id": "l1", "name": "Yard", "location_type": "sales", "dealership_slug": "acme", "address": {}, "contact_detail": {"opening_hours": [{"weekday": 1, "status": "Open", "open": "8am", "close": "17:00"}]}}]`), "locations[0].contact_detail.opening_hours[0].open", "24-hour"},
		// Issue 33: a team member needs a name; a photo is a media path or https.
		{"team member without a name", withField(`"locations": [{"id": "l1", "name": "Yard", "dealership_slug": "acme", "address": {}, "contact_detail": {}, "team": [{"role": "Sales"}]}]`), "locations[0].team[0].name", "required"},
		{"team photo not a media path", withField(`"locations": [{"id": "l1", "name": "Yard", "dealership_slug": "acme", "address": {}, "contact_detail": {}, "team": [{"name": "Ann", "photo": {"url": "javascript:x"}}]}]`), "locations[0].team[0].photo.url", "https URL"},
		{"team photo protocol-relative", withField(`"locations": [{"id": "l1", "name": "Yard", "dealership_slug": "acme", "address": {}, "contact_detail": {}, "team": [{"name": "Ann", "photo": {"url": "//evil.example/a.jpg"}}]}]`), "locations[0].team[0].photo.url", "https URL"},
		{"weekday out of range", withField(`"locations": [{"id": "l1", "name": "Yard", "location_type": "", "dealership_slug": "acme", "address": {}, "contact_detail": {"opening_hours": [{"weekday": 7, "status": "Closed"}]}}]`), "locations[0].contact_detail.opening_hours[0].weekday", "0 (Sunday)"},
		{"theme colour", withField(`"theme": {"primary_color": "blue"}`), "theme.primary_color", "hex colour"},
		{"promo expiry before start", withField(`"promotions": [{"id": "p", "title": "T", "start": "2025-08-01", "expiry": "2025-07-01"}]`), "promotions[0].expiry", "before start"},
		{"slide without image or background (issue 17)", withField(`"home": {"slides": [{"id": "s", "title": "T"}]}`), "home.slides[0].image_url", "image_url or a background"},
		{"slide image without alt (issue 17)", withField(`"home": {"slides": [{"id": "s", "title": "T", "image_url": "/media/s.jpg"}]}`), "home.slides[0].alt", "required"},
		{"CTA card without a title (spec 001 §9)", withField(`"search": {"cta": {"id": "cta", "link_path": "/contact-us"}}`), "search.cta.title", "required"},
		{"CTA card linking off the site (spec 001 §9)", withField(`"search": {"cta": {"id": "cta", "title": "T", "link_path": "https://x.example/"}}`), "search.cta.link_path", "starting with /"},
		{"latest arrivals over the limit (issue 17)", withField(`"home": {"latest_arrivals": 13}`), "home.latest_arrivals", "0 to 12"},
		{"similar cars negative (issue 17)", withField(`"car_page": {"similar_cars": -1}`), "car_page.similar_cars", "0 to 12"},
		{"slide expiry before start (issue 17)", withField(`"home": {"slides": [{"id": "s", "title": "T", "background": "#000", "start": "2025-08-01", "expiry": "2025-07-01"}]}`), "home.slides[0].expiry", "before start"},
		{"reserve path", withField(`"features": {"reserve_path": "buy"}`), "features.reserve_path", "unknown value"},
		{"nav path", withField(`"navigation": [{"label": "Home", "path": "home"}]`), "navigation[0].path", "must start with /"},
		// Issue 33 review: the stock dropdown replaces the entry's link; a child must keep it.
		{"stock dropdown without children", withField(`"navigation": [{"label": "Our Stock", "path": "/cars/", "stock": true}]`), "navigation[0].children", "child linking its own page"},
		{"template", withField(`"template": "fancy"`), "template", "unknown value"},
		{"min rating", withField(`"reviews": {"min_rating": 6}`), "reviews.min_rating", "0 to 5"},
		{"sidebar button (issue 10)", withField(`"car_page": {"sidebar": {"buttons": ["enquiry", "fax"]}}`), "car_page.sidebar.buttons[1]", `unknown value "fax"`},
		{"sidebar label kind (issue 10)", withField(`"car_page": {"sidebar": {"labels": {"phone": "Ring"}}}`), "car_page.sidebar.labels.phone", "unknown value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeSite(strings.NewReader(tt.json), "x.json")
			if err == nil {
				t.Fatal("DecodeSite succeeded, want an error")
			}
			if ErrorCode(err) != EINVALID {
				t.Errorf("code = %q, want %q", ErrorCode(err), EINVALID)
			}
			var fe *FileError
			if !errors.As(err, &fe) || fe.File != "x.json" {
				t.Errorf("error %v does not name the file", err)
			}
			var e *Error
			if errors.As(err, &e) && e.Field != tt.wantField {
				t.Errorf("field = %q, want %q (error: %v)", e.Field, tt.wantField, err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error %q does not contain %q", err, tt.wantMsg)
			}
		})
	}
}

func TestDecodeSiteDefaults(t *testing.T) {
	s, err := DecodeSite(strings.NewReader(minimalSite), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"template", s.Template, "classic"},
		{"no-price text (spec 001 §9)", s.Texts.NoPrice, "Enquire for price."},
		{"sold tag (spec 001 §9)", s.Texts.SoldTag, "JUST SOLD"},
		{"sort options (spec 001 §9)", strings.Join(s.Search.SortOptions, ","), "relevance,latest,price_desc,price_asc"},
		{"chips (spec 000 §2)", strings.Join(s.Card.Chips, ","), "car_type,simple_body,km,simple_transmission,stocknum"},
		{"promo positions (spec 001 §9)", s.Search.PromoPositions, []int{8, 17}},
		{"CTA card position (spec 001 §9)", s.Search.CTAPosition, 30},
		{"makes collapsed (spec 000 §9)", s.Search.MakesCollapsed, 7},
		{"hits per page", s.Search.HitsPerPage, 21},
		{"enquiry categories (spec 001 §5, issue 9)", strings.Join(s.Leads.Categories, ","), "General Enquiry,Sales Enquiry,Service Enquiry,Parts Enquiry,Finance Enquiry,Careers Enquiry"},
		{"finance and trade-in questions off (spec 001 §3)", s.Leads.AskUnderFinance || s.Leads.AskTradeIn, false},
		{"interest rate (spec 001 §9)", s.Finance.InterestRate, 8.5},
		{"term years", s.Finance.TermYears, 5},
		{"suzuki hidden (spec 001 §5)", s.Finance.HiddenMakes, []string{"Suzuki"}},
		{"sold retention (spec 001 §9)", s.Stock.SoldRetentionDays, 3},
		{"car types", len(s.Stock.CarTypes), 3},
		{"compare on", s.Features.Compare, true},
		{"phone links on", s.Features.PhoneLinks, true},
		{"reserve on", s.Features.Reserve, true},
		{"spin to win gated", s.Features.SpinToWinGated, true},
		{"location filter on", s.Search.LocationFilter, true},
		{"badge filter off", s.Search.BadgeFilter, false},
		{"captcha on (spec 001 §5)", s.Leads.Captcha, true},
		{"message required (spec 001 §5)", s.Leads.MessageOptional, false},
		{"opt-in ticked (spec 001 §3)", s.Leads.OptInChecked, true},
		{"min rating (spec 001 §9)", s.Reviews.MinRating, 4},
		{"reviews shown", s.Reviews.Shown, 10},
		{"reviews full quantity (spec 001 §9)", s.Reviews.FullQuantity, 12},
		{"budget monthly (spec 001 §9)", s.Budget.MonthlyRepayment, 600.0},
		{"budget weekly", s.Budget.WeeklyRepayment, 200.0},
		{"budget deposit", s.Budget.Deposit, 2000.0},
		{"budget slider max", s.Budget.SliderMax, 250000},
		{"reserve deposit (spec 000 §9)", s.Reserve.Deposit, 200},
		{"reserve path", s.Features.ReservePath, "checkout"},
		{"enquire label", s.Texts.EnquireLabel, "Enquire Now"},
		{"default-rate estimate off (issue 17)", s.Finance.DefaultRateEstimate, false},
		{"finance fine print (spec 001 §9)", s.Finance.FinePrint, "Comparison rate is based on a 5-year secured loan of $30,000."},
		{"indicative-only disclaimer (spec 001 §9)", strings.HasPrefix(s.Finance.IndicativeDisclaimer, "Repayments are indicative only"), true},
		{"sidebar buttons (spec 001 §2)", strings.Join(s.CarPage.Sidebar.Buttons, ","), "enquiry,test_drive,reserve,trade_in,history_report,call,chat"},
		{"tab titles (spec 000 §2)", s.CarPage.Tabs.WhyBuy.Title + "|" + s.CarPage.Tabs.Protect.Title, "Why Buy From Us?|Protect Your Car"},
		{"calculator rate (spec 001 §9)", s.Finance.CalculatorRate, 10.0},
		{"finance vehicle type (spec 001 §9)", s.Finance.VehicleType, "Car"},
		{"finance state (spec 001 §9)", s.Finance.State, "qld"},
		{"slide size (spec 001 §9)", [2]int{s.Home.SlideWidth, s.Home.SlideHeight}, [2]int{1920, 540}},
		{"slide seconds (issue 17)", s.Home.SlideSeconds, 6},
		{"latest arrivals on the home page (issue 17)", s.Home.LatestArrivals, 4},
		{"similar cars on the car page (issue 17)", s.CarPage.SimilarCars, 4},
		{"used-car terms off, with the spec text", s.CarPage.UsedCarTerms.Show == false && strings.Contains(s.CarPage.UsedCarTerms.Text, "quarter tank"), true},
	}
	for _, c := range checks {
		if !equalAny(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func equalAny(a, b any) bool {
	switch a := a.(type) {
	case []int:
		return slices.Equal(a, b.([]int))
	case []string:
		return slices.Equal(a, b.([]string))
	}
	return a == b
}

func TestDecodeSiteKeepsExplicitValues(t *testing.T) {
	s, err := DecodeSite(strings.NewReader(withField(`"features": {"compare": false, "electric_tag": true}, "search": {"sort_options": ["latest", "km_asc"], "location_filter": false}, "stock": {"car_types": ["used"], "sold_retention_days": 14}`)), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	if s.Features.Compare || !s.Features.ElectricTag || !s.Features.Favourites {
		t.Errorf("features = %+v, want compare off, electric tag on, favourites default on", s.Features)
	}
	if !slices.Equal(s.Search.SortOptions, []string{"latest", "km_asc"}) || s.Search.LocationFilter {
		t.Errorf("search = %+v", s.Search)
	}
	if !slices.Equal(s.Stock.CarTypes, []CarType{CarTypeUsed}) || s.Stock.SoldRetentionDays != 14 {
		t.Errorf("stock = %+v", s.Stock)
	}
}

// The certified programme is served canonical, as car makes are indexed, so
// the tag rule compares plain names on both sides (spec 000 §4 (3)).
func TestDecodeSiteCanonicalCertifiedProgramme(t *testing.T) {
	for raw, want := range map[string]string{"range rover": "Land Rover", "mercedes benz": "Mercedes-Benz", "TOYOTA": "Toyota"} {
		s, err := DecodeSite(strings.NewReader(withField(`"features": {"certified_programme": "`+raw+`"}`)), "x.json")
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Features.CertifiedProgramme; got != want {
			t.Errorf("certified_programme %q: got %q, want %q", raw, got, want)
		}
	}
}

func TestDecodeSiteReportsEveryUnknownField(t *testing.T) {
	_, err := DecodeSite(strings.NewReader(withField(`"a": 1, "search": {"b": 2}`)), "x.json")
	for _, want := range []string{"x.json: a: unknown field", "x.json: search.b: unknown field"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not contain %q", err, want)
		}
	}
}
