package demo

import (
	"fmt"
	"strings"
	"testing"

	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

// Issue 10: the demo tenants use three different finance providers and
// their stock carries lender data, so every finance rule is visible on some
// demo car: an estimate per provider, Taurus with its 10% deposit, a Suzuki
// that hides it, and cars without lender data. No demo site is a Nissan
// dealer, so none uses Nissan Finance (issue 32: a Mazda showed its
// disclaimer); its monthly estimate is covered by finance_estimate.json.
func TestDemoFinanceRulesAreVisible(t *testing.T) {
	sites, err := tenantfile.Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	providers := map[string]bool{}
	seen := map[string]int{}
	for _, site := range sites {
		providers[site.Finance.Provider] = true
		for _, d := range site.Dealerships {
			for _, c := range Stock(d, site.Stock.CarTypes, Count(d.Slug), now) {
				if !site.Shows(c, now) {
					continue
				}
				v := shared.ViewCar(c, site, now)
				_, hasLender := c.Lender(site.Finance.Provider)
				f := v.Finance
				switch {
				case f != nil && f.Frequency == shared.FrequencyMonthly && site.Finance.Provider == "Nissan Finance":
					seen["nissan monthly"]++
				case f != nil && f.Deposit != nil && f.Deposit.Percent == 10 && f.OfferValidUntil != "":
					seen["taurus deposit"]++
				case f != nil && f.Source == shared.FinanceFromSiteDefault && f.Label != "":
					seen["labelled site default"]++
				case f != nil && f.Frequency == shared.FrequencyWeekly:
					seen["weekly "+site.Finance.Provider]++
				case f == nil && hasLender && c.Make == "Suzuki" && c.Available():
					seen["suzuki hidden"]++
				case f == nil && !hasLender && shared.HasPrice(c.Price) && c.Available():
					seen["no lender data"]++
				}
				if f != nil && f.DisclaimerPath == "" {
					t.Errorf("%s on %s: estimate without its provider disclaimer", c.Slug, site.Slug)
				}
			}
		}
	}
	if len(providers) != 3 {
		t.Errorf("demo providers %v, want three different ones", providers)
	}
	for _, want := range []string{"weekly Angle", "taurus deposit", "weekly AusLoans", "suzuki hidden", "no lender data", "labelled site default"} {
		if seen[want] == 0 {
			t.Errorf("no demo car shows %q (seen %v)", want, seen)
		}
	}
}

// Lender data is what a feed may carry: ingestion's checks accept it.
func TestDemoLendersPassIngestionChecks(t *testing.T) {
	sites, err := tenantfile.Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	for _, site := range sites {
		for _, d := range site.Dealerships {
			for _, c := range Stock(d, site.Stock.CarTypes, Count(d.Slug), now) {
				out, field, reason := shared.NormalizeLenders(c.FinanceLenders)
				if field != "" {
					t.Fatalf("%s: %s: %s", c.StockNum, field, reason)
				}
				if len(out) != len(c.FinanceLenders) {
					t.Fatalf("%s: lenders %v renamed to %v; demo data uses the spec's provider names", c.StockNum, c.FinanceLenders, out)
				}
			}
		}
	}
}

// Issue 32 item 3: a cheaper CX-60 at Coastal was quoted a higher repayment
// than a dearer one, because the demo lender data drew each car's term
// (48-72 months), rate and balloon at random. A lender's terms follow the
// kind of car (type and age), so of two cars of the same kind the cheaper
// has the lower repayment, for every provider.
func TestDemoCheaperCarOfAKindRepaysLess(t *testing.T) {
	kinds := []struct {
		name    string
		carType shared.CarType
		year    int
	}{
		{"new", shared.CarTypeNew, now.Year()},
		{"demo", shared.CarTypeDemo, now.Year()},
		{"used, 2 years old", shared.CarTypeUsed, now.Year() - 2},
		{"used, 9 years old", shared.CarTypeUsed, now.Year() - 9},
	}
	for _, k := range kinds {
		for _, provider := range []string{"Taurus", "Angle", "AusLoans", "Nissan Finance"} {
			t.Run(k.name+"/"+provider, func(t *testing.T) {
				site := shared.DefaultSite()
				site.Finance.Provider = provider
				estimate := func(stock string, price float64) int {
					c := shared.Car{ID: stock, StockNum: stock, Make: "Nissan", Model: "X-Trail", Year: k.year,
						CarType: k.carType, Status: shared.StatusInStock, Price: price}
					c.FinanceLenders = lenders(c, now)
					if f := shared.EstimateFinance(c, site, now); f != nil {
						return f.Amount
					}
					return 0
				}
				checked := 0
				for i := range 40 {
					cheap, dear := estimate(fmt.Sprintf("C%03d", i), 52990), estimate(fmt.Sprintf("D%03d", i), 55990)
					if cheap == 0 || dear == 0 {
						continue // no lender data on one of them (pctNoLender)
					}
					checked++
					if cheap >= dear {
						t.Errorf("$52,990 car repays %d, $55,990 car %d: the cheaper must repay less", cheap, dear)
					}
				}
				if checked == 0 {
					t.Fatal("no pair with estimates")
				}
			})
		}
	}
}

// Issue 32 item 3: Coastal (a Mazda and Kia group) showed a Mazda with a
// "Nissan Financial Services" disclaimer. A captive lender's data is only on
// its own make's cars, and each demo site's estimates name a lender that
// fits every make it sells.
func TestDemoLendersFitTheBrand(t *testing.T) {
	sites, err := tenantfile.Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	for _, site := range sites {
		priced, estimated := 0, 0
		for _, d := range site.Dealerships {
			for _, c := range Stock(d, site.Stock.CarTypes, Count(d.Slug), now) {
				if site.Shows(c, now) && c.Available() && c.Price > shared.FinanceMinPrice && c.Make != "Suzuki" {
					priced++
					if shared.EstimateFinance(c, site, now) != nil {
						estimated++
					}
				}
				for p := range c.FinanceLenders {
					if make, captive := captiveMake[p]; captive && !strings.EqualFold(make, c.Make) {
						t.Errorf("%s %s at %s: lender data of %s, %s's captive lender", c.StockNum, c.Make, site.Slug, p, make)
					}
				}
				if f := shared.EstimateFinance(c, site, now); f != nil {
					if text := shared.FinanceDisclaimer(c, site); strings.Contains(text, "Nissan") && c.Make != "Nissan" {
						t.Errorf("%s %s at %s: disclaimer %q", c.StockNum, c.Make, site.Slug, text)
					}
				}
			}
		}
		// The site's lender fits the makes it sells: most priced cars show an estimate.
		if estimated*2 < priced {
			t.Errorf("%s (%s): %d of %d priced cars show an estimate", site.Slug, site.Finance.Provider, estimated, priced)
		}
	}
}
