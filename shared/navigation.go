package shared

// StockPath is the listing's short form, the header menu's "Our Stock"
// (the web's STOCK_PATH).
const StockPath = "/cars/"

// HeaderMenu is the site header's menu (spec 001 §2): the site's own
// navigation, or "Our Stock" followed, when the site sells more than one
// car type, by one link per type in the order stock.car_types lists them.
// The web's navigationOf (web/src/app/navigation.ts) is the same rule; the
// server paints the menu before the app renders it (issue 14).
func HeaderMenu(s Site) []NavItem {
	if len(s.Navigation) > 0 {
		return s.Navigation
	}
	menu := []NavItem{{Label: "Our Stock", Path: StockPath}}
	if len(s.Stock.CarTypes) < 2 {
		return menu
	}
	for _, t := range s.Stock.CarTypes {
		for _, c := range carTypeLinks {
			if c.t == t {
				menu = append(menu, NavItem{Label: c.label, Path: c.path})
			}
		}
	}
	return menu
}
