package dynamo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"
)

// DefaultTablePrefix names local tables when no explicit name is set.
const DefaultTablePrefix = "forecourt-local-"

// SlugIndex is the cars table's GSI on slug.
const SlugIndex = "by-slug"

// Tables names the tables (docs/contracts.md "DynamoDB tables").
type Tables struct {
	Cars, Sites, ProviderKeys, FeedRuns, Leads string
	// Events holds tracking events (POST /api/events).
	Events string
	// Watchlists holds shoppers' saved cars (issue 12).
	Watchlists string
	// Reviews holds the reviews providers push per dealership (issue 11).
	Reviews string
	// Reservations holds online reservations and their car locks (issue 13).
	Reservations string
}

// TablesWithPrefix names the tables prefix + cars, sites, provider-keys,
// feed-runs, leads, events.
func TablesWithPrefix(prefix string) Tables {
	return Tables{
		Cars:         prefix + "cars",
		Sites:        prefix + "sites",
		ProviderKeys: prefix + "provider-keys",
		FeedRuns:     prefix + "feed-runs",
		Leads:        prefix + "leads",
		Events:       prefix + "events",
		Watchlists:   prefix + "watchlists",
		Reviews:      prefix + "reviews",
		Reservations: prefix + "reservations",
	}
}

// EnvVars maps each table's environment variable (docs/contracts.md
// "Environment") to its field: TablesFromEnv reads them, and the test
// environment sets the same list, so a new table cannot be missed by one.
func (t *Tables) EnvVars() map[string]*string {
	return map[string]*string{
		"CARS_TABLE":          &t.Cars,
		"SITES_TABLE":         &t.Sites,
		"PROVIDER_KEYS_TABLE": &t.ProviderKeys,
		"FEED_RUNS_TABLE":     &t.FeedRuns,
		"LEADS_TABLE":         &t.Leads,
		"EVENTS_TABLE":        &t.Events,
		"WATCHLISTS_TABLE":    &t.Watchlists,
		"REVIEWS_TABLE":       &t.Reviews,
		"RESERVATIONS_TABLE":  &t.Reservations,
	}
}

// TablesFromEnv reads each table's variable (Tables.EnvVars), falling back
// to FORECOURT_TABLE_PREFIX (default "forecourt-local-") plus the table's name.
func TablesFromEnv() Tables {
	prefix := os.Getenv("FORECOURT_TABLE_PREFIX")
	if prefix == "" {
		prefix = DefaultTablePrefix
	}
	t := TablesWithPrefix(prefix)
	for env, name := range t.EnvVars() {
		if v := os.Getenv(env); v != "" {
			*name = v
		}
	}
	return t
}

// Key schemas, used only to create tables.
type (
	carKeys struct {
		DealershipSlug string `dynamo:"dealership_slug,hash"`
		ID             string `dynamo:"id,range"`
		Slug           string `dynamo:"slug" index:"by-slug,hash"`
	}
	siteKeys struct {
		Slug string `dynamo:"slug,hash"`
	}
	providerKeyKeys struct {
		KeyHash string `dynamo:"key_hash,hash"`
	}
	feedRunKeys struct {
		ID string `dynamo:"id,hash"`
	}
	leadKeys struct {
		ID string `dynamo:"id,hash"`
	}
	eventKeys struct {
		Site string `dynamo:"site,hash"`
		SK   string `dynamo:"sk,range"`
	}
	watchlistKeys struct {
		List  string `dynamo:"list,hash"`
		CarID string `dynamo:"car_id,range"`
	}
)

// LeadsTTLAttribute is the leads table's TTL attribute (unix seconds).
const LeadsTTLAttribute = "expires_at"

