package shared

import (
	"strings"
	"testing"
)

// Issue 32 item 10: "Our dealerships" showed twice on a group's home page
// (its dealerships and the brand banner of dealership websites) and, on a
// single dealer, linked off-site. One typed setting picks the one section;
// by default it is the site's own dealerships, linked on-site.
func TestHomeOurDealerships(t *testing.T) {
	tests := []struct {
		name    string
		home    string // the tenant file's "home" object
		want    OurDealerships
		wantErr string // a field the error must name, "" for none
	}{
		{name: "default: the site's own dealerships", home: `{}`, want: OurDealershipsList},
		{name: "the brand banner of dealership websites", home: `{"our_dealerships":"websites"}`, want: OurDealershipsWebsites},
		{name: "off", home: `{"our_dealerships":"off"}`, want: OurDealershipsOff},
		{name: "unknown value", home: `{"our_dealerships":"both"}`, wantErr: "home.our_dealerships"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `{"slug":"a-site","name":"A Site","dealerships":[{"id":"d1","slug":"d1","name":"D1"}],"home":` + tt.home + `}`
			s, err := DecodeSite(strings.NewReader(src), "site.json")
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got %v, want an error naming %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Home.OurDealerships != tt.want {
				t.Errorf("home.our_dealerships = %q, want %q", s.Home.OurDealerships, tt.want)
			}
		})
	}
}
