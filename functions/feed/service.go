// Package feed ingests stock feeds: it decodes JSON, CSV and gzip bodies,
// validates and normalises each row, diffs cars by content hash, writes
// DynamoDB and then the search index, and keeps a report of every run
// (issue 4).
package feed

import (
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"regexp"
	"strings"
	"time"

	"forecourt/functions/contract"
	"forecourt/shared"
)

// Limits of one feed (issue 4: up to 20,000 cars or 50 MB).
const (
	DefaultMaxBytes = 50 << 20
	DefaultMaxCars  = 20000
)

// Modes.
const (
	ModeFull  = "full"  // cars absent from the feed become sold
	ModeDelta = "delta" // only the rows sent, plus explicit removals
)

// Run statuses.
const (
	StatusRunning     = "running"
	StatusSucceeded   = "succeeded"
	StatusIndexFailed = contract.StatusIndexFailed // DynamoDB is right; the next run or reindex repairs the index
	StatusRefused     = "refused"                  // nothing written: a full feed would have sold too much of the stock
	// An uploaded feed's run before its object arrives, and when the
	// object could not be read as a feed (Report.Error says why).
	StatusAwaitingUpload = "awaiting_upload"
	StatusFailed         = "failed"
)

// CarStore is the source-of-truth side of ingestion (the dynamo package's
// CarStore implements it).
type CarStore interface {
	States(ctx context.Context, dealershipSlug string) ([]shared.CarState, error)
	GetCars(ctx context.Context, dealershipSlug string, ids []string) ([]shared.StoredCar, error)
	StoredCars(ctx context.Context, dealershipSlug string) ([]shared.StoredCar, error)
	PutCars(ctx context.Context, cars []shared.StoredCar) error
	DeleteCars(ctx context.Context, dealershipSlug string, ids []string) error
	SetUnindexed(ctx context.Context, dealershipSlug string, ids []string) error
	// ClaimSlugs claims each (distinct) slug for its car with a conditional
	// write; held[i] is false when another car holds claims[i].Slug.
	ClaimSlugs(ctx context.Context, claims []shared.SlugClaim) (held []bool, err error)
}

// RunStore keeps run reports and the per-dealership lease (the dynamo
// package's RunStore implements it).
type RunStore interface {
	SaveRun(ctx context.Context, id, dealershipSlug, status string, report []byte) error
	Run(ctx context.Context, id string) ([]byte, error)
	AcquireLease(ctx context.Context, dealershipSlug, holder string, ttl time.Duration) (shared.Lease, error)
	ReleaseLease(ctx context.Context, dealershipSlug, holder string, clean bool) error
	MarkClean(ctx context.Context, dealershipSlug string) error
	// SaveManifest and Manifest keep the per-dealership hash manifest that
	// lets a run skip reading unchanged cars.
	SaveManifest(ctx context.Context, dealershipSlug, holder string, states []shared.CarState) error
	KeepManifest(ctx context.Context, dealershipSlug, holder string, ref shared.ManifestRef) error
	Manifest(ctx context.Context, dealershipSlug string, ref shared.ManifestRef) ([]shared.CarState, error)
	DeleteManifest(ctx context.Context, dealershipSlug string, ref shared.ManifestRef) error
	// SavePhotoHosts and PhotoHosts keep the photo allow-list of the last
	// run that left photos unmirrored, for the sweep to retry them (issue 14).
	SavePhotoHosts(ctx context.Context, dealershipSlug string, hosts []string) error
	PhotoHosts(ctx context.Context, dealershipSlug string) ([]string, error)
}

// SiteLister finds the site configs that decide which sites show a car.
type SiteLister interface {
	// SitesOf returns the sites that list the dealership, without reading
	// the others: a feed run reads only its own sites (docs/scaling.md).
	SitesOf(ctx context.Context, dealershipSlug string) ([]shared.Site, error)
	// Dealerships returns every dealership some site lists or has listed,
	// by slug, and the sites that list them: for work across all
	// dealerships (reindex of all, sweep), without a scan of the sites or
	// the cars (docs/scaling.md "The dealerships list").
	Dealerships(ctx context.Context) ([]string, []shared.Site, error)
}

