package feed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/shared"
)

// apply validates the rows and writes the differences: DynamoDB first,
// then the index. clean reports that the index caught up with DynamoDB.
func (s *Service) apply(ctx context.Context, rep *Report, body Body, dirty bool) (clean bool, err error) {
	now := s.cfg.Now()
	slug := rep.DealershipSlug

	// Validate; the last row with a key wins.
	type entry struct {
		car shared.Car
		row int
	}
	byKey := map[string]int{}
	var cars []entry
	for _, row := range body.Rows {
		c, rowErr := ParseRow(row, slug, now)
		if rowErr != nil {
			rep.RejectedRows = append(rep.RejectedRows, *rowErr)
			continue
		}
		key := stockKey(c)
		if i, seen := byKey[key]; seen {
			dupKey := c.StockNum
			if dupKey == "" {
				dupKey = c.VIN
			}
			rep.Duplicates = append(rep.Duplicates, Duplicate{Row: cars[i].row, Key: dupKey})
			cars[i] = entry{c, row.Num}
			continue
		}
		byKey[key] = len(cars)
		cars = append(cars, entry{c, row.Num})
	}
	rep.Rejected = len(rep.RejectedRows)

	states, err := s.cfg.Cars.States(ctx, slug)
	if err != nil {
		return false, err
	}
	stateByID := make(map[string]dynamo.CarState, len(states))
	for _, st := range states {
		stateByID[st.ID] = st
	}
	sites, err := s.cfg.Sites.ListSites(ctx)
	if err != nil {
		return false, fmt.Errorf("list sites: %w", err)
	}
	place := algolia.PlacementFor(slug, sites)

	// Diff.
	var writes []dynamo.StoredCar
	var changed []shared.Car
	inFeed := make(map[string]bool, len(cars))
	for _, e := range cars {
		c := e.car
		c.ID = CarID(slug, stockKey(c))
		inFeed[c.ID] = true
		hash := contentHash(c)
		st, exists := stateByID[c.ID]
		if exists && st.ContentHash == hash {
			rep.Unchanged++
			continue
		}
		if exists {
			rep.Updated++
			c.Slug = st.Slug
			if created, err := time.Parse(time.RFC3339Nano, st.CreatedAt); err == nil {
				c.CreatedAt = created
			}
			if c.Sold && c.SoldDateTimestamp == 0 {
				c.SoldDateTimestamp = st.SoldDateTimestamp
			}
		} else {
			rep.Created++
			c.Slug = Slug(c, c.ID)
		}
		if c.CreatedAt.IsZero() {
			c.CreatedAt = now.UTC()
		}
		if c.Sold && c.SoldDateTimestamp == 0 {
			c.SoldDateTimestamp = now.Unix()
		}
		writes = append(writes, dynamo.StoredCar{Car: c, ContentHash: hash, UpdatedAt: now,
			SearchableUntil: place.SearchableUntil(c)})
		changed = append(changed, c)
	}

	// Full feeds sell what they leave out; delta feeds remove what they name.
	var soldIDs, removeIDs, expiredIDs []string
	if rep.Mode == ModeFull {
		for _, st := range states {
			if !inFeed[st.ID] && !st.Sold {
				soldIDs = append(soldIDs, st.ID)
			}
		}
	}
	for _, key := range body.Remove {
		for _, id := range []string{key, CarID(slug, "stock:"+strings.ToUpper(key)), CarID(slug, "vin:"+strings.ToUpper(key))} {
			if _, ok := stateByID[id]; ok && !inFeed[id] {
				removeIDs = append(removeIDs, id)
				delete(stateByID, id)
				break
			}
		}
	}
	var soldCars []shared.Car
	if len(soldIDs) > 0 {
		stored, err := s.cfg.Cars.GetCars(ctx, slug, soldIDs)
		if err != nil {
			return false, err
		}
		for _, sc := range stored {
			sc.Sold, sc.Status, sc.SoldDateTimestamp = true, shared.StatusSold, now.Unix()
			sc.ContentHash = "" // a reappearing car is an update, whatever its content
			sc.UpdatedAt = now
			sc.SearchableUntil = place.SearchableUntil(sc.Car)
			writes = append(writes, sc)
			soldCars = append(soldCars, sc.Car)
		}
		rep.Sold = len(soldCars)
	}
	// Sold cars past their retention leave the index, and stay in DynamoDB.
	for _, st := range states {
		if st.Sold && !st.Unindexed && !inFeed[st.ID] && st.SearchableUntil > 0 && st.SearchableUntil < now.Unix() {
			expiredIDs = append(expiredIDs, st.ID)
		}
	}
	rep.Removed = len(removeIDs)

	// DynamoDB first: it is the truth the index is rebuilt from.
	if err := s.cfg.Cars.PutCars(ctx, writes); err != nil {
		return false, err
	}
	if err := s.cfg.Cars.DeleteCars(ctx, slug, removeIDs); err != nil {
		return false, err
	}

	indexErr := s.syncIndex(ctx, slug, place, dirty, changed, soldCars, append(removeIDs, expiredIDs...))
	if indexErr != nil {
		s.cfg.Logger.ErrorContext(ctx, "index sync failed; DynamoDB kept, next run reindexes",
			"dealership", slug, "run", rep.RunID, "err", indexErr)
		rep.Status = StatusIndexFailed
		return false, nil
	}
	if err := s.cfg.Cars.SetUnindexed(ctx, slug, expiredIDs); err != nil {
		return false, err
	}
	rep.Status = StatusSucceeded
	return true, nil
}

