// Package algolia is the search-index adapter over the official Algolia Go
// client v4: index settings and sort replicas, record building, batched
// writes with retries, and tenant-scoped secured keys (DESIGN.md decisions
// 2 and 5). The same code talks to Algolia in AWS and to the local engine.
package algolia

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/call"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/transport"

	"forecourt/shared"
)

// Config says which application and index to use. An empty Host means
// Algolia's own hosts.
type Config struct {
	// SearchKey is the browser's search-only key: the parent of the
	// secured keys GET /api/site hands out (SecuredKey). ServerSearchKey
	// is the server's own (issue 35): the parent of the keys the api
	// Lambda searches with itself (ServerKeys), without the browser key's
	// per-IP rate limit, which the Lambdas' few shared egress addresses
	// would exhaust for every tenant at once.
	AppID, AdminKey, SearchKey, ServerSearchKey string
	Host                                        string
	Index                                       string
	// QueriesPerIPPerHour is the browser key's per-IP rate limit
	// (maxQueriesPerIPPerHour, which every secured key derived from it
	// inherits; 0 = DefaultQueriesPerIPPerHour). The deploy sets it
	// (Provision).
	QueriesPerIPPerHour int
	// ThrottleWait is the first wait after the service answers a write
	// with 429 (default 1 s; see write.go).
	ThrottleWait time.Duration
	// VirtualSorts are the sort options served by virtual replicas (relevant
	// sort, no copy of the records) instead of standard ones, where the
	// plan offers them (FORECOURT_VIRTUAL_SORTS, e.g. "latest";
	// docs/search-budget.md says which sorts tolerate it).
	VirtualSorts []string
}

// ConfigFromEnv reads ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY, ALGOLIA_SEARCH_KEY,
// ALGOLIA_SERVER_SEARCH_KEY, ALGOLIA_HOST, FORECOURT_INDEX and
// FORECOURT_SEARCH_QUERIES_PER_IP_HOUR with the local defaults of
// docs/contracts.md; ALGOLIA_HOST set to the empty string selects Algolia's hosts.
func ConfigFromEnv() Config { return ConfigFrom(os.LookupEnv) }

// ConfigFrom reads the same variables through lookup (a Lambda's
// environment with its secrets resolved, secrets.Resolve).
func ConfigFrom(lookup func(string) (string, bool)) Config {
	get := func(name, def string) string {
		if v, ok := lookup(name); ok {
			return v
		}
		return def
	}
	// A limit that is not a whole number stops New (invalidLimit).
	limit, err := strconv.Atoi(cmp.Or(get("FORECOURT_SEARCH_QUERIES_PER_IP_HOUR", ""), "0"))
	if err != nil {
		limit = invalidLimit
	}
	return Config{
		AppID:               get("ALGOLIA_APP_ID", "FORECOURTLOCAL"),
		AdminKey:            get("ALGOLIA_ADMIN_KEY", "local-admin-key"),
		SearchKey:           get("ALGOLIA_SEARCH_KEY", "local-search-key"),
		ServerSearchKey:     get("ALGOLIA_SERVER_SEARCH_KEY", "local-server-search-key"),
		QueriesPerIPPerHour: limit,
		Host:                get("ALGOLIA_HOST", "http://127.0.0.1:7700"),
		Index:               get("FORECOURT_INDEX", "cars"),
		VirtualSorts: strings.FieldsFunc(get("FORECOURT_VIRTUAL_SORTS", ""), func(r rune) bool {
			return r == ',' || r == ' '
		}),
	}
}

// Sort replicas by sort option (docs/contracts.md "Search index"): the
// replica of option o is "<index>_<o>". The ranking criterion leads each
// replica's ranking.
type sortReplica struct{ option, criterion string }

var sorts = []sortReplica{
	{shared.SortLatest, "desc(created_at_timestamp)"},
	{shared.SortPriceAsc, "asc(price)"},
	{shared.SortPriceDesc, "desc(price)"},
	{shared.SortKMAsc, "asc(km)"},
	{shared.SortKMDesc, "desc(km)"},
}

