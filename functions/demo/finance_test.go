package demo

import (
	"testing"

	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

// Issue 10: the demo tenants use three different finance providers and
// their stock carries lender data, so every finance rule is visible on some
// demo car: an estimate per provider, Nissan Finance monthly, Taurus with
// its 10% deposit, a Suzuki that hides it, and cars without lender data.
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
	for _, want := range []string{"nissan monthly", "taurus deposit", "weekly AusLoans", "suzuki hidden", "no lender data", "labelled site default"} {
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
