package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"forecourt/functions/brochure"
	"forecourt/functions/visible"
	"forecourt/shared"
)

// PhotoLoader fetches a car's photo for the brochure (brochure.WebPhotos).
type PhotoLoader interface {
	LoadPhoto(ctx context.Context, url string) (*brochure.Photo, error)
}

// The car page's extra answers change with the car (sold, lender data) but
// are costly to make (the PDF) or read lazily; a short shared cache suits both.
const carExtrasCacheControl = "public, max-age=300"

// shownCar finds the car with the slug among the stock the requesting site
// shows. A car another site shows is answered exactly like a missing one, so
// a tenant cannot learn about another tenant's stock.
func (s *apiServer) shownCar(ctx context.Context, site shared.Site, slug string) (shared.Car, error) {
	cars, err := s.cfg.Cars.FindCarsBySlug(ctx, slug)
	if err != nil {
		return shared.Car{}, fmt.Errorf("find car %q: %w", slug, err)
	}
	// Another tenant's car with the same slug is not this site's business.
	shown, err := visible.For(site)
	if err != nil {
		return shared.Car{}, err
	}
	now := s.now()
	for _, car := range cars {
		if shown.Shows(car, now) {
			return car, nil
		}
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car not found")
}

// shownCarByID returns the car with the id among the site's dealerships'
// cars when the site shows it, else an ENOTFOUND error (another site's car
// answers as a missing one).
func (s *apiServer) shownCarByID(ctx context.Context, site shared.Site, id string) (shared.Car, error) {
	if s.cfg.CarsByID == nil {
		return shared.Car{}, fmt.Errorf("find car by id: no car finder configured")
	}
	shown, err := visible.For(site)
	if err != nil {
		return shared.Car{}, err
	}
	for _, d := range site.Dealerships {
		c, err := s.cfg.CarsByID.FindCar(ctx, d.Slug, id)
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			continue
		}
		if err != nil {
			return shared.Car{}, fmt.Errorf("find car %q of %s: %w", id, d.Slug, err)
		}
		if !shown.Shows(c, s.now()) {
			break
		}
		return c, nil
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car not found")
}

// FinanceDisclaimerResponse is the body of GET /api/cars/{id}/finance-disclaimer.
type FinanceDisclaimerResponse struct {
	CarID      string `json:"car_id"`
	Provider   string `json:"provider"`
	Disclaimer string `json:"disclaimer"`
}

// handleFinanceDisclaimer answers the site's provider disclaimer for a car,
// keyed by car id (spec 001 §7). The path segment is named slug for API
// Gateway's sake (route.Routes) but holds the id.
func (s *apiServer) handleFinanceDisclaimer(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	id := r.PathValue("slug")
	car, err := s.shownCarByID(r.Context(), site, id)
	if err != nil {
		return err
	}
	text := shared.FinanceDisclaimer(car, site)
	if text == "" {
		return shared.Errorf(shared.ENOTFOUND, "no finance disclaimer for this car")
	}
	w.Header().Set("Cache-Control", carExtrasCacheControl)
	WriteJSON(w, http.StatusOK, FinanceDisclaimerResponse{CarID: car.ID, Provider: site.Finance.Provider, Disclaimer: text})
	return nil
}

// handleCarPDF answers the car's brochure as a download named {slug}.pdf
// (spec 001 §7). A photo that cannot be loaded leaves the brochure without
// one rather than failing it.
func (s *apiServer) handleCarPDF(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	car, err := s.shownCar(r.Context(), site, r.PathValue("slug"))
	if err != nil {
		return err
	}
	now := s.now()
	in := brochure.Input{
		Car:                car,
		View:               shared.ViewCar(car, site, now),
		Site:               site,
		PageURL:            siteBaseURL(site, r) + shared.CarPath(car.Slug),
		ProviderDisclaimer: shared.FinanceDisclaimer(car, site),
		Now:                now,
	}
	if in.View.Finance == nil {
		in.ProviderDisclaimer = ""
	}
	if src := photoURL(car); s.cfg.Photos != nil && src != "" {
		ph, err := s.cfg.Photos.LoadPhoto(r.Context(), src)
		if err != nil {
			slog.WarnContext(r.Context(), "brochure without photo", "car", car.Slug, "err", err)
		} else {
			in.Photo = ph
		}
	}
	var b bytes.Buffer
	if err := brochure.Write(&b, in); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+car.Slug+`.pdf"`)
	w.Header().Set("Cache-Control", carExtrasCacheControl)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b.Bytes())
	return nil
}

// photoURL is the car's primary photo when it is an absolute http(s) URL
// (an image CDN) or a feed photo mirrored at ingest (/media/photos/, read
// from the media store); other site-relative images (the demo stock's
// SVGs) are not fetched.
func photoURL(c shared.Car) string {
	src := c.PrimaryImageURL
	if src == "" && len(c.Images) > 0 {
		src = c.Images[0].Src()
	}
	if strings.HasPrefix(src, "https://") || strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "/media/photos/") {
		return src
	}
	return ""
}

// siteBaseURL is the site's public address: its first production domain,
// else the address the request came to (the dev gateway's
// http://<slug>.localhost:8080).
func siteBaseURL(site shared.Site, r *http.Request) string {
	if origin := site.PrimaryOrigin(); origin != "" {
		return origin
	}
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
