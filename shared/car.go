// Package shared holds Forecourt's domain model and the business rules that
// need no I/O: cars, site configuration, locations, leads and the rules that
// decide what a shopper sees. Edge packages (store, search index, HTTP) depend
// on it; it depends on nothing but the standard library.
package shared

import "time"

// CarType is the stock class of a car (spec 000 §3, spec 001 §3).
type CarType string

const (
	CarTypeNew  CarType = "new"
	CarTypeUsed CarType = "used"
	CarTypeDemo CarType = "demo"
)

// Label is the car type as pages and e-mails name it: "New", "Used",
// "Demo"; another value as it is.
func (t CarType) Label() string {
	switch t {
	case CarTypeNew:
		return "New"
	case CarTypeUsed:
		return "Used"
	case CarTypeDemo:
		return "Demo"
	}
	return string(t)
}

// CarStatus is a car's availability (spec 000 §3). in_stock and coming_soon
// count as available (spec 001 §4).
type CarStatus string

const (
	StatusInStock    CarStatus = "in_stock"
	StatusComingSoon CarStatus = "coming_soon"
	StatusSold       CarStatus = "sold"
)

// Car is one vehicle in a dealership's stock, with every field of spec 000 §3
// and spec 001 §3 "Car (as used here)". JSON names are the spec's field names.
type Car struct {
	// Identity.
	ID     string `json:"id"`
	Slug   string `json:"slug"`
	Name   string `json:"name,omitempty"`
	Year   int    `json:"year"`
	Make   string `json:"make"`
	Model  string `json:"model"`
	Badge  string `json:"badge,omitempty"`
	Series string `json:"series,omitempty"`

	// Classification.
	CarType   CarType   `json:"car_type"`
	Status    CarStatus `json:"status"`
	Sold      bool      `json:"sold"`
	Tag       string    `json:"tag,omitempty"`
	Reserved  bool      `json:"reserved"`
	Certified bool      `json:"certified"`
	ItemType  string    `json:"item_type,omitempty"`

	// Dates. Dates other than created_at are kept as the feed gave them
	// (ISO 8601 dates, "YYYY-MM-DD" or "YYYY-MM").
	CreatedAt         time.Time `json:"created_at"`
	RegoExpiry        string    `json:"rego_expiry,omitempty"`
	ComplianceDate    string    `json:"compliance_date,omitempty"`
	BuildDate         string    `json:"build_date,omitempty"`
	SoldDateTimestamp int64     `json:"sold_date_timestamp,omitempty"` // unix seconds

	// Commercial. A price of 0 means "no price" (spec 001 §5 price display).
	Price             float64  `json:"price"`
	PriceType         string   `json:"price_type,omitempty"`
	BeforePrice       float64  `json:"before_price,omitempty"`
	OfferPrice        float64  `json:"offer_price,omitempty"`
	SubscriptionPrice float64  `json:"subscription_price,omitempty"`
	Preorder          bool     `json:"preorder"`
	StockNum          string   `json:"stocknum,omitempty"`
	VIN               string   `json:"vin,omitempty"`
	RegPlate          string   `json:"regplate,omitempty"`
	PaymentProcessors []string `json:"payment_processors,omitempty"`

	// Attributes.
	KM                 int      `json:"km"`
	Colour             string   `json:"colour,omitempty"`
	InteriorColour     string   `json:"interior_colour,omitempty"`
	Seats              int      `json:"seats,omitempty"`
	Doors              int      `json:"doors,omitempty"`
	Body               string   `json:"body,omitempty"`
	Fuel               string   `json:"fuel,omitempty"`
	SimpleFuel         string   `json:"simple_fuel,omitempty"`
	SimpleBody         string   `json:"simple_body,omitempty"`
	SimpleTransmission string   `json:"simple_transmission,omitempty"`
	Trans              string   `json:"trans,omitempty"`
	Drive              string   `json:"drive,omitempty"`
	EngineSize         string   `json:"engine_size,omitempty"`
	Views              int      `json:"views"`
	HasNVIC            bool     `json:"has_nvic"`
	Categories         []string `json:"categories,omitempty"`
	FilteredFeatures   []string `json:"filtered_features,omitempty"`

	// Content.
	DealerComments    string   `json:"dealercomments,omitempty"`
	StandardEquipment []string `json:"standardEquipment,omitempty"`
	Thumbnails        []string `json:"thumbnails,omitempty"`
	Images            []Image  `json:"images,omitempty"`
	PrimaryImageURL   string   `json:"primary_image_url,omitempty"`
	PhotosCount       int      `json:"photos_count"`
	File              string   `json:"file,omitempty"` // vehicle history report link
	CarsalesTitle     string   `json:"carsales_title,omitempty"`
	PrivateSuburb     string   `json:"private_suburb,omitempty"`
	PrivatePostcode   string   `json:"private_postcode,omitempty"`

	// Ownership and place.
	DealershipID        string       `json:"dealership_id,omitempty"`
	DealershipSlug      string       `json:"dealership_slug"`
	Location            *CarLocation `json:"location,omitempty"`
	LocationName        string       `json:"location_name,omitempty"`
	LocationID          string       `json:"location_id,omitempty"`
	City                string       `json:"city,omitempty"`
	State               string       `json:"state,omitempty"`
	ShowOnDealerWebsite bool         `json:"show_on_dealer_website"`

	// Nested provider data.
	FinanceLenders map[string]FinanceLender `json:"finance_lenders,omitempty"`
	AutograbData   *AutograbData            `json:"autograb_data,omitempty"`
	Variant        *Variant                 `json:"variant,omitempty"`
	Specifications *CaravanSpecifications   `json:"specifications,omitempty"`
}

