package shared

import "strings"

// CarPhone returns the number to call about a car, by spec 001 §8's fallback
// order: the site's override; the number for the car's type (demo falling
// back to new); new; used; then the car's location phone. It is "" when
// there is none.
func CarPhone(c Car, s Site) string {
	p := s.Phones
	candidates := []string{p.Override}
	switch c.CarType {
	case CarTypeNew:
		candidates = append(candidates, p.New)
	case CarTypeUsed:
		candidates = append(candidates, p.Used)
	case CarTypeDemo:
		candidates = append(candidates, p.Demo, p.New)
	}
	candidates = append(candidates, p.New, p.Used)
	if c.Location != nil {
		candidates = append(candidates, c.Location.Phone)
	}
	for _, n := range candidates {
		if n = strings.TrimSpace(n); n != "" {
			return n
		}
	}
	return ""
}
