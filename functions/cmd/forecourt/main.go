// Command forecourt is the providers' and operators' CLI:
//
//	forecourt feed push FILE --dealership SLUG [--mode full|delta] [--url URL] [--key KEY] [--retries N]
//	forecourt reindex [--dealership SLUG]
//	forecourt sweep
//	forecourt sites relink
//	forecourt dealership remove SLUG
//	forecourt keys add --provider NAME --dealership SLUG[,SLUG...]
//	forecourt leads redrive [--dealership SLUG]
//	forecourt tenants new SLUG --name NAME [--dir infra/tenants]
//	forecourt tenants check FILE...
//	forecourt preflight [--cdk cdk.json]
//	forecourt geocode [--dry-run] TENANT_FILE
//	forecourt reservations list|cancel|refund [ID] --dealership SLUG
//	forecourt export --dealership SLUG --out DIR
//	forecourt shopper delete [--sub SUB] [--phone PHONE] [--email EMAIL]
//	forecourt index settings
//	forecourt feeds rotate|urls --dealership SLUG [--format F] [--site SITE]
//	forecourt stock health --dealership SLUG [--json]
//
// feed push sends a JSON or CSV file (by extension), gzip-compressed
// (waiting out 429 answers, when the platform is applying as many feeds as
// it allows, for their Retry-After),
// to the ingestion endpoint and prints the run report. reindex rebuilds the
// search index from DynamoDB directly; sweep applies sold retention to the
// index across dealerships (removing sold cars past every site's retention,
// re-placing those past some) (run it daily, so that a
// dealership whose feeds stop still loses its expired cars). keys add makes a
// provider key scoped to dealerships, stores only its SHA-256 and prints the
// key once. leads redrive sets leads whose delivery failed back to pending,
// so that the deliverer sends them again. reindex, sweep, keys and leads are
// configured by the environment (docs/contracts.md "Environment"). tenants
// new writes a new dealer's tenant file from the template, in the first edge
// cell with room (docs/scaling.md), for an operator to fill in and deploy;
// tenants check prints every problem of tenant files with its JSON path.
// reservations list prints a dealership's online reservations; cancel ends
// a pending checkout or a paid hold and frees the car; refund refunds a paid
// deposit through Stripe (STRIPE_SECRET_KEY) and frees the car (issue 13).
// sites relink rebuilds each dealership's lookup of the sites listing it
// and the dealerships list from the site configs (one scan): run once after
// upgrading data written before them, and to prune entries tenant deploys
// leave when a site drops a dealership (docs/operations.md).
// dealership remove deletes a departing dealership's cars from the cars
// table and the search index under its feed lease, its manifest, and its
// cars from the stats of the sites still listing it (docs/operations.md
// "Offboard a dealer"; revoke its provider keys first).
// export writes a dealership's cars, leads, contacts and reservations as
// JSON lines into DIR, for a dealer leaving the platform (issue 15).
// index settings applies what the search index needs (facets, private
// fields unretrievable, sort replicas, and the search key's restrictions;
// algolia.Provision) with the admin key: every deploy runs it (deploy.yml,
// issues 31 and 35).
// feeds rotate gives a dealership's vehicle feed of one format a new token
// (its old URL answers 404 at once) and prints the new URL; feeds urls
// prints the current ones. stock health lists the cars each feed format
// drops, and why (issue 37).
// shopper delete deletes a shopper's data on request: their watchlists,
// their leads and contact records, and their name on reservations (issue
// 15).
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/platform"
	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

const usage = `usage:
  forecourt feed push FILE --dealership SLUG [--mode full|delta] [--url URL] [--key KEY] [--retries N]
  forecourt reindex [--dealership SLUG]
  forecourt sweep
  forecourt sites relink
  forecourt reviews backfill
  forecourt dealership remove SLUG
  forecourt keys add --provider NAME --dealership SLUG[,SLUG...] [--photo-hosts HOST[,HOST...]]
  forecourt keys list
  forecourt keys revoke KEY_ID
  forecourt keys rotate KEY_ID [--keep-old]
  forecourt leads redrive [--dealership SLUG]
  forecourt tenants new SLUG --name NAME [--dir infra/tenants]
  forecourt tenants check FILE...
  forecourt preflight [--cdk cdk.json]
  forecourt geocode [--dry-run] TENANT_FILE
  forecourt reservations list --dealership SLUG
  forecourt reservations cancel|refund ID --dealership SLUG
  forecourt export --dealership SLUG --out DIR
  forecourt shopper delete [--sub SUB] [--phone PHONE] [--email EMAIL]
  forecourt index settings
  forecourt feeds rotate --dealership SLUG --format google|meta|tiktok [--site SITE] [--origin URL]
  forecourt feeds urls --dealership SLUG [--site SITE] [--origin URL]
  forecourt stock health --dealership SLUG [--json]
`

