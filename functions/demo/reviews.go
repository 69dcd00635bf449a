package demo

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"time"

	"forecourt/shared"
)

// reviewTexts are distinct reviews by department; a location draws its
// reviews from its own department's pool without repeating one (issue 32
// item 8: one sentence was repeated four times). Each pool holds more than
// a location ever lists (shared.DefaultReviewsFullQuantity).
var reviewTexts = map[shared.LocationType][]string{
	shared.LocationSales: {
		"Friendly team and no pressure. Picked up my car on time and it was spotless.",
		"Great experience from test drive to delivery. Would buy here again.",
		"The sales consultant explained the finance options clearly and honestly.",
		"Easy trade-in and a fair price. The whole process took under two hours.",
		"Good range of cars and they let me take my time deciding.",
		"Paperwork was quick and they walked me through every feature of the car.",
		"I enquired online on a Sunday night and had a call first thing Monday with the car's full history.",
		"They found the exact colour and spec I wanted from another yard and had it here within a week.",
		"Second car we have bought here. Same straightforward, honest service as the first time.",
		"Our salesperson remembered we had a baby on the way and fitted the capsule before we drove off.",
		"Bought interstate sight unseen. The video walk-around was thorough and the car arrived as described.",
		"No haggling games: the price on the website was the price on the contract.",
		"Handover took an hour and we left with our phones paired and the apps set up.",
		"They gave me a proper test drive on the motorway, not just around the block.",
		"Delivery was a day late, but they rang ahead to tell me and filled the tank to make up for it.",
		"First car for my daughter. They were patient with all her questions and checked the insurance quote with us.",
	},
	shared.LocationService: {
		"Service was booked quickly and the car was ready the same afternoon.",
		"Kept me updated by text while the car was in for its service.",
		"Wait was a bit long but the team was apologetic and the work was good.",
		"The courtesy car made a full-day service painless.",
		"They rang before doing anything extra and the final bill matched the quote.",
		"Found a recall item I didn't know about and fixed it under warranty.",
		"Clear explanation of what the car needed now and what could wait until next time.",
		"Dropped the car off at 7:30 and the shuttle had me at work by 8.",
		"Capped-price service came in exactly at the advertised price.",
		"My car came back washed and vacuumed, which I didn't expect.",
		"The technician showed me the worn brake pads rather than just telling me.",
		"Booked online in two minutes and the service advisor had my history ready when I arrived.",
		"Sorted a warning light another workshop couldn't find.",
		"Friendly advisors, comfortable waiting room and decent coffee.",
	},
	shared.LocationParts: {
		"Parts counter found what I needed straight away. Very helpful staff.",
		"Ordered a genuine roof rack on Tuesday and it was in by Thursday.",
		"They checked my VIN to make sure the wiper blades were the right ones.",
		"Fair prices on genuine parts and they explained the difference from aftermarket.",
		"Rang ahead and they had the floor mats waiting at the counter.",
		"Knowledgeable team who helped me choose the right tow bar kit.",
		"Quick, friendly service and they fitted the number-plate frame while I waited.",
		"Had an accessory in stock that two other dealers said was back-ordered.",
		"They posted a filter to me in the country at no extra charge.",
		"Helpful advice on which oil my older car needs.",
		"Easy return of a part I ordered wrong, no fuss.",
		"Counter staff were busy but still took time to look up an obscure clip for me.",
		"Got genuine mud flaps fitted the same day.",
	},
}

var reviewerFirst = []string{"Sarah", "James", "Priya", "Tom", "Mei", "Liam", "Olivia", "Noah", "Aisha", "Jack", "Chloe", "Ethan",
	"Grace", "Lachlan", "Hannah", "Mohammed", "Ruby", "Cooper", "Zara", "Daniel"}
var reviewerLast = []string{"M.", "T.", "K.", "R.", "L.", "W.", "B.", "S.", "D.", "H."}

// ReviewCount is how many demo reviews a location gets: a number from the
// list's length (reviews.full_quantity) down to two below it, varying by
// location, so the summary's "Based on N reviews" is the N that "Show all"
// lists (issue 32 item 8).
func ReviewCount(l shared.Location, cfg shared.ReviewsConfig) int {
	limit := cfg.ListLimit()
	h := fnv.New32a()
	h.Write([]byte("review count " + l.ID))
	return max(1, limit-int(h.Sum32()%3))
}

// Reviews returns n deterministic demo reviews of a location, at most as
// many as its department's pool holds, dated over the months before now:
// four and five stars, each text once. All of them pass the site's review
// filters, so the summary counts what the list shows.
func Reviews(l shared.Location, n int, now time.Time) []shared.Review {
	h := fnv.New64a()
	h.Write([]byte(l.ID))
	r := rand.New(rand.NewPCG(h.Sum64(), 11))
	pool, ok := reviewTexts[l.LocationType]
	if !ok {
		pool = reviewTexts[shared.LocationSales]
	}
	texts := r.Perm(len(pool))
	n = min(n, len(texts))
	out := make([]shared.Review, 0, n)
	for i := range n {
		rating := 5.0
		if r.IntN(10) < 3 {
			rating = 4
		}
		out = append(out, shared.Review{
			ID:           fmt.Sprintf("demo-%02d", i),
			LocationID:   l.ID,
			Text:         pool[texts[i]],
			CustomerName: reviewerFirst[r.IntN(len(reviewerFirst))] + " " + reviewerLast[r.IntN(len(reviewerLast))],
			Rating:       rating,
			ReviewDate:   now.AddDate(0, 0, -(i*13 + r.IntN(10))).Format(time.DateOnly),
		})
	}
	return out
}