// Index is the search index (the algolia package's Index implements it).
// It builds its records from placed cars; a car whose placement lists no
// site is deleted, never saved.
type Index interface {
	// Save writes the whole records of the cars.
	Save(ctx context.Context, cars []shared.IndexedCar) error
	// MarkSold updates the sold attributes and sites of the cars' records.
	MarkSold(ctx context.Context, cars []shared.IndexedCar) error
	// Delete removes records by car id; missing ones are ignored.
	Delete(ctx context.Context, ids []string) error
}

// Admission caps how many feeds apply at once across the platform (the
// dynamo package's RunStore implements it): every dealer's DMS may push on
// the hour, and each run holds a Lambda, a decoded feed in memory and the
// index's write queue. A slot is leased (ttl) so a crashed run frees its
// slot by itself.
type Admission interface {
	// AcquireSlot takes one of slots slots for holder, or fails with
	// ETOOMANY when all are taken.
	AcquireSlot(ctx context.Context, holder string, slots int, ttl time.Duration) (int, error)
	ReleaseSlot(ctx context.Context, slot int, holder string) error
}

// StatsRefresher recomputes the stock stats of the sites showing a
// dealership (sitestats.Refresher); the home page reads them instead of
// searching (issue 18).
type StatsRefresher interface {
	RefreshStats(ctx context.Context, dealershipSlug string, sites []shared.Site) error
	// FillStats computes the dealership's stats only where it has none
	// current (the sweep's catch-up for cars that predate them).
	FillStats(ctx context.Context, dealershipSlug string, sites []shared.Site) error
}

// SitemapRefresher rewrites the stored sitemap lists of the sites showing
// a dealership (sitemaps.Refresher; issue 14), which the sitemaps are
// served from instead of reading every car per request.
type SitemapRefresher interface {
	RefreshSitemaps(ctx context.Context, dealershipSlug string, sites []shared.Site) error
	// FillSitemaps writes them only where the dealership's are missing or
	// stale (the sweep's catch-up).
	FillSitemaps(ctx context.Context, dealershipSlug string, sites []shared.Site) error
}

// Holds names the cars a paid online reservation holds now (issue 13; the
// dynamo package's ReservationStore implements it). A feed knows nothing of
// those holds, so a run keeps such a car reserved whatever the feed says.
type Holds interface {
	HeldCars(ctx context.Context, dealershipSlug string, now time.Time) ([]string, error)
}

// ServiceConfig wires a Service. Zero limits and durations take defaults.
type ServiceConfig struct {
	Cars  CarStore
	Runs  RunStore
	Sites SiteLister
	Index Index
	// Holds, when set, keeps the cars online reservations hold reserved
	// through feed runs; nil means no car is held.
	Holds Holds
	// Stats, when set, is told about every dealership a run, reindex or
	// sweep changed. Its failure is logged, never fails the run: the stats
	// are derived and the next change recomputes them.
	Stats StatsRefresher
	// Sitemaps, when set, is told about the same changes, after Stats, and
	// likewise never fails the run: the lists are derived data.
	Sitemaps SitemapRefresher
	// Feeds, when set, rewrites the dealership's vehicle feeds after the
	// sitemaps (issue 37); likewise never fails the run.
	Feeds FeedRefresher
	// Photos, when set, mirrors the photos of cars fed with a
	// Request.PhotoHosts allow-list (issue 14); nil mirrors nothing.
	Photos PhotoMirror
	// SweepPhotoCars bounds how many photos-pending cars of a dealership
	// one sweep retries (default DefaultSweepPhotoCars); SweepPhotoBudget
	// bounds the time it spends on them (default DefaultSweepPhotoBudget).
	SweepPhotoCars   int
	SweepPhotoBudget time.Duration
	// Now is the clock (default time.Now).
	Now    func() time.Time
	Logger *slog.Logger
	// LeaseTTL bounds how long a crashed run blocks its dealership (default 15m).
	LeaseTTL time.Duration
	// LeaseWait is how long a feed waits for another feed of the same
	// dealership before failing with ECONFLICT (default 0: fail at once).
	LeaseWait time.Duration
	MaxBytes  int64
	MaxCars   int
	// Admission and MaxRuns cap concurrent feeds platform-wide: a feed
	// beyond MaxRuns is refused with ETOOMANY before its body is read
	// (nothing applied; the provider retries). Nil or 0: no cap.
	Admission Admission
	MaxRuns   int
	// DeadlineMargin is how long before the caller's deadline (the Lambda's
	// timeout) a run stops, so that it still releases its lease and saves
	// its report (default DefaultDeadlineMargin).
	DeadlineMargin time.Duration
	// MaxSoldShare is the share of a dealership's unsold stock a full feed
	// may mark sold without Request.Force (default DefaultMaxSoldShare; 1
	// or more turns the check off). An empty or truncated export would
	// otherwise sell the whole stock.
	MaxSoldShare float64
}