func main() {
	// Ctrl-C cancels a push or reindex in flight instead of killing it mid-write.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "forecourt:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	switch {
	case len(args) >= 2 && args[0] == "feed" && args[1] == "push":
		return feedPush(ctx, args[2:], stdout, stderr)
	case len(args) >= 1 && args[0] == "reindex":
		return reindex(ctx, args[1:], stdout)
	case len(args) == 1 && args[0] == "sweep":
		return sweep(ctx, stdout)
	case len(args) == 2 && args[0] == "sites" && args[1] == "relink":
		return sitesRelink(ctx, stdout)
	case len(args) == 2 && args[0] == "reviews" && args[1] == "backfill":
		return reviewsBackfill(ctx, stdout)
	case len(args) == 3 && args[0] == "dealership" && args[1] == "remove":
		return dealershipRemove(ctx, args[2], stdout)
	case len(args) >= 2 && args[0] == "keys" && args[1] == "add":
		return keysAdd(ctx, args[2:], stdout, stderr)
	case len(args) >= 2 && args[0] == "keys":
		return keysManage(ctx, args[1], args[2:], stdout, stderr)
	case len(args) >= 2 && args[0] == "leads" && args[1] == "redrive":
		return leadsRedrive(ctx, args[2:], stdout, stderr)
	case len(args) >= 2 && args[0] == "tenants" && args[1] == "new":
		return tenantsNew(args[2:], stdout, stderr)
	case len(args) >= 1 && args[0] == "preflight":
		return runPreflight(ctx, args[1:], stdout, stderr)
	case len(args) >= 2 && args[0] == "tenants" && args[1] == "check":
		return tenantsCheck(args[2:], stdout)
	case len(args) >= 1 && args[0] == "geocode":
		return geocodeTenant(ctx, args[1:], stdout, stderr)
	case len(args) >= 2 && args[0] == "shopper" && args[1] == "delete":
		return shopperDelete(ctx, args[2:], stdout, stderr)
	case len(args) >= 1 && args[0] == "export":
		return export(ctx, args[1:], stdout, stderr)
	case len(args) == 2 && args[0] == "index" && args[1] == "settings":
		return indexSettings(ctx, stdout)
	case len(args) >= 2 && args[0] == "reservations":
		return reservations(ctx, args[1], args[2:], stdout, stderr)
	case len(args) >= 2 && args[0] == "feeds":
		return feedsCommand(ctx, args[1], args[2:], stdout, stderr)
	case len(args) >= 2 && args[0] == "stock" && args[1] == "health":
		return stockHealth(ctx, args[2:], stdout, stderr)
	}
	fmt.Fprint(stderr, usage)
	return errors.New("unknown command")
}

func feedPush(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("feed push", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealership := fs.String("dealership", "", "dealership slug (required)")
	mode := fs.String("mode", "", "full or delta (default: the feed's own, else full)")
	baseURL := fs.String("url", envOr("FORECOURT_URL", "http://127.0.0.1:8080"), "gateway or API base URL")
	retries := fs.Int("retries", 30, "how many 429 (platform busy) answers to wait out")
	key := fs.String("key", envOr("FORECOURT_PROVIDER_KEY", envOr("FORECOURT_DEMO_PROVIDER_KEY", "demo-provider-key")), "provider key")
	// Flags may follow the file name, as in the usage line.
	var file string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		if file != "" {
			return fmt.Errorf("one FILE only")
		}
		file, args = fs.Arg(0), fs.Args()[1:]
	}
	if file == "" || *dealership == "" {
		fmt.Fprint(stderr, usage)
		return errors.New("FILE and --dealership are required")
	}
	name := strings.ToLower(file)
	contentType := "application/json"
	if filepath.Ext(strings.TrimSuffix(name, ".gz")) == ".csv" {
		contentType = "text/csv"
	}
	payload, err := gzipped(file)
	if err != nil {
		return err
	}
	endpoint := strings.TrimRight(*baseURL, "/") + "/ingest/v1/dealerships/" + url.PathEscape(*dealership) + "/feed"
	if *mode != "" {
		endpoint += "?" + url.Values{"mode": {*mode}}.Encode()
	}
	size := int64(len(payload))
	var progress *progressReader
	rep, err := feed.Push{
		Endpoint: endpoint, Key: *key, ContentType: contentType, Body: payload, Retries: *retries,
		Wrap: func(r io.Reader) io.Reader {
			progress = &progressReader{r: r, total: size, out: stderr, show: size > 1<<20}
			return progress
		},
		Waited: func(attempt int, wait time.Duration) {
			fmt.Fprintf(stderr, "the platform is applying as many feeds as it allows; retry %d of %d in %s\n", attempt, *retries, wait)
		},
	}.Send(ctx, http.DefaultClient)
	if progress != nil {
		progress.done()
	}
	if err != nil {
		return fmt.Errorf("push %s: %w", file, err)
	}
	printReport(stdout, rep)
	return nil
}

