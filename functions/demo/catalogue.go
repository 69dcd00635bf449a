// Package demo generates the demo tenants' stock: a catalogue of real
// Australian-market makes and models, a deterministic stock generator, and
// the SVG car illustrations and dealer logos the generated cars point at.
package demo

// Body types, as the simple_body facet shows them. bodySlug names each
// one's illustration.
const (
	Sedan       = "Sedan"
	Hatch       = "Hatch"
	SUV         = "SUV"
	Ute         = "Ute"
	Wagon       = "Wagon"
	Van         = "Van"
	Coupe       = "Coupe"
	Convertible = "Convertible"
	PeopleMover = "People Mover"
)

// bodySlugs maps a simple body to its path segment under /media/demo/.
var bodySlugs = map[string]string{
	Sedan: "sedan", Hatch: "hatch", SUV: "suv", Ute: "ute", Wagon: "wagon",
	Van: "van", Coupe: "coupe", Convertible: "convertible", PeopleMover: "people-mover",
}

// fullBody is the body description a feed carries for each simple body.
var fullBody = map[string]string{
	Sedan: "Sedan", Hatch: "Hatchback", SUV: "Wagon", Ute: "Utility", Wagon: "Wagon",
	Van: "Van", Coupe: "Coupe", Convertible: "Convertible", PeopleMover: "Wagon",
}

// Simple fuels.
const (
	Petrol   = "Petrol"
	Diesel   = "Diesel"
	Hybrid   = "Hybrid"
	PHEV     = "Plug-in Hybrid"
	Electric = "Electric"
)

// model is one nameplate with the variants sold in Australia.
type model struct {
	Make, Model, Body string
	Doors, Seats      int
	// FirstYear and LastYear bound the years the model was sold here;
	// LastYear 0 means still on sale (new and demo stock only come from these).
	FirstYear, LastYear int
	Variants            []variant
	// Weight is how common the model is in used stock, relative to others.
	Weight int
}

// variant is a badge with its drivetrain and its recommended retail price
// (drive-away, whole dollars) when new.
type variant struct {
	Badge     string
	RRP       int
	Litres    float64 // 0 for electric
	Cylinders int
	Fuel      string
	Gears     int // 0 for CVT, 1 for a reduction gear (electric)
	Manual    bool
	Drive     string // FWD, RWD, AWD, 4WD
	Turbo     bool
}

// paint is a manufacturer colour name and the base colour its illustration uses.
type paint struct{ Name, Base string }

// baseColours are the fills of the car illustrations.
var baseColours = map[string]string{
	"white": "#f3f4f6", "black": "#1f2937", "silver": "#c0c4ca", "grey": "#6b7280",
	"blue": "#1e4e9c", "red": "#b91c1c", "green": "#2f6b3f", "bronze": "#8a6d4a",
	"orange": "#d9691f", "yellow": "#e5b513",
}

// paints are the colours each make offers; makes not listed use genericPaints.
var paints = map[string][]paint{
	"Toyota": {{"Glacier White", "white"}, {"Eclipse Black", "black"}, {"Silver Pearl", "silver"}, {"Graphite", "grey"},
		{"Saturn Blue", "blue"}, {"Feverish Red", "red"}, {"Frosted White", "white"}, {"Eclipse Black", "black"}},
	"Mazda": {{"Snowflake White Pearl", "white"}, {"Jet Black", "black"}, {"Sonic Silver", "silver"}, {"Machine Grey", "grey"},
		{"Deep Crystal Blue", "blue"}, {"Soul Red Crystal", "red"}, {"Polymetal Grey", "grey"}},
	"Kia": {{"Clear White", "white"}, {"Aurora Black", "black"}, {"Steel Grey", "grey"}, {"Gravity Blue", "blue"},
		{"Runway Red", "red"}, {"Snow White Pearl", "white"}, {"Interstellar Grey", "grey"}},
	"Ford": {{"Arctic White", "white"}, {"Shadow Black", "black"}, {"Aluminium", "silver"}, {"Meteor Grey", "grey"},
		{"Blue Lightning", "blue"}, {"True Red", "red"}, {"Conquer Grey", "grey"}, {"Luxe Yellow", "yellow"}},
	"Hyundai": {{"Polar White", "white"}, {"Phantom Black", "black"}, {"Typhoon Silver", "silver"}, {"Amazon Grey", "grey"},
		{"Intense Blue", "blue"}, {"Fiery Red", "red"}},
}