// Image is one photo of a car. Feeds send either {"url": ...} or the spec's
// nested form {"image": {"url": ...}} (spec 000 §3); Src reads both.
type Image struct {
	URL   string    `json:"url"`
	Image *ImageRef `json:"image,omitempty"`
}

// Src returns the image's URL in whichever form it came.
func (i Image) Src() string {
	if i.URL == "" && i.Image != nil {
		return i.Image.URL
	}
	return i.URL
}

// CarLocation is the yard a car stands at, as carried on the car.
type CarLocation struct {
	ID                    string   `json:"id,omitempty"`
	Name                  string   `json:"name,omitempty"`
	Slug                  string   `json:"slug,omitempty"`
	Phone                 string   `json:"phone,omitempty"`
	Address               *Address `json:"address,omitempty"`
	DistributionLocations []string `json:"distribution_locations,omitempty"`
}

// Address is a street address. Lat and Long are set once geocoded.
type Address struct {
	ID       string  `json:"id,omitempty"`
	Street   string  `json:"street,omitempty"`
	City     string  `json:"city,omitempty"`
	State    string  `json:"state,omitempty"`
	Postcode string  `json:"postcode,omitempty"`
	PlaceURL string  `json:"place_url,omitempty"`
	Lat      float64 `json:"lat,omitempty"`
	Long     float64 `json:"long,omitempty"`
}

// FinanceLender is one finance provider's estimate for a car (spec 001 §3
// "Finance lender data"). Pointers distinguish "absent" from zero, which the
// finance eligibility rules depend on.
type FinanceLender struct {
	InterestRate   *float64 `json:"interestRate"`
	ComparisonRate *float64 `json:"comparisonRate"`
	PaymentWeek    *float64 `json:"paymentWeek,omitempty"`
	PaymentMonth   *float64 `json:"paymentMonth,omitempty"`
	TermMonths     int      `json:"termMonths,omitempty"`
	TermYears      int      `json:"termYears,omitempty"`
	Deposit        float64  `json:"deposit,omitempty"`
	Balloon        float64  `json:"balloon,omitempty"`
	Disclaimer     string   `json:"disclaimer,omitempty"`
}

// AutograbData is market pricing from the valuation provider.
type AutograbData struct {
	StateAverageMarketPrice float64 `json:"state_average_market_price,omitempty"`
	AverageMarketPrice      float64 `json:"average_market_price,omitempty"`
}

// Variant is the manufacturer's technical description of the car's model variant.
type Variant struct {
	Cylinders               int     `json:"cylinders,omitempty"`
	EngineSize              int     `json:"enginesize,omitempty"` // cc
	EngineSizeLitres        float64 `json:"enginesize_litres,omitempty"`
	Induction               string  `json:"induction,omitempty"`
	GearType                string  `json:"geartype,omitempty"`
	FuelConsumptionCombined float64 `json:"fuelconsumptioncombined,omitempty"`
	FuelCapacity            float64 `json:"fuelcapacity,omitempty"`
	GrossVehicleMass        float64 `json:"grossvehiclemass,omitempty"`
	VehicleLength           float64 `json:"vehiclelength,omitempty"`
	VehicleHeight           float64 `json:"vehicleheight,omitempty"`
	VehicleWidth            float64 `json:"vehiclewidth,omitempty"`
	Torque                  float64 `json:"torque,omitempty"`
	ANCAPRating             int     `json:"ancaprating,omitempty"`
	BodyConfiguration       string  `json:"bodyconfiguration,omitempty"`
}

// CaravanSpecifications applies to caravans and campers.
type CaravanSpecifications struct {
	BodyWidth  float64 `json:"body_width,omitempty"`
	BodyLength float64 `json:"body_length,omitempty"`
	// DimensionUnit is the unit of BodyWidth and BodyLength: "m" once
	// ingested (NormalizeCaravanDimensions converts feet); empty when the
	// feed gave none.
	DimensionUnit        string  `json:"dimension_unit,omitempty"`
	TareWeight           float64 `json:"tare_weight,omitempty"`
	AxleType             string  `json:"axle_type,omitempty"`
	Sleeps               int     `json:"sleeps,omitempty"`
	AggregateTrailerMass float64 `json:"aggregate_trailer_mass,omitempty"`
}

// Available reports whether the car can be bought: in stock or coming soon,
// and not sold (spec 001 §4 "Car availability").
func (c Car) Available() bool {
	return !c.Sold && (c.Status == StatusInStock || c.Status == StatusComingSoon)
}