// gzipped returns the file gzip-compressed, or as it is when it is a .gz
// file already. Feeds are sent compressed because in AWS a request body
// reaches the Lambda only up to 6 MB, and DMS exports shrink about tenfold.
func gzipped(file string) ([]byte, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(strings.ToLower(file), ".gz") {
		return raw, nil
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(raw); err != nil {
		return nil, fmt.Errorf("compress %s: %w", file, err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("compress %s: %w", file, err)
	}
	return buf.Bytes(), nil
}

func printReport(w io.Writer, r feed.Report) {
	fmt.Fprintf(w, "run %s  dealership %s  mode %s  status %s  %d ms\n", r.RunID, r.DealershipSlug, r.Mode, r.Status, r.DurationMS)
	fmt.Fprintf(w, "received %d  created %d  updated %d  unchanged %d  sold %d  removed %d  rejected %d\n",
		r.Received, r.Created, r.Updated, r.Unchanged, r.Sold, r.Removed, r.Rejected)
	for _, d := range r.Duplicates {
		fmt.Fprintf(w, "  duplicate: row %d (%s) superseded by a later row\n", d.Row, d.Key)
	}
	for _, e := range r.RejectedRows {
		fmt.Fprintf(w, "  rejected: row %d  %s: %s\n", e.Row, e.Field, e.Reason)
	}
}

// progressReader draws a progress bar on out as the body is sent.
type progressReader struct {
	r     io.Reader
	total int64
	read  int64
	out   io.Writer
	show  bool
	last  time.Time
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.read += int64(n)
	if p.show && (time.Since(p.last) > 100*time.Millisecond || errors.Is(err, io.EOF)) {
		p.last = time.Now()
		const width = 40
		done := int(float64(width) * float64(p.read) / float64(max(p.total, 1)))
		fmt.Fprintf(p.out, "\r[%s%s] %3d%%  %d/%d KB", strings.Repeat("=", done), strings.Repeat(" ", width-done),
			100*p.read/max(p.total, 1), p.read>>10, p.total>>10)
	}
	return n, err
}

func (p *progressReader) done() {
	if p.show {
		fmt.Fprintln(p.out, "\nsent; waiting for the run report")
	}
}

func reindex(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("reindex", flag.ContinueOnError)
	dealership := fs.String("dealership", "", "dealership slug (default: all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	svc, err := service(ctx)
	if err != nil {
		return err
	}
	rep, err := svc.Reindex(ctx, *dealership)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "reindexed %d dealerships: %d records written, %d sold past retention removed, %d ms\n",
		rep.Dealerships, rep.Indexed, rep.Removed, rep.DurationMS)
	return nil
}

func sweep(ctx context.Context, stdout io.Writer) error {
	svc, err := service(ctx)
	if err != nil {
		return err
	}
	rep, err := svc.Sweep(ctx)
	if err != nil && len(rep.Failed) == 0 {
		return err // nothing swept
	}
	// The report even when some dealerships failed: the others were swept.
	for _, f := range rep.Failed {
		fmt.Fprintf(stdout, "failed: %s: %s\n", f.Dealership, f.Error)
	}
	fmt.Fprintf(stdout, "swept %d dealerships: %d sold cars past retention removed from the index, %d re-placed without the sites whose retention passed, %d ms\n",
		rep.Dealerships, rep.Removed, rep.Replaced, rep.DurationMS)
	if len(rep.Busy) > 0 {
		fmt.Fprintf(stdout, "skipped (a feed was running; it removes them itself): %s\n", strings.Join(rep.Busy, ", "))
	}
	return err
}

// sitesRelink rebuilds the dealerships' site lookups (dynamo.SiteStore.RelinkDealerships).
func sitesRelink(ctx context.Context, stdout io.Writer) error {
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return err
	}
	rep, err := p.Sites().RelinkDealerships(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "relinked %d dealerships: %d site links added, %d stale links removed\n", rep.Dealerships, rep.Added, rep.Removed)
	return nil
}

// reviewsBackfill gives reviews stored before the by-location index its
// keys and writes every location's review summary (issue 31;
// docs/operations.md "Reviews backfill"). Safe to run again.
func reviewsBackfill(ctx context.Context, stdout io.Writer) error {
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return err
	}
	rep, err := p.Reviews().BackfillReviews(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "reviews backfilled: %d reviews indexed, %d location summaries written\n", rep.Reviews, rep.Summaries)
	return nil
}

