package shared

import (
	"slices"
	"testing"
)

func TestSimpleBody(t *testing.T) {
	tests := []struct {
		raw    string
		want   string
		wantOK bool
	}{
		{"4D SEDAN", BodySedan, true},
		{"sedan", BodySedan, true},
		{"5D HATCHBACK", BodyHatch, true},
		{"hatch", BodyHatch, true},
		{"4D WAGON", BodyWagon, true},
		{"stationWagon", BodyWagon, true},
		{"SUV", BodySUV, true},
		{"4x4", BodySUV, true},
		{"Dual Cab Utility", BodyUte, true},
		{"ute", BodyUte, true},
		{"Dual Cab Pick-up", BodyUte, true},
		{"cabChassis", BodyCabChassis, true},
		{"C/CHAS", "", false},
		{"Single Cab Chassis", BodyCabChassis, true},
		{"Cabriolet", BodyConvertible, true},
		{"softtop", BodyConvertible, true},
		{"hardtop", BodyCoupe, true},
		{"2D COUPE", BodyCoupe, true},
		{"peopleMover", BodyPeopleMover, true},
		{"Van", BodyVan, true},
		{"Minivan", BodyPeopleMover, true},
		{"lightTruck", BodyLightTruck, true},
		{"bus", BodyBus, true},
		{"Business Edition", "", false},
		{"motorhome", BodyMotorhome, true},
		{"", "", false},
		{"spaceship", "", false},
	}
	for _, tt := range tests {
		got, ok := SimpleBody(tt.raw)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("SimpleBody(%q) = %q, %v; want %q, %v", tt.raw, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestEveryValidBodyTypeHasASimpleBody(t *testing.T) {
	// spec 001 §9 "Valid body types": each must land in a facet value.
	for _, b := range ValidBodyTypes {
		if _, ok := SimpleBody(b); !ok {
			t.Errorf("SimpleBody(%q) not recognised", b)
		}
		if !ValidBodyType(b) {
			t.Errorf("ValidBodyType(%q) = false", b)
		}
	}
	for _, b := range []string{"Cab Chassis", "STATION WAGON", "people_mover"} {
		if !ValidBodyType(b) {
			t.Errorf("ValidBodyType(%q) = false, want true", b)
		}
	}
	if ValidBodyType("spaceship") {
		t.Error(`ValidBodyType("spaceship") = true`)
	}
}

func TestSimpleFuel(t *testing.T) {
	tests := map[string]string{
		"Petrol - Unleaded ULP":  FuelPetrol,
		"Petrol - Premium ULP":   FuelPetrol,
		"unleaded":               FuelPetrol,
		"Diesel":                 FuelDiesel,
		"Electric":               FuelElectric,
		"EV":                     FuelElectric,
		"Hybrid":                 FuelHybrid,
		"Petrol/Electric Hybrid": FuelHybrid,
		"Plug-in Hybrid":         FuelPlugInHybrid,
		"PHEV":                   FuelPlugInHybrid,
		"LPG":                    FuelLPG,
		"":                       "",
		"hydrogen":               FuelOther,
	}
	for raw, want := range tests {
		if got := SimpleFuel(raw); got != want {
			t.Errorf("SimpleFuel(%q) = %q, want %q", raw, got, want)
		}
	}
}

func TestSimpleTransmission(t *testing.T) {
	tests := map[string]string{
		"6 SP AUTOMATIC":                   TransmissionAutomatic,
		"Sports Automatic Dual Clutch":     TransmissionAutomatic,
		"CVT":                              TransmissionAutomatic,
		"Continuous Variable":              TransmissionAutomatic,
		"Constantly Variable Transmission": TransmissionAutomatic,
		"A":                                TransmissionAutomatic,
		"auto":                             TransmissionAutomatic,
		"5 SP MANUAL":                      TransmissionManual,
		"M":                                TransmissionManual,
		"Automated Manual":                 TransmissionAutomatic,
		"Reduction Gear":                   TransmissionAutomatic,
		"":                                 "",
		"unknown":                          "",
	}
	for raw, want := range tests {
		if got := SimpleTransmission(raw); got != want {
			t.Errorf("SimpleTransmission(%q) = %q, want %q", raw, got, want)
		}
	}
}

func TestCanonicalMake(t *testing.T) {
	tests := map[string]string{
		"TOYOTA":         "Toyota",
		"toyota":         "Toyota",
		" Toyota ":       "Toyota",
		"mercedes benz":  "Mercedes-Benz",
		"MERCEDES-BENZ":  "Mercedes-Benz",
		"Mercedes":       "Mercedes-Benz",
		"vw":             "Volkswagen",
		"mg":             "MG",
		"byd":            "BYD",
		"land rover":     "Land Rover",
		"LANDROVER":      "Land Rover",
		"great wall":     "GWM",
		"alfa romeo":     "Alfa Romeo",
		"MINI":           "Mini",
		"ldv":            "LDV",
		"rolls royce":    "Rolls-Royce",
		"some new brand": "Some New Brand",
		"":               "",
	}
	for raw, want := range tests {
		if got := CanonicalMake(raw); got != want {
			t.Errorf("CanonicalMake(%q) = %q, want %q", raw, got, want)
		}
	}
	for _, m := range Makes {
		if got := CanonicalMake(m); got != m {
			t.Errorf("CanonicalMake(%q) = %q, want it unchanged", m, got)
		}
	}
}

// SimpleBodies lists every label SimpleBody can give, so that the web's
// /search/{body} paths (spec 001 §2) know them all.
func TestSimpleBodiesCoverEveryRule(t *testing.T) {
	for _, r := range bodyRules {
		if !slices.Contains(SimpleBodies, r.body) {
			t.Errorf("SimpleBodies lacks %q", r.body)
		}
	}
}
