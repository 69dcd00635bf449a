package feed

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"forecourt/shared"
)

// outcome is what a run leaves behind besides its report.
type outcome struct {
	// clean reports that the index caught up with DynamoDB.
	clean bool
	// states is the dealership's diffing state after the run's writes, for
	// the manifest; keep says they are those of the manifest read at the
	// start, unchanged.
	states []shared.CarState
	keep   bool
	// sites are the site configs the run placed its cars with; the stats
	// refresh after it uses them rather than listing the sites again.
	sites []shared.Site
}

// apply validates the rows and writes the differences: DynamoDB first,
// then the index.
func (s *Service) apply(ctx context.Context, rep *Report, body Body, lease shared.Lease, force bool, photoHosts []string) (outcome, error) {
	now := s.cfg.Now()
	slug := rep.DealershipSlug

	cars := validateRows(rep, body, slug, now)

	before, fromManifest, err := s.states(ctx, slug, lease)
	if err != nil {
		return outcome{}, err
	}
	stateByID := make(map[string]shared.CarState, len(before))
	for _, st := range before {
		stateByID[st.ID] = st
	}
	sites, err := s.cfg.Sites.SitesOf(ctx, slug)
	if err != nil {
		return outcome{}, fmt.Errorf("sites of %s: %w", slug, err)
	}
	placer := shared.NewPlacer(slug, sites)

	mirroring := s.cfg.Photos != nil && len(photoHosts) > 0
	changes, needPrior, inFeed, rowOf := findChanges(rep, slug, cars, stateByID, mirroring)
	prior := make(map[string]shared.StoredCar, len(needPrior))
	if len(needPrior) > 0 {
		stored, err := s.cfg.Cars.GetCars(ctx, slug, needPrior)
		if err != nil {
			return outcome{}, err
		}
		for _, sc := range stored {
			prior[sc.ID] = sc
		}
	}
	held, err := s.heldCars(ctx, slug, now, len(changes))
	if err != nil {
		return outcome{}, err
	}
	writes, changed, unslugged := createAndUpdate(rep, changes, prior, held, stateByID, placer, now)

	// Full feeds sell what they leave out; delta feeds remove what they name.
	soldWrites, soldCars, err := s.sell(ctx, rep, before, inFeed, held, placer, force, now)
	if err != nil {
		return outcome{}, err
	}
	writes = append(writes, soldWrites...)
	removeIDs, expiredIDs := remove(rep, body.Remove, before, stateByID, inFeed, now)

	// New cars' slugs are claimed once the run will write (a refused run
	// claims nothing), before any car holding them is stored.
	if err := s.claimSlugs(ctx, writes, changed, unslugged); err != nil {
		return outcome{}, err
	}
	// Before the write, so each car is written and indexed once; the
	// changed cars are the first len(changed) writes.
	s.mirrorPhotos(ctx, rep, photoHosts, writes[:len(changed)], changed, rowOf)

	// DynamoDB first: it is the truth the index is rebuilt from.
	if err := s.cfg.Cars.PutCars(ctx, writes); err != nil {
		return outcome{}, err
	}
	if err := s.cfg.Cars.DeleteCars(ctx, slug, removeIDs); err != nil {
		return outcome{}, err
	}
	// The state after the writes, for the manifest.
	for _, w := range writes {
		stateByID[w.ID] = shared.CarState{ID: w.ID, ContentHash: w.ContentHash, Sold: w.Sold, SearchableUntil: w.SearchableUntil,
			PhotosPending: w.PhotosPending}
	}
	for _, id := range removeIDs {
		delete(stateByID, id)
	}

	indexErr := s.syncIndex(ctx, slug, placer, lease.Dirty, changed, soldCars, append(removeIDs, expiredIDs...))
	if indexErr != nil {
		s.cfg.Logger.ErrorContext(ctx, MsgIndexSyncFailed,
			"dealership", slug, "run", rep.RunID, "status", StatusIndexFailed, "err", indexErr)
		rep.Status = StatusIndexFailed
		return outcome{states: slimStates(maps.Values(stateByID)), sites: sites}, nil
	}
	if err := s.cfg.Cars.SetUnindexed(ctx, slug, expiredIDs); err != nil {
		return outcome{}, err
	}
	for _, id := range expiredIDs {
		st := stateByID[id]
		st.Unindexed = true
		stateByID[id] = st
	}
	rep.Status = StatusSucceeded
	if fromManifest && len(writes)+len(removeIDs)+len(expiredIDs) == 0 {
		return outcome{clean: true, keep: true, sites: sites}, nil
	}
	return outcome{clean: true, states: slimStates(maps.Values(stateByID)), sites: sites}, nil
}

