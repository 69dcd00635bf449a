package seo

import (
	"cmp"
	"fmt"
	"html/template"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/shared"
)

// Paint is what a page's shell renders inside #root, so the browser paints
// the page's largest content (a car's title, price and first photo) before
// any script runs (issue 14 "First paint without a round trip"). It is the
// markup of the app's own first render of the same data, with the same
// classes (web Layout, Header and CarDetail), so when React replaces it
// (createRoot, once the route's chunk is loaded: web/src/main.tsx) nothing
// moves. Only the part above the fold is rendered: the site header and the
// page's head; the rest comes with the app. The header is painted whole,
// its menu too (MenuPaint), so it keeps its height at every width.
type Paint struct {
	// Route is the lazy route page the markup stands for ("car",
	// "listing"): the app loads its chunks before it replaces the markup.
	Route string
	// Template is the site's layout variant (the web's templateOf).
	Template string
	SiteName string
	// Logo is the site's logo URL, "" for none.
	Logo    string
	Car     *CarPaint
	Home    *HomePaint
	Listing *ListingPaint
	// Location is a location page's (templates/LocationPage.tmpl).
	Location *LocationPaint
	// Footer is the site footer after main (templates/Footer.tmpl), nil
	// for none.
	Footer *FooterPaint
	// Offers, Offer, Content, NotFound and PageHead are the other pages'
	// (templates/OffersPage.tmpl, ContentPage.tmpl, NotFound.tmpl,
	// PageHead.tmpl; issue 34).
	Offers   *OffersPaint
	Offer    *OfferCardPaint
	Content  *ContentPaint
	NotFound *NotFoundPaint
	PageHead *PageHeadPaint
	// DealershipCars is a dealership's own search with its first cards
	// (templates/DealershipSearchPage.tmpl; issue 34).
	DealershipCars *DealershipCarsPaint

	// Menu is the header's menu.
	Menu MenuPaint
	// BundledBadge is the URL of the app's own certified badge image,
	// which the build lists (web/vite.config.ts buildAssets); Shell.Render
	// sets it. "" when the build lists none.
	BundledBadge string
}

// HomePaint is the home page's promotions slider and heading (web
// HomePage, PromotionsSlider).
type HomePaint struct {
	// Slides are the slides showing today (shared.PromoActive), the first
	// in view.
	Slides []PaintSlide
	// Width and Height are the slides' intrinsic size; Aspect is the
	// slider's aspect-ratio from them.
	Width, Height int
	Aspect        template.CSS
	// Listing is the listing's path, the first of the heading's links.
	Listing string
	// Links are the heading's other links, the menu's car types
	// (HomePage: navigationOf without the site's own navigation, after
	// Our Stock), painted so the buttons do not arrive with the app
	// (issue 32 item 10).
	Links []shared.NavItem
	// MaxPrices are the quick search's price ceilings (QuickSearch
	// MAX_PRICES), formatted.
	MaxPrices []PaintOption
	// PopularMakes and Makes are the quick search's make list, as the
	// app's makeMenu groups it; Models are every make's models, a group
	// each, as no script narrows them to the chosen make before the app
	// runs (issue 32). All from the site's stats; none without them.
	PopularMakes, Makes []PaintOption
	Models              []PaintGroup
}

// PaintOption is one option of a painted select.
type PaintOption struct{ Value, Label string }

// PaintGroup is an optgroup of a painted select.
type PaintGroup struct {
	Label   string
	Options []PaintOption
}

// QuickSearchAction is where the painted quick search sends its fields
// (make, model, max_price) when pressed before the app runs: the document
// server redirects it to QuickSearchPath.
const QuickSearchAction = "/search"