// CustomRanking is the default (relevance) order's tie-break: cars on sale
// first, then cars with photos where the site asks for it (photo_rank,
// search.photos_first; issue 32 item 8), then the newest.
var CustomRanking = []string{"desc(available)", "desc(photo_rank)", "desc(created_at_timestamp)"}

var defaultRanking = []string{"typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"}

// Facets are the attributes search facets on: spec 000 §2's facet list plus
// what filters and site scoping need.
var Facets = []string{
	"filterOnly(sites)", "filterOnly(dealership_slug)", "filterOnly(stocknum)",
	"available", "badge", "body", "car_type", "categories", "certified", "city", "colour",
	"dealership_name", "drive", "filtered_features", "fuel", "item_type", "km", "location_name",
	"make", "make_model", "model", "price", "price_range", "reserved", "seats", "simple_body",
	"simple_fuel", "simple_transmission", "sold", "state", "status", "subscription_price", "tag",
	"transmission", "weekly_price", "weekly_price_range", "year",
}

var searchable = []string{
	"make_model", "make", "model", "badge", "series", "year", "stocknum", "vin",
	"body", "colour", "fuel", "transmission", "location_name", "unordered(dealercomments)",
}

// Index is one search index (with its sort replicas).
type Index struct {
	client *search.APIClient
	cfg    Config
	// hosts and requester serve SearchAs's clients: one connection pool
	// for every key.
	hosts     []transport.StatefulHost
	requester transport.Requester
}

// New returns an Index for cfg.
func New(cfg Config) (*Index, error) {
	if cfg.Index == "" {
		return nil, fmt.Errorf("algolia: no index name")
	}
	if cfg.QueriesPerIPPerHour < 0 {
		return nil, fmt.Errorf("algolia: FORECOURT_SEARCH_QUERIES_PER_IP_HOUR is not a whole number of queries from 1 up")
	}
	if cfg.QueriesPerIPPerHour == 0 {
		cfg.QueriesPerIPPerHour = DefaultQueriesPerIPPerHour
	}
	for _, v := range cfg.VirtualSorts {
		if !slices.ContainsFunc(sorts, func(s sortReplica) bool { return s.option == v }) {
			return nil, fmt.Errorf("algolia: virtual sort %q is not a sort option with a replica", v)
		}
	}
	sc := search.SearchConfiguration{Configuration: transport.Configuration{
		AppID:        cfg.AppID,
		ApiKey:       cfg.AdminKey,
		ReadTimeout:  10 * time.Second,
		WriteTimeout: 60 * time.Second,
	}}
	if cfg.Host != "" {
		u, err := url.Parse(cfg.Host)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("algolia: bad host %q", cfg.Host)
		}
		sc.Hosts = []transport.StatefulHost{transport.NewStatefulHost(u.Scheme, u.Host, call.IsReadWrite)}
	}
	client, err := search.NewClientWithConfig(sc)
	if err != nil {
		return nil, fmt.Errorf("algolia client: %w", err)
	}
	if cfg.ThrottleWait == 0 {
		cfg.ThrottleWait = time.Second
	}
	return &Index{client: client, cfg: cfg, hosts: sc.Hosts, requester: transport.NewDefaultRequester(nil)}, nil
}

// Name is the primary index's name.
func (ix *Index) Name() string { return ix.cfg.Index }

// Client is the underlying official client, for tests and tools.
func (ix *Index) Client() *search.APIClient { return ix.client }

// SortIndices maps each sort option (relevance, latest, price_desc,
// price_asc, km_desc, km_asc) to the index that serves it.
func (ix *Index) SortIndices() map[string]string {
	m := map[string]string{shared.SortRelevance: ix.cfg.Index}
	for _, s := range sorts {
		m[s.option] = ix.replica(s.option)
	}
	return m
}

// replica names the replica serving a sort option.
func (ix *Index) replica(option string) string { return ix.cfg.Index + "_" + option }