// dealershipRemove removes a dealership's cars (feed.Service.RemoveDealership).
func dealershipRemove(ctx context.Context, slug string, stdout io.Writer) error {
	if strings.TrimSpace(slug) == "" {
		return errors.New("dealership remove: the dealership slug is required")
	}
	svc, err := service(ctx)
	if err != nil {
		return err
	}
	rep, err := svc.RemoveDealership(ctx, slug)
	if err != nil {
		return err
	}
	sites := "no site lists it"
	if len(rep.Sites) > 0 {
		sites = "stats refreshed on " + strings.Join(rep.Sites, ", ")
	}
	fmt.Fprintf(stdout, "removed dealership %s: %d cars from the table and the index; %s\n", slug, rep.Cars, sites)
	return nil
}

// leadsRedrive sets failed leads back to pending with their attempts reset;
// the update is a stream record, so the deliver Lambda (or the dev
// gateway's poller) sends them again. It scans the leads table: an
// operator's occasional command, so the scan's cost is accepted.
func leadsRedrive(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("leads redrive", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealership := fs.String("dealership", "", "dealership slug (default: all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("leads redrive takes no arguments")
	}
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return err
	}
	n, err := dynamo.NewLeadDeliveryStore(db, dynamo.TablesFromEnv().Leads).Redrive(ctx, *dealership)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d failed leads set to pending for delivery\n", n)
	return nil
}

// keysAdd creates a provider key for the given dealerships. The key is
// printed once; only its hash is stored (issue 4: keys stored hashed).
func tenantsNew(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tenants new", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "", "the dealer's display name (required)")
	dir := fs.String("dir", filepath.Join("infra", "tenants"), "the tenant files' folder")
	// The slug comes first (tenants new SLUG --name ...); flag stops at it.
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprint(stderr, usage)
		return errors.New("tenants new: the slug is required")
	}
	slug := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	path, cell, err := tenantfile.Create(*dir, slug, *name)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (edge cell %d). Fill in its locations, theme and domains, then:\n"+
		"  make synth && node_modules/.bin/cdk deploy -c tenants=%s %s%s\n", path, cell, slug, "Forecourt-Tenant-", slug)
	return nil
}

func keysAdd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("keys add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	provider := fs.String("provider", "", "provider name, e.g. the DMS (required)")
	dealerships := fs.String("dealership", "", "comma-separated dealership slugs the key may feed (required)")
	photoHosts := fs.String("photo-hosts", "", "comma-separated hosts whose feed photos are mirrored at ingest (cdn.dms.example, or .dms.example for its subdomains); none: photos are linked as sent")
	if err := fs.Parse(args); err != nil {
		return err
	}
	slugs, hosts := commaList(*dealerships), commaList(*photoHosts)
	if *provider == "" || len(slugs) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("--provider and --dealership are required")
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	key := hex.EncodeToString(raw)
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return err
	}
	if err := p.ProviderKeys().PutKey(ctx, key, shared.Provider{Name: *provider, Dealerships: slugs, PhotoHosts: hosts}); err != nil {
		return fmt.Errorf("store key: %w", err)
	}
	fmt.Fprintf(stdout, "provider key for %s (dealerships %s); it is shown only this once:\n%s\n",
		*provider, strings.Join(slugs, ", "), key)
	return nil
}

