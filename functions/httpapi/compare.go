package httpapi

import (
	"fmt"
	"net/http"

	"forecourt/functions/visible"
	"forecourt/shared"
)

// handleCompare answers GET /api/compare?cars=id1,id2,id3 (spec 000 §4
// "favourites and compare", issue 12): the requesting site's cars among the
// ids, in the order asked, side by side (shared.CompareCars). An id the site
// does not show (another site's car, a missing one, a sold car past its
// retention) is skipped, so a shared comparison still opens after a car has
// gone; more than shared.MaxCompareCars ids is a 400 naming cars.
func (s *apiServer) handleCompare(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.CarsByID == nil {
		return fmt.Errorf("compare: no car finder configured (APIConfig.CarsByID)")
	}
	ids, err := shared.ParseCompareIDs(r.URL.Query().Get("cars"))
	if err != nil {
		return err
	}
	site, now := siteFrom(r.Context()), s.now()
	shown, err := visible.For(site)
	if err != nil {
		return err
	}
	var cars []shared.Car
	for _, id := range ids {
		for _, d := range site.Dealerships {
			c, err := s.cfg.CarsByID.FindCar(r.Context(), d.Slug, id)
			if shared.ErrorCode(err) == shared.ENOTFOUND {
				continue
			}
			if err != nil {
				return fmt.Errorf("compare: find car %q of %s: %w", id, d.Slug, err)
			}
			if shown.Shows(c, now) {
				cars = append(cars, c)
			}
			break
		}
	}
	w.Header().Set("Cache-Control", carCacheControl)
	WriteJSON(w, http.StatusOK, shared.CompareCars(cars, site, now))
	return nil
}