// EnsureSettings writes the primary index's settings (facets, searchable
// attributes, custom ranking, replicas) and each replica's ranking. It is
// idempotent.
func (ix *Index) EnsureSettings(ctx context.Context) error {
	replicas := make([]string, len(sorts))
	entries := make([]string, len(sorts))
	for i, s := range sorts {
		replicas[i] = ix.replica(s.option)
		entries[i] = replicas[i]
		if slices.Contains(ix.cfg.VirtualSorts, s.option) {
			entries[i] = "virtual(" + replicas[i] + ")"
		}
	}
	primary := search.NewEmptyIndexSettings().
		SetAttributesForFaceting(Facets).
		SetSearchableAttributes(searchable).
		SetUnretrievableAttributes(shared.PrivateCarAttributes).
		SetCustomRanking(CustomRanking).
		SetReplicas(entries)
	if _, err := ix.client.SetSettings(ix.client.NewApiSetSettingsRequest(ix.cfg.Index, primary),
		search.WithContext(ctx)); err != nil {
		return fmt.Errorf("set settings of %s: %w", ix.cfg.Index, err)
	}
	for i, s := range sorts {
		settings := search.NewEmptyIndexSettings().
			SetAttributesForFaceting(Facets).
			SetSearchableAttributes(searchable).
			SetUnretrievableAttributes(shared.PrivateCarAttributes).
			SetRanking(append([]string{s.criterion}, defaultRanking...))
		if entries[i] != replicas[i] {
			// A virtual replica keeps its primary's ranking and sorts the
			// relevant hits by its custom ranking.
			settings = search.NewEmptyIndexSettings().SetCustomRanking([]string{s.criterion})
		}
		if _, err := ix.client.SetSettings(ix.client.NewApiSetSettingsRequest(replicas[i], settings),
			search.WithContext(ctx)); err != nil {
			return fmt.Errorf("set settings of %s: %w", replicas[i], err)
		}
	}
	return nil
}

// DefaultQueriesPerIPPerHour is the browser key's default per-IP rate
// limit (Algolia answers 429 past it), inherited by every site's secured
// key: a scraper paging the whole index from one address stops, while a
// carrier-grade NAT shared by many shoppers stays well under it (a listing
// session sends a few hundred queries at most).
const DefaultQueriesPerIPPerHour = 10000

// invalidLimit marks a FORECOURT_SEARCH_QUERIES_PER_IP_HOUR that is not a
// number (ConfigFrom), which New refuses.
const invalidLimit = -1

// Descriptions mark the search keys in Algolia's dashboard.
const (
	SearchKeyDescription       = "Forecourt browser search-only key: the parent of every site's secured key, rate-limited per IP (forecourt index settings)"
	ServerSearchKeyDescription = "Forecourt server search-only key: the api Lambda's own searches, no per-IP limit (forecourt index settings)"
)

// QueriesPerIPPerHour is the browser key's per-IP rate limit as Provision
// sets it.
func (ix *Index) QueriesPerIPPerHour() int { return ix.cfg.QueriesPerIPPerHour }

// SearchKeyRestrictions are the browser's search key's rights as the
// deploy sets them (EnsureSearchKeys): search only, on the index and its
// sort replicas only, rate-limited per IP (Config.QueriesPerIPPerHour;
// every secured key inherits it). The deploy owns every attribute of the
// key: UpdateApiKey replaces them.
func (ix *Index) SearchKeyRestrictions() *search.ApiKey {
	return ix.searchOnly(SearchKeyDescription).SetMaxQueriesPerIPPerHour(int32(ix.cfg.QueriesPerIPPerHour))
}

// ServerSearchKeyRestrictions are the server's search key's rights:
// those of the browser's key without the per-IP limit. Only the api
// Lambda holds it, and its searches come from a few egress addresses
// shared by every tenant (issue 35).
func (ix *Index) ServerSearchKeyRestrictions() *search.ApiKey {
	return ix.searchOnly(ServerSearchKeyDescription)
}

func (ix *Index) searchOnly(description string) *search.ApiKey {
	var indices []string
	for _, name := range ix.SortIndices() {
		indices = append(indices, name)
	}
	slices.Sort(indices)
	return search.NewEmptyApiKey().
		SetAcl([]search.Acl{search.ACL_SEARCH}).
		SetIndexes(indices).
		SetDescription(description)
}

