package shared

import (
	"fmt"
	"strconv"
)

// PromoKind names a promotional tile's content (spec 001 §9 "Tile content
// per brand"). A tile with a kind takes its title, body, link and car groups
// from the site's PromoTexts wherever it leaves them out.
type PromoKind string

// The promo kinds of spec 001 §9.
const (
	PromoWarranty          PromoKind = "warranty"            // 3 Year Standard warranty (used cars)
	PromoVideoCall         PromoKind = "video_call"          // video call for buyers from afar
	PromoTradeIn           PromoKind = "trade_in"            // trade-in
	PromoFreight           PromoKind = "freight"             // freight anywhere in Australia
	PromoFinance           PromoKind = "finance"             // finance
	PromoHeritage          PromoKind = "heritage"            // 'served Brisbane since 1969'
	PromoProtectionPlan    PromoKind = "protection_plan"     // 3 year mechanical protection plan on used vehicles
	PromoCertifiedPreOwned PromoKind = "certified_pre_owned" // Toyota Certified Pre-Owned
	PromoQualityAssured    PromoKind = "quality_assured"     // Quality Assured
)

// PromoKinds lists every kind, in the spec's order.
var PromoKinds = []PromoKind{
	PromoWarranty, PromoVideoCall, PromoTradeIn, PromoFreight, PromoFinance,
	PromoHeritage, PromoProtectionPlan, PromoCertifiedPreOwned, PromoQualityAssured,
}

// PromoText is one kind's words and link; an empty field gets the kind's default.
type PromoText struct {
	Title    string `json:"title,omitempty"`
	Body     string `json:"body,omitempty"`
	LinkPath string `json:"link_path,omitempty"`
}

// PromoTexts are a site's words for each promo kind, plus the facts the
// default words are made from. Every field has a default except the
// heritage facts: a heritage tile needs heritage_city and heritage_since (or
// its own title).
type PromoTexts struct {
	Warranty          PromoText `json:"warranty"`
	VideoCall         PromoText `json:"video_call"`
	TradeIn           PromoText `json:"trade_in"`
	Freight           PromoText `json:"freight"`
	Finance           PromoText `json:"finance"`
	Heritage          PromoText `json:"heritage"`
	ProtectionPlan    PromoText `json:"protection_plan"`
	CertifiedPreOwned PromoText `json:"certified_pre_owned"`
	QualityAssured    PromoText `json:"quality_assured"`

	// WarrantyYears is the used-car standard warranty's length; default 3.
	WarrantyYears int `json:"warranty_years"`
	// ProtectionPlanYears is the used-car mechanical protection plan's length; default 3.
	ProtectionPlanYears int `json:"protection_plan_years"`
	// FreightRegion is where the dealer delivers; default "Australia".
	FreightRegion string `json:"freight_region"`
	// HeritageCity and HeritageSince make "Serving Brisbane since 1969"; no default.
	HeritageCity  string `json:"heritage_city,omitempty"`
	HeritageSince int    `json:"heritage_since,omitempty"`
	// CertifiedMake names the certified pre-owned programme; default
	// features.certified_programme, else the site's manufacturer.
	CertifiedMake string `json:"certified_make,omitempty"`
}

// usedOnly are the kinds the spec ties to used cars; their tiles show for
// the used group unless the tile names its own.
var usedOnly = map[PromoKind]bool{
	PromoWarranty: true, PromoProtectionPlan: true, PromoCertifiedPreOwned: true, PromoQualityAssured: true,
}

// applyPromoTextDefaults fills the facts the default words are made from,
// then each tile's left-out fields from its kind's words. It runs after the
// features and manufacturer defaults. The words themselves are not stored
// back: DecodeSite applies defaults twice, and words made before the tenant
// file's facts were read would stick.
func applyPromoTextDefaults(s *Site) {
	t := &s.PromoTexts
	if t.WarrantyYears == 0 {
		t.WarrantyYears = 3
	}
	if t.ProtectionPlanYears == 0 {
		t.ProtectionPlanYears = 3
	}
	if t.FreightRegion == "" {
		t.FreightRegion = "Australia"
	}
	if t.CertifiedMake == "" {
		t.CertifiedMake = s.Features.CertifiedProgramme
		if t.CertifiedMake == "" && s.Manufacturer != nil {
			t.CertifiedMake = s.Manufacturer.Name
		}
	}
	for i := range s.Promotions {
		s.applyKind(&s.Promotions[i])
	}
	for i := range s.Home.Slides {
		s.applyKind(&s.Home.Slides[i])
	}
	if s.Search.CTA != nil {
		s.applyKind(s.Search.CTA)
	}
}