var genericPaints = []paint{
	{"White", "white"}, {"White", "white"}, {"Black", "black"}, {"Silver", "silver"}, {"Grey", "grey"},
	{"Blue", "blue"}, {"Red", "red"}, {"Green", "green"}, {"Bronze", "bronze"}, {"Orange", "orange"},
}

// wmi is the world manufacturer identifier that starts each make's VINs.
var wmi = map[string]string{
	"Toyota": "JTM", "Mazda": "JM0", "Kia": "KNA", "Hyundai": "KMH", "Ford": "MPB", "Mitsubishi": "MMA",
	"Nissan": "JN1", "Volkswagen": "WVW", "Subaru": "JF1", "Honda": "JHM", "Isuzu": "MPA", "Holden": "6G1",
	"MG": "LSJ", "Tesla": "LRW", "BMW": "WBA", "Mercedes-Benz": "W1K", "Suzuki": "JSA", "BYD": "LGX",
	"GWM": "LGW", "Audi": "WAU",
}

// catalogue is the built-in list of models. Prices are typical Australian
// drive-away RRPs of the current generation.
var catalogue = []model{
	// Toyota.
	{"Toyota", "Corolla", Hatch, 5, 5, 2007, 0, []variant{
		{"Ascent Sport", 30990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"Ascent Sport Hybrid", 33990, 1.8, 4, Hybrid, 0, false, "FWD", false},
		{"SX Hybrid", 36990, 1.8, 4, Hybrid, 0, false, "FWD", false},
		{"ZR Hybrid", 41990, 1.8, 4, Hybrid, 0, false, "FWD", false},
	}, 10},
	{"Toyota", "Camry", Sedan, 4, 5, 2006, 0, []variant{
		{"Ascent Hybrid", 41990, 2.5, 4, Hybrid, 0, false, "FWD", false},
		{"SL Hybrid", 52990, 2.5, 4, Hybrid, 0, false, "FWD", false},
	}, 6},
	{"Toyota", "RAV4", SUV, 5, 5, 2006, 0, []variant{
		{"GX 2WD", 41990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"GXL Hybrid 2WD", 48990, 2.5, 4, Hybrid, 0, false, "FWD", false},
		{"XSE Hybrid AWD", 53990, 2.5, 4, Hybrid, 0, false, "AWD", false},
		{"Cruiser Hybrid AWD", 57990, 2.5, 4, Hybrid, 0, false, "AWD", false},
		{"Edge AWD", 59990, 2.5, 4, Petrol, 8, false, "AWD", false},
	}, 10},
	{"Toyota", "HiLux", Ute, 4, 5, 2005, 0, []variant{
		{"Workmate 4x2", 38990, 2.7, 4, Petrol, 6, false, "RWD", false},
		{"SR 4x4", 57990, 2.8, 4, Diesel, 6, false, "4WD", true},
		{"SR5 4x4", 66990, 2.8, 4, Diesel, 6, false, "4WD", true},
		{"Rogue 4x4", 76990, 2.8, 4, Diesel, 6, false, "4WD", true},
		{"SR 4x4", 54990, 2.8, 4, Diesel, 6, true, "4WD", true},
	}, 12},
	{"Toyota", "LandCruiser 300", SUV, 5, 7, 2021, 0, []variant{
		{"GX", 99990, 3.3, 6, Diesel, 10, false, "4WD", true},
		{"GXL", 111990, 3.3, 6, Diesel, 10, false, "4WD", true},
		{"Sahara", 148990, 3.3, 6, Diesel, 10, false, "4WD", true},
	}, 3},
	{"Toyota", "Prado", SUV, 5, 7, 2009, 0, []variant{
		{"GX", 79990, 2.8, 4, Diesel, 8, false, "4WD", true},
		{"VX", 94990, 2.8, 4, Diesel, 8, false, "4WD", true},
	}, 5},
	{"Toyota", "Yaris Cross", SUV, 5, 5, 2020, 0, []variant{
		{"GX 2WD", 32990, 1.5, 3, Petrol, 0, false, "FWD", false},
		{"GXL Hybrid 2WD", 38990, 1.5, 3, Hybrid, 0, false, "FWD", false},
		{"Urban Hybrid AWD", 42990, 1.5, 3, Hybrid, 0, false, "AWD", false},
	}, 4},
	{"Toyota", "Kluger", SUV, 5, 7, 2007, 0, []variant{
		{"GX Hybrid AWD", 63990, 2.5, 4, Hybrid, 0, false, "AWD", false},
		{"Grande Hybrid AWD", 83990, 2.5, 4, Hybrid, 0, false, "AWD", false},
	}, 4},
	{"Toyota", "HiAce", Van, 4, 3, 2005, 0, []variant{
		{"LWB Barn Door", 53990, 2.8, 4, Diesel, 6, false, "RWD", true},
	}, 3},
	{"Toyota", "GR86", Coupe, 2, 4, 2022, 0, []variant{
		{"GT", 50990, 2.4, 4, Petrol, 6, true, "RWD", false},
	}, 1},
	// Mazda.
	{"Mazda", "CX-5", SUV, 5, 5, 2012, 0, []variant{
		{"Maxx FWD", 39990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"Maxx Sport AWD", 46990, 2.5, 4, Petrol, 6, false, "AWD", false},
		{"Touring AWD", 50990, 2.5, 4, Petrol, 6, false, "AWD", false},
		{"Akera AWD", 58990, 2.5, 4, Petrol, 6, false, "AWD", true},
	}, 10},
	{"Mazda", "Mazda3", Hatch, 5, 5, 2004, 0, []variant{
		{"G20 Pure", 33990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"G25 Evolve", 37990, 2.5, 4, Petrol, 6, false, "FWD", false},
		{"G25 Astina", 44990, 2.5, 4, Petrol, 6, false, "FWD", false},
	}, 8},
	{"Mazda", "CX-30", SUV, 5, 5, 2019, 0, []variant{
		{"G20 Pure", 36990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"G25 Touring", 42990, 2.5, 4, Petrol, 6, false, "FWD", false},
		{"G25 Astina AWD", 49990, 2.5, 4, Petrol, 6, false, "AWD", false},
	}, 5},
	{"Mazda", "CX-3", SUV, 5, 5, 2015, 0, []variant{
		{"Neo Sport", 30990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"Maxx Sport", 34990, 2.0, 4, Petrol, 6, false, "FWD", false},
	}, 5},
	{"Mazda", "BT-50", Ute, 4, 5, 2007, 0, []variant{
		{"XT 4x4", 56990, 3.0, 4, Diesel, 6, false, "4WD", true},
		{"GT 4x4", 66990, 3.0, 4, Diesel, 6, false, "4WD", true},
		{"Thunder 4x4", 75990, 3.0, 4, Diesel, 6, false, "4WD", true},
	}, 5},
	{"Mazda", "CX-60", SUV, 5, 5, 2022, 0, []variant{
		{"G40e Evolve", 67990, 2.5, 4, PHEV, 8, false, "AWD", false},
		{"D50e GT", 78990, 3.3, 6, Diesel, 8, false, "AWD", true},
	}, 2},
	{"Mazda", "MX-5", Convertible, 2, 2, 2005, 0, []variant{
		{"Roadster", 45990, 2.0, 4, Petrol, 6, true, "RWD", false},
		{"RF GT", 54990, 2.0, 4, Petrol, 6, false, "RWD", false},
	}, 2},
	{"Mazda", "Mazda6", Wagon, 5, 5, 2008, 2024, []variant{
		{"Sport", 40990, 2.5, 4, Petrol, 6, false, "FWD", false},
		{"GT SP", 51990, 2.5, 4, Petrol, 6, false, "FWD", true},
	}, 3},
	// Kia.
	{"Kia", "Sportage", SUV, 5, 5, 2010, 0, []variant{
		{"S 2WD", 37990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"SX AWD", 46990, 2.0, 4, Diesel, 8, false, "AWD", true},
		{"GT-Line AWD", 56990, 1.6, 4, Petrol, 7, false, "AWD", true},
		{"GT-Line Hybrid AWD", 58990, 1.6, 4, Hybrid, 6, false, "AWD", true},
	}, 8},
	{"Kia", "Seltos", SUV, 5, 5, 2019, 0, []variant{
		{"S", 32990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"Sport+", 37990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"GT-Line AWD", 45990, 1.6, 4, Petrol, 8, false, "AWD", true},
	}, 5},
	{"Kia", "Cerato", Hatch, 5, 5, 2009, 2024, []variant{
		{"S", 28990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"Sport+", 33990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"GT", 38990, 1.6, 4, Petrol, 7, false, "FWD", true},
	}, 7},
	{"Kia", "K4", Sedan, 4, 5, 2025, 0, []variant{
		{"S", 31990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"GT-Line", 40990, 1.6, 4, Petrol, 8, false, "FWD", true},
	}, 1},
	{"Kia", "Carnival", PeopleMover, 5, 8, 2015, 0, []variant{
		{"S", 53990, 3.5, 6, Petrol, 8, false, "FWD", false},
		{"Platinum Diesel", 76990, 2.2, 4, Diesel, 8, false, "FWD", true},
		{"GT-Line Hybrid", 79990, 1.6, 4, Hybrid, 6, false, "FWD", true},
	}, 4},
	{"Kia", "Sorento", SUV, 5, 7, 2009, 0, []variant{
		{"S AWD Diesel", 56990, 2.2, 4, Diesel, 8, false, "AWD", true},
		{"GT-Line AWD Hybrid", 71990, 1.6, 4, Hybrid, 6, false, "AWD", true},
	}, 4},
	{"Kia", "EV6", SUV, 5, 5, 2022, 0, []variant{
		{"Air RWD", 72990, 0, 0, Electric, 1, false, "RWD", false},
		{"GT-Line AWD", 87990, 0, 0, Electric, 1, false, "AWD", false},
	}, 1},
	{"Kia", "Picanto", Hatch, 5, 4, 2011, 0, []variant{
		{"S", 20990, 1.2, 4, Petrol, 4, false, "FWD", false},
		{"GT-Line", 23990, 1.2, 4, Petrol, 4, false, "FWD", false},
	}, 4},
	{"Kia", "Tasman", Ute, 4, 5, 2025, 0, []variant{
		{"SX+ 4x4", 62990, 2.2, 4, Diesel, 8, false, "4WD", true},
		{"X-Line 4x4", 73990, 2.2, 4, Diesel, 8, false, "4WD", true},
	}, 1},
	// Makes seen in used stock.
	{"Ford", "Ranger", Ute, 4, 5, 2011, 0, []variant{
		{"XL 4x4", 55990, 2.0, 4, Diesel, 10, false, "4WD", true},
		{"XLT 4x4", 66990, 2.0, 4, Diesel, 10, false, "4WD", true},
		{"Wildtrak 4x4", 78990, 3.0, 6, Diesel, 10, false, "4WD", true},
		{"Raptor 4x4", 95990, 3.0, 6, Petrol, 10, false, "4WD", true},
	}, 14},
	{"Ford", "Everest", SUV, 5, 7, 2015, 0, []variant{
		{"Trend 4WD", 69990, 2.0, 4, Diesel, 10, false, "4WD", true},
		{"Platinum 4WD", 85990, 3.0, 6, Diesel, 10, false, "4WD", true},
	}, 4},
	{"Ford", "Focus", Hatch, 5, 5, 2005, 2022, []variant{
		{"Trend", 29990, 1.5, 3, Petrol, 8, false, "FWD", true},
		{"ST-Line", 33990, 1.5, 3, Petrol, 8, false, "FWD", true},
	}, 4},
	{"Ford", "Mustang", Coupe, 2, 4, 2015, 0, []variant{
		{"GT Fastback", 79990, 5.0, 8, Petrol, 10, false, "RWD", false},
	}, 2},
	{"Hyundai", "i30", Hatch, 5, 5, 2007, 0, []variant{
		{"Active", 28990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"Elite", 33990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"N Line", 36990, 1.6, 4, Petrol, 7, false, "FWD", true},
	}, 9},
	{"Hyundai", "Tucson", SUV, 5, 5, 2015, 0, []variant{
		{"Elite 2WD", 44990, 2.0, 4, Petrol, 6, false, "FWD", false},
		{"Highlander AWD Diesel", 55990, 2.0, 4, Diesel, 8, false, "AWD", true},
	}, 6},
	{"Hyundai", "Santa Fe", SUV, 5, 7, 2012, 0, []variant{
		{"Elite AWD Diesel", 60990, 2.2, 4, Diesel, 8, false, "AWD", true},
	}, 3},
	{"Hyundai", "Kona", SUV, 5, 5, 2017, 0, []variant{
		{"Active 2WD", 33990, 2.0, 4, Petrol, 0, false, "FWD", false},
		{"Electric Extended Range", 62990, 0, 0, Electric, 1, false, "FWD", false},
	}, 4},
	{"Mitsubishi", "Triton", Ute, 4, 5, 2006, 0, []variant{
		{"GLX+ 4x4", 52990, 2.4, 4, Diesel, 6, false, "4WD", true},
		{"GLS 4x4", 59990, 2.4, 4, Diesel, 6, false, "4WD", true},
	}, 7},
	{"Mitsubishi", "Outlander", SUV, 5, 7, 2006, 0, []variant{
		{"ES 2WD", 39990, 2.5, 4, Petrol, 0, false, "FWD", false},
		{"Exceed PHEV AWD", 64990, 2.4, 4, PHEV, 1, false, "AWD", false},
	}, 6},
	{"Mitsubishi", "ASX", SUV, 5, 5, 2010, 0, []variant{
		{"ES", 29990, 2.0, 4, Petrol, 0, false, "FWD", false},
	}, 5},
	{"Nissan", "Navara", Ute, 4, 5, 2006, 0, []variant{
		{"ST 4x4", 55990, 2.3, 4, Diesel, 7, false, "4WD", true},
		{"PRO-4X 4x4", 64990, 2.3, 4, Diesel, 7, false, "4WD", true},
	}, 5},
	{"Nissan", "X-Trail", SUV, 5, 7, 2007, 0, []variant{
		{"ST 2WD", 39990, 2.5, 4, Petrol, 0, false, "FWD", false},
		{"Ti e-POWER e-4ORCE", 58990, 1.5, 3, Hybrid, 1, false, "AWD", true},
	}, 5},
	{"Nissan", "Patrol", SUV, 5, 8, 2005, 0, []variant{
		{"Ti", 89990, 5.6, 8, Petrol, 7, false, "4WD", false},
	}, 2},
	{"Volkswagen", "Golf", Hatch, 5, 5, 2004, 0, []variant{
		{"110TSI Life", 38990, 1.4, 4, Petrol, 8, false, "FWD", true},
		{"GTI", 57990, 2.0, 4, Petrol, 7, false, "FWD", true},
	}, 5},
	{"Volkswagen", "Amarok", Ute, 4, 5, 2011, 0, []variant{
		{"Style 4MOTION", 66990, 2.0, 4, Diesel, 10, false, "4WD", true},
		{"Aventura V6", 84990, 3.0, 6, Diesel, 10, false, "4WD", true},
	}, 3},
	{"Subaru", "Forester", SUV, 5, 5, 2004, 0, []variant{
		{"2.5i AWD", 41990, 2.5, 4, Petrol, 0, false, "AWD", false},
		{"Hybrid S AWD", 53990, 2.0, 4, Hybrid, 0, false, "AWD", false},
	}, 5},
	{"Subaru", "Outback", Wagon, 5, 5, 2004, 0, []variant{
		{"AWD", 46990, 2.5, 4, Petrol, 0, false, "AWD", false},
		{"AWD Touring", 55990, 2.5, 4, Petrol, 0, false, "AWD", false},
	}, 4},
	{"Honda", "CR-V", SUV, 5, 5, 2007, 0, []variant{
		{"VTi", 44990, 1.5, 4, Petrol, 0, false, "FWD", true},
		{"e:HEV RS", 62990, 2.0, 4, Hybrid, 1, false, "AWD", false},
	}, 4},
	{"Honda", "Civic", Hatch, 5, 5, 2006, 0, []variant{
		{"VTi-LX", 47990, 1.5, 4, Petrol, 0, false, "FWD", true},
		{"Type R", 72990, 2.0, 4, Petrol, 6, true, "FWD", true},
	}, 3},
	{"Isuzu", "D-Max", Ute, 4, 5, 2008, 0, []variant{
		{"SX 4x4", 50990, 3.0, 4, Diesel, 6, false, "4WD", true},
		{"LS-U 4x4", 62990, 3.0, 4, Diesel, 6, false, "4WD", true},
		{"X-Terrain 4x4", 70990, 3.0, 4, Diesel, 6, false, "4WD", true},
	}, 7},
	{"Isuzu", "MU-X", SUV, 5, 7, 2013, 0, []variant{
		{"LS-M 4x4", 58990, 3.0, 4, Diesel, 6, false, "4WD", true},
	}, 3},
	{"Holden", "Commodore", Sedan, 4, 5, 2006, 2020, []variant{
		{"SV6", 44990, 3.6, 6, Petrol, 6, false, "RWD", false},
		{"SS", 52990, 6.0, 8, Petrol, 6, false, "RWD", false},
	}, 4},
	{"Holden", "Colorado", Ute, 4, 5, 2008, 2020, []variant{
		{"LTZ 4x4", 55990, 2.8, 4, Diesel, 6, false, "4WD", true},
	}, 4},
	{"MG", "ZS", SUV, 5, 5, 2018, 0, []variant{
		{"Excite", 25990, 1.5, 4, Petrol, 0, false, "FWD", false},
		{"Essence Hybrid+", 34990, 1.5, 4, Hybrid, 1, false, "FWD", false},
	}, 5},
	{"MG", "MG3", Hatch, 5, 5, 2013, 0, []variant{
		{"Core", 21990, 1.5, 4, Petrol, 0, false, "FWD", false},
	}, 4},
	{"Tesla", "Model 3", Sedan, 4, 5, 2019, 0, []variant{
		{"Rear-Wheel Drive", 59990, 0, 0, Electric, 1, false, "RWD", false},
		{"Long Range AWD", 72990, 0, 0, Electric, 1, false, "AWD", false},
	}, 3},
	{"Tesla", "Model Y", SUV, 5, 5, 2022, 0, []variant{
		{"Rear-Wheel Drive", 61990, 0, 0, Electric, 1, false, "RWD", false},
	}, 3},
	{"BYD", "Atto 3", SUV, 5, 5, 2022, 0, []variant{
		{"Extended Range", 50990, 0, 0, Electric, 1, false, "FWD", false},
	}, 2},
	{"GWM", "Cannon", Ute, 4, 5, 2021, 0, []variant{
		{"Ultra 4x4", 47990, 2.0, 4, Diesel, 8, false, "4WD", true},
	}, 2},
	{"Suzuki", "Swift", Hatch, 5, 5, 2005, 0, []variant{
		{"GL", 24990, 1.2, 3, Petrol, 0, false, "FWD", false},
		{"Sport", 31990, 1.4, 4, Petrol, 6, true, "FWD", true},
	}, 5},
	{"BMW", "X5", SUV, 5, 5, 2007, 0, []variant{
		{"xDrive30d", 134900, 3.0, 6, Diesel, 8, false, "AWD", true},
	}, 2},
	{"BMW", "3 Series", Sedan, 4, 5, 2005, 0, []variant{
		{"330i M Sport", 84900, 2.0, 4, Petrol, 8, false, "RWD", true},
	}, 2},
	{"Mercedes-Benz", "C-Class", Sedan, 4, 5, 2007, 0, []variant{
		{"C200", 82990, 1.5, 4, Petrol, 9, false, "RWD", true},
	}, 2},
	{"Mercedes-Benz", "Sprinter", Van, 4, 3, 2007, 0, []variant{
		{"316 CDI MWB", 74990, 2.0, 4, Diesel, 9, false, "RWD", true},
	}, 1},
	{"Audi", "Q5", SUV, 5, 5, 2009, 0, []variant{
		{"40 TDI quattro Sport", 88990, 2.0, 4, Diesel, 7, false, "AWD", true},
	}, 2},
	{"Volkswagen", "Caddy", Van, 4, 2, 2005, 0, []variant{
		{"TSI220 Maxi Cargo", 46990, 1.5, 4, Petrol, 7, false, "FWD", true},
	}, 1},
	{"Toyota", "86", Coupe, 2, 4, 2012, 2021, []variant{
		{"GTS", 42990, 2.0, 4, Petrol, 6, true, "RWD", false},
	}, 1},
	{"Mazda", "CX-9", SUV, 5, 7, 2008, 2023, []variant{
		{"Touring AWD", 59990, 2.5, 4, Petrol, 6, false, "AWD", true},
	}, 3},
}

// comment segments make dealer comments; the segments are joined with '|'
// as feeds send them (spec 000 §2 "Dealer comments").
var commentOpeners = []string{
	"Just traded and ready to go",
	"Presented in excellent condition inside and out",
	"One owner with full service history",
	"Fresh service and new tyres fitted",
	"Immaculate example that has been well looked after",
	"Great value buying in a popular model",
}

var commentMiddles = []string{
	"Comes with two keys and owner's manuals",
	"Roadworthy certificate supplied",
	"Finance available on approved credit, ask about our low rates",
	"Trade-ins welcome, we buy cars for cash",
	"Extended warranty options available",
	"Independent inspection welcome",
	"Delivery available Australia-wide",
}

var commentClosers = []string{
	"Call today to book a test drive",
	"Don't miss out, enquire now",
	"Reserve online with a fully refundable deposit",
	"Visit us this weekend for a test drive",
}

// tags are custom banner texts (spec 000 §3 tag).
var tags = []string{"Low KMs", "One Owner", "Just Arrived", "Price Drop", "Full Service History"}
