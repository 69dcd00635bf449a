package httpapi

import (
	"bytes"
	"encoding/json"
	"testing"

	"forecourt/functions/pages"
	"forecourt/functions/seo"
	"forecourt/shared"
)

// Issue 34: a content page is painted from its first HTML, and that markup
// is ContentPage's own (web ContentPage.paint.test.tsx renders the fixture
// written here and compares the DOM with the golden page).
func TestContentPaintGolden(t *testing.T) {
	site := shared.Site{Slug: "coastal", Name: "Coastal Motor Group"}
	page, err := pages.Render("---\ntitle: About us\ndescription: Family owned.\n---\nWe are **{{dealer}}**.\n\n- Sales\n- [Service](/service)\n", site.Name)
	if err != nil {
		t.Fatal(err)
	}
	shell, err := seo.ParseShell([]byte(docIndex))
	if err != nil {
		t.Fatal(err)
	}
	p := seo.Page{Site: site, Origin: "https://coastal.example", Path: "/about-us"}
	h := p.Content(page.Title, page.Description)
	h.Paint = p.ContentPaint(page)
	var out bytes.Buffer
	if err := shell.Render(&out, h); err != nil {
		t.Fatal(err)
	}
	input, err := json.MarshalIndent(map[string]any{"site": site, "data": ContentPageData{Path: "/about-us", Page: &page}}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "TestContentPaintGolden", "ContentPage.paint.test.tsx", map[string][]byte{"content-painted.html": out.Bytes(), "content-painted.json": append(input, '\n')})
}
