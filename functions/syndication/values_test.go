package syndication

import (
	"slices"
	"testing"

	"forecourt/shared"
)

// Issue 37: every enum value the Meta and TikTok files write is one their
// published references accept (docs/contracts.md cites them):
//   - Meta's Graph API "Product Catalog Vehicles" reference (body_style,
//     fuel_type, availability) and its automotive event parameters
//     (drivetrain: 4X2, 4X4, AWD, FWD, RWD, OTHER, NONE, the feed's own
//     spelling; the Graph API names the first two TWO_WD and FOUR_WD);
//   - TikTok's "Available parameters for Automotive Ads" (state_of_vehicle:
//     New, Used, CPO). Both say enum values are case-insensitive.
func TestEnumValuesAreThePlatforms(t *testing.T) {
	metaBodyStyles := []string{"CONVERTIBLE", "COUPE", "CROSSOVER", "ESTATE", "GRANDTOURER", "HATCHBACK", "MINIBUS",
		"MINIVAN", "MPV", "PICKUP", "ROADSTER", "SALOON", "SEDAN", "SMALL_CAR", "SPORTSCAR", "SUPERCAR", "SUPERMINI",
		"SUV", "TRUCK", "VAN", "WAGON", "OTHER", "NONE"}
	metaFuelTypes := []string{"DIESEL", "ELECTRIC", "GASOLINE", "FLEX", "HYBRID", "OTHER", "PETROL", "PLUGIN_HYBRID", "NONE"}
	drivetrains := []string{"4X2", "4X4", "AWD", "FWD", "RWD", "OTHER", "NONE"}
	states := []string{"NEW", "USED", "CPO"}
	// TikTok's "Available fields for Automotive Ads inventory catalogs".
	tiktokBodyStyles := []string{"CONVERTIBLE", "COUPE", "HATCHBACK", "MINIVAN", "TRUCK", "SUV", "SEDAN", "VAN", "WAGON",
		"CROSSOVER", "SMALL_CAR", "OTHER"}

	for body, v := range metaBodies {
		if !slices.Contains(metaBodyStyles, v) {
			t.Errorf("meta body_style for %s is %q, not one of Meta's", body, v)
		}
	}
	for fuel, v := range metaFuels {
		if !slices.Contains(metaFuelTypes, v) {
			t.Errorf("meta fuel_type for %s is %q, not one of Meta's", fuel, v)
		}
	}
	for _, raw := range []string{"4X4", "4WD", "Four Wheel Drive", "AWD", "All Wheel Drive", "FWD", "Front Wheel Drive",
		"RWD", "Rear Wheel Drive", "4X2", "2WD", "Part-time"} {
		if v := drivetrain(raw); !slices.Contains(drivetrains, v) {
			t.Errorf("drivetrain(%q) = %q, not one Meta or TikTok accepts", raw, v)
		}
	}
	for body, v := range tiktokBodies {
		if !slices.Contains(tiktokBodyStyles, v) {
			t.Errorf("tiktok body_style for %s is %q, not one of TikTok's", body, v)
		}
	}
	for _, c := range []shared.Car{{CarType: shared.CarTypeNew}, {CarType: shared.CarTypeUsed},
		{CarType: shared.CarTypeUsed, Certified: true}, {CarType: shared.CarTypeDemo, Certified: true}, {CarType: shared.CarTypeDemo}} {
		if v := stateOfVehicle(c); !slices.Contains(states, v) {
			t.Errorf("state_of_vehicle of a %s car (certified %v) is %q", c.CarType, c.Certified, v)
		}
	}
}
