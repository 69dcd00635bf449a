package localsearch_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
)

// setIndex applies settings and saves records through the official client.
func setIndex(t *testing.T, c *search.APIClient, name string, settings *search.IndexSettings, records []map[string]any) {
	t.Helper()
	if settings != nil {
		if _, err := c.SetSettings(c.NewApiSetSettingsRequest(name, settings)); err != nil {
			t.Fatalf("SetSettings %s: %v", name, err)
		}
	}
	if records != nil {
		if _, err := c.SaveObjects(name, records); err != nil {
			t.Fatalf("SaveObjects %s: %v", name, err)
		}
	}
}

func joined(r *search.SearchResponse) string { return strings.Join(hitIDs(r), ",") }

// Issue 3 "Replicas" (Algolia relevant sort): a virtual replica ranks with
// the primary's formula, keeps the hits relevancyStrictness calls relevant
// and orders those by its own customRanking; the rest are not returned.
func TestGoClientVirtualReplicaRelevantSort(t *testing.T) {
	_, host := startEngine(t, "")
	c := newClient(t, host, adminKey)
	setIndex(t, c, "models", search.NewIndexSettings().
		SetSearchableAttributes([]string{"model", "description"}).
		SetReplicas([]string{"virtual(models_price_asc)"}), []map[string]any{
		{"objectID": "exact-30k", "model": "Corolla", "price": 30000},
		{"objectID": "exact-20k", "model": "Corolla", "price": 20000},
		{"objectID": "second-attribute-10k", "model": "Camry", "description": "roomier than a corolla", "price": 10000},
		{"objectID": "typo-5k", "model": "Corola", "price": 5000},
	})
	setIndex(t, c, "models_price_asc", search.NewIndexSettings().SetCustomRanking([]string{"asc(price)"}), nil)

	tests := []struct {
		name       string
		req        *search.SearchForHits
		want       string
		nbHits     int32
		nbSorted   int32
		strictness int32
	}{
		{"primary ranks by relevance", search.NewSearchForHits("models").SetQuery("corolla"),
			"exact-30k,exact-20k,second-attribute-10k,typo-5k", 4, -1, -1},
		{"strictness 100 sorts only the most relevant hits", search.NewSearchForHits("models_price_asc").SetQuery("corolla"),
			"exact-20k,exact-30k", 4, 2, 100},
		{"strictness 90 admits a match in the second attribute", search.NewSearchForHits("models_price_asc").SetQuery("corolla").SetRelevancyStrictness(90),
			"second-attribute-10k,exact-20k,exact-30k", 4, 3, 90},
		{"strictness 0 sorts every hit", search.NewSearchForHits("models_price_asc").SetQuery("corolla").SetRelevancyStrictness(0),
			"typo-5k,second-attribute-10k,exact-20k,exact-30k", 4, 4, 0},
		{"without text every hit is relevant", search.NewSearchForHits("models_price_asc"),
			"typo-5k,second-attribute-10k,exact-20k,exact-30k", 4, 4, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := multiSearch(t, c, tt.req)[0]
			if got := joined(&r); got != tt.want {
				t.Errorf("hits = %s, want %s", got, tt.want)
			}
			if r.GetNbHits() != tt.nbHits {
				t.Errorf("nbHits = %d, want %d", r.GetNbHits(), tt.nbHits)
			}
			if n, ok := r.GetNbSortedHitsOk(); tt.nbSorted < 0 && ok || tt.nbSorted >= 0 && (!ok || *n != tt.nbSorted) {
				t.Errorf("nbSortedHits = %v, want %d (-1 = absent)", n, tt.nbSorted)
			}
			// The Go client does not model appliedRelevancyStrictness (InstantSearch's relevantSort reads it).
			if s := r.AdditionalProperties["appliedRelevancyStrictness"]; tt.strictness >= 0 && s != float64(tt.strictness) {
				t.Errorf("appliedRelevancyStrictness = %v, want %d", s, tt.strictness)
			}
		})
	}
	r := multiSearch(t, c, search.NewSearchForHits("models_price_asc").SetQuery("corolla").SetHitsPerPage(1))[0]
	if r.GetNbPages() != 2 {
		t.Errorf("nbPages = %d, want 2: only the relevant hits are paginated", r.GetNbPages())
	}
}