// feedEntry is a valid row's car, its content hash and its row number.
type feedEntry struct {
	car  shared.Car
	hash string
	row  int
}

// validateRows is the run report's rejected rows, duplicates and body
// problems: it returns the valid rows' cars, the last row with a key
// winning.
func validateRows(rep *Report, body Body, slug string, now time.Time) []feedEntry {
	byKey := map[string]int{}
	var cars []feedEntry
	parsed := parseRows(body.Rows, slug, now)
	for i, row := range body.Rows {
		c, rowErr := parsed[i].car, parsed[i].err
		if rowErr != nil {
			rep.RejectedRows = append(rep.RejectedRows, *rowErr)
			continue
		}
		// Spec 001 §9 "Valid body types": a body outside the list is
		// reported, the car kept (its simple_body is whatever SimpleBody
		// makes of it; the spec refuses no row for its body).
		if c.Body != "" && !shared.ValidBodyType(c.Body) {
			rep.BodyProblems = append(rep.BodyProblems, RowError{Row: row.Num, Field: "body",
				Reason: fmt.Sprintf("%q is not a valid body type; kept", shared.Truncate(c.Body, 60))})
		}
		key := stockKey(c)
		if i, seen := byKey[key]; seen {
			dupKey := c.StockNum
			if dupKey == "" {
				dupKey = c.VIN
			}
			rep.Duplicates = append(rep.Duplicates, Duplicate{Row: cars[i].row, Key: dupKey})
			cars[i] = feedEntry{c, parsed[i].hash, row.Num}
			continue
		}
		byKey[key] = len(cars)
		cars = append(cars, feedEntry{c, parsed[i].hash, row.Num})
	}
	rep.Rejected = len(rep.RejectedRows)
	return cars
}

// carChange is a car whose content differs from its stored state, or a new one.
type carChange struct {
	car    shared.Car
	hash   string
	exists bool
}

// findChanges is the run report's unchanged count: it diffs the cars by
// content hash and returns the changed ones, those whose stored car must
// be read (needPrior: a manifest state lacks slug and dates; a mirroring
// run reads the photos already mirrored), the ids in the feed and each
// car's feed row (for photo problems).
func findChanges(rep *Report, slug string, cars []feedEntry, stateByID map[string]shared.CarState, mirroring bool) (changes []carChange, needPrior []string, inFeed map[string]bool, rowOf map[string]int) {
	inFeed = make(map[string]bool, len(cars))
	rowOf = make(map[string]int, len(cars))
	for _, e := range cars {
		c := e.car
		c.ID = CarID(slug, stockKey(c))
		inFeed[c.ID] = true
		rowOf[c.ID] = e.row
		hash := e.hash
		st, exists := stateByID[c.ID]
		if exists && st.ContentHash == hash && !st.PhotosPending {
			rep.Unchanged++
			continue
		}
		// A mirroring run also reads the car's photo sources, so that the
		// photos it already mirrored are not fetched again.
		if exists && (st.Slug == "" || mirroring) {
			needPrior = append(needPrior, c.ID)
		}
		changes = append(changes, carChange{c, hash, exists})
	}
	return changes, needPrior, inFeed, rowOf
}

