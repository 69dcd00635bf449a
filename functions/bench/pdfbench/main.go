// Command pdfbench prints the vehicle PDF's generation time (issue 10
// target: p50 at most 50 ms) beside a baseline measured in the same run:
// the car page's JSON answer for the same cars (shared.ViewCar and encoding).
// It draws brochures of demo cars with a photo, on the demo tenants' config,
// without network or store reads, so the figure is the brochure's own cost.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"log"
	"slices"
	"time"

	"forecourt/functions/brochure"
	"forecourt/functions/demo"
	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

func main() {
	n := flag.Int("n", 200, "brochures to draw")
	tenants := flag.String("tenants", "infra/tenants", "the tenant files")
	flag.Parse()
	if err := run(*n, *tenants); err != nil {
		log.Fatal(err)
	}
}

func run(n int, tenants string) error {
	sites, err := tenantfile.Load(tenants)
	if err != nil {
		return fmt.Errorf("load tenants: %w", err)
	}
	now := time.Now().UTC()
	photo, err := testPhoto()
	if err != nil {
		return err
	}
	type job struct {
		car  shared.Car
		site shared.Site
	}
	var jobs []job
	for _, s := range sites {
		for _, d := range s.Dealerships {
			for _, c := range demo.Stock(d, s.Stock.CarTypes, 60, now) {
				jobs = append(jobs, job{c, s})
			}
		}
	}
	var pdfTimes, jsonTimes []time.Duration
	var pdfBytes int
	for i := range n {
		j := jobs[i%len(jobs)]
		start := time.Now()
		view := shared.ViewCar(j.car, j.site, now)
		body, err := json.Marshal(map[string]any{"car": j.car, "view": view})
		if err != nil {
			return err
		}
		jsonTimes = append(jsonTimes, time.Since(start))
		_ = body

		start = time.Now()
		in := brochure.Input{Car: j.car, View: shared.ViewCar(j.car, j.site, now), Site: j.site,
			PageURL: "https://" + j.site.Slug + ".example/cars/" + j.car.Slug, Photo: photo,
			ProviderDisclaimer: shared.FinanceDisclaimer(j.car, j.site), Now: now}
		var b bytes.Buffer
		if err := brochure.Write(&b, in); err != nil {
			return err
		}
		pdfTimes = append(pdfTimes, time.Since(start))
		pdfBytes += b.Len()
	}
	p50, p95 := pct(pdfTimes, 50), pct(pdfTimes, 95)
	j50 := pct(jsonTimes, 50)
	fmt.Printf("pdfbench: %d brochures of demo cars (a 1600x1067 JPEG photo each), average %d KB\n", n, pdfBytes/n/1024)
	fmt.Printf("%-34s p50 %7.2f ms  p95 %7.2f ms  (target: p50 <= 50 ms)\n", "vehicle PDF (brochure.Write)", ms(p50), ms(p95))
	fmt.Printf("%-34s p50 %7.2f ms  (baseline, same cars)\n", "car JSON answer (ViewCar+encode)", ms(j50))
	if j50 > 0 {
		fmt.Printf("%-34s %.0fx the JSON answer\n", "PDF / JSON", float64(p50)/float64(j50))
	}
	return nil
}

func pct(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)*p/100]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// testPhoto is a photo-sized JPEG, as an image CDN would serve a car photo.
func testPhoto() (*brochure.Photo, error) {
	img := image.NewRGBA(image.Rect(0, 0, 1600, 1067))
	for y := range 1067 {
		for x := range 1600 {
			img.Set(x, y, color.RGBA{R: uint8(x / 7), G: uint8(y / 5), B: uint8((x + y) / 11), A: 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 80}); err != nil {
		return nil, fmt.Errorf("encode photo: %w", err)
	}
	return brochure.PhotoOf(b.Bytes())
}
