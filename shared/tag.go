package shared

import (
	"strings"
	"time"
)

// TagKind names which rule produced a card's tag banner.
type TagKind string

const (
	TagNone       TagKind = ""
	TagElectric   TagKind = "electric"
	TagReserved   TagKind = "reserved"
	TagCertified  TagKind = "certified"
	TagCustom     TagKind = "custom"
	TagComingSoon TagKind = "coming_soon"
	TagNew        TagKind = "new"
	TagSold       TagKind = "sold"
)

// Tag texts fixed by spec 000 §4.
const (
	ReservedText   = "RESERVED"
	ComingSoonText = "COMING SOON"
)

// NewTagWindow is how long after created_at a car carries the New tag (spec 000 §9).
const NewTagWindow = 8 * 24 * time.Hour

// CardTag is a card's tag banner. For TagCertified the web shows the
// programme's certified-used image; Text is its alt text.
type CardTag struct {
	Kind TagKind `json:"kind"`
	Text string  `json:"text"`
}

// electricFuels are the simple_fuel values that earn the electric tag.
var electricFuels = []string{FuelElectric, FuelHybrid, FuelPlugInHybrid}

// TagFor applies spec 000 §4's tag priority to a car on a site at time now.
// A car that is not available (sold, or any status other than in_stock and
// coming_soon) shows the site's sold tag (texts.sold_tag, "JUST SOLD").
// A live car shows the first that applies of:
//  1. electric/hybrid, when features.electric_tag is on and simple_fuel is
//     Electric, Hybrid or Plug-in Hybrid (text: the simple_fuel);
//  2. RESERVED, when reserved;
//  3. the certified-used image, when certified, used, and the make is
//     features.certified_programme;
//  4. the custom tag text;
//  5. COMING SOON, when status is coming_soon;
//  6. New (texts.new_tag), when created_at is within the last 8 days;
//  7. none.
func TagFor(c Car, s Site, now time.Time) CardTag {
	if !c.Available() {
		return CardTag{Kind: TagSold, Text: s.Texts.SoldTag}
	}
	if s.Features.ElectricTag {
		for _, f := range electricFuels {
			if strings.EqualFold(strings.TrimSpace(c.SimpleFuel), f) {
				return CardTag{Kind: TagElectric, Text: f}
			}
		}
	}
	if c.Reserved {
		return CardTag{Kind: TagReserved, Text: ReservedText}
	}
	// Both makes are canonical already (the feed canonicalises car makes,
	// ApplyDefaults the programme), so the browser's twin compares the same way.
	if p := s.Features.CertifiedProgramme; p != "" && c.Certified && c.CarType == CarTypeUsed && strings.EqualFold(strings.TrimSpace(c.Make), p) {
		return CardTag{Kind: TagCertified, Text: p + " Certified Pre-Owned"}
	}
	if t := strings.TrimSpace(c.Tag); t != "" {
		return CardTag{Kind: TagCustom, Text: t}
	}
	if c.Status == StatusComingSoon {
		return CardTag{Kind: TagComingSoon, Text: ComingSoonText}
	}
	if !c.CreatedAt.IsZero() {
		if age := now.Sub(c.CreatedAt); age >= 0 && age < NewTagWindow {
			return CardTag{Kind: TagNew, Text: s.Texts.NewTag}
		}
	}
	return CardTag{}
}