// DefaultDeadlineMargin is ServiceConfig.DeadlineMargin's default.
const DefaultDeadlineMargin = 20 * time.Second

// DefaultMaxSoldShare is ServiceConfig.MaxSoldShare's default.
const DefaultMaxSoldShare = 0.3

// Service ingests feeds.
type Service struct {
	cfg ServiceConfig
}

// NewService returns a Service.
func NewService(cfg ServiceConfig) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.LeaseTTL == 0 {
		cfg.LeaseTTL = 15 * time.Minute
	}
	if cfg.MaxBytes == 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.MaxCars == 0 {
		cfg.MaxCars = DefaultMaxCars
	}
	if cfg.DeadlineMargin <= 0 {
		cfg.DeadlineMargin = DefaultDeadlineMargin
	}
	if cfg.MaxSoldShare <= 0 {
		cfg.MaxSoldShare = DefaultMaxSoldShare
	}
	if cfg.SweepPhotoCars <= 0 {
		cfg.SweepPhotoCars = DefaultSweepPhotoCars
	}
	if cfg.SweepPhotoBudget <= 0 {
		cfg.SweepPhotoBudget = DefaultSweepPhotoBudget
	}
	return &Service{cfg: cfg}
}

// Request is one feed.
type Request struct {
	DealershipSlug string
	// Mode is full or delta; "" takes the JSON body's mode, else full.
	Mode            string
	ContentType     string // application/json or text/csv
	ContentEncoding string // "" or gzip
	Body            io.Reader
	// Columns is the provider's own CSV column mapping.
	Columns Columns
	// Force lets a full feed mark more than ServiceConfig.MaxSoldShare of
	// the stock sold (?force=true).
	Force bool
	// RunID is the run's id when it was given out beforehand (an upload's,
	// by Expect); empty for a new one.
	RunID string
	// PhotoHosts is the provider's allow-list of photo hosts to mirror
	// from (shared.Provider.PhotoHosts); empty mirrors nothing.
	PhotoHosts []string
}

// Duplicate is a row superseded by a later row with the same key.
type Duplicate struct {
	Row int    `json:"row"`
	Key string `json:"key"`
}

