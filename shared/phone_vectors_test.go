package shared

import "testing"

// TestCarPhoneVectors runs car_phone.json, the cases the listing cards' phone
// reveal runs too (web/src/lib/carPhone.ts), since a card reads the index
// record, which is the same for every site, and the number depends on the site.
func TestCarPhoneVectors(t *testing.T) {
	type in struct {
		Car  Car  `json:"car"`
		Site Site `json:"site"`
	}
	type want struct {
		Phone string `json:"phone"`
	}
	for _, v := range loadVectors[in, want](t, "car_phone.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := CarPhone(v.Input.Car, v.Input.Site); got != v.Want.Phone {
				t.Errorf("CarPhone = %q, want %q", got, v.Want.Phone)
			}
		})
	}
}