// createAndUpdate is the run report's created and updated counts: the
// changed cars as written (a stored car's slug, first-seen and sold dates
// kept; a paid hold keeps a car reserved) and as indexed, and which writes
// need a slug claimed.
func createAndUpdate(rep *Report, changes []carChange, prior map[string]shared.StoredCar, held map[string]bool,
	stateByID map[string]shared.CarState, placer shared.Placer, now time.Time) (writes []shared.StoredCar, changed []shared.IndexedCar, unslugged []int) {
	for _, ch := range changes {
		c := ch.car
		// A paid online hold outlives the feed's row: the car stays
		// RESERVED, and not reservable, until the hold ends.
		feedReserved := c.Reserved
		c.Reserved = c.Reserved || held[c.ID]
		var sources map[string]string
		if ch.exists {
			rep.Updated++
			stored, ok := prior[c.ID]
			old := stored.Car
			sources = stored.PhotoSources
			if !ok {
				st := stateByID[c.ID]
				old = shared.Car{Slug: st.Slug, SoldDateTimestamp: st.SoldDateTimestamp}
				old.CreatedAt, _ = time.Parse(time.RFC3339Nano, st.CreatedAt)
			}
			c.Slug = old.Slug
			if !old.CreatedAt.IsZero() {
				c.CreatedAt = old.CreatedAt
			}
			if c.Sold && c.SoldDateTimestamp == 0 {
				c.SoldDateTimestamp = old.SoldDateTimestamp
			}
		} else {
			rep.Created++
		}
		if c.Slug == "" {
			unslugged = append(unslugged, len(writes))
		}
		if c.CreatedAt.IsZero() {
			c.CreatedAt = now.UTC()
		}
		if c.Sold && c.SoldDateTimestamp == 0 {
			c.SoldDateTimestamp = now.Unix()
		}
		p := placer.Place(c, now)
		writes = append(writes, shared.StoredCar{Car: c, ContentHash: ch.hash, UpdatedAt: now,
			SearchableUntil: p.SearchableUntil, FeedReserved: feedReserved, PhotoSources: sources})
		changed = append(changed, shared.IndexedCar{Car: c, Placement: p})
	}
	return writes, changed, unslugged
}

// sell is the run report's sold count: a full feed sells the cars it
// leaves out (not those a paid hold keeps; not past the sold-share guard
// unless forced). It returns their writes and index records.
func (s *Service) sell(ctx context.Context, rep *Report, before []shared.CarState, inFeed, held map[string]bool,
	placer shared.Placer, force bool, now time.Time) (writes []shared.StoredCar, soldCars []shared.IndexedCar, err error) {
	slug := rep.DealershipSlug
	var soldIDs []string
	if rep.Mode == ModeFull {
		for _, st := range before {
			if !inFeed[st.ID] && !st.Sold {
				soldIDs = append(soldIDs, st.ID)
			}
		}
		if len(soldIDs) > 0 && held == nil { // not asked yet: the run changed no car
			if held, err = s.heldCars(ctx, slug, now, len(soldIDs)); err != nil {
				return nil, nil, err
			}
		}
		// A paid online hold outlives the feed's export too: a held car the
		// feed leaves out is not sold until the hold ends; a later run decides.
		soldIDs = slices.DeleteFunc(soldIDs, func(id string) bool { return held[id] })
	}
	if err := s.checkSoldShare(len(soldIDs), before, force); err != nil {
		return nil, nil, err
	}
	if len(soldIDs) > 0 {
		stored, err := s.cfg.Cars.GetCars(ctx, slug, soldIDs)
		if err != nil {
			return nil, nil, err
		}
		for _, sc := range stored {
			sc.Sold, sc.Status, sc.SoldDateTimestamp = true, shared.StatusSold, now.Unix()
			sc.ContentHash = "" // a reappearing car is an update, whatever its content
			sc.UpdatedAt = now
			p := placer.Place(sc.Car, now)
			sc.SearchableUntil = p.SearchableUntil
			writes = append(writes, sc)
			soldCars = append(soldCars, shared.IndexedCar{Car: sc.Car, Placement: p})
		}
		rep.Sold = len(soldCars)
	}
	return writes, soldCars, nil
}

// remove is the run report's removed count: the cars a delta feed names
// for removal, and the sold cars past their retention, which leave the
// index and stay in DynamoDB.
func remove(rep *Report, removeKeys []string, before []shared.CarState, stateByID map[string]shared.CarState,
	inFeed map[string]bool, now time.Time) (removeIDs, expiredIDs []string) {
	slug := rep.DealershipSlug
	removing := map[string]bool{}
	for _, key := range removeKeys {
		for _, id := range []string{key, CarID(slug, "stock:"+strings.ToUpper(key)), CarID(slug, "vin:"+strings.ToUpper(key))} {
			if _, ok := stateByID[id]; ok && !inFeed[id] && !removing[id] {
				removeIDs = append(removeIDs, id)
				removing[id] = true
				break
			}
		}
	}
	// Sold cars past their retention leave the index, and stay in DynamoDB.
	for _, st := range before {
		if !inFeed[st.ID] && !removing[st.ID] && expired(st, now) {
			expiredIDs = append(expiredIDs, st.ID)
		}
	}
	rep.Removed = len(removeIDs)
	return removeIDs, expiredIDs
}

