package shared

import "testing"

func TestCarPhone(t *testing.T) {
	loc := &CarLocation{Phone: "0491 570 999"}
	tests := []struct {
		name   string
		phones PhonesByCarType
		car    Car
		want   string
	}{
		{"override wins", PhonesByCarType{Override: "1", New: "2", Used: "3", Demo: "4"}, Car{CarType: CarTypeUsed, Location: loc}, "1"},
		{"per car type: used", PhonesByCarType{New: "2", Used: "3", Demo: "4"}, Car{CarType: CarTypeUsed}, "3"},
		{"per car type: demo", PhonesByCarType{New: "2", Used: "3", Demo: "4"}, Car{CarType: CarTypeDemo}, "4"},
		{"demo falls back to new", PhonesByCarType{New: "2", Used: "3"}, Car{CarType: CarTypeDemo}, "2"},
		{"used without a used number takes new", PhonesByCarType{New: "2"}, Car{CarType: CarTypeUsed}, "2"},
		{"new without a new number takes used", PhonesByCarType{Used: "3"}, Car{CarType: CarTypeNew}, "3"},
		{"blank numbers are skipped", PhonesByCarType{Override: "  ", Used: "3"}, Car{CarType: CarTypeUsed}, "3"},
		{"then the car's location", PhonesByCarType{}, Car{CarType: CarTypeNew, Location: loc}, "0491 570 999"},
		{"nothing at all", PhonesByCarType{}, Car{CarType: CarTypeNew}, ""},
	}
	for _, tt := range tests {
		t.Run("spec 001 §8: "+tt.name, func(t *testing.T) {
			if got := CarPhone(tt.car, Site{Phones: tt.phones}); got != tt.want {
				t.Errorf("CarPhone = %q, want %q", got, tt.want)
			}
		})
	}
}
