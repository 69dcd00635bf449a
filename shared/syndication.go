package shared

import (
	"fmt"
	"strings"
	"text/template"
)

// SyndicationConfig says which vehicle feeds a site publishes for each of
// its dealerships (issue 37): Google vehicle ads, Meta automotive
// inventory and TikTok automotive inventory. Each is off by default.
type SyndicationConfig struct {
	Google FeedFormatConfig `json:"google"`
	Meta   FeedFormatConfig `json:"meta"`
	TikTok FeedFormatConfig `json:"tiktok"`
}

// FeedFormatConfig is one format's switch and overrides.
type FeedFormatConfig struct {
	// Enabled publishes the format; default false.
	Enabled bool `json:"enabled"`
	// DescriptionTemplate overrides the car's description (Go text/template
	// over FeedDescription's fields, e.g. "{{.Title}} at {{.Dealership}}");
	// default DefaultFeedDescription. Google's primary feed has no
	// description column, so it is for Meta and TikTok.
	DescriptionTemplate string `json:"description_template,omitempty"`
}

// FeedDescription is what a description template can name.
type FeedDescription struct {
	Title, Condition, Odometer, Body, Transmission, Fuel, Colour, Dealership, Comments string
}

// DefaultFeedDescription is the description of a car in a feed unless the
// format's description_template overrides it.
const DefaultFeedDescription = `{{.Condition}} {{.Title}}{{with .Odometer}}, {{.}}{{end}}{{with .Body}}, {{.}}{{end}}` +
	`{{with .Transmission}}, {{.}}{{end}}{{with .Fuel}}, {{.}}{{end}}{{with .Colour}}, {{.}}{{end}}. Available at {{.Dealership}}.`

// FeedDescriptionTemplate parses the template (DefaultFeedDescription when
// empty), checking it against a sample so a bad field name fails here, at
// validation, not in a feed run.
func FeedDescriptionTemplate(text string) (*template.Template, error) {
	if strings.TrimSpace(text) == "" {
		text = DefaultFeedDescription
	}
	t, err := template.New("description").Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, err
	}
	if err := t.Execute(&strings.Builder{}, FeedDescription{}); err != nil {
		return nil, err
	}
	return t, nil
}

// maxStoreCode bounds a dealership's store_code (an identifier in a feed
// column).
const maxStoreCode = 64

// validateSyndication checks the site's feed settings and its
// dealerships' store codes.
func validateSyndication(s Site, bad func(field, format string, args ...any)) {
	syn := s.Syndication
	if syn == nil {
		syn = &SyndicationConfig{}
	}
	formats := []struct {
		name string
		f    FeedFormatConfig
	}{{"google", syn.Google}, {"meta", syn.Meta}, {"tiktok", syn.TikTok}}
	for _, x := range formats {
		name, f := x.name, x.f
		if _, err := FeedDescriptionTemplate(f.DescriptionTemplate); err != nil {
			bad("syndication."+name+".description_template", "not a template over %s: %v", "Title, Condition, Odometer, Body, Transmission, Fuel, Colour, Dealership, Comments", err)
		}
	}
	for i, d := range s.Dealerships {
		field := fmt.Sprintf("dealerships[%d].store_code", i)
		if len(d.StoreCode) > maxStoreCode {
			bad(field, "at most %d characters, got %d", maxStoreCode, len(d.StoreCode))
		}
		if strings.ContainsAny(d.StoreCode, "\t\r\n,\"") {
			bad(field, "%q has a tab, line break, comma or quote, which feed files cannot carry", d.StoreCode)
		}
	}
}

// FeedStoreCode is the dealership's store code in feeds: store_code, else its
// slug.
func (d Dealership) FeedStoreCode() string {
	if c := strings.TrimSpace(d.StoreCode); c != "" {
		return c
	}
	return d.Slug
}