// commaList splits a comma-separated flag, dropping empty items.
func commaList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// keysManage lists, revokes and rotates provider keys by the id `keys
// list` prints (the start of the key's hash; issue 15). A rotated key is
// printed once, like a new one.
func keysManage(ctx context.Context, verb string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("keys "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	keepOld := fs.Bool("keep-old", false, "rotate: keep the old key valid until `keys revoke` (the provider switches without a failed feed)")
	var id string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		id, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case verb == "list" && id == "" && fs.NArg() == 0:
	case (verb == "revoke" || verb == "rotate") && id != "" && fs.NArg() == 0:
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("keys %s: wrong arguments", verb)
	}
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return err
	}
	store := p.ProviderKeys()
	describe := func(k dynamo.ProviderKeyInfo) string {
		return fmt.Sprintf("%s\t%s\t%s\tcreated %s", k.ID, k.Provider, strings.Join(k.Dealerships, ","), k.CreatedAt.UTC().Format(time.RFC3339))
	}
	switch verb {
	case "list":
		list, err := store.ListKeys(ctx)
		if err != nil {
			return err
		}
		for _, k := range list {
			fmt.Fprintln(stdout, describe(k))
		}
		fmt.Fprintf(stdout, "%d provider keys\n", len(list))
	case "revoke":
		k, err := store.RevokeKey(ctx, id)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "revoked %s\n", describe(k))
	case "rotate":
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return err
		}
		key := hex.EncodeToString(raw)
		old, created, err := store.RotateKey(ctx, id, key, *keepOld)
		if err != nil {
			return err
		}
		state := "revoked"
		if *keepOld {
			state = "still valid until `forecourt keys revoke " + old.ID + "`"
		}
		fmt.Fprintf(stdout, "new key %s for %s (dealerships %s); it is shown only this once:\n%s\nold key %s is %s\n",
			created.ID, created.Provider, strings.Join(created.Dealerships, ", "), key, old.ID, state)
	}
	return nil
}

// service is the ingestion service over DynamoDB and the index, configured
// by the environment.
func service(ctx context.Context) (*feed.Service, error) {
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return nil, err
	}
	return p.Feed(), nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// reservations lists, cancels or refunds a dealership's online
// reservations (issue 13). --dealership is required, and a reservation of
// another dealership is refused, so a mistyped id cannot touch another
// dealer's customer.
func reservations(ctx context.Context, verb string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("reservations "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealership := fs.String("dealership", "", "dealership slug (required)")
	// Flags may follow the id: parse, take the id, parse the rest.
	if err := fs.Parse(args); err != nil {
		return err
	}
	rest := fs.Args()
	var id string
	if len(rest) > 0 {
		id, rest = rest[0], rest[1:]
		if err := fs.Parse(rest); err != nil {
			return err
		}
		rest = fs.Args()
	}
	switch {
	case verb != "list" && verb != "cancel" && verb != "refund":
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown reservations command %q", verb)
	case verb == "list" && id != "", verb != "list" && (id == "" || len(rest) > 0):
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("reservations %s: wrong arguments", verb)
	case *dealership == "":
		fmt.Fprint(stderr, usage)
		return errors.New("--dealership is required")
	}
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return err
	}
	svc := p.Reservations(platform.StripeFromEnv())
	if verb == "list" {
		list, err := svc.List(ctx, *dealership)
		if err != nil {
			return err
		}
		for _, r := range list {
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%s\theld until %s\n", r.ID, r.State, r.CarID, r.CarTitle,
				shared.FormatPrice(float64(r.DepositCents)/100), r.HeldUntil.UTC().Format(time.RFC3339))
		}
		fmt.Fprintf(stdout, "%d reservations\n", len(list))
		return nil
	}
	mine, err := svc.List(ctx, *dealership)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(mine, func(r shared.Reservation) bool { return r.ID == id }) {
		return fmt.Errorf("reservation %s is not one of %s's", id, *dealership)
	}
	var r shared.Reservation
	if verb == "cancel" {
		r, err = svc.Cancel(ctx, id)
	} else {
		r, err = svc.Refund(ctx, id)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is now %s; car %s is free\n", r.ID, r.State, r.CarID)
	return nil
}