// syncIndex writes the run's changes to the index, or, after an unclean
// previous run, rebuilds the dealership's records from DynamoDB.
func (s *Service) syncIndex(ctx context.Context, slug string, place algolia.Placement, dirty bool,
	changed, sold []shared.Car, deletes []string) error {
	if dirty {
		if _, err := s.reindexDealership(ctx, slug, place); err != nil {
			return err
		}
		return s.cfg.Index.Delete(ctx, deletes)
	}
	recs := make([]algolia.Record, 0, len(changed))
	for _, c := range changed {
		r, err := algolia.NewRecord(c, place)
		if err != nil {
			return err
		}
		recs = append(recs, r)
	}
	if err := s.cfg.Index.Save(ctx, recs); err != nil {
		return err
	}
	updates := make([]algolia.Record, len(sold))
	for i, c := range sold {
		updates[i] = algolia.SoldUpdate(c, place)
	}
	if err := s.cfg.Index.PartialUpdate(ctx, updates); err != nil {
		return err
	}
	return s.cfg.Index.Delete(ctx, deletes)
}

// ReindexReport is what a reindex did.
type ReindexReport struct {
	Dealerships int   `json:"dealerships"`
	Indexed     int   `json:"indexed"`
	Removed     int   `json:"removed"`
	DurationMS  int64 `json:"duration_ms"`
}

// Reindex rebuilds the index records of a dealership ("" = every
// dealership with stock) from DynamoDB (DESIGN.md decision 2).
func (s *Service) Reindex(ctx context.Context, dealershipSlug string) (ReindexReport, error) {
	start := s.cfg.Now()
	slugs := []string{dealershipSlug}
	if dealershipSlug == "" {
		var err error
		if slugs, err = s.cfg.Cars.Dealerships(ctx); err != nil {
			return ReindexReport{}, err
		}
	}
	sites, err := s.cfg.Sites.ListSites(ctx)
	if err != nil {
		return ReindexReport{}, fmt.Errorf("list sites: %w", err)
	}
	var rep ReindexReport
	for _, slug := range slugs {
		r, err := s.reindexDealership(ctx, slug, algolia.PlacementFor(slug, sites))
		if err != nil {
			return rep, fmt.Errorf("reindex %s: %w", slug, err)
		}
		if err := s.cfg.Runs.MarkClean(ctx, slug); err != nil {
			return rep, err
		}
		rep.Dealerships++
		rep.Indexed += r.Indexed
		rep.Removed += r.Removed
	}
	rep.DurationMS = s.cfg.Now().Sub(start).Milliseconds()
	return rep, nil
}

func (s *Service) reindexDealership(ctx context.Context, slug string, place algolia.Placement) (ReindexReport, error) {
	stored, err := s.cfg.Cars.StoredCars(ctx, slug)
	if err != nil {
		return ReindexReport{}, err
	}
	now := s.cfg.Now().Unix()
	var recs []algolia.Record
	var expired []string
	for _, sc := range stored {
		if place.SearchableUntil(sc.Car) < now {
			expired = append(expired, sc.ID)
			continue
		}
		r, err := algolia.NewRecord(sc.Car, place)
		if err != nil {
			return ReindexReport{}, err
		}
		recs = append(recs, r)
	}
	if err := s.cfg.Index.Save(ctx, recs); err != nil {
		return ReindexReport{}, err
	}
	if err := s.cfg.Index.Delete(ctx, expired); err != nil {
		return ReindexReport{}, err
	}
	return ReindexReport{Dealerships: 1, Indexed: len(recs), Removed: len(expired)}, nil
}