// Issue 3 "Search parameters": restrictSearchableAttributes searches only
// the named attributes (and nested paths under them), even where a record
// has the word in a better-ranked attribute too.
func TestGoClientRestrictSearchableAttributes(t *testing.T) {
	_, host := startEngine(t, "")
	c := newClient(t, host, adminKey)
	setIndex(t, c, "cars", search.NewIndexSettings().SetSearchableAttributes([]string{"model", "description", "specs"}), []map[string]any{
		{"objectID": "model-only", "model": "Ranger", "description": "dual cab"},
		{"objectID": "both", "model": "Ranger", "description": "ranger raptor"},
		{"objectID": "description-only", "model": "Everest", "description": "shares the ranger platform"},
		{"objectID": "nested", "model": "Hilux", "specs": map[string]any{"rival": "Ranger"}},
	})
	tests := []struct {
		restrict []string
		want     string
	}{
		{nil, "model-only,both,description-only,nested"},
		{[]string{"model"}, "model-only,both"},
		{[]string{"description"}, "both,description-only"},
		{[]string{"specs"}, "nested"},
		{[]string{"specs.rival", "model"}, "model-only,both,nested"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.restrict, "+"), func(t *testing.T) {
			req := search.NewSearchForHits("cars").SetQuery("ranger")
			if tt.restrict != nil {
				req.SetRestrictSearchableAttributes(tt.restrict)
			}
			r := multiSearch(t, c, req)[0]
			if got := joined(&r); got != tt.want {
				t.Errorf("hits = %s, want %s", got, tt.want)
			}
		})
	}
}

// Issue 3 "Search parameters": distinct keeps the best N hits per
// attributeForDistinct value; facets count every match (facetingAfterDistinct
// is false by default).
func TestGoClientDistinct(t *testing.T) {
	_, host := startEngine(t, "")
	c := newClient(t, host, adminKey)
	setIndex(t, c, "stock", search.NewIndexSettings().
		SetAttributeForDistinct("family").SetAttributesForFaceting([]string{"family"}).
		SetCustomRanking([]string{"desc(price)"}), []map[string]any{
		{"objectID": "corolla-a", "family": "corolla", "price": 30000},
		{"objectID": "corolla-b", "family": "corolla", "price": 28000},
		{"objectID": "corolla-c", "family": "corolla", "price": 26000},
		{"objectID": "camry", "family": "camry", "price": 35000},
		{"objectID": "no-family", "price": 10000},
	})
	tests := []struct {
		name   string
		req    *search.SearchForHits
		want   string
		nbHits int32
	}{
		{"off by default", search.NewSearchForHits("stock"), "camry,corolla-a,corolla-b,corolla-c,no-family", 5},
		{"true keeps one per family", search.NewSearchForHits("stock").SetDistinct(search.BoolAsDistinct(true)), "camry,corolla-a,no-family", 3},
		{"2 keeps two per family", search.NewSearchForHits("stock").SetDistinct(search.Int32AsDistinct(2)), "camry,corolla-a,corolla-b,no-family", 4},
		{"with text and paging", search.NewSearchForHits("stock").SetQuery("corolla").SetDistinct(search.BoolAsDistinct(true)).SetHitsPerPage(5), "corolla-a", 1},
		{"second page", search.NewSearchForHits("stock").SetDistinct(search.BoolAsDistinct(true)).SetHitsPerPage(2).SetPage(1), "no-family", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := multiSearch(t, c, tt.req.SetFacets([]string{"family"}))[0]
			if got := joined(&r); got != tt.want {
				t.Errorf("hits = %s, want %s", got, tt.want)
			}
			if r.GetNbHits() != tt.nbHits {
				t.Errorf("nbHits = %d, want %d", r.GetNbHits(), tt.nbHits)
			}
			if tt.req.Query == nil && r.GetFacets()["family"]["corolla"] != 3 {
				t.Errorf("facets.family.corolla = %d, want 3 (counted before distinct)", r.GetFacets()["family"]["corolla"])
			}
		})
	}
}

