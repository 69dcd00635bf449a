package shared

import "testing"

func TestImageSrc(t *testing.T) {
	if got := (Image{URL: "a.jpg"}).Src(); got != "a.jpg" {
		t.Errorf("flat form: %q", got)
	}
	if got := (Image{Image: &ImageRef{URL: "b.jpg"}}).Src(); got != "b.jpg" {
		t.Errorf("spec 000 §3 nested image.url form: %q", got)
	}
}