// Report is a run's outcome (docs/contracts.md, the feed response).
type Report struct {
	RunID          string `json:"run_id"`
	DealershipSlug string `json:"dealership_slug"`
	Mode           string `json:"mode"`
	Status         string `json:"status"`
	Received       int    `json:"received"`
	Created        int    `json:"created"`
	Updated        int    `json:"updated"`
	Unchanged      int    `json:"unchanged"`
	Sold           int    `json:"sold"`
	Removed        int    `json:"removed"`
	Rejected       int    `json:"rejected"`
	// PhotosMirrored and PhotosFailed count the distinct photo URLs the run
	// mirrored and could not (issue 14); both 0 without mirroring.
	PhotosMirrored int         `json:"photos_mirrored,omitempty"`
	PhotosFailed   int         `json:"photos_failed,omitempty"`
	Duplicates     []Duplicate `json:"duplicates"`
	RejectedRows   []RowError  `json:"rejected_rows"`
	// PhotoProblems are the photos refused for what they are (field
	// "images": over media.MaxPixels, issue 31), by row: the car is kept
	// without them, and they are not retried.
	PhotoProblems []RowError `json:"photo_problems,omitempty"`
	// BodyProblems are the rows whose body is not one of spec 001 §9's
	// valid body types (shared.ValidBodyType), field "body": the car is
	// kept (issue 33).
	BodyProblems []RowError `json:"body_problems,omitempty"`
	// FeedDrops counts the cars each vehicle feed format leaves out
	// ("google": 3), after the run (issue 37; `forecourt stock health`
	// lists them); absent when no site of the dealership publishes a feed.
	FeedDrops map[string]int `json:"feed_drops,omitempty"`
	// RejectedRowsOmitted and DuplicatesOmitted count what a stored report
	// leaves out past its first StoredRows entries (the feed's own answer
	// lists them all).
	RejectedRowsOmitted  int       `json:"rejected_rows_omitted,omitempty"`
	DuplicatesOmitted    int       `json:"duplicates_omitted,omitempty"`
	PhotoProblemsOmitted int       `json:"photo_problems_omitted,omitempty"`
	BodyProblemsOmitted  int       `json:"body_problems_omitted,omitempty"`
	StartedAt            time.Time `json:"started_at"`
	FinishedAt           time.Time `json:"finished_at"`
	DurationMS           int64     `json:"duration_ms"`
	// Error says why a run failed before writing anything (status failed:
	// an uploaded feed that is not one).
	Error string `json:"error,omitempty"`
}

// MsgRunFinished is the log line of every run that got to write its cars,
// with the share of rows it rejected (rejected_pct).
const MsgRunFinished = contract.MsgRunFinished

// MsgIndexSyncFailed is the log line of a run that ends index_failed; the
// IndexFailed metric counts it (infra: api.Monitor), in the ingest and
// uploads functions' logs alike.
const MsgIndexSyncFailed = contract.MsgIndexSyncFailed

// RejectedPercent is the share of the feed's rows the run rejected, from 0
// to 100 to one decimal; 0 for an empty feed.
func (r Report) RejectedPercent() float64 {
	if r.Received == 0 {
		return 0
	}
	return math.Round(1000*float64(r.Rejected)/float64(r.Received)) / 10
}

