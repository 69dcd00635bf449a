package demo

import "forecourt/shared"

// Plates are the demo registrations the local rego lookup knows (a
// trade-in form tried on a demo site finds these; any other plate is a
// 404, as a real provider answers an unknown one).
func Plates() []shared.RegoVehicle {
	return []shared.RegoVehicle{
		{Rego: "ABC123", State: "QLD", Year: 2019, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport", Body: "Hatchback", Transmission: "Automatic", Fuel: "Petrol", Colour: "White", VIN: "JTNK4RBE503012345"},
		{Rego: "XYZ789", State: "NSW", Year: 2017, Make: "Mazda", Model: "CX-5", Badge: "Maxx Sport", Body: "Wagon", Transmission: "Automatic", Fuel: "Petrol", Colour: "Soul Red", VIN: "JM0KF4W7A00123456"},
		{Rego: "1ABC234", State: "VIC", Year: 2021, Make: "Ford", Model: "Ranger", Badge: "XLT 3.2 (4x4)", Body: "Utility", Transmission: "Automatic", Fuel: "Diesel", Colour: "Blue", VIN: "MNACMFF80MW123456"},
		{Rego: "DEM0CAR", State: "QLD", Year: 2015, Make: "Hyundai", Model: "i30", Badge: "Active", Body: "Hatchback", Transmission: "Manual", Fuel: "Petrol", Colour: "Silver", VIN: "KMHD341CMFU123456"},
	}
}
