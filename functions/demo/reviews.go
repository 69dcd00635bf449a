package demo

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"time"

	"forecourt/shared"
)

var reviewTexts = []string{
	"Friendly team and no pressure. Picked up my car on time and it was spotless.",
	"Great experience from test drive to delivery. Would buy here again.",
	"The sales consultant explained the finance options clearly and honestly.",
	"Service was booked quickly and the car was ready the same afternoon.",
	"Easy trade-in and a fair price. The whole process took under two hours.",
	"Parts counter found what I needed straight away. Very helpful staff.",
	"Kept me updated by text while the car was in for its service.",
	"Good range of cars and they let me take my time deciding.",
	"Paperwork was quick and they walked me through every feature of the car.",
	"Wait was a bit long but the team was apologetic and the work was good.",
}

var reviewerFirst = []string{"Sarah", "James", "Priya", "Tom", "Mei", "Liam", "Olivia", "Noah", "Aisha", "Jack", "Chloe", "Ethan"}
var reviewerLast = []string{"M.", "T.", "K.", "R.", "L.", "W.", "B.", "S."}

// Reviews returns n deterministic demo reviews of a location, dated over the
// year before now: mostly four and five stars, with a three-star review and
// a machine-translated one among them, so the site's filters have something
// to drop (spec 001 §3 "Review").
func Reviews(l shared.Location, n int, now time.Time) []shared.Review {
	h := fnv.New64a()
	h.Write([]byte(l.ID))
	r := rand.New(rand.NewPCG(h.Sum64(), 11))
	out := make([]shared.Review, 0, n)
	for i := range n {
		rating := 5.0
		switch x := r.IntN(10); {
		case x < 3:
			rating = 4
		case x == 3 && i%4 == 0:
			rating = 3
		}
		text := reviewTexts[r.IntN(len(reviewTexts))]
		if i == 2 {
			text = "Excelente servicio, muy recomendable. (Translated by Google)"
		}
		out = append(out, shared.Review{
			ID:           fmt.Sprintf("demo-%02d", i),
			LocationID:   l.ID,
			Text:         text,
			CustomerName: reviewerFirst[r.IntN(len(reviewerFirst))] + " " + reviewerLast[r.IntN(len(reviewerLast))],
			Rating:       rating,
			ReviewDate:   now.AddDate(0, 0, -(i*13 + r.IntN(10))).Format(time.DateOnly),
		})
	}
	return out
}
