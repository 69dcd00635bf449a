package shared

import "testing"

func TestAutograbEligible(t *testing.T) {
	on := Site{Features: Features{Autograb: true}}
	base := Car{Status: StatusInStock, Price: 201}
	tests := []struct {
		name string
		site Site
		car  Car
		want bool
	}{
		{"eligible", on, base, true},
		{"feature off", Site{}, base, false},
		{"coming soon", on, Car{Status: StatusComingSoon, Price: 20000}, false},
		{"sold", on, Car{Status: StatusInStock, Sold: true, Price: 20000}, false},
		{"reserved", on, Car{Status: StatusInStock, Reserved: true, Price: 20000}, false},
		{"price 200", on, Car{Status: StatusInStock, Price: 200}, false},
	}
	for _, tt := range tests {
		if got := AutograbEligible(tt.car, tt.site); got != tt.want {
			t.Errorf("spec 001 §4: %s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}