// Ingest runs one feed: decode, validate, diff, write DynamoDB, then the
// index. Errors before any write are *shared.Error (invalid body 400, too
// large 413, unsupported type 415, another run in progress 409).
func (s *Service) Ingest(ctx context.Context, req Request) (Report, error) {
	// A run killed by the Lambda timeout would keep its lease until the
	// lease expires; stopping DeadlineMargin early lets it release (issue 15).
	if d, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-s.cfg.DeadlineMargin))
		defer cancel()
	}
	started := s.cfg.Now()
	slug := req.DealershipSlug
	if slug == "" {
		return Report{}, shared.FieldError("dealership_slug", "is required")
	}
	runID := req.RunID
	if runID == "" {
		runID = newRunID(started)
	} else if !runIDPattern.MatchString(runID) {
		return Report{}, shared.FieldError("run_id", "is not a run id")
	}
	if s.cfg.Admission != nil && s.cfg.MaxRuns > 0 {
		slot, err := s.cfg.Admission.AcquireSlot(ctx, runID, s.cfg.MaxRuns, s.cfg.LeaseTTL)
		if err != nil {
			return Report{}, err
		}
		// The slot is released with a context of its own: a cancelled
		// request must still free it (else it waits out its ttl).
		defer func() {
			if err := s.cfg.Admission.ReleaseSlot(context.WithoutCancel(ctx), slot, runID); err != nil {
				s.cfg.Logger.Warn("release feed slot", "slot", slot, "run", runID, "err", err)
			}
		}()
	}
	body, err := s.decode(req)
	if err != nil {
		return Report{}, err
	}
	mode := req.Mode
	if mode == "" {
		mode = body.Mode
	}
	if mode == "" {
		mode = ModeFull
	}
	if mode != ModeFull && mode != ModeDelta {
		return Report{}, shared.FieldError("mode", "must be full or delta")
	}
	if mode == ModeFull && len(body.Remove) > 0 {
		return Report{}, shared.FieldError("remove", "removals are for delta feeds; a full feed sells what it leaves out")
	}

	rep := Report{
		RunID: runID, DealershipSlug: slug, Mode: mode, Status: StatusRunning,
		Received: len(body.Rows), StartedAt: started.UTC(),
		Duplicates: []Duplicate{}, RejectedRows: []RowError{},
	}
	lease, err := s.acquire(ctx, slug, rep.RunID)
	if err != nil {
		return Report{}, err
	}
	clean := false
	defer func() { s.release(ctx, slug, rep.RunID, clean) }()
	if err := s.saveReport(ctx, rep); err != nil {
		return Report{}, err
	}

	out, err := s.apply(ctx, &rep, body, lease, req.Force, req.PhotoHosts)
	if err != nil {
		if errors.Is(err, errSoldShare) {
			clean = !lease.Dirty // nothing was written
			rep.Status = StatusRefused
			rep.FinishedAt = s.cfg.Now().UTC()
			if serr := s.saveReport(ctx, rep); serr != nil {
				s.cfg.Logger.ErrorContext(ctx, "save run report", "run", rep.RunID, "dealership", slug, "err", serr)
			}
		}
		return Report{}, fmt.Errorf("ingest %s: %w", slug, err)
	}
	clean = out.clean
	// The bookkeeping after the writes runs even when the run's time is up,
	// each step with a budget of its own, the report first: slow stats must
	// never leave a run reported "running".
	after := context.WithoutCancel(ctx)
	mctx, cancel := context.WithTimeout(after, 10*time.Second)
	defer cancel()
	s.saveManifest(mctx, slug, rep.RunID, lease, out)
	rep.FinishedAt = s.cfg.Now().UTC()
	rep.DurationMS = rep.FinishedAt.Sub(rep.StartedAt).Milliseconds()
	// The cars are written: a report that cannot be saved must not turn
	// the run into an error the provider would retry (issue 15).
	rctx, cancel := context.WithTimeout(after, 10*time.Second)
	defer cancel()
	if err := s.saveReport(rctx, rep); err != nil {
		s.cfg.Logger.ErrorContext(ctx, "save run report", "run", rep.RunID, "dealership", slug, "err", err)
	}
	// The alarm on runs rejecting a large share of their rows reads
	// rejected_pct from this line (infra: api.Monitor). No "status" field:
	// the index_failed metric counts the line that has one.
	s.cfg.Logger.InfoContext(ctx, MsgRunFinished, "dealership", slug, "run", rep.RunID, "mode", rep.Mode,
		"received", rep.Received, "rejected", rep.Rejected, "rejected_pct", rep.RejectedPercent())
	if rep.Created+rep.Updated+rep.Sold+rep.Removed > 0 || lease.Dirty {
		sctx, cancel := context.WithTimeout(after, 10*time.Second)
		defer cancel()
		s.refreshStats(sctx, slug, out.sites) // still under the lease (released on return)
		mctx, cancel := context.WithTimeout(after, 10*time.Second)
		defer cancel()
		s.refreshSitemaps(mctx, slug, out.sites) // after the index sync, like the stats
		fctx, cancel := context.WithTimeout(after, 10*time.Second)
		defer cancel()
		rep.FeedDrops = s.refreshFeeds(fctx, slug, out.sites)
	} else {
		fctx, cancel := context.WithTimeout(after, 10*time.Second)
		defer cancel()
		rep.FeedDrops = s.fillFeeds(fctx, slug, out.sites) // the counts as stored
	}
	if rep.FeedDrops != nil {
		// The report was saved before the derived data; again with the counts.
		rctx, cancel := context.WithTimeout(after, 10*time.Second)
		defer cancel()
		if err := s.saveReport(rctx, rep); err != nil {
			s.cfg.Logger.ErrorContext(ctx, "save run report", "run", rep.RunID, "dealership", slug, "err", err)
		}
	}
	return rep, nil
}

