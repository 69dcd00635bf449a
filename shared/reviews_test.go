package shared

import (
	"strings"
	"testing"
)

func TestFilterReviews(t *testing.T) {
	reviews := []Review{
		{ID: "1", Text: "Great service", CustomerName: "Jo", Rating: 5},
		{ID: "2", Text: "(Translated by Google) Very good", CustomerName: "Ana", Rating: 5},
		{ID: "3", Text: "Fine", CustomerName: "Lee", Rating: 3},
		{ID: "4", Text: "Helpful staff", CustomerName: " a google user ", Rating: 5},
		{ID: "5", Text: "Good", CustomerName: "Max", Rating: 4},
	}
	got := FilterReviews(reviews, ReviewsConfig{MinRating: 4, HiddenNames: []string{"A Google User"}})
	var ids []string
	for _, r := range got {
		ids = append(ids, r.ID)
	}
	if strings.Join(ids, ",") != "1,5" {
		t.Errorf("spec 001 §3, §9: kept %v, want 1,5", ids)
	}
}
