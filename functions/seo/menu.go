package seo

import (
	"html/template"
	"strconv"
	"strings"

	"forecourt/shared"
)

// MenuPaint is the header's menu as the app's Header renders it before a
// shopper touches it (web/src/features/shell/components: Header, Dropdown,
// ModelsMenu, LocationsMenu, MenuLink): every dropdown closed, and below
// 900 px the whole menu a closed drawer. Painted in full, the header has
// its final height before any script runs, at every width.
type MenuPaint struct {
	Entries []MenuEntry
	// LocationsLink is the Locations control as a link to /dealerships
	// (header.locations_link).
	LocationsLink bool
	// Locations are the Locations dropdown's entries; none shows no
	// dropdown.
	Locations []LocationEntry
	// Phone is the number the desktop header shows beside the menu (Header's
	// site-header__phone: the first location's, where phone links are on);
	// nil for none (issue 32 item 13).
	Phone *LocationEntry
}

// MenuEntry is one entry of the menu: a link, or a dropdown when ID is set.
type MenuEntry struct {
	Label string
	Href  Href
	// Active marks the top-level link of the page the shopper is on, as
	// the app's NavLink does (class "active", aria-current).
	Active bool
	// ID is a dropdown's list id, which its button controls.
	ID       string
	Children []MenuEntry
}

// LocationEntry is one location of the Locations dropdown.
type LocationEntry struct {
	Name, Phone string
	Href        Href
	// Label is the link's accessible name, as LocationsMenu words it.
	Label string
}

// Href is a menu link's target. html/template lets only http, https and
// mailto URLs through; a tel: link (the Locations dropdown's phone links,
// a configured "Call us" entry) is a scheme the app links too, so it is
// passed as a URL. Anything else is escaped and filtered as usual, so a
// javascript: path in a site's config never becomes a link.
type Href string

// URL is the value the template writes.
func (h Href) URL() any {
	if len(h) > 4 && strings.EqualFold(string(h[:4]), "tel:") {
		return template.URL(h)
	}
	return string(h)
}

// menuPaint is the menu of site on the page at path: shared.HeaderMenu's
// entries, then the Locations control (shared.HeaderLocations), as Header
// renders them.
func menuPaint(site shared.Site, path string) MenuPaint {
	m := MenuPaint{LocationsLink: site.Header.LocationsLink}
	groups := 0
	dropdown := func(label string, children []shared.NavItem) MenuEntry {
		groups++
		e := MenuEntry{Label: label, ID: "site-nav-group-" + strconv.Itoa(groups)}
		for _, c := range children {
			e.Children = append(e.Children, MenuEntry{Label: c.Label, Href: Href(c.Path)})
		}
		return e
	}
	for _, item := range shared.HeaderMenu(site) {
		switch {
		case item.Stock, item.Models && site.Manufacturer != nil:
			// ModelsMenu: its makes (Our Stock) or models are asked for
			// when it first opens; closed, it holds the configured links.
			m.Entries = append(m.Entries, dropdown(item.Label, item.Children))
		case len(item.Children) > 0:
			m.Entries = append(m.Entries, dropdown(item.Label, item.Children))
		default:
			m.Entries = append(m.Entries, MenuEntry{Label: item.Label, Href: Href(item.Path),
				Active: !external(item.Path) && navActive(path, item.Path)})
		}
	}
	locations := shared.HeaderLocations(site)
	if len(locations) > 0 && strings.HasPrefix(locations[0].Href, "tel:") {
		l := locations[0]
		m.Phone = &LocationEntry{Name: l.Name, Phone: l.Phone, Href: Href(l.Href), Label: "Call " + l.Name + ": " + l.Phone}
	}
	if m.LocationsLink {
		return m
	}
	for _, l := range locations {
		m.Locations = append(m.Locations, LocationEntry{Name: l.Name, Phone: l.Phone, Href: Href(l.Href), Label: l.Label})
	}
	return m
}

// external is the web's isExternal (MenuLink): a link that leaves the app.
func external(p string) bool {
	for _, scheme := range []string{"http:", "https:", "tel:", "mailto:"} {
		if len(p) >= len(scheme) && strings.EqualFold(p[:len(scheme)], scheme) {
			return true
		}
	}
	return false
}

// navActive is react-router's NavLink match, which the app's menu links
// use: the page is the link's path, or under it; "/" matches itself only
// (Header's end for "/"); case is ignored; a query or fragment of the
// link's is not part of its path.
func navActive(page, link string) bool {
	if i := strings.IndexAny(link, "?#"); i >= 0 {
		link = link[:i]
	}
	page, link = strings.ToLower(page), strings.ToLower(link)
	if page == link {
		return true
	}
	if link == "/" || !strings.HasPrefix(page, link) {
		return false
	}
	end := len(link)
	if strings.HasSuffix(link, "/") {
		end--
	}
	return page[end] == '/'
}