// fillStats catches up the stats of a dealership the sweep left unchanged.
func (s *Service) fillStats(ctx context.Context, slug string, sites []shared.Site) {
	if s.cfg.Stats == nil {
		return
	}
	if err := s.cfg.Stats.FillStats(ctx, slug, sites); err != nil {
		s.cfg.Logger.ErrorContext(ctx, "site stats not filled in", "dealership", slug, "error", err)
	}
}

// refreshSitemaps rewrites the stored sitemap lists of the sites showing
// the dealership; callers hold its lease (one writer of its shares).
func (s *Service) refreshSitemaps(ctx context.Context, slug string, sites []shared.Site) {
	if s.cfg.Sitemaps == nil {
		return
	}
	if err := s.cfg.Sitemaps.RefreshSitemaps(ctx, slug, sites); err != nil {
		s.cfg.Logger.ErrorContext(ctx, "sitemaps not refreshed", "dealership", slug, "error", err)
	}
}

// fillSitemaps catches up the sitemap lists of a dealership the sweep
// left unchanged.
func (s *Service) fillSitemaps(ctx context.Context, slug string, sites []shared.Site) {
	if s.cfg.Sitemaps == nil {
		return
	}
	if err := s.cfg.Sitemaps.FillSitemaps(ctx, slug, sites); err != nil {
		s.cfg.Logger.ErrorContext(ctx, "sitemaps not filled in", "dealership", slug, "error", err)
	}
}

// refreshStats recomputes the stats of the sites showing the dealership.
// Callers hold the dealership's lease: its share of each site's stats has
// one writer at a time.
func (s *Service) refreshStats(ctx context.Context, slug string, sites []shared.Site) {
	if s.cfg.Stats == nil {
		return
	}
	if err := s.cfg.Stats.RefreshStats(ctx, slug, sites); err != nil {
		s.cfg.Logger.ErrorContext(ctx, "site stats not refreshed", "dealership", slug, "error", err)
	}
}

func (s *Service) decode(req Request) (Body, error) {
	gzipped, err := CheckEncoding(req.ContentEncoding)
	if err != nil {
		return Body{}, err
	}
	format, err := CheckContentType(req.ContentType)
	if err != nil {
		return Body{}, err
	}
	r := io.Reader(&limitedReader{r: req.Body, n: s.cfg.MaxBytes, limit: s.cfg.MaxBytes})
	if gzipped {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return Body{}, tooLargeOr(err, shared.FieldError("body", "not gzip data: %v", err))
		}
		defer zr.Close()
		// The limit applies to the feed itself as well as to what was sent.
		r = &limitedReader{r: zr, n: s.cfg.MaxBytes, limit: s.cfg.MaxBytes}
	}
	var body Body
	if format == FormatCSV {
		body, err = DecodeCSV(r, req.Columns, s.cfg.MaxCars)
	} else {
		body, err = DecodeJSON(r, req.Columns, s.cfg.MaxCars)
	}
	if err != nil {
		return Body{}, tooLargeOr(err, err)
	}
	return body, nil
}

// Feed formats, by content type (CheckContentType).
const (
	FormatJSON = "json"
	FormatCSV  = "csv"
)

// CheckContentType returns the format of a feed sent with the content type
// (none means JSON), or the EUNSUPPORTED error a feed of it is answered.
// The upload route checks an upload's type with it before granting it.
func CheckContentType(contentType string) (string, error) {
	mt, _, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "application/json", "":
		return FormatJSON, nil
	case "text/csv", "application/csv":
		return FormatCSV, nil
	}
	return "", shared.Errorf(shared.EUNSUPPORTED, "content type %q is not supported; send application/json or text/csv", contentType)
}

