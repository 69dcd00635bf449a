package httpapi

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A vehicle feed's URL carries its token (issue 37): a failed feed request
// is logged with the route's pattern, never the token; other paths as sent.
func TestFailedRequestLogHoldsNoFeedToken(t *testing.T) {
	var logs bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
	for _, tt := range []struct{ pattern, path, want, never string }{
		{"GET /api/feeds/{dealership}/{token}/{file}", "/api/feeds/acme/0123456789abcdef/google.tsv", "{token}", "0123456789abcdef"},
		{"GET /api/cars/{slug}", "/api/cars/car-a", "/api/cars/car-a", ""},
	} {
		logs.Reset()
		r := httptest.NewRequest(http.MethodGet, tt.path, nil)
		r.Pattern = tt.pattern
		WriteError(httptest.NewRecorder(), r, errBoom)
		if got := logs.String(); !strings.Contains(got, tt.want) || (tt.never != "" && strings.Contains(got, tt.never)) {
			t.Errorf("%s logged %q: want %q, never %q", tt.path, got, tt.want, tt.never)
		}
	}
}

var errBoom = &boomError{}

type boomError struct{}

func (*boomError) Error() string { return "boom" }
