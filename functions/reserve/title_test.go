package reserve_test

import (
	"context"
	"testing"

	"forecourt/functions/reserve"
	"forecourt/shared"
)

// Issue 36 item 4: a reservation names its car with the one car title
// (shared.CarTitle, the car page's and cards'), so a car missing its year
// or make reads "Toyota Corolla" or "2021 Corolla", never with a stray space.
func TestReservationCarTitle(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for i, tt := range []struct {
		id          string
		year        int
		make, model string
	}{
		{"title-1", 2021, "Mazda", "CX-5"},
		{"title-2", 0, "Toyota", "Corolla"},
		{"title-3", 2021, "", "Corolla"},
	} {
		car := f.car
		car.ID, car.Slug, car.Year, car.Make, car.Model = tt.id, tt.id, tt.year, tt.make, tt.model
		if err := f.cars.PutCars(ctx, []shared.StoredCar{{Car: car}}); err != nil {
			t.Fatal(err)
		}
		r, err := f.svc.Reserve(ctx, reserve.Start{Site: f.site, Shopper: f.shoppers[60+i], CarID: car.ID, Origin: "https://northside.example"})
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		if want := shared.CarTitle(car, false); r.CarTitle != want {
			t.Errorf("%s: car_title %q, want %q", tt.id, r.CarTitle, want)
		}
	}
}