// PromoWords returns the site's words for kind k: its promo_texts entry,
// each left-out field from the kind's default. False for an unknown kind.
func (s Site) PromoWords(k PromoKind) (PromoText, bool) {
	t := s.PromoTexts
	years := strconv.Itoa
	var own, def PromoText
	switch k {
	case PromoWarranty:
		own = t.Warranty
		def = PromoText{years(t.WarrantyYears) + " Year Standard Warranty",
			"Every used car comes with a " + years(t.WarrantyYears) + " year standard warranty.", ""}
	case PromoVideoCall:
		own = t.VideoCall
		def = PromoText{"Buying from afar? Video call us",
			"See any car on a live video walk-around with our team before you buy.", "/contact-us"}
	case PromoTradeIn:
		own = t.TradeIn
		def = PromoText{"Trade in your car",
			"Tell us about your car and put its value towards your next one.", s.Features.TradeInPath}
	case PromoFreight:
		own = t.Freight
		def = PromoText{"Freight anywhere in " + t.FreightRegion,
			"Buy from us wherever you live: we deliver your next car to your door.", "/contact-us"}
	case PromoFinance:
		own = t.Finance
		def = PromoText{"Finance made easy", "Work out your repayments and apply for finance online.", "/finance"}
	case PromoHeritage:
		own = t.Heritage
		if t.HeritageCity != "" && t.HeritageSince != 0 {
			def.Title = fmt.Sprintf("Serving %s since %d", t.HeritageCity, t.HeritageSince)
		}
	case PromoProtectionPlan:
		own = t.ProtectionPlan
		def = PromoText{years(t.ProtectionPlanYears) + " Year Peace-of-Mind Protection Plan",
			"A " + years(t.ProtectionPlanYears) + " year peace-of-mind mechanical protection plan on used vehicles.", ""}
	case PromoCertifiedPreOwned:
		own = t.CertifiedPreOwned
		def = PromoText{"Certified Pre-Owned",
			"Certified used cars, inspected and backed by the manufacturer's programme.", "/search/used-cars"}
		if t.CertifiedMake != "" {
			def.Title = CanonicalMake(t.CertifiedMake) + " " + def.Title
		}
	case PromoQualityAssured:
		own = t.QualityAssured
		def = PromoText{"Quality Assured",
			"Every used car is inspected and reconditioned before it reaches our yard.", "/search/used-cars"}
	default:
		return PromoText{}, false
	}
	if own.Title == "" {
		own.Title = def.Title
	}
	if own.Body == "" {
		own.Body = def.Body
	}
	if own.LinkPath == "" {
		own.LinkPath = def.LinkPath
	}
	return own, true
}

// applyKind fills the fields tile p leaves out from its kind's words.
func (s Site) applyKind(p *PromoTile) {
	w, ok := s.PromoWords(p.Kind)
	if !ok {
		return
	}
	if p.Title == "" {
		p.Title = w.Title
	}
	if p.Body == "" {
		p.Body = w.Body
	}
	if p.LinkPath == "" {
		p.LinkPath = w.LinkPath
	}
	if len(p.Display) == 0 && usedOnly[p.Kind] {
		p.Display = []CarType{CarTypeUsed}
	}
}

// KindTile returns the tile a site shows for kind k with no words of its own
// (the promo kind's defaults and the site's texts): what a tenant file gets
// from {"id": ..., "kind": k}.
func (s Site) KindTile(k PromoKind) PromoTile {
	p := PromoTile{ID: string(k), Kind: k}
	s.applyKind(&p)
	return p
}

// validatePromoKind checks a tile's kind: known, and able to show (a trade-in
// tile needs the trade-in feature; a heritage tile needs its facts or a title).
func validatePromoKind(s Site, field string, p PromoTile, bad func(field, format string, args ...any)) {
	if p.Kind == "" {
		return
	}
	if _, ok := s.PromoWords(p.Kind); !ok {
		bad(field+".kind", "want one of %v, got %q", PromoKinds, p.Kind)
		return
	}
	if p.Kind == PromoTradeIn && !s.Features.TradeIn {
		bad(field+".kind", "a trade_in tile needs features.trade_in on")
	}
	if p.Kind == PromoHeritage && p.Title == "" {
		bad(field+".kind", "a heritage tile needs promo_texts.heritage_city and heritage_since, or its own title")
	}
}