// QuickSearchPath is the listing a quick search opens, the web's
// quickSearchPath (features/home/components/QuickSearch.tsx): make and
// model in the path, the price ceiling as the price range. Make and model
// are spelled as the site's stock spells them (stats may be nil); a model
// without a make opens its make's listing, a model the make lacks is
// dropped, and a price ceiling that is not a whole number of dollars is
// ignored.
func QuickSearchPath(makeName, modelName, maxPrice string, stats *shared.SiteStats) string {
	makeName, modelName = strings.TrimSpace(makeName), strings.TrimSpace(modelName)
	var makes map[string]int
	var models map[string]map[string]int
	if stats != nil {
		makes, models = stats.Facets["make"], stats.Models
	}
	if m, ok := spelledIn(makeName, makes); ok {
		makeName = m
	}
	if modelName != "" && models != nil {
		found := ""
		for mk, ms := range models {
			if makeName != "" && !strings.EqualFold(mk, makeName) {
				continue
			}
			if m, ok := spelledIn(modelName, ms); ok && (found == "" || mk < found) {
				// The first make by name when two makes share a model name.
				found, modelName = mk, m
			}
		}
		if found == "" {
			modelName = ""
		} else {
			makeName = found
		}
	}
	path := ListingPath
	if makeName != "" {
		path = "/search/" + url.PathEscape(makeName)
		if modelName != "" {
			path += "/" + url.PathEscape(modelName)
		}
	}
	if n, err := strconv.Atoi(maxPrice); err == nil && n > 0 {
		path += "?price=:" + strconv.Itoa(n)
	}
	return path
}

// quickSearchLists are the quick search's make and model options from the
// site's stats: the popular makes (the site's popular_makes that have
// stock, else the makes with the most stock; at most MakeSplitIndex), every
// make by name, and each make's models by name, each with its count.
func quickSearchLists(site shared.Site, stats *shared.SiteStats) (popular, all []PaintOption, models []PaintGroup) {
	if stats == nil {
		return nil, nil, nil
	}
	type count struct {
		name string
		n    int
	}
	counts := func(m map[string]int) []count {
		var out []count
		for k, n := range m {
			if strings.TrimSpace(k) != "" && n > 0 {
				out = append(out, count{k, n})
			}
		}
		slices.SortFunc(out, func(a, b count) int { return cmp.Compare(strings.ToLower(a.name), strings.ToLower(b.name)) })
		return out
	}
	option := func(c count) PaintOption {
		return PaintOption{Value: c.name, Label: fmt.Sprintf("%s (%d)", c.name, c.n)}
	}
	makes := counts(stats.Facets["make"])
	for _, c := range makes {
		all = append(all, option(c))
	}
	var top []count
	for _, p := range site.Search.PopularMakes {
		if i := slices.IndexFunc(makes, func(c count) bool { return strings.EqualFold(c.name, p) }); i >= 0 && !slices.Contains(top, makes[i]) {
			top = append(top, makes[i])
		}
	}
	if len(top) == 0 {
		top = slices.Clone(makes)
		slices.SortStableFunc(top, func(a, b count) int { return cmp.Compare(b.n, a.n) })
	}
	for _, c := range top[:min(len(top), MakeSplitIndex)] {
		popular = append(popular, option(c))
	}
	for _, mk := range makes {
		g := PaintGroup{Label: mk.name}
		for _, c := range counts(stats.Models[mk.name]) {
			g.Options = append(g.Options, option(c))
		}
		if len(g.Options) > 0 {
			models = append(models, g)
		}
	}
	return popular, all, models
}

// MakeSplitIndex is the most makes the popular group lists (the web's
// MAKE_SPLIT_INDEX, spec 000 §9).
const MakeSplitIndex = 20

// QuickSearchMaxPrices are the home quick search's price ceilings, twin of
// the web's MAX_PRICES (features/home/components/QuickSearch.tsx).
var QuickSearchMaxPrices = []int{10000, 20000, 30000, 40000, 50000, 75000, 100000}

// PaintSlide is one slide of the home page's slider.
type PaintSlide struct {
	shared.PromoTile
	// Style is the slide's background as CSS, "" when it has none or it is
	// not a plain colour or gradient (the app then sets it).
	Style template.CSS
	// Internal is a link_path on the site, which the app links with its router.
	Internal bool
}

// CarPaint is the car page's head and first photo (web CarDetail).
type CarPaint struct {
	Title string
	Tag   shared.CardTag
	// TagImage is the site's certified badge image of a certified tag
	// ("" for the app's bundled badge: Paint.BundledBadge).
	TagImage  string
	BadgeLine string
	// Certified is the certified programme's badge title, "" for none.
	Certified string
	Price     shared.PriceDisplay
	Market    bool
	// Weekly is the finance estimate's link text ("$123 per week*").
	Weekly      string
	Sold        bool
	SoldNotice  string
	FindSimilar *shared.CarAction
	// Photos are the gallery's images, the first shown; none for a car
	// with only a placeholder (Placeholder is then shown).
	Photos      []string
	Photo       *ImagePreload
	Placeholder string
}

