package shared

import "regexp"

// placeholderImage is an image URL that stands for "no photo" (web
// lib/carTitle.ts imageOf): no page shows such a picture as a photo.
var placeholderImage = regexp.MustCompile(`(?i)(placeholder|coming[-_ ]?soon|no[-_ ]?image|default[-_ ]?image)`)

// FirstPhoto is the photo a car's card and gallery show first: its primary
// image, else its first image or thumbnail; "" for none or a placeholder.
func FirstPhoto(c Car) string {
	src := c.PrimaryImageURL
	if src == "" && len(c.Images) > 0 {
		src = c.Images[0].URL
	}
	if src == "" && len(c.Thumbnails) > 0 {
		src = c.Thumbnails[0]
	}
	if placeholderImage.MatchString(src) {
		return ""
	}
	return src
}

// HasPhotos reports whether the car has a photo to show, not only a
// placeholder (the listing's photos-first order, search.photos_first).
func HasPhotos(c Car) bool { return FirstPhoto(c) != "" }