// EnsureSearchKeys sets the browser's and the server's search keys'
// restrictions with the admin key. It is idempotent. Algolia makes a key's
// value when it creates the key, so both keys are created once by hand
// (docs/operations.md) and restricted here on every deploy.
func (ix *Index) EnsureSearchKeys(ctx context.Context) error {
	switch {
	case ix.cfg.SearchKey == "":
		return fmt.Errorf("the search key is not set (ALGOLIA_SEARCH_KEY): its restrictions cannot be applied")
	case ix.cfg.ServerSearchKey == "":
		return fmt.Errorf("the server search key is not set (ALGOLIA_SERVER_SEARCH_KEY): its restrictions cannot be applied")
	case ix.cfg.ServerSearchKey == ix.cfg.SearchKey:
		return fmt.Errorf("ALGOLIA_SERVER_SEARCH_KEY is the browser's search key (ALGOLIA_SEARCH_KEY): the server needs a key of its own, without the per-IP limit")
	}
	for _, k := range []struct {
		name, key string
		rights    *search.ApiKey
	}{
		{"search key", ix.cfg.SearchKey, ix.SearchKeyRestrictions()},
		{"server search key", ix.cfg.ServerSearchKey, ix.ServerSearchKeyRestrictions()},
	} {
		if _, err := ix.client.UpdateApiKey(ix.client.NewApiUpdateApiKeyRequest(k.key, k.rights),
			search.WithContext(ctx)); err != nil {
			return fmt.Errorf("restrict the %s: %w", k.name, err)
		}
	}
	return nil
}

// Provision applies everything the index needs before it serves a shopper:
// its settings and replicas (EnsureSettings) and the search keys'
// restrictions (EnsureSearchKeys). The deploy runs it (`forecourt index
// settings`) and so does the dev gateway; it is idempotent.
func (ix *Index) Provision(ctx context.Context) error {
	if err := ix.EnsureSettings(ctx); err != nil {
		return err
	}
	return ix.EnsureSearchKeys(ctx)
}

// KeyLifetime is how long a site's secured search key is valid. The web
// fetches a fresh one from GET /api/site before it expires.
const KeyLifetime = 24 * time.Hour

// SecuredKey returns the browser's search key for one site at now: the
// browser's search-only key restricted to what the site shows
// (shared.Site.SearchKeyFilter, ANDed with every query so a shopper's
// edited filters cannot widen it), to this index and its named sort
// replicas, and valid until now+KeyLifetime. It inherits the browser key's
// per-IP rate limit.
func (ix *Index) SecuredKey(site shared.Site, now time.Time) (string, time.Time, error) {
	return ix.securedKey(ix.cfg.SearchKey, site, now)
}

// ServerKeys mint the keys the api Lambda's own searches use (the listing's
// and home page's first searches it inlines): the same restrictions as
// the browser's SecuredKey, so the server sees exactly what the site's
// shoppers see, derived from the server's search key, without the per-IP
// limit (issue 35).
func (ix *Index) ServerKeys() ServerKeys { return ServerKeys{ix} }

// ServerKeys derive the server's secured keys (Index.ServerKeys).
type ServerKeys struct{ ix *Index }

// SecuredKey is Index.SecuredKey with the server's search key as parent.
func (k ServerKeys) SecuredKey(site shared.Site, now time.Time) (string, time.Time, error) {
	if k.ix.cfg.ServerSearchKey == "" {
		return "", time.Time{}, fmt.Errorf("secured key for %s: the server search key is not set (ALGOLIA_SERVER_SEARCH_KEY)", site.Slug)
	}
	return k.ix.securedKey(k.ix.cfg.ServerSearchKey, site, now)
}

func (ix *Index) securedKey(parent string, site shared.Site, now time.Time) (string, time.Time, error) {
	filters := site.SearchKeyFilter()
	until := now.Add(KeyLifetime).Truncate(time.Second)
	indices := []string{ix.cfg.Index}
	for _, s := range sorts {
		indices = append(indices, ix.replica(s.option))
	}
	validUntil := until.Unix()
	key, err := ix.client.GenerateSecuredApiKey(parent, &search.SecuredApiKeyRestrictions{
		Filters:         &filters,
		RestrictIndices: indices,
		ValidUntil:      &validUntil,
	})
	if err != nil {
		return "", time.Time{}, fmt.Errorf("secured key for %s: %w", site.Slug, err)
	}
	return key, until, nil
}