// Issue 3 "Search parameters": a numeric filter on an array attribute
// matches when any element matches, as Algolia does.
func TestGoClientNumericArrays(t *testing.T) {
	_, host := startEngine(t, "")
	c := newClient(t, host, adminKey)
	setIndex(t, c, "cars", search.NewIndexSettings().SetAttributesForFaceting([]string{"seats"}), []map[string]any{
		{"objectID": "people-mover", "seats": []int{5, 7}},
		{"objectID": "roadster", "seats": []int{2}},
		{"objectID": "no-seats"},
	})
	tests := []struct {
		name string
		req  *search.SearchForHits
		want string
	}{
		{"filters: second element", search.NewSearchForHits("cars").SetFilters("seats = 7"), "people-mover"},
		{"filters: first element", search.NewSearchForHits("cars").SetFilters("seats:5"), "people-mover"},
		{"filters: range over elements", search.NewSearchForHits("cars").SetFilters("seats:6 TO 8"), "people-mover"},
		{"numericFilters", search.NewSearchForHits("cars").SetNumericFilters(search.StringAsNumericFilters("seats>6")), "people-mover"},
		{"numericFilters: none", search.NewSearchForHits("cars").SetNumericFilters(search.StringAsNumericFilters("seats>7")), ""},
		{"with text", search.NewSearchForHits("cars").SetQuery("7").SetFilters("seats < 3"), ""},
		{"facetFilters still match values", search.NewSearchForHits("cars").SetFacetFilters(search.StringAsFacetFilters("seats:7")), "people-mover"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := multiSearch(t, c, tt.req)[0]
			if got := joined(&r); got != tt.want {
				t.Errorf("hits = %q, want %q", got, tt.want)
			}
		})
	}
	r := multiSearch(t, c, search.NewSearchForHits("cars").SetFacets([]string{"seats"}))[0]
	if s := r.GetFacetsStats()["seats"]; s.GetMin() != 2 || s.GetMax() != 7 {
		t.Errorf("facets_stats.seats = %+v, want min 2 max 7 over every element", s)
	}
}

// Issue 3 "Keys": a secured key's restrictSources (an address or a CIDR
// network) is checked against the caller's address, and its userToken
// replaces the one a request sends.
func TestGoClientSecuredKeySourcesAndUserToken(t *testing.T) {
	_, host := startEngine(t, "")
	admin := newClient(t, host, adminKey)
	setupCars(t, admin)
	key := func(r *search.SecuredApiKeyRestrictions) string {
		t.Helper()
		k, err := admin.GenerateSecuredApiKey(searchKey, r)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	for _, tt := range []struct {
		sources string
		allowed bool
	}{
		{"127.0.0.1", true},
		{"127.0.0.0/8", true},
		{"10.0.0.0/8", false},
		{"192.168.1.7", false},
	} {
		t.Run("restrictSources "+tt.sources, func(t *testing.T) {
			c := newClient(t, host, key(search.NewSecuredApiKeyRestrictions().SetRestrictSources(tt.sources)))
			_, err := c.Search(c.NewApiSearchRequest(search.NewSearchMethodParams([]search.SearchQuery{
				*search.SearchForHitsAsSearchQuery(search.NewSearchForHits("cars"))})))
			if tt.allowed && err != nil {
				t.Errorf("search from 127.0.0.1 refused: %v", err)
			}
			if !tt.allowed && (err == nil || !strings.Contains(err.Error(), "403")) {
				t.Errorf("search from 127.0.0.1 answered err = %v, want a 403", err)
			}
		})
	}

	c := newClient(t, host, key(search.NewSecuredApiKeyRestrictions().SetUserToken("user-42")))
	r := multiSearch(t, c, search.NewSearchForHits("cars").SetUserToken("someone-else"))[0]
	params, err := url.ParseQuery(r.GetParams())
	if err != nil {
		t.Fatal(err)
	}
	if got := params.Get("userToken"); got != "user-42" {
		t.Errorf("userToken searched with = %q, want the key's user-42", got)
	}
}