// badgeLine is the line under a car's title on its card and page: badge
// and series (web CarCard, CarDetail).
func badgeLine(c shared.Car) string {
	var line []string
	for _, s := range []string{c.Badge, c.Series} {
		if s != "" {
			line = append(line, s)
		}
	}
	return strings.Join(line, " · ")
}

// templateOf is the web's templateOf (features/site/theme.ts): the layout
// variants, "classic" for any other name.
func templateOf(name string) string {
	if name == "modern" {
		return "modern"
	}
	return "classic"
}

// sitePaint is the part of every painted page that comes from the site:
// the header, its menu showing the page at p.Path.
func (p Page) sitePaint() Paint {
	site := p.Site
	paint := Paint{Template: templateOf(site.Template), SiteName: site.Name, Menu: menuPaint(site, p.Path)}
	if site.Logo != nil {
		paint.Logo = site.Logo.URL
	}
	return paint
}

// CarPaint is the paint of a car page: the car and the server's view of it,
// as CarDetail renders them.
func (p Page) CarPaint(c shared.Car, v shared.CarView) *Paint {
	cp := &CarPaint{
		Title:       shared.CarTitle(c, p.Site.Card.ExtendedTitle),
		Tag:         v.Tag,
		Price:       v.Price,
		Market:      v.Market != nil,
		Sold:        !v.Available,
		SoldNotice:  p.Site.Texts.SoldNotice,
		Placeholder: p.Site.Texts.NewArrival,
	}
	if v.Tag.Kind == shared.TagCertified {
		cp.TagImage = p.Site.Features.CertifiedBadgeImage
	}
	cp.BadgeLine = badgeLine(c)
	if v.Certified != nil {
		cp.Certified = v.Certified.Title
	}
	if f := v.Finance; f != nil {
		cp.Weekly = f.AmountText + " per " + f.Per() + "*"
	}
	if cp.Sold {
		for i, a := range v.Actions {
			if a.Kind == shared.ActionFindSimilar {
				cp.FindSimilar = &v.Actions[i]
			}
		}
	}
	if pre := GalleryPreload(c); pre != nil {
		for _, im := range c.Images {
			if im.URL != "" {
				cp.Photos = append(cp.Photos, im.URL)
			}
		}
		if len(cp.Photos) == 0 {
			cp.Photos = []string{pre.Href}
		}
		cp.Photo = pre
	}
	paint := p.sitePaint()
	paint.Route = "car"
	paint.Car = cp
	return &paint
}

// safeBackground is a slide background the shell may write into a style
// attribute: colours, gradients and their arguments, no quotes, semicolons
// or braces (html/template refuses parentheses in CSS values, and a
// config's value must never break out of the attribute).
var safeBackground = regexp.MustCompile(`^[#\w\s(),.%-]+$`)

// HomePaint is the paint of the home page: the site's slides showing at
// now, as PromotionsSlider renders them, the page's heading, and the quick
// search with the makes and models of the site's stats (nil for none).
func (p Page) HomePaint(now time.Time, stats *shared.SiteStats) *Paint {
	home := p.Site.Home
	hp := &HomePaint{Width: home.SlideWidth, Height: home.SlideHeight, Listing: p.Site.StockListing(),
		Aspect: template.CSS(fmt.Sprintf("%d / %d", home.SlideWidth, home.SlideHeight))}
	menuSite := p.Site
	menuSite.Navigation = nil
	hp.Links = shared.HeaderMenu(menuSite)[1:]
	for _, v := range QuickSearchMaxPrices {
		hp.MaxPrices = append(hp.MaxPrices, PaintOption{Value: strconv.Itoa(v), Label: shared.FormatPrice(float64(v))})
	}
	hp.PopularMakes, hp.Makes, hp.Models = quickSearchLists(p.Site, stats)
	for _, s := range home.Slides {
		if !shared.PromoActive(s, now) {
			continue
		}
		ps := PaintSlide{PromoTile: s, Internal: strings.HasPrefix(s.LinkPath, "/")}
		if s.Background != "" && safeBackground.MatchString(s.Background) {
			ps.Style = template.CSS("background: " + s.Background)
		}
		hp.Slides = append(hp.Slides, ps)
	}
	paint := p.sitePaint()
	paint.Route = "home"
	paint.Home = hp
	return &paint
}