// CheckEncoding reports whether a feed sent with the content encoding is
// gzipped, or the EUNSUPPORTED error a feed of it is answered.
func CheckEncoding(contentEncoding string) (gzipped bool, err error) {
	switch strings.ToLower(strings.TrimSpace(contentEncoding)) {
	case "", "identity":
		return false, nil
	case "gzip":
		return true, nil
	}
	return false, shared.Errorf(shared.EUNSUPPORTED, "content encoding %q is not supported; send gzip or none", contentEncoding)
}

func tooLargeOr(err, other error) error {
	var tl *tooLargeError
	if errors.As(err, &tl) {
		return shared.Errorf(shared.ETOOLARGE, "a feed may be at most %d MB", tl.limit>>20)
	}
	if errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) || errors.Is(err, io.ErrUnexpectedEOF) {
		return shared.FieldError("body", "corrupt gzip data")
	}
	return other
}

// acquire takes the dealership's lease, waiting up to LeaseWait.
func (s *Service) acquire(ctx context.Context, slug, holder string) (shared.Lease, error) {
	deadline := s.cfg.Now().Add(s.cfg.LeaseWait)
	for {
		lease, err := s.cfg.Runs.AcquireLease(ctx, slug, holder, s.cfg.LeaseTTL)
		if shared.ErrorCode(err) != shared.ECONFLICT || !s.cfg.Now().Before(deadline) {
			return lease, err
		}
		select {
		case <-ctx.Done():
			return shared.Lease{}, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// release gives the dealership's lease up; clean says the index caught up
// with DynamoDB. It runs on a fresh context: the lease must be released
// even when ctx ended.
func (s *Service) release(ctx context.Context, slug, holder string, clean bool) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := s.cfg.Runs.ReleaseLease(rctx, slug, holder, clean); err != nil {
		s.cfg.Logger.ErrorContext(ctx, "release lease", "dealership", slug, "err", err)
	}
}

// states returns the diffing state of the dealership's cars: from the
// manifest when the lease names one, else from the cars themselves.
func (s *Service) states(ctx context.Context, slug string, lease shared.Lease) (states []shared.CarState, fromManifest bool, err error) {
	if lease.Manifest.Valid() {
		states, err := s.cfg.Runs.Manifest(ctx, slug, lease.Manifest)
		if err == nil {
			return states, true, nil
		}
		s.cfg.Logger.WarnContext(ctx, "manifest unusable; reading cars", "dealership", slug, "err", err)
	}
	states, err = s.cfg.Cars.States(ctx, slug)
	return states, false, err
}

// saveManifest records the cars' state after a run's writes. A failure
// costs the next run a full read, not correctness, so it is only logged.
func (s *Service) saveManifest(ctx context.Context, slug, holder string, lease shared.Lease, out outcome) {
	var err error
	if out.keep {
		err = s.cfg.Runs.KeepManifest(ctx, slug, holder, lease.Manifest)
	} else {
		err = s.cfg.Runs.SaveManifest(ctx, slug, holder, out.states)
	}
	if err != nil {
		s.cfg.Logger.WarnContext(ctx, "save manifest", "dealership", slug, "err", err)
	}
}

// StoredRows is how many rejected rows and duplicates a stored report keeps:
// a DynamoDB item holds at most 400 KB, and a feed may reject 20,000 rows.
const StoredRows = 100

func (s *Service) saveReport(ctx context.Context, rep Report) error {
	if n := len(rep.RejectedRows); n > StoredRows {
		rep.RejectedRows, rep.RejectedRowsOmitted = rep.RejectedRows[:StoredRows], n-StoredRows
	}
	if n := len(rep.Duplicates); n > StoredRows {
		rep.Duplicates, rep.DuplicatesOmitted = rep.Duplicates[:StoredRows], n-StoredRows
	}
	if n := len(rep.PhotoProblems); n > StoredRows {
		rep.PhotoProblems, rep.PhotoProblemsOmitted = rep.PhotoProblems[:StoredRows], n-StoredRows
	}
	if n := len(rep.BodyProblems); n > StoredRows {
		rep.BodyProblems, rep.BodyProblemsOmitted = rep.BodyProblems[:StoredRows], n-StoredRows
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	return s.cfg.Runs.SaveRun(ctx, rep.RunID, rep.DealershipSlug, rep.Status, b)
}

// Run returns a stored run report, or an ENOTFOUND error.
func (s *Service) Run(ctx context.Context, id string) (Report, error) {
	b, err := s.cfg.Runs.Run(ctx, id)
	if err != nil {
		return Report{}, err
	}
	var rep Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return Report{}, fmt.Errorf("decode run %s: %w", id, err)
	}
	return rep, nil
}

// runIDPattern is what newRunID makes.
var runIDPattern = regexp.MustCompile(`^run_\d{8}T\d{6}_[0-9a-f]{12}$`)

// Expect stores the report of a run whose feed will arrive later (an
// upload, issue 15), so that its provider can poll it at once, and
// returns its id for the Request that applies it.
func (s *Service) Expect(ctx context.Context, dealershipSlug string) (Report, error) {
	now := s.cfg.Now().UTC()
	rep := Report{RunID: newRunID(now), DealershipSlug: dealershipSlug, Status: StatusAwaitingUpload,
		StartedAt: now, Duplicates: []Duplicate{}, RejectedRows: []RowError{}}
	if err := s.saveReport(ctx, rep); err != nil {
		return Report{}, fmt.Errorf("expect a feed for %s: %w", dealershipSlug, err)
	}
	return rep, nil
}

// Fail records why an expected run's feed could not be applied.
func (s *Service) Fail(ctx context.Context, rep Report, cause error) error {
	rep.Status, rep.Error = StatusFailed, cause.Error()
	rep.FinishedAt = s.cfg.Now().UTC()
	return s.saveReport(ctx, rep)
}

func newRunID(t time.Time) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return fmt.Sprintf("run_%s_%s", t.UTC().Format("20060102T150405"), hex.EncodeToString(b))
}

// CarID is the stable id of a dealership's car with the stock key.
func CarID(dealershipSlug, key string) string {
	sum := sha256.Sum256([]byte(dealershipSlug + "\x00" + key))
	return hex.EncodeToString(sum[:10])
}

// stockKey identifies a car within its dealership's feeds: the stock
// number, or the VIN when there is none.
func stockKey(c shared.Car) string {
	if c.StockNum != "" {
		return "stock:" + strings.ToUpper(c.StockNum)
	}
	return "vin:" + c.VIN
}

// Slug is year-make-model-badge plus a stock suffix (the stock number or
// VIN tail) and the first 4 characters of the id: a new car's first
// candidate. Ingestion moves on to SlugCandidate(c, id, 1), 2, … while
// another car holds the claim (claimSlugs).
func Slug(c shared.Car, id string) string { return SlugCandidate(c, id, 0) }

// SlugCandidate is a car's k-th slug (k from 0): the id part grows from 4
// characters by 2 up to the whole id, then the whole id gets "-2", "-3", …
// Deterministic, so a car that claimed a slug finds its own claim again.
func SlugCandidate(c shared.Car, id string, k int) string {
	n := 4 + 2*k
	if n <= len(id) {
		return slugWithID(c, id[:n])
	}
	return slugWithID(c, fmt.Sprintf("%s %d", id, (n-len(id))/2+1))
}

func slugWithID(c shared.Car, idPart string) string {
	suffix := c.StockNum
	if suffix == "" {
		suffix = c.VIN[len(c.VIN)-6:]
	}
	return shared.Slugify(strings.Join([]string{fmt.Sprint(c.Year), c.Make, c.Model, c.Badge, suffix, idPart}, " "))
}

// contentHash identifies a car's feed content; derived and bookkeeping
// fields are left out so that the same feed hashes the same every time.
// 12 bytes of SHA-256 (16 characters) keep the manifest small; a collision
// between two versions of one car is not a practical concern.
func contentHash(c shared.Car) string {
	c.ID, c.Slug, c.CreatedAt, c.SoldDateTimestamp = "", "", time.Time{}, 0
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}