// CreateTables creates any of the tables that do not exist yet, on-demand
// billed, and waits until they are active. It is for DynamoDB Local and
// tests; in AWS the CDK stack owns the tables.
func CreateTables(ctx context.Context, db *dynamo.DB, t Tables) error {
	specs := []struct {
		name string
		keys any
	}{
		{t.Cars, carKeys{}},
		{t.Sites, siteKeys{}},
		{t.ProviderKeys, providerKeyKeys{}},
		{t.FeedRuns, feedRunKeys{}},
		{t.Leads, leadKeys{}},
		{t.Events, eventKeys{}},
		{t.Watchlists, watchlistKeys{}},
		{t.Reviews, reviewItem{}},
		{t.Reservations, reservationItem{}},
	}
	for _, s := range specs {
		ct := db.CreateTable(s.name, s.keys).OnDemand(true)
		if s.name == t.Cars {
			ct = ct.Project(SlugIndex, dynamo.AllProjection)
		}
		if s.name == t.Reservations {
			ct = ct.Project(ReservationsByDealership, dynamo.AllProjection).Project(ReservationsHolding, dynamo.AllProjection)
		}
		if s.name == t.Reviews {
			ct = ct.Project(ReviewsByLocation, dynamo.AllProjection)
		}
		if s.name == t.Leads {
			// Delivery reads the stream (docs/contracts.md "Leads"), locally too.
			ct = ct.Stream(dynamo.NewAndOldImagesView)
		}
		err := ct.Run(ctx)
		var inUse *types.ResourceInUseException
		if err != nil && !errors.As(err, &inUse) {
			return fmt.Errorf("create table %s: %w", s.name, err)
		}
		if err := db.Table(s.name).Wait(ctx); err != nil {
			return fmt.Errorf("wait for table %s: %w", s.name, err)
		}
	}
	// A reviews table made before the by-location index (a kept .data/)
	// gains it; `forecourt reviews backfill` then fills it.
	if err := ensureIndex(ctx, db.Table(t.Reviews), dynamo.Index{Name: ReviewsByLocation,
		HashKey: "location_key", HashKeyType: dynamo.StringType, RangeKey: "list_key", RangeKeyType: dynamo.StringType,
		ProjectionType: dynamo.AllProjection}); err != nil {
		return err
	}
	// DynamoDB Local accepts the TTL setting; it matters in AWS, where CDK
	// sets it, but keeps the local table the same shape.
	if err := db.Table(t.Leads).UpdateTTL(LeadsTTLAttribute, true).Run(ctx); err != nil && !isTTLAlreadySet(err) {
		return fmt.Errorf("ttl of table %s: %w", t.Leads, err)
	}
	if err := db.Table(t.Events).UpdateTTL(EventsTTLAttribute, true).Run(ctx); err != nil && !isTTLAlreadySet(err) {
		return fmt.Errorf("ttl of table %s: %w", t.Events, err)
	}
	return nil
}

// ensureIndex adds the GSI to the table when it lacks it and waits until
// the table is active again.
func ensureIndex(ctx context.Context, table dynamo.Table, idx dynamo.Index) error {
	desc, err := table.Describe().Run(ctx)
	if err != nil {
		return fmt.Errorf("describe table %s: %w", table.Name(), err)
	}
	for _, g := range desc.GSI {
		if g.Name == idx.Name {
			return nil
		}
	}
	if _, err := table.UpdateTable().CreateIndex(idx).Run(ctx); err != nil {
		return fmt.Errorf("add index %s to table %s: %w", idx.Name, table.Name(), err)
	}
	if err := table.Wait(ctx); err != nil {
		return fmt.Errorf("wait for table %s: %w", table.Name(), err)
	}
	return nil
}

// isTTLAlreadySet reports the error of enabling a TTL that is enabled.
func isTTLAlreadySet(err error) bool {
	return strings.Contains(err.Error(), "TimeToLive is already enabled")
}

// All lists every table name (each string field), for tools that create
// and drop a set of tables of their own.
func (t Tables) All() []string {
	v := reflect.ValueOf(t)
	var names []string
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.String && f.String() != "" {
			names = append(names, f.String())
		}
	}
	return names
}