// paintTemplate is the markup. Its classes and structure are the web's
// (Layout; the home page; the listing's SearchPage and CarCard): a change
// there needs one here, which web/e2e/paint.test.mjs notices (the server's
// markup and the app's first render are compared there), and for the
// cards CarCard.paint.test.tsx. The parts in templates/ (Header,
// CarDetail, Gallery, LocationPage) are each compared with their React
// component by its *.paint.test.tsx.
var paintTemplate = template.Must(withComponents(template.New("paint").Funcs(template.FuncMap{
	"inc":               func(i int) int { return i + 1 },
	"quickSearchAction": func() string { return QuickSearchAction },
})).Parse(`<div class="layout layout--{{.Template}}">
      <a class="skip-link" href="#main">Skip to content</a>
{{- template "Header" .}}
      <main id="main" tabindex="-1">
{{- template "CarDetail" .}}
{{- with .Home}}
        <section class="home">
{{- if .Slides}}
{{- $count := len .Slides}}
          <section class="slider" aria-roledescription="carousel" aria-label="Promotions">
            <div class="slider__viewport" style="aspect-ratio: {{.Aspect}}" aria-live="{{if gt $count 1}}off{{else}}polite{{end}}">
{{- range $i, $s := .Slides}}
              <div class="slide" role="group" aria-roledescription="slide" aria-label="{{inc $i}} of {{$count}}"{{if $i}} hidden{{end}}{{with $s.Style}} style="{{.}}"{{end}}>
{{- with $s.ImageURL}}<img class="slide__image" src="{{.}}" alt="{{$s.Alt}}" width="{{$.Home.Width}}" height="{{$.Home.Height}}" sizes="100vw"{{if $i}} loading="lazy" fetchpriority="auto" decoding="async"{{else}} loading="eager" fetchpriority="high" decoding="sync"{{end}} />{{end}}
{{- if $s.LinkPath}}<a class="slide__link" href="{{$s.LinkPath}}">{{end -}}
<div class="slide__text"><p class="slide__title">{{$s.Title}}</p>{{with $s.Body}}<p class="slide__body">{{.}}</p>{{end}}</div>
{{- if $s.LinkPath}}</a>{{end -}}
</div>
{{- end}}
            </div>
{{- if gt $count 1}}
            <div class="slider__controls"><button type="button" class="slider__button">Pause slides</button><button type="button" class="slider__button" aria-label="Previous slide">‹</button><ol class="slider__picker" aria-label="Choose a slide">
{{- range $i, $s := .Slides}}<li><button type="button" class="slider__dot" aria-label="Slide {{inc $i}}: {{$s.Title}}"{{if not $i}} aria-current="true"{{end}}></button></li>{{end -}}
</ol><button type="button" class="slider__button" aria-label="Next slide">›</button></div>
{{- end}}
          </section>
{{- end}}
          <div class="home__hero"><h1>{{$.SiteName}}</h1><p>Find your next car from our current stock.</p><div class="home__actions"><a class="button" href="{{.Listing}}">Browse all cars</a>
{{- range .Links}}<a class="button button--ghost" href="{{.Path}}">{{.Label}}</a>{{end -}}
</div></div>
          <div class="home-browse"><form class="quick-search" aria-label="Quick search" action="{{quickSearchAction}}" method="get">
            <div class="quick-search__field"><label for="quick-search-make">Make</label><select id="quick-search-make" name="make"><option value="">Any make</option>
{{- with .PopularMakes}}<optgroup label="Popular makes">{{range .}}<option value="{{.Value}}">{{.Label}}</option>{{end}}</optgroup>{{end -}}
{{- with .Makes}}<optgroup label="All makes">{{range .}}<option value="{{.Value}}">{{.Label}}</option>{{end}}</optgroup>{{end -}}
</select></div>
            <div class="quick-search__field"><label for="quick-search-model">Model</label><select id="quick-search-model" name="model"><option value="">Any model</option>
{{- range .Models}}<optgroup label="{{.Label}}">{{range .Options}}<option value="{{.Value}}">{{.Label}}</option>{{end}}</optgroup>{{end -}}
</select></div>
            <div class="quick-search__field"><label for="quick-search-price">Max price</label><select id="quick-search-price" name="max_price"><option value="">Any price</option>
{{- range .MaxPrices}}<option value="{{.Value}}">{{.Label}}</option>{{end -}}
</select></div>
            <button type="submit" class="button quick-search__submit">Search cars</button>
          </form></div>
        </section>
{{- end}}
{{- with .Listing}}
        <div class="listing">
          <div class="listing__heading"><h1>{{.Title}}</h1><p class="listing__count" role="status" aria-live="polite">{{.Count}}</p></div>
          <div class="listing__toolbar">
            <form role="search" class="search-box"><label for="listing-search" class="visually-hidden">Search cars</label><input id="listing-search" type="search" placeholder="Make, model or keyword" autocomplete="off" enterkeyhint="search" value="" /><button type="submit" class="button">Search</button></form>
{{- with .Sort}}
            <label class="sort-select"><span>Sort by</span><select>
{{- range .}}<option value="{{.Value}}"{{if .Selected}} selected{{end}}>{{.Label}}</option>{{end -}}
</select></label>
{{- end}}
            <button type="button" class="button button--ghost filters-toggle" aria-haspopup="dialog" aria-expanded="false" aria-controls="search-filters">Filters</button>
          </div>
          <div class="listing__tiles">
{{- with .Tiles}}<div class="body-tiles" role="group" aria-label="Body type">
{{- range .}}<button type="button" class="body-tile" aria-pressed="false">{{.}}</button>{{end -}}
</div>{{end -}}
</div>
{{- with .Chips}}
          <ul class="current-filters" aria-label="Active filters">
{{- range .}}<li><button type="button" class="chip chip--removable" aria-label="Remove {{.}}"><span>{{.}}</span><span aria-hidden="true">×</span></button></li>{{end -}}
</ul>
{{- end}}
          <div class="listing__body">
            <aside id="search-filters" class="filters filters--drawer" aria-label="Filters"><div class="filters__head"><h2>Filters</h2></div><div class="filters__body"></div></aside>
            <section class="listing__results" aria-labelledby="results-title">
              <h2 id="results-title" class="visually-hidden">Search results</h2>
              <ol class="results" aria-busy="false" aria-label="Cars">
{{- range .Cards}}
                <li class="results__item">{{template "CarCard" .}}</li>
{{- end}}
              </ol>
{{- with .FinePrint}}<p class="results-fine-print">{{.}}</p>{{end}}
            </section>
          </div>
        </div>
{{- end}}
{{- with .Location}}{{template "LocationPage" .}}{{end}}
{{- with .Offers}}{{template "OffersPage" .}}{{end}}
{{- with .Offer}}{{template "OfferPage" .}}{{end}}
{{- with .Content}}{{template "ContentPage" .}}{{end}}
{{- with .NotFound}}{{template "NotFound" .}}{{end}}
{{- with .PageHead}}{{template "PageHead" .}}{{end}}
{{- with .DealershipCars}}{{template "DealershipSearchPage" .}}{{end}}
      </main>
{{- with .Footer}}{{template "Footer" .}}{{end}}
    </div>`))

// PhotoTag is the gallery's first photo as the app renders it (width and
// height for its box, high priority: the page's largest picture). Written
// by hand like ImagePreload.Tag: html/template would percent-encode the
// spaces of a srcset.
func (c *CarPaint) PhotoTag() template.HTML {
	var b strings.Builder
	b.WriteString(`<img src="` + template.HTMLEscapeString(c.Photo.Href) + `"`)
	if c.Photo.SrcSet != "" {
		b.WriteString(` srcset="` + template.HTMLEscapeString(c.Photo.SrcSet) + `"`)
	}
	b.WriteString(` sizes="` + template.HTMLEscapeString(c.Photo.Sizes) + `"`)
	b.WriteString(` alt="` + template.HTMLEscapeString(c.Title+", photo 1 of "+strconv.Itoa(len(c.Photos))) + `"`)
	b.WriteString(` width="960" height="640" fetchpriority="high" />`)
	return template.HTML(b.String())
}
