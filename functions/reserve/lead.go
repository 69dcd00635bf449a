package reserve

import (
	"context"
	"fmt"
	"time"

	"forecourt/shared"
)

// leadRetention is how long the reservation's lead is kept, like the
// enquiry form's (httpapi.DefaultLeadRetention).
const leadRetention = 2 * 365 * 24 * time.Hour

// SubcategoryReservationPaid marks a lead as an online reservation with
// its deposit paid (issue 13).
const SubcategoryReservationPaid = "Online Reservation - Deposit Paid"

// lead hands the paid reservation to the dealership through the leads
// path (the leads table's stream, functions/delivery). Its id is the
// reservation's, so a replayed payment cannot make a second lead.
func (s *Service) lead(ctx context.Context, site shared.Site, r shared.Reservation) error {
	car, err := s.cfg.Cars.FindCar(ctx, r.DealershipSlug, r.CarID)
	if err != nil {
		return fmt.Errorf("car of reservation %s: %w", r.ID, err)
	}
	l := shared.NormalizeLead(shared.Lead{
		Type:           shared.LeadEnquiry,
		Subcategory:    SubcategoryReservationPaid,
		FirstName:      "Online reservation",
		Phone:          r.ShopperPhone,
		OptIn:          true,
		DealershipSlug: r.DealershipSlug,
		CarID:          car.ID,
		CarType:        car.CarType,
		StockNumber:    car.StockNum,
		VehicleMake:    car.Make,
		VehicleModel:   car.Model,
		Source:         "Website",
		Message: fmt.Sprintf("Deposit of %s paid online (reservation %s, Stripe payment %s). The shopper asks you to hold %s until %s UTC.",
			shared.FormatPrice(float64(r.DepositCents)/100), r.ID, r.PaymentIntentID, r.CarTitle, r.HeldUntil.UTC().Format("Mon 2 Jan 2006 15:04")),
	}, site, &car)
	_, _, err = s.cfg.Leads.CreateLead(ctx, shared.StoredLead{
		ID: "lead_" + r.ID, Site: r.Site, DealershipSlug: r.DealershipSlug, CreatedAt: r.PaidAt,
		Lead: l, Car: &car, Ready: true, ExpiresAt: r.PaidAt.Add(leadRetention),
	})
	if err != nil {
		return fmt.Errorf("lead of reservation %s: %w", r.ID, err)
	}
	return nil
}