// heldCars returns the ids of the dealership's cars an online reservation
// holds now; it asks only when the run changes some car.
func (s *Service) heldCars(ctx context.Context, slug string, now time.Time, changes int) (map[string]bool, error) {
	if s.cfg.Holds == nil || changes == 0 {
		return nil, nil
	}
	ids, err := s.cfg.Holds.HeldCars(ctx, slug, now)
	if err != nil {
		return nil, fmt.Errorf("cars held by reservations of %s: %w", slug, err)
	}
	held := make(map[string]bool, len(ids))
	for _, id := range ids {
		held[id] = true
	}
	return held, nil
}

type parsedRow struct {
	car  shared.Car
	hash string
	err  *RowError
}

// parseRows validates, normalises and hashes the rows on every core: with
// the manifest, this is most of the work of an unchanged re-ingest.
func parseRows(rows []Row, slug string, now time.Time) []parsedRow {
	out := make([]parsedRow, len(rows))
	workers := runtime.GOMAXPROCS(0)
	chunk := (len(rows) + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := 0; lo < len(rows); lo += chunk {
		hi := min(lo+chunk, len(rows))
		wg.Go(func() {
			for i := lo; i < hi; i++ {
				c, err := ParseRow(rows[i], slug, now)
				out[i] = parsedRow{car: c, err: err}
				if err == nil {
					out[i].hash = contentHash(c)
				}
			}
		})
	}
	wg.Wait()
	return out
}

// expired reports a sold car whose retention ended and that is still indexed.
func expired(st shared.CarState, now time.Time) bool {
	return st.Sold && !st.Unindexed && st.SearchableUntil > 0 && st.SearchableUntil < now.Unix()
}

// slimStates keeps what the manifest holds.
func slimStates(states iter.Seq[shared.CarState]) []shared.CarState {
	var out []shared.CarState
	for st := range states {
		out = append(out, shared.CarState{ID: st.ID, ContentHash: st.ContentHash, Sold: st.Sold,
			SearchableUntil: st.SearchableUntil, Unindexed: st.Unindexed, PhotosPending: st.PhotosPending})
	}
	return out
}

// syncIndex writes the run's changes to the index, or, after an unclean
// previous run, rebuilds the dealership's records from DynamoDB. A changed
// car that no site shows leaves the index instead.
func (s *Service) syncIndex(ctx context.Context, slug string, placer shared.Placer, dirty bool,
	changed, sold []shared.IndexedCar, deletes []string) error {
	if dirty {
		if _, err := s.reindexDealership(ctx, slug, placer); err != nil {
			return err
		}
		return s.cfg.Index.Delete(ctx, deletes)
	}
	changed, hidden := splitShown(changed)
	sold, hiddenSold := splitShown(sold)
	if err := s.cfg.Index.Save(ctx, changed); err != nil {
		return err
	}
	if err := s.cfg.Index.MarkSold(ctx, sold); err != nil {
		return err
	}
	deletes = append(deletes, hidden...)
	return s.cfg.Index.Delete(ctx, append(deletes, hiddenSold...))
}

// splitShown separates the cars some site shows from the ids of those no
// site shows (Site.Shows), which have no record.
func splitShown(cars []shared.IndexedCar) (shown []shared.IndexedCar, hidden []string) {
	shown = make([]shared.IndexedCar, 0, len(cars))
	for _, ic := range cars {
		if len(ic.Placement.Sites) == 0 {
			hidden = append(hidden, ic.Car.ID)
			continue
		}
		shown = append(shown, ic)
	}
	return shown, hidden
}

// ReindexReport is what a reindex did.
type ReindexReport struct {
	Dealerships int   `json:"dealerships"`
	Indexed     int   `json:"indexed"`
	Removed     int   `json:"removed"`
	DurationMS  int64 `json:"duration_ms"`
	// Busy are the dealerships left out because a feed held their lease
	// (that feed syncs their index itself).
	Busy []string `json:"busy,omitempty"`
}

// Reindex rebuilds the index records of a dealership ("" = every
// dealership on the dealerships list) from DynamoDB (DESIGN.md decision 2).
func (s *Service) Reindex(ctx context.Context, dealershipSlug string) (ReindexReport, error) {
	start := s.cfg.Now()
	slugs := []string{dealershipSlug}
	var sites []shared.Site
	var err error
	if dealershipSlug == "" {
		// Every dealership a site lists or has listed: one no site lists
		// any more has its records removed (placed on no site).
		slugs, sites, err = s.cfg.Sites.Dealerships(ctx)
	} else {
		sites, err = s.cfg.Sites.SitesOf(ctx, dealershipSlug)
	}
	if err != nil {
		return ReindexReport{}, fmt.Errorf("sites: %w", err)
	}
	var rep ReindexReport
	holder := "reindex-" + newRunID(start)
	for _, slug := range slugs {
		// The reindex takes the dealership's lease, so it never races a feed
		// (issue 15): one dealership asked for by name is a 409 while a feed
		// runs; a full reindex leaves busy dealerships to their feeds.
		if _, err := s.acquire(ctx, slug, holder); err != nil {
			if shared.ErrorCode(err) == shared.ECONFLICT && dealershipSlug == "" {
				rep.Busy = append(rep.Busy, slug)
				continue
			}
			return rep, err
		}
		r, err := s.reindexDealership(ctx, slug, shared.NewPlacer(slug, sites))
		if err == nil {
			s.refreshStats(ctx, slug, sites)    // under the lease: one writer of its stats
			s.refreshSitemaps(ctx, slug, sites) // forecourt reindex rebuilds the lists too
			s.refreshFeeds(ctx, slug, sites)
		}
		s.release(ctx, slug, holder, err == nil) // a clean release clears the repair mark
		if err != nil {
			return rep, fmt.Errorf("reindex %s: %w", slug, err)
		}
		rep.Dealerships++
		rep.Indexed += r.Indexed
		rep.Removed += r.Removed
	}
	rep.DurationMS = s.cfg.Now().Sub(start).Milliseconds()
	return rep, nil
}

func (s *Service) reindexDealership(ctx context.Context, slug string, placer shared.Placer) (ReindexReport, error) {
	stored, err := s.cfg.Cars.StoredCars(ctx, slug)
	if err != nil {
		return ReindexReport{}, err
	}
	shown, hidden := splitShown(placer.PlaceAll(stored, s.cfg.Now()))
	if err := s.cfg.Index.Save(ctx, shown); err != nil {
		return ReindexReport{}, err
	}
	if err := s.cfg.Index.Delete(ctx, hidden); err != nil {
		return ReindexReport{}, err
	}
	return ReindexReport{Dealerships: 1, Indexed: len(shown), Removed: len(hidden)}, nil
}

// SweepReport is what a sweep did.
type SweepReport struct {
	Dealerships int `json:"dealerships"`
	// Removed counts sold cars that left the index: no site shows them any more.
	Removed int `json:"removed"`
	// Replaced counts sold cars whose record was rewritten because some,
	// not all, of their sites' retention passed.
	Replaced int `json:"replaced"`
	// Busy are dealerships skipped because a feed held their lease; that
	// feed removes their expired cars itself.
	Busy []string `json:"busy"`
	// Failed are dealerships whose sweep failed; the others were swept.
	Failed     []SweepFailure `json:"failed"`
	DurationMS int64          `json:"duration_ms"`
}

// SweepFailure is one dealership's failed sweep.
type SweepFailure struct {
	Dealership string `json:"dealership"`
	Error      string `json:"error"`
}

// Sweep applies the passing of time to sold cars in the index for every
// dealership, without waiting for the dealership's next feed (spec 001 §9
// sold retention, per site): a sold car past every site's retention leaves
// the index (it stays in DynamoDB, marked unindexed), and a sold car past
// some sites' retention is placed again, so that its record lists only the
// sites still showing it. Each dealership is swept under its lease, like a
// feed run.
func (s *Service) Sweep(ctx context.Context) (SweepReport, error) {
	start := s.cfg.Now()
	// The dealerships come from the sites that list them, read through the
	// dealerships list: no scan of the cars or the sites (issue 15). A
	// dealership no site lists has no records to sweep.
	_, sites, err := s.cfg.Sites.Dealerships(ctx)
	if err != nil {
		return SweepReport{}, fmt.Errorf("list sites: %w", err)
	}
	rep := SweepReport{Busy: []string{}, Failed: []SweepFailure{}}
	var errs []error
	for _, slug := range listedDealerships(sites) {
		removed, replaced, err := s.sweepDealership(ctx, slug, sites)
		if shared.ErrorCode(err) == shared.ECONFLICT {
			rep.Busy = append(rep.Busy, slug)
			continue
		}
		if err != nil {
			// One dealership's failure must not leave the others unswept.
			s.cfg.Logger.ErrorContext(ctx, "sweep failed", "dealership", slug, "err", err)
			rep.Failed = append(rep.Failed, SweepFailure{Dealership: slug, Error: err.Error()})
			errs = append(errs, fmt.Errorf("sweep %s: %w", slug, err))
			continue
		}
		rep.Dealerships++
		rep.Removed += removed
		rep.Replaced += replaced
	}
	rep.DurationMS = s.cfg.Now().Sub(start).Milliseconds()
	return rep, errors.Join(errs...)
}

// listedDealerships lists the dealerships the sites list, each once, by slug.
func listedDealerships(sites []shared.Site) []string {
	var out []string
	for _, site := range sites {
		for _, d := range site.Dealerships {
			if !slices.Contains(out, d.Slug) {
				out = append(out, d.Slug)
			}
		}
	}
	slices.Sort(out)
	return out
}

func (s *Service) sweepDealership(ctx context.Context, slug string, sites []shared.Site) (removed, replaced int, err error) {
	placer := shared.NewPlacer(slug, sites)
	holder := "sweep_" + newRunID(s.cfg.Now())
	lease, err := s.cfg.Runs.AcquireLease(ctx, slug, holder, s.cfg.LeaseTTL)
	if err != nil {
		return 0, 0, err
	}
	clean := false
	// A dealership whose index was already behind stays marked for reindexing.
	defer func() { s.release(ctx, slug, holder, clean && !lease.Dirty) }()
	states, fromManifest, err := s.states(ctx, slug, lease)
	if err != nil {
		return 0, 0, err
	}
	now := s.cfg.Now()
	var expiredIDs, indexedSold []string
	for _, st := range states {
		switch {
		case expired(st, now):
			expiredIDs = append(expiredIDs, st.ID)
		case st.Sold && !st.Unindexed:
			indexedSold = append(indexedSold, st.ID)
		}
	}
	// A sold car still indexed may have outlived some of its sites'
	// retention: its record is rewritten while its sites are fewer than when
	// it was sold. Sold cars within retention are few, so reading them is cheap.
	replace, gone, err := s.replaceSold(ctx, slug, placer, indexedSold, now)
	if err != nil {
		return 0, 0, err
	}
	expiredIDs = append(expiredIDs, gone...)
	if err := s.cfg.Index.Save(ctx, replace); err != nil {
		return 0, 0, err
	}
	if err := s.cfg.Index.Delete(ctx, expiredIDs); err != nil {
		return 0, 0, err
	}
	if err := s.cfg.Cars.SetUnindexed(ctx, slug, expiredIDs); err != nil {
		return 0, 0, err
	}
	unindexed := make(map[string]bool, len(expiredIDs))
	for _, id := range expiredIDs {
		unindexed[id] = true
	}
	for i := range states {
		if unindexed[states[i].ID] {
			states[i].Unindexed = true
		}
	}
	// Its own step (photoretry.go); it writes cars, so the manifest too.
	photos, indexBehind := s.retryPhotos(ctx, slug, placer, states)
	clean = !indexBehind // else the next run reindexes
	s.saveManifest(ctx, slug, holder, lease, outcome{states: slimStates(slices.Values(states)), keep: fromManifest && len(expiredIDs) == 0 && !photos})
	// Still under the lease, so its stats have one writer.
	if len(expiredIDs)+len(replace) > 0 {
		s.refreshStats(ctx, slug, sites) // sold retention passed: the counts changed
		s.refreshSitemaps(ctx, slug, sites)
		s.refreshFeeds(ctx, slug, sites)
	} else {
		s.fillStats(ctx, slug, sites)
		s.fillSitemaps(ctx, slug, sites)
		s.fillFeeds(ctx, slug, sites)
	}
	return len(expiredIDs), len(replace), nil
}

// replaceSold places the sold cars with the ids at now: those whose sites
// shrank since their sale are returned to be saved, those no site shows
// any more by id, to leave the index.
func (s *Service) replaceSold(ctx context.Context, slug string, placer shared.Placer, ids []string, now time.Time) (replace []shared.IndexedCar, gone []string, err error) {
	if len(ids) == 0 {
		return nil, nil, nil
	}
	stored, err := s.cfg.Cars.GetCars(ctx, slug, ids)
	if err != nil {
		return nil, nil, err
	}
	for _, sc := range stored {
		p := placer.Place(sc.Car, now)
		atSale := placer.Place(sc.Car, time.Unix(sc.SoldDateTimestamp, 0))
		switch {
		case len(p.Sites) == 0:
			gone = append(gone, sc.ID)
		case len(p.Sites) < len(atSale.Sites):
			replace = append(replace, shared.IndexedCar{Car: sc.Car, Placement: p})
		}
	}
	return replace, gone, nil
}

// claimSlugs gives each new car (writes[i] for i in idx, and its index
// entry changed[i]) a slug no other car holds (issue 15; docs/contracts.md
// "Car slugs"): each round claims every pending car's current candidate in
// batched conditional writes, and a car whose candidate another car holds
// tries its next one in the following round. Racing feeds cannot share a
// slug: DynamoDB lets one claim of a slug succeed.
func (s *Service) claimSlugs(ctx context.Context, writes []shared.StoredCar, changed []shared.IndexedCar, idx []int) error {
	type want struct{ i, k int } // writes[i] tries its k-th candidate
	pending := make([]want, len(idx))
	for n, i := range idx {
		pending[n] = want{i: i}
	}
	for len(pending) > 0 {
		// A transaction names an item once: of this run's cars wanting
		// one slug, the first asks this round, the others the next (by
		// then the slug is taken and they move on).
		var asking, later []want
		var claims []shared.SlugClaim
		seen := make(map[string]bool, len(pending))
		for _, w := range pending {
			c := writes[w.i].Car
			slug := SlugCandidate(c, c.ID, w.k)
			if seen[slug] {
				later = append(later, w)
				continue
			}
			seen[slug] = true
			asking = append(asking, w)
			claims = append(claims, shared.SlugClaim{Slug: slug, DealershipSlug: c.DealershipSlug, CarID: c.ID})
		}
		held, err := s.cfg.Cars.ClaimSlugs(ctx, claims)
		if err != nil {
			return fmt.Errorf("claim slugs: %w", err)
		}
		for n, w := range asking {
			if held[n] {
				writes[w.i].Car.Slug, changed[w.i].Car.Slug = claims[n].Slug, claims[n].Slug
				continue
			}
			if w.k == maxSlugCandidates {
				return fmt.Errorf("claim a slug for car %s: its first %d slugs are other cars'", claims[n].CarID, maxSlugCandidates+1)
			}
			later = append(later, want{i: w.i, k: w.k + 1})
		}
		pending = later
	}
	return nil
}

// maxSlugCandidates bounds the candidates a car tries; past the whole id
// (candidate 8) only a hash collision or a deliberate flood of claims
// could take them.
const maxSlugCandidates = 16

// errSoldShare marks checkSoldShare's refusal.
var errSoldShare = errors.New("full feed sells too much of the stock")

// checkSoldShare refuses a full feed that would mark more than MaxSoldShare
// of the dealership's unsold stock sold (at least one car may always sell),
// unless forced: an empty or truncated export must not sell everything
// (issue 15). Nothing has been written when it refuses.
func (s *Service) checkSoldShare(selling int, before []shared.CarState, force bool) error {
	if force || selling == 0 || s.cfg.MaxSoldShare >= 1 {
		return nil
	}
	unsold := 0
	for _, st := range before {
		if !st.Sold {
			unsold++
		}
	}
	if allowed := max(int(s.cfg.MaxSoldShare*float64(unsold)), 1); selling > allowed {
		return fmt.Errorf("%w: %w", errSoldShare, shared.Errorf(shared.ECONFLICT,
			"this full feed would mark %d of %d unsold cars sold, more than %d%% (%d); send it again with force=true if they are sold",
			selling, unsold, int(s.cfg.MaxSoldShare*100+0.5), allowed))
	}
	return nil
}
