package shared

import (
	"strings"
	"unicode/utf8"
)

// DealerCommentsLimit is where dealer comments are truncated (spec 000 §9).
const DealerCommentsLimit = 400

// DealerComments is a car's comments laid out for the detail page.
type DealerComments struct {
	Segments  []string `json:"segments"`  // the text split on '|', trimmed, empty parts dropped
	Short     []string `json:"short"`     // Segments cut to the first 400 characters in total
	Truncated bool     `json:"truncated"` // Short is shorter than Segments (show more / show less)
}

// SplitDealerComments splits comments on the bar character and truncates them
// at 400 characters (spec 000 §2 "Car detail"). Characters are Unicode code
// points; bars do not count.
func SplitDealerComments(text string) DealerComments {
	var d DealerComments
	for _, seg := range strings.Split(text, "|") {
		if seg = strings.TrimSpace(seg); seg != "" {
			d.Segments = append(d.Segments, seg)
		}
	}
	left := DealerCommentsLimit
	for _, seg := range d.Segments {
		if left <= 0 {
			d.Truncated = true
			break
		}
		if n := utf8.RuneCountInString(seg); n > left {
			d.Short = append(d.Short, string([]rune(seg)[:left]))
			d.Truncated = true
			break
		}
		d.Short = append(d.Short, seg)
		left -= utf8.RuneCountInString(seg)
	}
	return d
}
